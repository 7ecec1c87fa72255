/*
 * bench_gpu_precision.c: what tsblas_bench does per precision on the GPU
 * (built with CUDA only): cuBLAS's xGEMM and xGEAM as baselines, comparing
 * results on the device, and the peak rate of cuBLAS's xGEMM.
 *
 * Compiled once per precision with -DTSBLAS_PREC_S/D/C/Z (see precision.h),
 * each time defining bench_gpu_precision_<p>.  Every function returns 0 or
 * the nonzero cuBLAS or CUDA code, after printing what failed.
 */
#include <config.h>
#include <math.h>
#include <stdio.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include "precision.h"
#include "bench.h"

#define BENCH_NAME(name) TSBLAS_CAT4(bench_, name, _, TSBLAS_PREFIX)

/* cuBLAS's names and types of this precision, and its index in
   bench_precisions.  cuComplex and cuDoubleComplex have the layout of
   float and double _Complex. */
#if defined(TSBLAS_PREC_S)
typedef float cublas_scalar_t;
#  define BENCH_PRECISION_INDEX 0
#  define CUBLAS_GEMM cublasSgemm
#  define CUBLAS_GEAM cublasSgeam
#  define CUBLAS_AXPY cublasSaxpy
#  define CUBLAS_IAMAX cublasIsamax
#elif defined(TSBLAS_PREC_D)
typedef double cublas_scalar_t;
#  define BENCH_PRECISION_INDEX 1
#  define CUBLAS_GEMM cublasDgemm
#  define CUBLAS_GEAM cublasDgeam
#  define CUBLAS_AXPY cublasDaxpy
#  define CUBLAS_IAMAX cublasIdamax
#elif defined(TSBLAS_PREC_C)
typedef cuComplex cublas_scalar_t;
#  define BENCH_PRECISION_INDEX 2
#  define CUBLAS_GEMM cublasCgemm
#  define CUBLAS_GEAM cublasCgeam
#  define CUBLAS_AXPY cublasCaxpy
#  define CUBLAS_IAMAX cublasIcamax
#else
typedef cuDoubleComplex cublas_scalar_t;
#  define BENCH_PRECISION_INDEX 3
#  define CUBLAS_GEMM cublasZgemm
#  define CUBLAS_GEAM cublasZgeam
#  define CUBLAS_AXPY cublasZaxpy
#  define CUBLAS_IAMAX cublasIzamax
#endif
#define STR_(x) #x
#define STR(x) STR_(x)

/* The largest count one cuBLAS level-1 call takes here. */
#define LEVEL1_CHUNK ((size_t)1 << 30)

static int cublas_failed(cublasStatus_t status, const char *what)
{
    if (status == CUBLAS_STATUS_SUCCESS)
        return 0;
    fprintf(stderr, "tsblas_bench: %s failed: %s (%d)\n", what, cublasGetStatusString(status),
            (int)status);
    return (int)status;
}

static int cuda_failed(cudaError_t err, const char *what)
{
    if (err == cudaSuccess)
        return 0;
    fprintf(stderr, "tsblas_bench: %s failed: %s (%s)\n", what, cudaGetErrorString(err),
            cudaGetErrorName(err));
    return (int)err;
}

static cublasOperation_t cublas_op(char trans)
{
    switch (trans) {
    case 'T': case 't': return CUBLAS_OP_T;
    case 'C': case 'c': return TSBLAS_COMPLEX ? CUBLAS_OP_C : CUBLAS_OP_T;
    default: return CUBLAS_OP_N;
    }
}

static int gemm(void *ctx, const struct bench_call *call)
{
    const scalar_t alpha = (scalar_t)call->alpha, beta = (scalar_t)call->beta;

    return cublas_failed(CUBLAS_GEMM((cublasHandle_t)ctx, cublas_op(call->transa),
                                     cublas_op(call->transb), (int)call->m, (int)call->n,
                                     (int)call->k, (const cublas_scalar_t *)&alpha,
                                     call->a, (int)call->lda, call->b, (int)call->ldb,
                                     (const cublas_scalar_t *)&beta, call->c, (int)call->ldc),
                         STR(CUBLAS_GEMM));
}

/* C := alpha*op(A) + 0*C, with C in the place of B (cuBLAS's in-place
   mode: same pointer, same leading dimension, B not transposed). */
static int geam_transpose(void *ctx, const struct bench_call *call)
{
    const scalar_t alpha = (scalar_t)call->alpha, zero = 0;

    return cublas_failed(CUBLAS_GEAM((cublasHandle_t)ctx, cublas_op(call->transa), CUBLAS_OP_N,
                                     (int)bench_output_rows(call), (int)bench_output_cols(call),
                                     (const cublas_scalar_t *)&alpha, call->a, (int)call->lda,
                                     (const cublas_scalar_t *)&zero, call->c, (int)call->ldc,
                                     call->c, (int)call->ldc),
                         STR(CUBLAS_GEAM));
}

/* x := x - y, then the largest |x(i)| (cuBLAS ranks complex values by
   |re| + |im|; the modulus of that element is reported). */
static int max_abs_diff(void *ctx, void *x, const void *y, size_t count, double *diff)
{
    const scalar_t minus_one = -1;
    scalar_t *xs = x;
    const scalar_t *ys = y;
    size_t first;
    int code;

    *diff = 0;
    for (first = 0; first < count; first += LEVEL1_CHUNK) {
        const int n = (int)(count - first < LEVEL1_CHUNK ? count - first : LEVEL1_CHUNK);
        scalar_t value;
        double modulus;
        int index = 0;

        code = cublas_failed(CUBLAS_AXPY((cublasHandle_t)ctx, n,
                                         (const cublas_scalar_t *)&minus_one,
                                         (const cublas_scalar_t *)(ys + first), 1,
                                         (cublas_scalar_t *)(xs + first), 1),
                             STR(CUBLAS_AXPY));
        if (code == 0)
            code = cublas_failed(CUBLAS_IAMAX((cublasHandle_t)ctx, n,
                                              (const cublas_scalar_t *)(xs + first), 1, &index),
                                 STR(CUBLAS_IAMAX));
        if (code == 0 && index >= 1)
            code = cuda_failed(cudaMemcpy(&value, xs + first + index - 1, sizeof value,
                                          cudaMemcpyDeviceToHost),
                               "cudaMemcpy to the host");
        if (code != 0)
            return code;
        if (index < 1)
            continue;
#if TSBLAS_COMPLEX
        modulus = cabs((double _Complex)value);
#else
        modulus = fabs((double)value);
#endif
        if (isnan(modulus) || isnan(*diff))
            *diff = NAN;
        else if (modulus > *diff)
            *diff = modulus;
    }
    return 0;
}

static int gemm_rate(void *ctx, int n, int runs, double *gflops)
{
    const size_t count = (size_t)n * (size_t)n;
    const scalar_t one = 1, zero = 0;
    const double flops = (TSBLAS_COMPLEX ? 8.0 : 2.0) * (double)n * (double)n * (double)n;
    scalar_t *a = NULL, *b = NULL, *c = NULL;
    cudaEvent_t start = NULL, stop = NULL;
    cudaStream_t stream = NULL;
    int r, code;

    *gflops = 0;
    code = cublas_failed(cublasGetStream((cublasHandle_t)ctx, &stream), "cublasGetStream");
    if (code == 0)
        code = cuda_failed(cudaMalloc((void **)&a, count * sizeof(scalar_t)), "cudaMalloc");
    if (code == 0)
        code = cuda_failed(cudaMalloc((void **)&b, count * sizeof(scalar_t)), "cudaMalloc");
    if (code == 0)
        code = cuda_failed(cudaMalloc((void **)&c, count * sizeof(scalar_t)), "cudaMalloc");
    if (code == 0)
        code = cuda_failed(cudaEventCreate(&start), "cudaEventCreate");
    if (code == 0)
        code = cuda_failed(cudaEventCreate(&stop), "cudaEventCreate");
    /* Random operands: zeros would let the GPU run cooler and faster. */
    if (code == 0 && (bench_gpu_fill(a, count, BENCH_PRECISION_INDEX, 1) != 0
                      || bench_gpu_fill(b, count, BENCH_PRECISION_INDEX, 2) != 0))
        code = -1;
    for (r = -1; r < runs && code == 0; r++) {
        float ms = 0;
        code = cuda_failed(cudaEventRecord(start, stream), "cudaEventRecord");
        if (code == 0)
            code = cublas_failed(CUBLAS_GEMM((cublasHandle_t)ctx, CUBLAS_OP_N, CUBLAS_OP_N, n,
                                             n, n, (const cublas_scalar_t *)&one,
                                             (const cublas_scalar_t *)a, n,
                                             (const cublas_scalar_t *)b, n,
                                             (const cublas_scalar_t *)&zero,
                                             (cublas_scalar_t *)c, n),
                                 STR(CUBLAS_GEMM));
        if (code == 0)
            code = cuda_failed(cudaEventRecord(stop, stream), "cudaEventRecord");
        if (code == 0)
            code = cuda_failed(cudaEventSynchronize(stop), "cudaEventSynchronize");
        if (code == 0)
            code = cuda_failed(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
        if (code == 0 && r >= 0 && ms > 0 && flops / (1e-3 * ms) * 1e-9 > *gflops)
            *gflops = flops / (1e-3 * ms) * 1e-9;
    }
    if (start != NULL)
        cudaEventDestroy(start);
    if (stop != NULL)
        cudaEventDestroy(stop);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    return code;
}

const struct bench_gpu_precision BENCH_NAME(gpu_precision) = {
    .gemm = gemm,
    .geam_transpose = geam_transpose,
    .max_abs_diff = max_abs_diff,
    .gemm_rate = gemm_rate,
};
