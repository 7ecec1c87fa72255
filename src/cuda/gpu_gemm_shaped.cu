/*
 * gpu_gemm_shaped.cu: the GPU path of xTSMTTSM, xTSMM and xMTSM,
 * C := alpha*op(A)*op(B) + beta*C, behind the driver (gemm_driver.c).
 *
 * Purpose
 * =======
 * X(gpu_gemm_shaped) runs one GEMM-shaped routine whose tall operands are
 * in device memory, after the driver's checks and quick returns:
 *   - alpha = 0 or K = 0: C := beta*C (A and B not read);
 *   - xTSMTTSM with M, N <= SKINNY_MAX: the two-stage kernel (gpu_tsmttsm.cu);
 *   - xTSMM with K and min(M, N) <= SKINNY_MAX: the row kernel (gpu_tsmm.cu);
 *   - xMTSM with min(M, N) <= SKINNY_MAX: the split kernel (gpu_mtsm.cu),
 *     or cuBLAS where that is faster;
 *   - every shape outside those regimes: cuBLAS xGEMM.
 * The small operand may be in host memory: C (of xTSMTTSM; the driver
 * lets no other C through) and the smaller of op(A), op(B) of xTSMM.  It is
 * then copied into device workspace on the thread's stream; a host C gets
 * the result back before return (read in only when beta != 0).  On a
 * failure the host C is not written.
 *
 * Arguments
 * =========
 * ROUTINE      TSBLAS_TSMTTSM, TSBLAS_TSMM or TSBLAS_MTSM.
 * OPA, OPB     op(A), op(B).
 * M, N, K      As xGEMM; M, N >= 1, K >= 0.
 * ALPHA, BETA  Host scalars, by address.
 * A, B, C      As xGEMM; the tall ones in device memory of the current
 *              device, C of xTSMTTSM and the small one of xTSMM in either.
 * Returns 0, or TSBLAS_ERR_CUDA / TSBLAS_ERR_ALLOC after tsblas_set_error.
 */
#include <config.h>
#include "cuda_internal.cuh"

namespace tsblas {

/* Workspace pieces start on this boundary (the widest vector access). */
const size_t WORKSPACE_ALIGN = 256;

/* Every array on the device: the choice of kernel. */
template <typename T>
static int gemm_on_device(enum tsblas_routine routine, enum tsblas_op opa, enum tsblas_op opb,
                          idx_t m, idx_t n, idx_t k, T alpha, const T *a, idx_t lda,
                          const T *b, idx_t ldb, T beta, T *c, idx_t ldc, cudaStream_t stream)
{
    if (is_zero(alpha) || k == 0)
        return gpu_scale<T>(m, n, beta, c, ldc, stream);
    switch (routine) {
    case TSBLAS_TSMTTSM:
        if (tsmttsm_in_regime(m, n))
            return gpu_tsmttsm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
                                  stream);
        break;
    case TSBLAS_TSMM:
        if (tsmm_in_regime(m, n, k))
            return gpu_tsmm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, stream);
        break;
    case TSBLAS_MTSM:
        if (mtsm_in_regime(m, n))
            return gpu_mtsm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, stream);
        break;
    }
    return gpu_cublas_gemm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, stream);
}

static size_t round_up(size_t bytes)
{
    return (bytes + WORKSPACE_ALIGN - 1) / WORKSPACE_ALIGN * WORKSPACE_ALIGN;
}

template <typename T>
static int gpu_gemm_shaped(enum tsblas_routine routine, enum tsblas_op opa, enum tsblas_op opb,
                           idx_t m, idx_t n, idx_t k, T alpha, const T *a, idx_t lda,
                           const T *b, idx_t ldb, T beta, T *c, idx_t ldc)
{
    const cudaStream_t stream = current_stream();
    const bool reads_ab = !is_zero(alpha) && k != 0;
    const bool c_on_host = tsblas_memory_of(c) == TSBLAS_MEM_HOST;
    /* The small operand of xTSMM: op(B) (K-by-N) when M >= N, else op(A). */
    const bool small_is_a = m < n;
    const T *small = small_is_a ? a : b;
    const idx_t ld_small = small_is_a ? lda : ldb;
    const idx_t small_rows = small_is_a ? (opa == TSBLAS_OP_N ? m : k)
                                        : (opb == TSBLAS_OP_N ? k : n);
    const idx_t small_cols = small_is_a ? (opa == TSBLAS_OP_N ? k : m)
                                        : (opb == TSBLAS_OP_N ? n : k);
    const bool small_on_host = routine == TSBLAS_TSMM && reads_ab
                               && tsblas_memory_of(small) == TSBLAS_MEM_HOST;
    const size_t c_bytes = c_on_host ? round_up((size_t)(m * n) * sizeof(T)) : 0;
    const size_t small_bytes = small_on_host ? (size_t)(small_rows * small_cols) * sizeof(T) : 0;
    void *workspace;
    T *dev_c = c, *dev_small;
    idx_t dev_ldc = ldc;
    cudaError_t err = cudaSuccess;
    int status;

    if (!c_on_host && !small_on_host)
        return gemm_on_device<T>(routine, opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c,
                                 ldc, stream);

    status = workspace_acquire(&workspace, c_bytes + small_bytes, stream);
    if (status != 0)
        return status;
    dev_small = (T *)((char *)workspace + c_bytes);
    if (c_on_host) {
        dev_c = (T *)workspace;
        dev_ldc = m;
        if (!is_zero(beta))
            err = cudaMemcpy2DAsync(dev_c, m * sizeof(T), c, ldc * sizeof(T), m * sizeof(T), n,
                                    cudaMemcpyDefault, stream);
    }
    if (err == cudaSuccess && small_on_host)
        err = cudaMemcpy2DAsync(dev_small, small_rows * sizeof(T), small, ld_small * sizeof(T),
                                small_rows * sizeof(T), small_cols, cudaMemcpyDefault, stream);
    if (err != cudaSuccess)
        status = cuda_failure("copy of a host operand to the device", err);

    if (status == 0) {
        if (small_on_host && small_is_a)
            status = gemm_on_device<T>(routine, opa, opb, m, n, k, alpha, dev_small, small_rows,
                                       b, ldb, beta, dev_c, dev_ldc, stream);
        else if (small_on_host)
            status = gemm_on_device<T>(routine, opa, opb, m, n, k, alpha, a, lda, dev_small,
                                       small_rows, beta, dev_c, dev_ldc, stream);
        else
            status = gemm_on_device<T>(routine, opa, opb, m, n, k, alpha, a, lda, b, ldb, beta,
                                       dev_c, dev_ldc, stream);
    }
    if (status == 0 && c_on_host) {
        err = cudaMemcpy2DAsync(c, ldc * sizeof(T), dev_c, m * sizeof(T), m * sizeof(T), n,
                                cudaMemcpyDefault, stream);
        if (err == cudaSuccess)
            err = cudaStreamSynchronize(stream);
        if (err != cudaSuccess)
            status = cuda_failure("copy of C to the host", err);
    }
    if (workspace_release(workspace, stream) != 0 && status == 0)
        status = tsblas_last_error();
    return status;
}

} /* namespace tsblas */

#define TSBLAS_GPU_GEMM_SHAPED_ENTRY(p, T)                                                    \
    extern "C" int TSBLAS_GPU_NAME(gpu_gemm_shaped, p)(                                        \
        enum tsblas_routine routine, enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, \
        idx_t k, const T *alpha, const T *a, idx_t lda, const T *b, idx_t ldb, const T *beta,  \
        T *c, idx_t ldc)                                                                       \
    {                                                                                          \
        return tsblas::gpu_gemm_shaped<T>(routine, opa, opb, m, n, k,                          \
                                          tsblas::host_scalar<T>(alpha), a, lda, b, ldb,       \
                                          tsblas::host_scalar<T>(beta), c, ldc);               \
    }

TSBLAS_GPU_GEMM_SHAPED_ENTRY(s, float)
TSBLAS_GPU_GEMM_SHAPED_ENTRY(d, double)
TSBLAS_GPU_GEMM_SHAPED_ENTRY(c, cuFloatComplex)
TSBLAS_GPU_GEMM_SHAPED_ENTRY(z, cuDoubleComplex)
