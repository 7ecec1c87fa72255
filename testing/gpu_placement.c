/*
 * gpu_placement.c: where the arrays live (API.md, "Where the work runs").
 *
 * Purpose
 * =======
 * Checks, S/D/C/Z:
 *   - C of xTSMTTSM in host memory (pageable and pinned) with A and B on
 *     the device: the GPU path moves C, the result is on the host when the
 *     call returns, the padding of C is untouched, beta = 0 with NaN in C;
 *   - the small operand of xTSMM in host memory (B with M >= N, A with
 *     M < N), the tall ones on the device;
 *   - managed memory counts as device memory (tsblas_memory_of) and gives
 *     the right result, alone or mixed with plain device memory;
 *   - tall operands split between host and device are argument errors:
 *     XERBLA is called once with the routine's name and the number of the
 *     misplaced argument, the C entry returns -INFO, nothing is written.
 * Without a GPU it prints SKIP and exits 77.
 */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu_common.h"

/* The library's placement query (src/cuda/memory_of.cu), internal: 0 host,
   1 device or managed memory of the current device, 2 another device. */
int tsblas_memory_of(const void *p);

static int xerbla_calls;
static char xerbla_name[16];
static tsblas_int xerbla_info;

void xerbla_(const char *srname, const tsblas_int *info, size_t srname_len);
void xerbla_(const char *srname, const tsblas_int *info, size_t srname_len)
{
    size_t len = srname_len < sizeof xerbla_name - 1 ? srname_len : sizeof xerbla_name - 1;

    memcpy(xerbla_name, srname, len);
    xerbla_name[len] = '\0';
    xerbla_info = *info;
    xerbla_calls++;
}

static const char *routine_name[] = { "TSMTTSM", "TSMM", "MTSM" };

/* One GEMM-shaped call with A, B, C in the given places; returns 1 when
   INFO is 0, the ratio test passes, and nothing outside C changed. */
static int placed_gemm(enum gpu_routine r, const struct gpu_prec *p, char ta, char tb, long m,
                       long n, long k, enum gpu_place pa, enum gpu_place pb, enum gpu_place pc,
                       int zero_beta)
{
    struct gpu_num alpha = { 0.9L, p->is_complex ? -0.3L : 0 };
    struct gpu_num beta = { zero_beta ? 0 : 1.1L, zero_beta || !p->is_complex ? 0 : 0.2L };
    long arows = ta == 'N' ? m : k, acols = ta == 'N' ? k : m;
    long brows = tb == 'N' ? k : n, bcols = tb == 'N' ? n : k;
    struct gpu_mat a, b, c;
    unsigned char *a_out, *b_out, *c_out;
    tsblas_int info;
    double ratio;
    int ok;

    if (gpu_mat_alloc(&a, p, arows, acols, arows + 1, pa) || gpu_mat_alloc(&b, p, brows, bcols, brows, pb)
        || gpu_mat_alloc(&c, p, m, n, m + 2, pc))
        exit(1);
    gpu_mat_fill(&a, 1);
    gpu_mat_fill(&b, 2);
    if (zero_beta)
        gpu_mat_fill_nan(&c);
    else
        gpu_mat_fill(&c, 3);
    gpu_mat_put(&a);
    gpu_mat_put(&b);
    gpu_mat_put(&c);
    a_out = malloc(a.total * p->size);
    b_out = malloc(b.total * p->size);
    c_out = malloc(c.total * p->size);
    if (!a_out || !b_out || !c_out)
        exit(1);
    xerbla_calls = 0;
    info = gpu_call_gemm(r, p, ta, tb, m, n, k, alpha, gpu_mat_ptr(&a), a.ld, gpu_mat_ptr(&b),
                         b.ld, beta, gpu_mat_ptr(&c), c.ld);
    if (pc == GPU_ON_HOST || pc == GPU_ON_PINNED) {
        /* The result must be there on return: read it before any sync. */
        memcpy(c_out, c.buf, c.total * p->size);
    } else {
        gpu_mat_get(&c, c_out);
    }
    gpu_mat_get(&a, a_out);
    gpu_mat_get(&b, b_out);
    ratio = gpu_gemm_ratio(p, ta, tb, m, n, k, alpha, &a, &b, beta, &c, c_out, NULL, NULL);
    ok = info == 0 && xerbla_calls == 0 && ratio <= GPU_THRESHOLD
         && gpu_mat_unchanged_outside(&a, a_out, 0, 0) && gpu_mat_unchanged_outside(&b, b_out, 0, 0)
         && gpu_mat_unchanged_outside(&c, c_out, m, n);
    gpu_report(ok, "%c%s('%c','%c', %ld, %ld, %ld) A:%d B:%d C:%d beta=%s: info=%ld ratio=%.3g",
               p->name, routine_name[r], ta, tb, m, n, k, pa, pb, pc, zero_beta ? "0" : "general",
               (long)info, ratio);
    free(a_out);
    free(b_out);
    free(c_out);
    gpu_mat_free(&a);
    gpu_mat_free(&b);
    gpu_mat_free(&c);
    return ok;
}

/* A call with misplaced operands: XERBLA(name, expected), nothing written. */
static void misplaced_gemm(enum gpu_routine r, const struct gpu_prec *p, long m, long n, long k,
                           enum gpu_place pa, enum gpu_place pb, enum gpu_place pc,
                           tsblas_int expected)
{
    struct gpu_num alpha = { 1, 0 }, beta = { 0.5L, 0 };
    struct gpu_mat a, b, c;
    unsigned char *c_out;
    char want[16];
    tsblas_int info;
    int ok;

    if (gpu_mat_alloc(&a, p, m, k, m, pa) || gpu_mat_alloc(&b, p, k, n, k, pb)
        || gpu_mat_alloc(&c, p, m, n, m, pc))
        exit(1);
    gpu_mat_fill(&a, 4);
    gpu_mat_fill(&b, 5);
    gpu_mat_fill(&c, 6);
    gpu_mat_put(&a);
    gpu_mat_put(&b);
    gpu_mat_put(&c);
    c_out = malloc(c.total * p->size);
    if (!c_out)
        exit(1);
    xerbla_calls = 0;
    info = gpu_call_gemm(r, p, 'N', 'N', m, n, k, alpha, gpu_mat_ptr(&a), a.ld, gpu_mat_ptr(&b),
                         b.ld, beta, gpu_mat_ptr(&c), c.ld);
    gpu_mat_get(&c, c_out);
    snprintf(want, sizeof want, "%c%s", p->name - 'a' + 'A', routine_name[r]);
    ok = info == -expected && xerbla_calls == 1 && xerbla_info == expected
         && strcmp(xerbla_name, want) == 0 && gpu_mat_unchanged_outside(&c, c_out, 0, 0);
    gpu_report(ok, "%s with A:%d B:%d C:%d rejected: info=%ld xerbla=%d (%s, %ld), want %ld",
               want, pa, pb, pc, (long)info, xerbla_calls, xerbla_name, (long)xerbla_info,
               (long)expected);
    free(c_out);
    gpu_mat_free(&a);
    gpu_mat_free(&b);
    gpu_mat_free(&c);
}

static void misplaced_gemt(const struct gpu_prec *p, enum gpu_place pa, enum gpu_place pb)
{
    struct gpu_num alpha = { 1, 0 };
    struct gpu_mat a, b;
    unsigned char *b_out;
    tsblas_int info;
    int ok;

    if (gpu_mat_alloc(&a, p, 40, 3, 40, pa) || gpu_mat_alloc(&b, p, 3, 40, 3, pb))
        exit(1);
    gpu_mat_fill(&a, 7);
    gpu_mat_fill(&b, 8);
    gpu_mat_put(&a);
    gpu_mat_put(&b);
    b_out = malloc(b.total * p->size);
    if (!b_out)
        exit(1);
    xerbla_calls = 0;
    info = gpu_call_gemt(p, 'T', 40, 3, alpha, gpu_mat_ptr(&a), a.ld, gpu_mat_ptr(&b), b.ld);
    gpu_mat_get(&b, b_out);
    ok = info < 0 && xerbla_calls == 1 && xerbla_info == -info && xerbla_name[1] == 'G'
         && gpu_mat_unchanged_outside(&b, b_out, 0, 0);
    gpu_report(ok, "%cGEMT with A:%d B:%d rejected: info=%ld xerbla=%d (%s)", p->name, pa, pb,
               (long)info, xerbla_calls, xerbla_name);
    free(b_out);
    gpu_mat_free(&a);
    gpu_mat_free(&b);
}

int main(void)
{
    int ip;

    gpu_require_device("gpu_placement");
    for (ip = 0; ip < 4; ip++) {
        const struct gpu_prec *p = &gpu_precs[ip];
        int zero_beta;

        for (zero_beta = 0; zero_beta < 2; zero_beta++) {
            /* C of xTSMTTSM on the host, both storage orders, kernel and
               cuBLAS widths. */
            placed_gemm(GPU_TSMTTSM, p, 'T', 'N', 4, 3, 5000, GPU_ON_DEVICE, GPU_ON_DEVICE,
                        GPU_ON_HOST, zero_beta);
            placed_gemm(GPU_TSMTTSM, p, 'N', 'C', 8, 8, 3000, GPU_ON_DEVICE, GPU_ON_DEVICE,
                        GPU_ON_PINNED, zero_beta);
            placed_gemm(GPU_TSMTTSM, p, 'C', 'N', 70, 2, 500, GPU_ON_DEVICE, GPU_ON_DEVICE,
                        GPU_ON_HOST, zero_beta);
            /* The small operand of xTSMM on the host. */
            placed_gemm(GPU_TSMM, p, 'N', 'N', 3000, 4, 6, GPU_ON_DEVICE, GPU_ON_HOST,
                        GPU_ON_DEVICE, zero_beta);
            placed_gemm(GPU_TSMM, p, 'N', 'T', 2000, 5, 3, GPU_ON_DEVICE, GPU_ON_PINNED,
                        GPU_ON_DEVICE, zero_beta);
            placed_gemm(GPU_TSMM, p, 'C', 'N', 4, 3000, 6, GPU_ON_HOST, GPU_ON_DEVICE,
                        GPU_ON_DEVICE, zero_beta);
            placed_gemm(GPU_TSMM, p, 'N', 'N', 300, 5, 80, GPU_ON_DEVICE, GPU_ON_HOST,
                        GPU_ON_DEVICE, zero_beta);
            /* Managed memory goes to the GPU, alone or with device memory. */
            placed_gemm(GPU_TSMTTSM, p, 'T', 'N', 16, 16, 2000, GPU_ON_MANAGED, GPU_ON_MANAGED,
                        GPU_ON_MANAGED, zero_beta);
            placed_gemm(GPU_TSMM, p, 'N', 'N', 2000, 8, 8, GPU_ON_MANAGED, GPU_ON_DEVICE,
                        GPU_ON_MANAGED, zero_beta);
            placed_gemm(GPU_MTSM, p, 'N', 'N', 300, 4, 200, GPU_ON_DEVICE, GPU_ON_MANAGED,
                        GPU_ON_DEVICE, zero_beta);
            /* Pinned host memory is host memory: the host path. */
            placed_gemm(GPU_TSMTTSM, p, 'T', 'N', 3, 3, 1000, GPU_ON_PINNED, GPU_ON_PINNED,
                        GPU_ON_HOST, zero_beta);
        }
        /* Split tall operands: the number of the misplaced argument. */
        misplaced_gemm(GPU_TSMTTSM, p, 4, 4, 1000, GPU_ON_DEVICE, GPU_ON_HOST, GPU_ON_DEVICE, 9);
        misplaced_gemm(GPU_TSMTTSM, p, 4, 4, 1000, GPU_ON_HOST, GPU_ON_DEVICE, GPU_ON_HOST, 9);
        misplaced_gemm(GPU_TSMM, p, 1000, 4, 4, GPU_ON_HOST, GPU_ON_DEVICE, GPU_ON_DEVICE, 7);
        misplaced_gemm(GPU_TSMM, p, 1000, 4, 4, GPU_ON_DEVICE, GPU_ON_DEVICE, GPU_ON_HOST, 7);
        misplaced_gemm(GPU_MTSM, p, 300, 4, 200, GPU_ON_DEVICE, GPU_ON_DEVICE, GPU_ON_HOST, 12);
        misplaced_gemm(GPU_MTSM, p, 300, 4, 200, GPU_ON_DEVICE, GPU_ON_HOST, GPU_ON_DEVICE, 9);
        misplaced_gemt(p, GPU_ON_DEVICE, GPU_ON_HOST);
        misplaced_gemt(p, GPU_ON_HOST, GPU_ON_DEVICE);
    }
    {
        struct gpu_mat x;
        int ok;
        if (gpu_mat_alloc(&x, &gpu_precs[1], 10, 1, 10, GPU_ON_MANAGED))
            exit(1);
        ok = tsblas_memory_of(gpu_mat_ptr(&x)) == 1;
        gpu_mat_free(&x);
        if (gpu_mat_alloc(&x, &gpu_precs[1], 10, 1, 10, GPU_ON_PINNED))
            exit(1);
        ok &= tsblas_memory_of(gpu_mat_ptr(&x)) == 0;
        gpu_mat_free(&x);
        ok &= tsblas_memory_of(&x) == 0;
        gpu_report(ok, "tsblas_memory_of: managed is device, pinned and stack are host");
    }
    return gpu_finish("gpu_placement");
}
