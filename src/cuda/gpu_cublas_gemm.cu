/*
 * gpu_cublas_gemm.cu: the general path of the GPU: cuBLAS xGEMM.
 *
 * Purpose
 * =======
 * gpu_cublas_gemm computes C := alpha*op(A)*op(B) + beta*C with cuBLAS on
 * the calling thread's handle and stream, scalars from the host.  It serves
 * the shapes and widths the kernels of tsblas leave to it (the tables of
 * paths, gpu_mtsm.cu) and those outside the tuned regimes.
 *
 * The 64-bit-integer interface of cuBLAS 12 (cublasXgemm_64) takes every
 * dimension and leading dimension as they come, so nothing is split.  When
 * beta = 0 cuBLAS does not read C (NaN in C does not survive).
 *
 * Arguments
 * =========
 * As xGEMM, with device arrays A, B, C, M, N >= 1, K >= 1, and STREAM.
 */
#include <config.h>
#include "cuda_internal.cuh"

namespace tsblas {

static cublasOperation_t cublas_op(enum tsblas_op op)
{
    return op == TSBLAS_OP_N ? CUBLAS_OP_N : op == TSBLAS_OP_T ? CUBLAS_OP_T : CUBLAS_OP_C;
}

static cublasStatus_t cublas_gemm64(cublasHandle_t h, cublasOperation_t ta,
                                    cublasOperation_t tb, idx_t m, idx_t n, idx_t k,
                                    const float *alpha, const float *a, idx_t lda,
                                    const float *b, idx_t ldb, const float *beta, float *c,
                                    idx_t ldc)
{
    return cublasSgemm_64(h, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

static cublasStatus_t cublas_gemm64(cublasHandle_t h, cublasOperation_t ta,
                                    cublasOperation_t tb, idx_t m, idx_t n, idx_t k,
                                    const double *alpha, const double *a, idx_t lda,
                                    const double *b, idx_t ldb, const double *beta,
                                    double *c, idx_t ldc)
{
    return cublasDgemm_64(h, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

static cublasStatus_t cublas_gemm64(cublasHandle_t h, cublasOperation_t ta,
                                    cublasOperation_t tb, idx_t m, idx_t n, idx_t k,
                                    const cuFloatComplex *alpha, const cuFloatComplex *a,
                                    idx_t lda, const cuFloatComplex *b, idx_t ldb,
                                    const cuFloatComplex *beta, cuFloatComplex *c, idx_t ldc)
{
    return cublasCgemm_64(h, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

static cublasStatus_t cublas_gemm64(cublasHandle_t h, cublasOperation_t ta,
                                    cublasOperation_t tb, idx_t m, idx_t n, idx_t k,
                                    const cuDoubleComplex *alpha, const cuDoubleComplex *a,
                                    idx_t lda, const cuDoubleComplex *b, idx_t ldb,
                                    const cuDoubleComplex *beta, cuDoubleComplex *c,
                                    idx_t ldc)
{
    return cublasZgemm_64(h, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

template <typename T>
int gpu_cublas_gemm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                    T alpha, const T *a, idx_t lda, const T *b, idx_t ldb, T beta, T *c,
                    idx_t ldc, cudaStream_t stream)
{
    cublasHandle_t handle;
    cublasStatus_t status;
    int err = cublas_handle(stream, &handle);

    if (err != 0)
        return err;
    status = cublas_gemm64(handle, cublas_op(opa), cublas_op(opb), m, n, k, &alpha, a, lda, b,
                           ldb, &beta, c, ldc);
    if (status != CUBLAS_STATUS_SUCCESS)
        return cublas_failure("cuBLAS xGEMM", status);
    return launch_status("cuBLAS xGEMM");
}

template int gpu_cublas_gemm<float>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t, float,
                                    const float *, idx_t, const float *, idx_t, float, float *,
                                    idx_t, cudaStream_t);
template int gpu_cublas_gemm<double>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                     double, const double *, idx_t, const double *, idx_t,
                                     double, double *, idx_t, cudaStream_t);
template int gpu_cublas_gemm<cuFloatComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                             cuFloatComplex, const cuFloatComplex *, idx_t,
                                             const cuFloatComplex *, idx_t, cuFloatComplex,
                                             cuFloatComplex *, idx_t, cudaStream_t);
template int gpu_cublas_gemm<cuDoubleComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t,
                                              idx_t, cuDoubleComplex, const cuDoubleComplex *,
                                              idx_t, const cuDoubleComplex *, idx_t,
                                              cuDoubleComplex, cuDoubleComplex *, idx_t,
                                              cudaStream_t);

} /* namespace tsblas */
