/*
 * bench_host.c: the host as a target of tsblas_bench: wall-clock timing,
 * the BLAS's xGEMM and a plain OpenMP loop as baselines, host buffers.
 */
#include <config.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include "bench.h"

static int host_time(struct bench_target *t, bench_fn fn, const struct bench_call *call,
                     double *seconds, int *code)
{
    double start = bench_now();
    *code = fn(t->ctx, call);
    *seconds = bench_now() - start;
    return 0;
}

static int host_blas_gemm(void *ctx, const struct bench_call *call)
{
    (void)ctx;
    bench_precisions[call->precision]->run_blas_gemm(call);
    return 0;
}

static int host_transpose_loop(void *ctx, const struct bench_call *call)
{
    (void)ctx;
    bench_precisions[call->precision]->run_transpose_loop(call);
    return 0;
}

/* Seeds of the operands; both outputs start as copies of A. */
enum { SEED_A = 11, SEED_B = 12 };

static int host_fill(struct bench_target *t, int precision, struct bench_buffers *bufs)
{
    const struct bench_precision *p = bench_precisions[precision];
    const size_t count = bufs->bytes / p->elemsize;

    (void)t;
    p->fill(bufs->a, count, SEED_A, 0);
    p->fill(bufs->b, count, SEED_B, 0);
    p->fill(bufs->c_tsblas, count, SEED_A, 0);
    p->fill(bufs->c_baseline, count, SEED_A, 0);
    return 0;
}

static int host_copy(struct bench_target *t, void *dst, const void *src, size_t bytes)
{
    (void)t;
    memcpy(dst, src, bytes);
    return 0;
}

static int host_max_abs_diff(struct bench_target *t, int precision, void *x, const void *y,
                             size_t count, double *diff)
{
    (void)t;
    *diff = bench_precisions[precision]->max_abs_diff(x, y, count);
    return 0;
}

static int host_healthy(struct bench_target *t)
{
    (void)t;
    return 0;
}

static void host_use_threads(struct bench_target *t, int n)
{
    (void)t;
    omp_set_num_threads(n);
}

void bench_host_target(struct bench_target *t)
{
    memset(t, 0, sizeof *t);
    t->name = "host";
    t->baseline_gemm_name = "BLAS";
    t->baseline_gemt_name = "loop";
    t->time = host_time;
    t->baseline_gemm = host_blas_gemm;
    t->baseline_gemt = host_transpose_loop;
    t->fill = host_fill;
    t->copy = host_copy;
    t->max_abs_diff = host_max_abs_diff;
    t->healthy = host_healthy;
    t->threads = omp_get_max_threads();
    t->use_threads = host_use_threads;
}

/* Cache-line aligned, so that every precision's rows start alike. */
static void *host_buffer(size_t bytes)
{
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes) != 0)
        return NULL;
    return p;
}

int bench_host_alloc(size_t bytes, struct bench_buffers *bufs)
{
    bufs->bytes = bytes;
    bufs->a = host_buffer(bytes);
    bufs->b = host_buffer(bytes);
    bufs->c_tsblas = host_buffer(bytes);
    bufs->c_baseline = host_buffer(bytes);
    if (bufs->a == NULL || bufs->b == NULL || bufs->c_tsblas == NULL
        || bufs->c_baseline == NULL) {
        bench_host_free(bufs);
        return -1;
    }
    return 0;
}

void bench_host_free(struct bench_buffers *bufs)
{
    free(bufs->a);
    free(bufs->b);
    free(bufs->c_tsblas);
    free(bufs->c_baseline);
    bufs->a = bufs->b = bufs->c_tsblas = bufs->c_baseline = NULL;
}
