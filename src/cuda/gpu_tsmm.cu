/*
 * gpu_tsmm.cu: the xTSMM kernel, C := alpha*op(A)*op(B) + beta*C with one
 * of M, N huge and K and the other small: a tall & skinny block vector
 * times a small matrix.
 *
 * Purpose
 * =======
 * Both storage orders are one computation.  Call the long dimension of C
 * its rows r and the short one its width w:
 *   M >= N (column-major block vectors): r = i, w = N,
 *       C(i, j) = sum_l op(A)(i, l) * op(B)(l, j);
 *   M <  N (interleaved block vectors, C**T is tall): r = j, w = M,
 *       C(i, j) = sum_l op(B)**T(j, l) * op(A)**T(l, i).
 * The tall operand T (op(A), or op(B)**T) is read in place with strides;
 * the small one S (op(B), or op(A)**T, K-by-w) is scaled by alpha (as the
 * reference xGEMM does: temp = alpha*B(l,j)), conjugated where asked,
 * and held in shared memory by every block.  Each thread owns one row r
 * and TW consecutive entries of it in registers, loops over l, and writes
 * its entries once: with a column-major C the stores of a warp are
 * contiguous, as are the loads of a column-major T.  The grid strides over
 * the rows (x, sized to the device) and covers the width in chunks of TW
 * (y).  The width chunk TW is fixed at compile time (1, 2, 4 or 8, the
 * smallest that covers w up to 8).
 *
 * Arguments
 * =========
 * As xGEMM, with device arrays A, B, C, K and min(M, N) <= SKINNY_MAX,
 * K >= 1, alpha != 0; beta = 0 means C is not read.
 */
#include <config.h>
#include "cuda_internal.cuh"

namespace tsblas {

const int TSMM_THREADS = 256;
/* Width chunks of one thread: compile-time register tiles. */
const int TSMM_MAX_TW = 8;

template <typename T, int TW>
__global__ void __launch_bounds__(TSMM_THREADS)
tsmm_kernel(idx_t rows, int w, int k, const T *tall, idx_t t_sr, idx_t t_sl, bool conj_t,
            const T *small, idx_t s_sl, idx_t s_sw, bool conj_s, T alpha, T beta, T *out,
            idx_t o_sr, idx_t o_sw)
{
    /* alpha*S, K-by-wpad row-major: the width padded with zeros to whole
       chunks, so the inner loop needs no guard. */
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *s = reinterpret_cast<T *>(shared_bytes);
    const int wpad = (w + TW - 1) / TW * TW;
    const int j0 = blockIdx.y * TW;

    for (int e = threadIdx.x; e < k * wpad; e += blockDim.x) {
        const int l = e / wpad, j = e % wpad;
        s[e] = j < w ? mul(alpha, conj_if(small[l * s_sl + j * s_sw], conj_s)) : zero<T>();
    }
    __syncthreads();

    for (idx_t r = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; r < rows;
         r += (idx_t)gridDim.x * blockDim.x) {
        const T *trow = tall + r * t_sr;
        T acc[TW];
#pragma unroll
        for (int jj = 0; jj < TW; jj++)
            acc[jj] = zero<T>();
        for (int l = 0; l < k; l++) {
            const T x = conj_if(trow[l * t_sl], conj_t);
            const T *srow = s + l * wpad + j0;
#pragma unroll
            for (int jj = 0; jj < TW; jj++)
                acc[jj] = fma_acc(acc[jj], x, srow[jj]);
        }
        T *orow = out + r * o_sr;
#pragma unroll
        for (int jj = 0; jj < TW; jj++) {
            if (j0 + jj < w) {
                T *o = orow + (j0 + jj) * o_sw;
                *o = is_zero(beta) ? acc[jj] : add(acc[jj], mul(beta, *o));
            }
        }
    }
}

template <typename T>
struct tsmm_kernel_ptr {
    typedef void (*type)(idx_t, int, int, const T *, idx_t, idx_t, bool, const T *, idx_t,
                         idx_t, bool, T, T, T *, idx_t, idx_t);
};

template <typename T>
static typename tsmm_kernel_ptr<T>::type pick_tsmm_kernel(idx_t w, int *tw)
{
    if (w <= 1) {
        *tw = 1;
        return tsmm_kernel<T, 1>;
    }
    if (w <= 2) {
        *tw = 2;
        return tsmm_kernel<T, 2>;
    }
    if (w <= 4) {
        *tw = 4;
        return tsmm_kernel<T, 4>;
    }
    *tw = TSMM_MAX_TW;
    return tsmm_kernel<T, TSMM_MAX_TW>;
}

/* Bytes of shared memory alpha*S takes: K rows of the width padded to
   whole chunks of TW. */
template <typename T>
static size_t tsmm_shared_bytes(idx_t w, idx_t k, int tw)
{
    return (size_t)k * (size_t)((w + tw - 1) / tw * tw) * sizeof(T);
}

template <typename T>
int gpu_tsmm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k, T alpha,
             const T *a, idx_t lda, const T *b, idx_t ldb, T beta, T *c, idx_t ldc,
             cudaStream_t stream)
{
    /* op(A)(i, l) = a[i*a_si + l*a_sl], op(B)(l, j) = b[l*b_sl + j*b_sj]. */
    const idx_t a_si = opa == TSBLAS_OP_N ? 1 : lda, a_sl = opa == TSBLAS_OP_N ? lda : 1;
    const idx_t b_sl = opb == TSBLAS_OP_N ? 1 : ldb, b_sj = opb == TSBLAS_OP_N ? ldb : 1;
    const bool tall_is_a = m >= n;
    const idx_t rows = tall_is_a ? m : n, w = tall_is_a ? n : m;
    int tw, device, shared_limit = 0, blocks_per_sm = 0;
    typename tsmm_kernel_ptr<T>::type kernel = pick_tsmm_kernel<T>(w, &tw);
    size_t shared = tsmm_shared_bytes<T>(w, k, tw);
    idx_t grid;
    cudaError_t err;

    err = cudaGetDevice(&device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&shared_limit, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                     device);
    if (err != cudaSuccess)
        return cuda_failure("xTSMM device attributes", err);
    if (shared > (size_t)shared_limit)
        return gpu_cublas_gemm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
                                  stream);
    if (shared > 48 * 1024) {
        /* Above 48 KiB a block's shared memory must be asked for. */
        err = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   (int)shared);
        if (err != cudaSuccess)
            return cuda_failure("xTSMM shared memory", err);
    }
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, kernel, TSMM_THREADS,
                                                        shared);
    if (err != cudaSuccess)
        return cuda_failure("xTSMM occupancy", err);
    grid = fill_grid(blocks_per_sm, (rows + TSMM_THREADS - 1) / TSMM_THREADS);

    if (tall_is_a)
        kernel<<<dim3((unsigned)grid, (unsigned)((w + tw - 1) / tw)), TSMM_THREADS, shared,
                 stream>>>(rows, (int)w, (int)k, a, a_si, a_sl, opa == TSBLAS_OP_C, b, b_sl,
                           b_sj, opb == TSBLAS_OP_C, alpha, beta, c, 1, ldc);
    else
        /* T(r, l) = op(B)(l, r), S(l, i) = op(A)(i, l), out(r, i) = C(i, r). */
        kernel<<<dim3((unsigned)grid, (unsigned)((w + tw - 1) / tw)), TSMM_THREADS, shared,
                 stream>>>(rows, (int)w, (int)k, b, b_sj, b_sl, opb == TSBLAS_OP_C, a, a_sl,
                           a_si, opa == TSBLAS_OP_C, alpha, beta, c, ldc, 1);
    return launch_status("xTSMM kernel");
}

template int gpu_tsmm<float>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t, float,
                             const float *, idx_t, const float *, idx_t, float, float *, idx_t,
                             cudaStream_t);
template int gpu_tsmm<double>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t, double,
                              const double *, idx_t, const double *, idx_t, double, double *,
                              idx_t, cudaStream_t);
template int gpu_tsmm<cuFloatComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                      cuFloatComplex, const cuFloatComplex *, idx_t,
                                      const cuFloatComplex *, idx_t, cuFloatComplex,
                                      cuFloatComplex *, idx_t, cudaStream_t);
template int gpu_tsmm<cuDoubleComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                       cuDoubleComplex, const cuDoubleComplex *, idx_t,
                                       const cuDoubleComplex *, idx_t, cuDoubleComplex,
                                       cuDoubleComplex *, idx_t, cudaStream_t);

} /* namespace tsblas */
