/*
 * gpu_gemm_interposer.c: libtsblas_gemm with data on the GPU
 * (doc/gemm-interposer.md, "Which calls go to tsblas").
 *
 * Purpose
 * =======
 * Calls the Fortran sgemm_ ... zgemm_ of libtsblas_gemm (linked before the
 * BLAS) with A, B and C in device memory and in managed memory, on a shape
 * of each class of the route table and on a square one that is not tall &
 * skinny, every TRANSA/TRANSB pair of N and T (and C for complex), beta = 0
 * over a C of NaNs and beta != 0.  Device memory in the host BLAS would be
 * a crash: a right result shows the call went to tsblas on the GPU.
 * Checks the ratio test of gpu_common.h against the long double reference
 * and cuBLAS on the same data, and that nothing outside C's M-by-N part
 * was written.  tsblas runs on a stream of its own that does not wait for
 * the default one (tsblas_set_stream), and managed C is read by the host
 * straight after the call, with no synchronization of the test's own: the
 * interposer must return only once the GPU is done, as a BLAS call does.
 * Without a GPU it prints SKIP and exits 77.
 */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include "gpu_common.h"

typedef void (*f77_gemm)(const char *, const char *, const int *, const int *, const int *,
                         const void *, const void *, const int *, const void *, const int *,
                         const void *, void *, const int *, size_t, size_t);
void sgemm_(const char *, const char *, const int *, const int *, const int *, const void *,
            const void *, const int *, const void *, const int *, const void *, void *,
            const int *, size_t, size_t);
void dgemm_(const char *, const char *, const int *, const int *, const int *, const void *,
            const void *, const int *, const void *, const int *, const void *, void *,
            const int *, size_t, size_t);
void cgemm_(const char *, const char *, const int *, const int *, const int *, const void *,
            const void *, const int *, const void *, const int *, const void *, void *,
            const int *, size_t, size_t);
void zgemm_(const char *, const char *, const int *, const int *, const int *, const void *,
            const void *, const int *, const void *, const int *, const void *, void *,
            const int *, size_t, size_t);
static const f77_gemm gemm_of[4] = { sgemm_, dgemm_, cgemm_, zgemm_ };

/* A gpu_num as a scalar of precision P, in BUF. */
static void put_scalar(const struct gpu_prec *p, struct gpu_num x, void *buf)
{
    if (p->name == 's' || p->name == 'c') {
        float v[2] = { (float)x.re, (float)x.im };
        memcpy(buf, v, p->size);
    } else {
        double v[2] = { (double)x.re, (double)x.im };
        memcpy(buf, v, p->size);
    }
}

static int one_call(int pi, enum gpu_place place, char ta, char tb, int m, int n, int k,
                    int zero_beta)
{
    const struct gpu_prec *p = &gpu_precs[pi];
    const int arows = ta == 'N' ? m : k, acols = ta == 'N' ? k : m;
    const int brows = tb == 'N' ? k : n, bcols = tb == 'N' ? n : k;
    const struct gpu_num alpha = { 0.75L, p->is_complex ? -0.5L : 0 };
    const struct gpu_num beta = { zero_beta ? 0 : -1.25L, zero_beta || !p->is_complex ? 0 : 0.5L };
    unsigned char alpha_buf[16], beta_buf[16], *c_out, *cublas_out;
    struct gpu_mat a, b, c, c2;
    double ratio, second = 0;
    int lda, ldb, ldc, ok;

    if (gpu_mat_alloc(&a, p, arows, acols, arows + 1, place)
        || gpu_mat_alloc(&b, p, brows, bcols, brows, place)
        || gpu_mat_alloc(&c, p, m, n, m + 2, place) || gpu_mat_alloc(&c2, p, m, n, m + 2, place))
        exit(1);
    gpu_mat_fill(&a, 11);
    gpu_mat_fill(&b, 12);
    if (zero_beta)
        gpu_mat_fill_nan(&c);
    else
        gpu_mat_fill(&c, 13);
    memcpy(c2.snapshot, c.snapshot, c.total * p->size);
    if (gpu_mat_put(&a) || gpu_mat_put(&b) || gpu_mat_put(&c) || gpu_mat_put(&c2))
        exit(1);
    put_scalar(p, alpha, alpha_buf);
    put_scalar(p, beta, beta_buf);
    lda = (int)a.ld, ldb = (int)b.ld, ldc = (int)c.ld;

    gemm_of[pi](&ta, &tb, &m, &n, &k, alpha_buf, gpu_mat_ptr(&a), &lda, gpu_mat_ptr(&b), &ldb,
                beta_buf, gpu_mat_ptr(&c), &ldc, 1, 1);
    c_out = malloc(c.total * p->size);
    cublas_out = malloc(c.total * p->size);
    if (c_out != NULL && place == GPU_ON_MANAGED)
        memcpy(c_out, c.buf, c.total * p->size);
    if (c_out == NULL || cublas_out == NULL || (place != GPU_ON_MANAGED && gpu_mat_get(&c, c_out))
        || gpu_cublas_gemm(p, ta, tb, m, n, k, alpha, gpu_mat_ptr(&a), a.ld, gpu_mat_ptr(&b),
                           b.ld, beta, gpu_mat_ptr(&c2), c2.ld)
        || gpu_mat_get(&c2, cublas_out))
        exit(1);
    ratio = gpu_gemm_ratio(p, ta, tb, m, n, k, alpha, &a, &b, beta, &c, c_out, cublas_out,
                           &second);
    ok = ratio <= GPU_THRESHOLD && second <= GPU_THRESHOLD
         && gpu_mat_unchanged_outside(&c, c_out, m, n);
    gpu_report(ok, "%cGEMM('%c','%c', %d, %d, %d) %s beta=%s: ratio %.3g, to cuBLAS %.3g",
               p->name - 'a' + 'A', ta, tb, m, n, k,
               place == GPU_ON_DEVICE ? "device" : "managed", zero_beta ? "0" : "general",
               ratio, second);
    free(c_out);
    free(cublas_out);
    gpu_mat_free(&a);
    gpu_mat_free(&b);
    gpu_mat_free(&c);
    gpu_mat_free(&c2);
    return ok;
}

int main(void)
{
    /* M, N, K: xTSMTTSM, xTSMM both ways, xMTSM, and a square shape.  Device
       data goes to tsblas whatever the size, so the shapes are small: the
       long double reference of gpu_common.c costs about 0.1 us a term. */
    static const int shapes[][3] = {
        { 7, 5, 3001 }, { 3000, 6, 9 }, { 9, 3000, 6 }, { 300, 5, 100 }, { 40, 40, 40 }
    };
    const enum gpu_place places[] = { GPU_ON_DEVICE, GPU_ON_MANAGED };
    int pi, s, pl, ia, ib, zero_beta;
    cudaStream_t stream;

    gpu_require_device("gpu_gemm_interposer");
    if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess
        || tsblas_set_stream(stream) != 0) {
        fprintf(stderr, "gpu_gemm_interposer: no stream for tsblas\n");
        return 1;
    }
    for (pi = 0; pi < 4; pi++) {
        const char *trans = gpu_precs[pi].is_complex ? "NTC" : "NT";
        for (s = 0; s < 5; s++)
            for (pl = 0; pl < 2; pl++)
                for (ia = 0; trans[ia] != '\0'; ia++)
                    for (ib = 0; trans[ib] != '\0'; ib++)
                        for (zero_beta = 0; zero_beta < 2; zero_beta++) {
                            /* The quick set: TRANS N and T only. */
                            if (gpu_quick() && (ia > 1 || ib > 1))
                                continue;
                            one_call(pi, places[pl], trans[ia], trans[ib], shapes[s][0],
                                     shapes[s][1], shapes[s][2], zero_beta);
                        }
    }
    return gpu_finish("gpu_gemm_interposer");
}
