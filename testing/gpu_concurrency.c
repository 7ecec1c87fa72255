/*
 * gpu_concurrency.c: streams, threads and reproducibility of the GPU path.
 *
 * Purpose
 * =======
 * 1. Bit-identical repeats: the same call on the same device inputs gives
 *    the same bits run after run (the xTSMTTSM reduction has a fixed order;
 *    no floating-point atomics), S/D/C/Z, both storage orders, a K long
 *    enough for every block of the grid to hold a partial sum.
 * 2. Several host threads at once, each with its own stream
 *    (tsblas_set_stream, checked with tsblas_get_stream), each repeating
 *    xTSMTTSM (C on the device and C on the host), xTSMM and xGEMT on shared
 *    read-only inputs into its own outputs: every result must equal, bit
 *    for bit, the one the main thread computed alone on the default stream.
 *    Overlapping workspace between threads or a call ordered on the wrong
 *    stream shows up as a difference.
 * Without a GPU it prints SKIP and exits 77.
 */
#include <config.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include "gpu_common.h"

#define NTHREADS 4

struct workload {
    const struct gpu_prec *prec;
    long k;                      /* rows of the block vectors */
    long w;                      /* their width */
    struct gpu_mat x, y;         /* K-by-W inputs, device */
    struct gpu_mat small;        /* W-by-W, device */
    unsigned char *gram_ref;     /* X**T Y (W-by-W) from the main thread */
    unsigned char *tsmm_ref;     /* X * small (K-by-W) */
    unsigned char *gemt_ref;     /* X**T (W-by-K) */
};

struct thread_arg {
    struct workload *work;
    int iterations;
    int failures;
    char message[200];
};

static const struct gpu_num one = { 1, 0 }, zero = { 0, 0 };

/* The three results of WORK into device buffers GRAM (W-by-W, or host
   memory), TSMM_OUT (K-by-W) and GEMT_OUT (W-by-K); INFO codes summed. */
static long compute(struct workload *work, void *gram, void *tsmm_out, void *gemt_out)
{
    const struct gpu_prec *p = work->prec;
    long k = work->k, w = work->w, info;

    info = gpu_call_gemm(GPU_TSMTTSM, p, 'T', 'N', w, w, k, one, gpu_mat_ptr(&work->x), k,
                         gpu_mat_ptr(&work->y), k, zero, gram, w);
    info += gpu_call_gemm(GPU_TSMM, p, 'N', 'N', k, w, w, one, gpu_mat_ptr(&work->x), k,
                          gpu_mat_ptr(&work->small), w, zero, tsmm_out, k);
    info += gpu_call_gemt(p, 'T', k, w, one, gpu_mat_ptr(&work->x), k, gemt_out, w);
    return info;
}

static void *worker(void *argp)
{
    struct thread_arg *arg = argp;
    struct workload *work = arg->work;
    size_t s = work->prec->size, gram_bytes = (size_t)(work->w * work->w) * s;
    size_t tall_bytes = (size_t)(work->k * work->w) * s;
    unsigned char *gram_host = malloc(gram_bytes), *check = malloc(tall_bytes);
    void *gram_dev = NULL, *tsmm_dev = NULL, *gemt_dev = NULL;
    cudaStream_t stream;
    int it;

    if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess
        || cudaMalloc(&gram_dev, gram_bytes) != cudaSuccess
        || cudaMalloc(&tsmm_dev, tall_bytes) != cudaSuccess
        || cudaMalloc(&gemt_dev, tall_bytes) != cudaSuccess || !gram_host || !check) {
        snprintf(arg->message, sizeof arg->message, "set-up failed");
        arg->failures++;
        return NULL;
    }
    if (tsblas_set_stream(stream) != 0 || tsblas_get_stream() != (void *)stream) {
        snprintf(arg->message, sizeof arg->message, "tsblas_set_stream/get_stream");
        arg->failures++;
    }
    for (it = 0; it < arg->iterations; it++) {
        long info;
        /* Poison the outputs on this thread's stream, then the calls. */
        cudaMemsetAsync(gram_dev, 0xff, gram_bytes, stream);
        cudaMemsetAsync(tsmm_dev, 0xff, tall_bytes, stream);
        cudaMemsetAsync(gemt_dev, 0xff, tall_bytes, stream);
        if (it % 2 == 1)
            memset(gram_host, 0xff, gram_bytes);
        info = compute(work, it % 2 ? gram_host : gram_dev, tsmm_dev, gemt_dev);
        if (it % 2 == 0) {
            cudaMemcpyAsync(gram_host, gram_dev, gram_bytes, cudaMemcpyDeviceToHost, stream);
            cudaStreamSynchronize(stream);
        }
        /* The host C: complete on return, before any synchronisation. */
        if (info != 0 || memcmp(gram_host, work->gram_ref, gram_bytes) != 0) {
            snprintf(arg->message, sizeof arg->message, "iteration %d: Gram matrix differs (info %ld)",
                     it, info);
            arg->failures++;
        }
        cudaMemcpyAsync(check, tsmm_dev, tall_bytes, cudaMemcpyDeviceToHost, stream);
        cudaStreamSynchronize(stream);
        if (memcmp(check, work->tsmm_ref, tall_bytes) != 0) {
            snprintf(arg->message, sizeof arg->message, "iteration %d: TSMM result differs", it);
            arg->failures++;
        }
        cudaMemcpyAsync(check, gemt_dev, tall_bytes, cudaMemcpyDeviceToHost, stream);
        cudaStreamSynchronize(stream);
        if (memcmp(check, work->gemt_ref, tall_bytes) != 0) {
            snprintf(arg->message, sizeof arg->message, "iteration %d: GEMT result differs", it);
            arg->failures++;
        }
    }
    tsblas_set_stream(NULL);
    cudaStreamSynchronize(stream);
    cudaStreamDestroy(stream);
    cudaFree(gram_dev);
    cudaFree(tsmm_dev);
    cudaFree(gemt_dev);
    free(gram_host);
    free(check);
    return NULL;
}

static int setup(struct workload *work, const struct gpu_prec *p, long k, long w)
{
    size_t s = p->size;
    void *g, *t, *e;

    memset(work, 0, sizeof *work);
    work->prec = p;
    work->k = k;
    work->w = w;
    if (gpu_mat_alloc(&work->x, p, k, w, k, GPU_ON_DEVICE)
        || gpu_mat_alloc(&work->y, p, k, w, k, GPU_ON_DEVICE)
        || gpu_mat_alloc(&work->small, p, w, w, w, GPU_ON_DEVICE))
        return 1;
    gpu_mat_fill(&work->x, 101);
    gpu_mat_fill(&work->y, 102);
    gpu_mat_fill(&work->small, 103);
    gpu_mat_put(&work->x);
    gpu_mat_put(&work->y);
    gpu_mat_put(&work->small);
    work->gram_ref = malloc((size_t)(w * w) * s);
    work->tsmm_ref = malloc((size_t)(k * w) * s);
    work->gemt_ref = malloc((size_t)(k * w) * s);
    if (!work->gram_ref || !work->tsmm_ref || !work->gemt_ref
        || cudaMalloc(&g, (size_t)(w * w) * s) != cudaSuccess
        || cudaMalloc(&t, (size_t)(k * w) * s) != cudaSuccess
        || cudaMalloc(&e, (size_t)(k * w) * s) != cudaSuccess)
        return 1;
    if (compute(work, g, t, e) != 0)
        return 1;
    cudaDeviceSynchronize();
    cudaMemcpy(work->gram_ref, g, (size_t)(w * w) * s, cudaMemcpyDeviceToHost);
    cudaMemcpy(work->tsmm_ref, t, (size_t)(k * w) * s, cudaMemcpyDeviceToHost);
    cudaMemcpy(work->gemt_ref, e, (size_t)(k * w) * s, cudaMemcpyDeviceToHost);
    cudaFree(g);
    cudaFree(t);
    cudaFree(e);
    return 0;
}

static void teardown(struct workload *work)
{
    gpu_mat_free(&work->x);
    gpu_mat_free(&work->y);
    gpu_mat_free(&work->small);
    free(work->gram_ref);
    free(work->tsmm_ref);
    free(work->gemt_ref);
}

/* The same xTSMTTSM three times into fresh, poisoned C: equal bits. */
static void repeats(const struct gpu_prec *p, char ta, char tb, long m, long n, long k)
{
    long arows = ta == 'N' ? m : k, acols = ta == 'N' ? k : m;
    long brows = tb == 'N' ? k : n, bcols = tb == 'N' ? n : k;
    struct gpu_num alpha = { 1.25L, p->is_complex ? 0.5L : 0 };
    struct gpu_mat a, b, c;
    unsigned char *first, *again;
    int run, same = 1;
    long info = 0;

    if (gpu_mat_alloc(&a, p, arows, acols, arows, GPU_ON_DEVICE)
        || gpu_mat_alloc(&b, p, brows, bcols, brows, GPU_ON_DEVICE)
        || gpu_mat_alloc(&c, p, m, n, m, GPU_ON_DEVICE))
        exit(1);
    gpu_mat_fill(&a, 201);
    gpu_mat_fill(&b, 202);
    gpu_mat_fill_nan(&c);
    gpu_mat_put(&a);
    gpu_mat_put(&b);
    first = malloc(c.total * p->size);
    again = malloc(c.total * p->size);
    if (!first || !again)
        exit(1);
    for (run = 0; run < 3; run++) {
        gpu_mat_put(&c);
        info += gpu_call_gemm(GPU_TSMTTSM, p, ta, tb, m, n, k, alpha, gpu_mat_ptr(&a), a.ld,
                              gpu_mat_ptr(&b), b.ld, zero, gpu_mat_ptr(&c), c.ld);
        gpu_mat_get(&c, run == 0 ? first : again);
        if (run > 0 && memcmp(first, again, c.total * p->size) != 0)
            same = 0;
    }
    gpu_report(same && info == 0, "%cTSMTTSM('%c','%c', %ld, %ld, %ld) bit-identical in 3 runs",
               p->name, ta, tb, m, n, k);
    free(first);
    free(again);
    gpu_mat_free(&a);
    gpu_mat_free(&b);
    gpu_mat_free(&c);
}

int main(void)
{
    int quick, ip, t;

    gpu_require_device("gpu_concurrency");
    quick = gpu_quick();
    for (ip = 0; ip < 4; ip++) {
        const struct gpu_prec *p = &gpu_precs[ip];
        long k = quick ? 20000 : 1000003;
        repeats(p, 'T', 'N', 8, 8, k);
        repeats(p, 'N', 'T', 5, 7, k);
        repeats(p, 'C', 'C', 1, 1, k);
        repeats(p, 'T', 'N', 64, 64, quick ? 5000 : 100000);
    }
    for (ip = 0; ip < 4; ip++) {
        struct workload work;
        struct thread_arg args[NTHREADS];
        pthread_t threads[NTHREADS];
        int failures = 0;

        if (setup(&work, &gpu_precs[ip], quick ? 5000 : 300007, 6) != 0) {
            fprintf(stderr, "set-up failed\n");
            return 1;
        }
        for (t = 0; t < NTHREADS; t++) {
            memset(&args[t], 0, sizeof args[t]);
            args[t].work = &work;
            args[t].iterations = quick ? 3 : 20;
            if (pthread_create(&threads[t], NULL, worker, &args[t]) != 0)
                return 1;
        }
        for (t = 0; t < NTHREADS; t++) {
            pthread_join(threads[t], NULL);
            failures += args[t].failures;
            if (args[t].failures)
                printf("thread %d: %s\n", t, args[t].message);
        }
        gpu_report(failures == 0, "%c: %d threads, own streams, results bit-identical to one thread",
                   gpu_precs[ip].name, NTHREADS);
        teardown(&work);
    }
    return gpu_finish("gpu_concurrency");
}
