/*
 * cuda_internal.cuh: what the files of the GPU path (src/cuda) share.
 *
 * The call path below the driver (src/c/gemm_driver.c, src/c/xgemt.c):
 *   X(gpu_gemm_shaped) (gpu_gemm_shaped.cu): stages a host-resident small
 *     operand and C through device workspace, then picks the kernel:
 *       gpu_tsmttsm (gpu_tsmttsm.cu), gpu_tsmm (gpu_tsmm.cu),
 *       gpu_mtsm (gpu_mtsm.cu), gpu_cublas_gemm (gpu_cublas_gemm.cu) for
 *       shapes outside the tuned regimes, gpu_scale (gpu_scale.cu) for
 *       C := beta*C;
 *   X(gpu_gemt) (gpu_gemt.cu).
 * Everything below X(...) takes device pointers only, runs on the calling
 * thread's stream and returns 0 or a TSBLAS_ERR_* code after
 * tsblas_set_error.
 *
 * The library is linked by the C compiler: this code uses no C++ run time
 * (no new/delete, exceptions, iostreams or guarded static initialisers);
 * per-thread state is plain thread-local data and pthread keys.
 */
#ifndef TSBLAS_CUDA_INTERNAL_CUH
#define TSBLAS_CUDA_INTERNAL_CUH

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>

extern "C" {
#include "tsblas_internal.h"
}

#include "scalar_ops.cuh"

namespace tsblas {

/* ---- regimes: which shapes the tsblas kernels take (one place) ----
 * Widths up to SKINNY_MAX are the API's tuned range (1..64).  Outside it
 * the general path, cuBLAS, is as good as anything written here. */
const idx_t SKINNY_MAX = 64;

/* xTSMTTSM kernel: M, N <= SKINNY_MAX (any K). */
inline bool tsmttsm_in_regime(idx_t m, idx_t n)
{
    return m <= SKINNY_MAX && n <= SKINNY_MAX;
}

/* xTSMM kernel: K and the small width <= SKINNY_MAX (the long one any). */
inline bool tsmm_in_regime(idx_t m, idx_t n, idx_t k)
{
    return k <= SKINNY_MAX && (m < n ? m : n) <= SKINNY_MAX;
}

/* xMTSM kernel: the short side of C <= SKINNY_MAX (K and the long one
   any). */
inline bool mtsm_in_regime(idx_t m, idx_t n)
{
    return (m < n ? m : n) <= SKINNY_MAX;
}

/* A scalar the C side passes by address: its C type (float _Complex,
   double _Complex) may be less aligned than the CUDA one. */
template <typename T>
inline T host_scalar(const void *p)
{
    T x;
    memcpy(&x, p, sizeof x);
    return x;
}

/* ---- run-time state (context.cu) ---- */

/* 1 when the CUDA runtime found a driver and at least one device; decided
   once per process, quietly (no error is left behind). */
bool cuda_usable();

/* The calling thread's stream (tsblas_set_stream). */
cudaStream_t current_stream();

/* The calling thread's cuBLAS handle for the current device, created on
   first use, pointer mode host, bound to STREAM.  0 or an error code. */
int cublas_handle(cudaStream_t stream, cublasHandle_t *handle);

/* Multiprocessors of the current device (cached per device). */
int sm_count();

/* Stream-ordered device workspace: *PTR gets BYTES usable on STREAM after
   the work already queued there; release returns it in stream order.  The
   memory comes from a pool of the library's own per device, which keeps
   what it has (no cudaMalloc per call in steady state).  0 or an error
   code (TSBLAS_ERR_ALLOC when the device is out of memory). */
int workspace_acquire(void **ptr, size_t bytes, cudaStream_t stream);
int workspace_release(void *ptr, cudaStream_t stream);

/* Records ERR as the thread's last error with WHAT and the CUDA message,
   clears the runtime's last error, and returns TSBLAS_ERR_ALLOC for an
   allocation failure, else TSBLAS_ERR_CUDA. */
int cuda_failure(const char *what, cudaError_t err);
/* The same for cuBLAS. */
int cublas_failure(const char *what, cublasStatus_t status);
/* The last launch's status: 0, or cuda_failure(WHAT, ...). */
int launch_status(const char *what);

/* ---- kernels on device data (one template, four types each) ---- */

/* C := beta*C for an M-by-N C (beta == 0: zeros, C not read). */
template <typename T>
int gpu_scale(idx_t m, idx_t n, T beta, T *c, idx_t ldc, cudaStream_t stream);

/* C := alpha*op(A)*op(B) + beta*C through cuBLAS (any shape). */
template <typename T>
int gpu_cublas_gemm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                    T alpha, const T *a, idx_t lda, const T *b, idx_t ldb, T beta, T *c,
                    idx_t ldc, cudaStream_t stream);

/* xTSMTTSM kernels: M, N in regime, K >= 1, alpha != 0. */
template <typename T>
int gpu_tsmttsm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                T alpha, const T *a, idx_t lda, const T *b, idx_t ldb, T beta, T *c,
                idx_t ldc, cudaStream_t stream);

/* xTSMM kernel: shapes in regime, K >= 1, alpha != 0. */
template <typename T>
int gpu_tsmm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k, T alpha,
             const T *a, idx_t lda, const T *b, idx_t ldb, T beta, T *c, idx_t ldc,
             cudaStream_t stream);

/* xMTSM kernel: shapes in regime, K >= 1, alpha != 0. */
template <typename T>
int gpu_mtsm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k, T alpha,
             const T *a, idx_t lda, const T *b, idx_t ldb, T beta, T *c, idx_t ldc,
             cudaStream_t stream);

/* Launch geometry: the number of blocks of a grid-stride kernel, enough to
   fill the device (SMs x resident blocks) and no more than WORK_BLOCKS. */
idx_t fill_grid(int blocks_per_sm, idx_t work_blocks);

} /* namespace tsblas */

/* The four C-linkage names of one precision-generic entry, as precision.h
   spells them on the C side: X(name) = tsblas_name_p. */
#define TSBLAS_GPU_NAME(name, p) tsblas_##name##_##p

#endif
