/*
 * gpu_tsmttsm.cu: the xTSMTTSM kernels, C := alpha*op(A)*op(B) + beta*C
 * with K huge and M, N small (block inner products, Gram matrices).
 *
 * Purpose
 * =======
 * gpu_tsmttsm computes the M-by-N C from op(A) (M-by-K) and op(B) (K-by-N)
 * in two stages (Ernst et al. 2021, section 3):
 *   1. tsmttsm_partial_kernel: a grid sized to the device (SMs x resident
 *      blocks) strides over the long dimension K.  The M-by-N result is cut
 *      into TM-by-TN tiles; each thread owns one tile, held in registers,
 *      and a set of rows l of the long dimension, and accumulates
 *      op(A)(tile rows, l) * op(B)(l, tile columns).  The threads of a block
 *      that share a tile are then summed in shared memory, in a fixed
 *      order, into one M-by-N partial result per block, in workspace.
 *   2. tsmttsm_finish_kernel: one block per element of C sums the partials
 *      of all blocks in a fixed tree order and applies alpha and beta.
 * No floating-point atomics: for one device and one shape the order of
 * every sum is fixed, so results are bit-identical run to run.
 *
 * Storage orders.  The long index l of each operand has stride 1 in the
 * column-major block vector (A as K-by-M with TRANSA = 'T'/'C', B as K-by-N
 * with TRANSB = 'N') and stride LD in the interleaved one (A as M-by-K with
 * TRANSA = 'N', B as N-by-K with TRANSB = 'T'/'C').  Consecutive threads
 * take consecutive rows l when a column-major operand is involved (the
 * loads of a warp are then contiguous), and consecutive tiles of one row
 * when both operands are interleaved (each row is then read contiguously).
 *
 * Widths.  Square widths 1, 2, 4, 8, 16 and 32 have kernels with the width
 * fixed at compile time (no guards, index arithmetic folded); every other
 * M, N <= 64 takes the run-time-width kernel with 4-by-4 tiles.  The table
 * of fixed widths is the place issue 5's tuning extends.
 *
 * Arguments
 * =========
 * As xGEMM, with device arrays A, B, C, 1 <= M, N <= SKINNY_MAX, K >= 1,
 * alpha != 0; beta = 0 means C is not read.
 */
#include <config.h>
#include "cuda_internal.cuh"

namespace tsblas {

const int TSMTTSM_THREADS = 256;
const int FINISH_THREADS = 256;

template <typename T, int TM, int TN, int FM, int FN>
__global__ void __launch_bounds__(TSMTTSM_THREADS)
tsmttsm_partial_kernel(int m_runtime, int n_runtime, idx_t k, const T *a, idx_t a_si,
                       idx_t a_sl, bool conj_a, const T *b, idx_t b_sl, idx_t b_sj,
                       bool conj_b, bool rows_fastest, T *partial)
{
    const int m = FM > 0 ? FM : m_runtime;
    const int n = FN > 0 ? FN : n_runtime;
    /* With a fixed width that the tile divides, no tile entry is outside C. */
    const bool whole_m = FM > 0 && FM % TM == 0;
    const bool whole_n = FN > 0 && FN % TN == 0;
    const int tiles_m = (m + TM - 1) / TM;
    const int ntiles = tiles_m * ((n + TN - 1) / TN);
    const int rows_per_block = TSMTTSM_THREADS / ntiles;
    const int t = threadIdx.x;
    const int tile = rows_fastest ? t / rows_per_block : t % ntiles;
    const int slot = rows_fastest ? t % rows_per_block : t / ntiles;
    const bool active = tile < ntiles && slot < rows_per_block;
    const int i0 = (tile % tiles_m) * TM;
    const int j0 = (tile / tiles_m) * TN;
    __shared__ T block_sum[TSMTTSM_THREADS];
    T acc[TM][TN];

#pragma unroll
    for (int ii = 0; ii < TM; ii++)
#pragma unroll
        for (int jj = 0; jj < TN; jj++)
            acc[ii][jj] = zero<T>();

    if (active) {
        const idx_t stride = (idx_t)gridDim.x * rows_per_block;
        for (idx_t l = (idx_t)blockIdx.x * rows_per_block + slot; l < k; l += stride) {
            T av[TM], bv[TN];
#pragma unroll
            for (int ii = 0; ii < TM; ii++)
                av[ii] = whole_m || i0 + ii < m ? conj_if(a[(i0 + ii) * a_si + l * a_sl], conj_a)
                                                : zero<T>();
#pragma unroll
            for (int jj = 0; jj < TN; jj++)
                bv[jj] = whole_n || j0 + jj < n ? conj_if(b[l * b_sl + (j0 + jj) * b_sj], conj_b)
                                                : zero<T>();
#pragma unroll
            for (int ii = 0; ii < TM; ii++)
#pragma unroll
                for (int jj = 0; jj < TN; jj++)
                    acc[ii][jj] = fma_acc(acc[ii][jj], av[ii], bv[jj]);
        }
    }

    /* Block-local reduction, one tile entry at a time through shared
       memory; the first thread of each tile sums its tile's rows in
       increasing order of slot. */
    T *out = partial + (idx_t)blockIdx.x * m * n;
#pragma unroll
    for (int ii = 0; ii < TM; ii++) {
#pragma unroll
        for (int jj = 0; jj < TN; jj++) {
            block_sum[t] = acc[ii][jj];
            __syncthreads();
            if (active && slot == 0 && (whole_m || i0 + ii < m) && (whole_n || j0 + jj < n)) {
                T s = block_sum[t];
                for (int r = 1; r < rows_per_block; r++)
                    s = add(s, block_sum[rows_fastest ? t + r : t + r * ntiles]);
                out[(i0 + ii) + (idx_t)(j0 + jj) * m] = s;
            }
            __syncthreads();
        }
    }
}

template <typename T>
__global__ void __launch_bounds__(FINISH_THREADS)
tsmttsm_finish_kernel(int m, int n, int parts, const T *partial, T alpha, T beta, T *c,
                      idx_t ldc)
{
    const int e = blockIdx.x;
    const idx_t mn = (idx_t)m * n;
    const int t = threadIdx.x;
    __shared__ T tree[FINISH_THREADS];
    T s = zero<T>();

    for (int p = t; p < parts; p += FINISH_THREADS)
        s = add(s, partial[p * mn + e]);
    tree[t] = s;
    __syncthreads();
    for (int half = FINISH_THREADS / 2; half > 0; half /= 2) {
        if (t < half)
            tree[t] = add(tree[t], tree[t + half]);
        __syncthreads();
    }
    if (t == 0) {
        T *cij = c + (e % m) + (idx_t)(e / m) * ldc;
        *cij = scale_add(alpha, tree[0], beta, cij);
    }
}

template <typename T>
struct partial_kernel {
    typedef void (*type)(int, int, idx_t, const T *, idx_t, idx_t, bool, const T *, idx_t,
                         idx_t, bool, bool, T *);
};

/* The kernel for an M-by-N result and its tile, through the table of fixed
   widths. */
template <typename T>
static typename partial_kernel<T>::type pick_partial_kernel(idx_t m, idx_t n, int *tm, int *tn)
{
    *tm = *tn = 4;
    if (m == n) {
        switch (m) {
        case 1:
            *tm = *tn = 1;
            return tsmttsm_partial_kernel<T, 1, 1, 1, 1>;
        case 2:
            *tm = *tn = 2;
            return tsmttsm_partial_kernel<T, 2, 2, 2, 2>;
        case 4:
            return tsmttsm_partial_kernel<T, 4, 4, 4, 4>;
        case 8:
            return tsmttsm_partial_kernel<T, 4, 4, 8, 8>;
        case 16:
            return tsmttsm_partial_kernel<T, 4, 4, 16, 16>;
        case 32:
            return tsmttsm_partial_kernel<T, 4, 4, 32, 32>;
        default:
            break;
        }
    }
    return tsmttsm_partial_kernel<T, 4, 4, 0, 0>;
}

template <typename T>
int gpu_tsmttsm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k, T alpha,
                const T *a, idx_t lda, const T *b, idx_t ldb, T beta, T *c, idx_t ldc,
                cudaStream_t stream)
{
    /* op(A)(i, l) = a[i*a_si + l*a_sl], op(B)(l, j) = b[l*b_sl + j*b_sj]. */
    const idx_t a_si = opa == TSBLAS_OP_N ? 1 : lda, a_sl = opa == TSBLAS_OP_N ? lda : 1;
    const idx_t b_sl = opb == TSBLAS_OP_N ? 1 : ldb, b_sj = opb == TSBLAS_OP_N ? ldb : 1;
    const bool rows_fastest = a_sl == 1 || b_sl == 1;
    int tm, tn, blocks_per_sm = 0, status;
    typename partial_kernel<T>::type kernel = pick_partial_kernel<T>(m, n, &tm, &tn);
    idx_t ntiles = ((m + tm - 1) / tm) * ((n + tn - 1) / tn);
    idx_t rows_per_block = TSMTTSM_THREADS / ntiles;
    idx_t grid;
    cudaError_t err;
    void *workspace;

    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, kernel, TSMTTSM_THREADS,
                                                        0);
    if (err != cudaSuccess)
        return cuda_failure("xTSMTTSM occupancy", err);
    grid = fill_grid(blocks_per_sm, (k + rows_per_block - 1) / rows_per_block);

    status = workspace_acquire(&workspace, (size_t)(grid * m * n) * sizeof(T), stream);
    if (status != 0)
        return status;
    kernel<<<(unsigned)grid, TSMTTSM_THREADS, 0, stream>>>(
        (int)m, (int)n, k, a, a_si, a_sl, opa == TSBLAS_OP_C, b, b_sl, b_sj, opb == TSBLAS_OP_C,
        rows_fastest, (T *)workspace);
    status = launch_status("xTSMTTSM partial sums kernel");
    if (status == 0) {
        tsmttsm_finish_kernel<T><<<(unsigned)(m * n), FINISH_THREADS, 0, stream>>>(
            (int)m, (int)n, (int)grid, (const T *)workspace, alpha, beta, c, ldc);
        status = launch_status("xTSMTTSM reduction kernel");
    }
    if (workspace_release(workspace, stream) != 0 && status == 0)
        status = tsblas_last_error();
    return status;
}

template int gpu_tsmttsm<float>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t, float,
                                const float *, idx_t, const float *, idx_t, float, float *,
                                idx_t, cudaStream_t);
template int gpu_tsmttsm<double>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t, double,
                                 const double *, idx_t, const double *, idx_t, double, double *,
                                 idx_t, cudaStream_t);
template int gpu_tsmttsm<cuFloatComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                         cuFloatComplex, const cuFloatComplex *, idx_t,
                                         const cuFloatComplex *, idx_t, cuFloatComplex,
                                         cuFloatComplex *, idx_t, cudaStream_t);
template int gpu_tsmttsm<cuDoubleComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                          cuDoubleComplex, const cuDoubleComplex *, idx_t,
                                          const cuDoubleComplex *, idx_t, cuDoubleComplex,
                                          cuDoubleComplex *, idx_t, cudaStream_t);

} /* namespace tsblas */
