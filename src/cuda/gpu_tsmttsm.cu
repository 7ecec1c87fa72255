/*
 * gpu_tsmttsm.cu: the xTSMTTSM kernels, C := alpha*op(A)*op(B) + beta*C
 * with K huge and M, N small (block inner products, Gram matrices).
 *
 * Purpose
 * =======
 * gpu_tsmttsm computes the M-by-N C from op(A) (M-by-K) and op(B) (K-by-N)
 * on the path the tuned table gives (gpu_tsmttsm_tsmm_common.cuh): cuBLAS,
 * or one kernel of our own in two steps (Ernst et al. 2021, section 3):
 * on the tensor path the kernel of gpu_tsmttsm_tensor.cu, for STSMTTSM
 * and CTSMTTSM on the fma path that of gpu_tsmttsm_fma.cu, else the
 * direct or the staged kernel of this file:
 *   1. partial sums: a grid sized to the device (SMs x resident blocks)
 *      strides over the long dimension K.  The M-by-N result is cut into
 *      TM-by-TN tiles; each thread owns one tile, held in registers, and a
 *      set of rows l of the long dimension, and accumulates
 *      op(A)(tile rows, l) * op(B)(l, tile columns).  The threads of a block
 *      that share a tile are then summed in a fixed order (block_sum_tiles)
 *      into one M-by-N partial result per block, in workspace.
 *   2. the finish (tsm_finish_c): after a grid-wide barrier (the launch is
 *      cooperative: all blocks are resident), the threads of the grid sum
 *      the partials of each element of C in a fixed order and apply alpha
 *      and beta.  One launch: half the host's time per call of a second
 *      kernel for the sums, and the same time on the GPU.
 * No floating-point atomics: for one device and one shape the order of
 * every sum is fixed, so results are bit-identical run to run.
 *
 * The two partial-sums kernels:
 *   direct (tsmttsm_direct_kernel): each thread loads its rows of A and B
 *     straight from global memory.  Consecutive threads take consecutive
 *     rows l when a column-major operand is involved (the loads of a warp
 *     are then contiguous), consecutive tiles of one row when both operands
 *     are interleaved.  Square widths 1, 2, 4, 8, 16 and 32 have the width
 *     fixed at compile time; other widths take 4-by-4 tiles.  At widths 1-4
 *     it reads at the bandwidth of the device.
 *   staged (tsmttsm_staged_kernel): a block copies a chunk of ROWS rows of
 *     A and B into shared memory with asynchronous copies, coalesced in
 *     either storage order, as ROWS-by-M and ROWS-by-N row-major blocks,
 *     while it computes the previous chunk (two stages: the loads of the
 *     next chunk are in flight during the arithmetic).  Each thread then
 *     reads its tile's entries of a row with 16-byte shared-memory loads
 *     and does TM*TN fused multiply-adds per row; the tiles are mapped
 *     transposed by vectors (entry i of vector v of tile t is row
 *     (v*tiles + t)*VE + i), so that the threads of a warp read consecutive
 *     vectors.  The tile side is chosen per width (a power of two up to 4
 *     or 8, 2 or 4 for Z, by the path), so the FMA/load ratio grows with
 *     the width.  doc/gpu-performance.md has what each reached on the H100.
 *
 * Storage orders.  The long index l of each operand has stride 1 in the
 * column-major block vector (A as K-by-M with TRANSA = 'T'/'C', B as K-by-N
 * with TRANSB = 'N') and stride LD in the interleaved one (A as M-by-K with
 * TRANSA = 'N', B as N-by-K with TRANSB = 'T'/'C').
 *
 * Arguments
 * =========
 * As xGEMM, with device arrays A, B, C, 1 <= M, N <= SKINNY_MAX, K >= 1,
 * alpha != 0; beta = 0 means C is not read.
 */
#include <config.h>
#include <type_traits>
#include "gpu_tsmttsm_tsmm_common.cuh"

namespace tsblas {

/* The sums of a block's threads that share a tile, for the partial sums
   of the direct and staged kernels.  Thread t holds ACC, the TM x TN
   entries of tile TILE for its slot SLOT of SLOTS (threads t of a tile:
   consecutive, slots fastest, when ROWS_FASTEST, else t = slot*NTILES +
   tile); threads with TILE >= NTILES or SLOT >= SLOTS hold nothing.  For
   every entry the first slot of each tile gets the sum over the slots and
   calls PUT(ii, jj, sum).  SCRATCH holds TSM_THREADS elements.  Fixed
   orders: bit-identical run to run.
   Where NTILES is a power of two and a tile's lanes in a warp are whole
   warps (slots fastest) or one residue modulo NTILES (tiles fastest), each
   warp adds its lanes in a tree of shuffles, LOW lanes keep its sums, and
   the first slot adds the tile's warps in increasing order, BATCH entries
   per pass through shared memory; else one entry a pass, and the first
   slot adds the slots in increasing order (at widths 1-4, 16 entries of
   256 slots each: a tail of several microseconds, which short K shows). */
template <typename T, int TM, int TN, typename Put>
__device__ void block_sum_tiles(T (&acc)[TM][TN], int ntiles, int slots, int tile, int slot,
                                bool rows_fastest, T *scratch, Put put)
{
    const int t = threadIdx.x;

    if ((ntiles & (ntiles - 1)) == 0 && ntiles * slots == TSM_THREADS
        && (rows_fastest ? slots % 32 == 0 : ntiles <= 32)) {
        const int lane = t % 32, warp = t / 32, warps = TSM_THREADS / 32;
        const int low = rows_fastest ? 1 : ntiles;
        const int batch = TSM_THREADS / (warps * low);
        const int first_warp = rows_fastest ? tile * (slots / 32) : 0;
        const int tile_warps = rows_fastest ? slots / 32 : warps;
        const int tile_lane = rows_fastest ? 0 : tile;
#pragma unroll
        for (int e = 0; e < TM * TN; e++) {
            T v = acc[e / TN][e % TN];
            for (int d = 16; d >= low; d /= 2)
                v = add(v, tsm_shfl_down(v, d));
            if (lane < low)
                scratch[(e % batch) * warps * low + warp * low + lane] = v;
            if (e % batch == batch - 1 || e == TM * TN - 1) {
                __syncthreads();
                if (slot == 0)
                    for (int f = e - e % batch; f <= e; f++) {
                        const T *sums = scratch + (f % batch) * warps * low + tile_lane;
                        T sum = sums[first_warp * low];
                        for (int w = first_warp + 1; w < first_warp + tile_warps; w++)
                            sum = add(sum, sums[w * low]);
                        put(f / TN, f % TN, sum);
                    }
                __syncthreads();
            }
        }
        return;
    }
#pragma unroll
    for (int ii = 0; ii < TM; ii++) {
#pragma unroll
        for (int jj = 0; jj < TN; jj++) {
            scratch[t] = acc[ii][jj];
            __syncthreads();
            if (tile < ntiles && slot == 0) {
                T sum = scratch[t];
                for (int r = 1; r < slots; r++)
                    sum = add(sum, scratch[rows_fastest ? t + r : t + r * ntiles]);
                put(ii, jj, sum);
            }
            __syncthreads();
        }
    }
}

template <typename T, int TM, int TN, int FM, int FN>
__global__ void __launch_bounds__(TSM_THREADS)
tsmttsm_direct_kernel(int m_runtime, int n_runtime, idx_t k, const T *a, idx_t a_si,
                      idx_t a_sl, bool conj_a, const T *b, idx_t b_sl, idx_t b_sj, bool conj_b,
                      bool rows_fastest, T *partial, tsm_finish<T> finish)
{
    const int m = FM > 0 ? FM : m_runtime;
    const int n = FN > 0 ? FN : n_runtime;
    /* With a fixed width that the tile divides, no tile entry is outside C. */
    const bool whole_m = FM > 0 && FM % TM == 0;
    const bool whole_n = FN > 0 && FN % TN == 0;
    const int tiles_m = (m + TM - 1) / TM;
    const int ntiles = tiles_m * ((n + TN - 1) / TN);
    const int rows_per_block = TSM_THREADS / ntiles;
    const int t = threadIdx.x;
    const int tile = rows_fastest ? t / rows_per_block : t % ntiles;
    const int slot = rows_fastest ? t % rows_per_block : t / ntiles;
    const bool active = tile < ntiles && slot < rows_per_block;
    const int i0 = (tile % tiles_m) * TM;
    const int j0 = (tile / tiles_m) * TN;
    __shared__ T block_sum[TSM_THREADS];
    T acc[TM][TN];

#pragma unroll
    for (int ii = 0; ii < TM; ii++)
#pragma unroll
        for (int jj = 0; jj < TN; jj++)
            acc[ii][jj] = zero<T>();

    if (active) {
        const idx_t stride = (idx_t)gridDim.x * rows_per_block;
        /* Two rows' loads in flight a thread: H100, 1 GiB, CTSMTTSM 4
           column-major 93 -> 99 % of the roofline, STSMTTSM 1 95 -> 97 %. */
#pragma unroll 2
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

    T *out = partial + (idx_t)blockIdx.x * m * n;
    block_sum_tiles(acc, ntiles, rows_per_block, tile, slot, rows_fastest, block_sum,
                    [&](int ii, int jj, T sum) {
                        if ((whole_m || i0 + ii < m) && (whole_n || j0 + jj < n))
                            out[(i0 + ii) + (idx_t)(j0 + jj) * m] = sum;
                    });
    tsm_finish_c(m, n, partial, finish);
}

/* The staged kernel.  Shared memory: two stages of ROWS x PITCH_A (A) then
   ROWS x PITCH_B (B), the pitches the widths rounded up to whole tiles; the
   columns beyond M and N stay zero (their sums are never written). */
template <typename T, int TM, int TN>
__global__ void __launch_bounds__(TSM_THREADS)
tsmttsm_staged_kernel(int m, int n, idx_t k, int rows, const T *a, idx_t a_si, idx_t a_sl,
                      typename scalar_info<T>::real sign_a, const T *b, idx_t b_sl, idx_t b_sj,
                      typename scalar_info<T>::real sign_b, T *partial, tsm_finish<T> finish)
{
    constexpr int VA = tsm_load_elems<T, TM>(), VB = tsm_load_elems<T, TN>();
    const int tiles_m = (m + TM - 1) / TM, tiles_n = (n + TN - 1) / TN;
    const int pitch_a = tiles_m * TM, pitch_b = tiles_n * TN;
    const int ntiles = tiles_m * tiles_n, groups = TSM_THREADS / ntiles;
    const int t = threadIdx.x;
    const int tile = t % ntiles, group = t / ntiles;
    const int tile_i = tile % tiles_m, tile_j = tile / tiles_m;
    const int stage_elems = rows * (pitch_a + pitch_b);
    const idx_t nchunks = (k + rows - 1) / rows;
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *stages = reinterpret_cast<T *>(shared_bytes);
    /* Row r of a chunk is A(l0 + r, :) at stage[r*pitch_a ...]. */
    const tsm_copy_plan plan_a = tsm_make_copy_plan(rows, m, a_sl == 1);
    const tsm_copy_plan plan_b = tsm_make_copy_plan(rows, n, b_sl == 1);
    T acc[TM][TN];
    int stage = 0;

#pragma unroll
    for (int ii = 0; ii < TM; ii++)
#pragma unroll
        for (int jj = 0; jj < TN; jj++)
            acc[ii][jj] = zero<T>();
    for (int e = t; e < 2 * stage_elems; e += TSM_THREADS)
        stages[e] = zero<T>();
    __syncthreads();

    if ((idx_t)blockIdx.x < nchunks) {
        const idx_t l0 = (idx_t)blockIdx.x * rows;
        tsm_issue_copies(plan_a, a, a_sl, a_si, l0, k, 0, m, stages, pitch_a, 1);
        tsm_issue_copies(plan_b, b, b_sl, b_sj, l0, k, 0, n, stages + rows * pitch_a, pitch_b, 1);
    }
    for (idx_t chunk = blockIdx.x; chunk < nchunks; chunk += gridDim.x) {
        const idx_t next = chunk + gridDim.x;
        const T *sa = stages + stage * stage_elems;
        const T *sb = sa + rows * pitch_a;

        if (next < nchunks) {
            T *na = stages + (stage ^ 1) * stage_elems;
            tsm_issue_copies(plan_a, a, a_sl, a_si, next * rows, k, 0, m, na, pitch_a, 1);
            tsm_issue_copies(plan_b, b, b_sl, b_sj, next * rows, k, 0, n, na + rows * pitch_a,
                             pitch_b, 1);
            tsm_wait_copies<2>();
        } else {
            tsm_wait_copies<0>();
        }
        __syncthreads();
        if (group < groups) {
#pragma unroll 2
            for (int r = group; r < rows; r += groups) {
                T av[TM], bv[TN];
#pragma unroll
                for (int v = 0; v < TM / VA; v++)
                    tsm_load_vector<T, VA>(sa + r * pitch_a + (v * tiles_m + tile_i) * VA,
                                           av + v * VA);
#pragma unroll
                for (int u = 0; u < TN / VB; u++)
                    tsm_load_vector<T, VB>(sb + r * pitch_b + (u * tiles_n + tile_j) * VB,
                                           bv + u * VB);
#pragma unroll
                for (int ii = 0; ii < TM; ii++)
                    tsm_conj_sign(av[ii], sign_a);
#pragma unroll
                for (int jj = 0; jj < TN; jj++)
                    tsm_conj_sign(bv[jj], sign_b);
#pragma unroll
                for (int ii = 0; ii < TM; ii++)
#pragma unroll
                    for (int jj = 0; jj < TN; jj++)
                        acc[ii][jj] = fma_acc(acc[ii][jj], av[ii], bv[jj]);
            }
        }
        __syncthreads();
        stage ^= 1;
    }

    /* Block-local reduction; the first stage serves as scratch. */
    T *out = partial + (idx_t)blockIdx.x * m * n;
    block_sum_tiles(acc, ntiles, groups, tile, group, false, stages, [&](int ii, int jj, T sum) {
        const int i = ((ii / VA) * tiles_m + tile_i) * VA + ii % VA;
        const int j = ((jj / VB) * tiles_n + tile_j) * VB + jj % VB;
        if (i < m && j < n)
            out[i + (idx_t)j * m] = sum;
    });
    tsm_finish_c(m, n, partial, finish);
}

/* ---- the direct kernel for an M-by-N result, through the table of fixed
   widths ---- */

template <typename T>
struct direct_kernel {
    typedef void (*type)(int, int, idx_t, const T *, idx_t, idx_t, bool, const T *, idx_t,
                         idx_t, bool, bool, T *, tsm_finish<T>);
};

template <typename T>
static typename direct_kernel<T>::type pick_direct_kernel(idx_t m, idx_t n, int *tm, int *tn)
{
    *tm = *tn = 4;
    if (m == n) {
        switch (m) {
        case 1:
            *tm = *tn = 1;
            return tsmttsm_direct_kernel<T, 1, 1, 1, 1>;
        case 2:
            *tm = *tn = 2;
            return tsmttsm_direct_kernel<T, 2, 2, 2, 2>;
        case 4:
            return tsmttsm_direct_kernel<T, 4, 4, 4, 4>;
        case 8:
            return tsmttsm_direct_kernel<T, 4, 4, 8, 8>;
        case 16:
            return tsmttsm_direct_kernel<T, 4, 4, 16, 16>;
        case 32:
            return tsmttsm_direct_kernel<T, 4, 4, 32, 32>;
        default:
            break;
        }
    }
    return tsmttsm_direct_kernel<T, 4, 4, 0, 0>;
}

/* ---- the staged kernel for tile sides TM, TN in {1, 2, 4, 8} ---- */

template <typename T>
struct staged_kernel {
    typedef typename scalar_info<T>::real real;
    typedef void (*type)(int, int, idx_t, int, const T *, idx_t, idx_t, real, const T *, idx_t,
                         idx_t, real, T *, tsm_finish<T>);
};

template <typename T, int TM>
static typename staged_kernel<T>::type pick_staged_tn(int tn)
{
    switch (tn) {
    case 1:
        return tsmttsm_staged_kernel<T, TM, 1>;
    case 2:
        return tsmttsm_staged_kernel<T, TM, 2>;
    case 4:
        return tsmttsm_staged_kernel<T, TM, 4>;
    default:
        if constexpr (sizeof(T) <= 8)
            return tsmttsm_staged_kernel<T, TM, 8>;
        else
            return tsmttsm_staged_kernel<T, TM, 4>;
    }
}

template <typename T>
static typename staged_kernel<T>::type pick_staged_kernel(int tm, int tn)
{
    switch (tm) {
    case 1:
        return pick_staged_tn<T, 1>(tn);
    case 2:
        return pick_staged_tn<T, 2>(tn);
    case 4:
        return pick_staged_tn<T, 4>(tn);
    default:
        if constexpr (sizeof(T) <= 8)
            return pick_staged_tn<T, 8>(tn);
        else
            return pick_staged_tn<T, 4>(tn);
    }
}

/* ---- the launches ---- */

/* The direct kernel: C from its partial sums in workspace; *WORKSPACE to
   be released by the caller (also on failure). */
template <typename T>
static int launch_direct(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                         const T *a, idx_t a_si, idx_t a_sl, const T *b, idx_t b_sl,
                         idx_t b_sj, const tsm_finish<T> &finish, cudaStream_t stream,
                         void **workspace)
{
    const bool rows_fastest = a_sl == 1 || b_sl == 1;
    int tm, tn, status;
    typename direct_kernel<T>::type kernel = pick_direct_kernel<T>(m, n, &tm, &tn);
    const idx_t ntiles = ((m + tm - 1) / tm) * ((n + tn - 1) / tn);
    const idx_t rows_per_block = TSM_THREADS / ntiles;
    idx_t grid;

    status = tsm_partials_grid((const void *)kernel, 0, (k + rows_per_block - 1) / rows_per_block,
                               (size_t)(m * n) * sizeof(T), stream, &grid, workspace);
    if (status != 0)
        return status;
    return tsm_launch_partials("xTSMTTSM direct kernel", kernel, grid, 0, stream, (int)m, (int)n,
                               k, a, a_si, a_sl, opa == TSBLAS_OP_C, b, b_sl, b_sj,
                               opb == TSBLAS_OP_C, rows_fastest, (T *)*workspace, finish);
}

/* The same for the staged kernel with the tiles of PATH. */
template <typename T>
static int launch_staged(enum tsm_path path, enum tsblas_op opa, enum tsblas_op opb, idx_t m,
                         idx_t n, idx_t k, const T *a, idx_t a_si, idx_t a_sl, const T *b,
                         idx_t b_sl, idx_t b_sj, const tsm_finish<T> &finish,
                         cudaStream_t stream, void **workspace)
{
    typedef typename scalar_info<T>::real real;
    const int edge = tsm_largest_edge<T>(path);
    int tm = tsm_tile_side(m, edge), tn = tsm_tile_side(n, edge);
    int status, rows;
    idx_t pitches, grid;
    size_t shared;
    typename staged_kernel<T>::type kernel;

    /* Every tile needs a thread: widen the narrower tile side until the
       tiles fit in a block (4 x 4 tiles cover 64 x 64). */
    while (((m + tm - 1) / tm) * ((n + tn - 1) / tn) > TSM_THREADS) {
        if (tm <= tn)
            tm *= 2;
        else
            tn *= 2;
    }
    kernel = pick_staged_kernel<T>(tm, tn);
    pitches = (m + tm - 1) / tm * tm + (n + tn - 1) / tn * tn;
    /* A stage of about TSM_STAGE_BYTES, at least 16 rows, no more rows than
       K needs. */
    rows = tsm_pow2_floor(TSM_STAGE_BYTES / (pitches * (idx_t)sizeof(T)));
    if (rows > 4096)
        rows = 4096;
    while (rows > 16 && rows / 2 >= k)
        rows /= 2;
    if (rows < 16)
        rows = 16;
    shared = (size_t)(2 * rows * pitches) * sizeof(T);
    if (shared < TSM_THREADS * sizeof(T))
        shared = TSM_THREADS * sizeof(T);

    status = tsm_partials_grid((const void *)kernel, shared, (k + rows - 1) / rows,
                               (size_t)(m * n) * sizeof(T), stream, &grid, workspace);
    if (status != 0)
        return status;
    return tsm_launch_partials("xTSMTTSM staged kernel", kernel, grid, shared, stream, (int)m,
                               (int)n, k, rows, a, a_si, a_sl, (real)(opa == TSBLAS_OP_C ? -1 : 1),
                               b, b_sl, b_sj, (real)(opb == TSBLAS_OP_C ? -1 : 1),
                               (T *)*workspace, finish);
}

/* The fma path: STSMTTSM and CTSMTTSM (tsm_choose_path gives it to no
   other precision). */
template <typename T>
static int launch_fma(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                      const T *a, idx_t a_si, idx_t a_sl, const T *b, idx_t b_sl, idx_t b_sj,
                      const tsm_finish<T> &finish, cudaStream_t stream, void **workspace)
{
    if constexpr (std::is_same<T, float>::value || std::is_same<T, cuFloatComplex>::value)
        return tsmttsm_fma<T>(opa, opb, m, n, k, a, a_si, a_sl, b, b_sl, b_sj, finish, stream,
                              workspace);
    else
        return launch_staged<T>(TSM_STAGED_LARGE, opa, opb, m, n, k, a, a_si, a_sl, b, b_sl,
                                b_sj, finish, stream, workspace);
}

template <typename T>
int gpu_tsmttsm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k, T alpha,
                const T *a, idx_t lda, const T *b, idx_t ldb, T beta, T *c, idx_t ldc,
                cudaStream_t stream)
{
    /* op(A)(i, l) = a[i*a_si + l*a_sl], op(B)(l, j) = b[l*b_sl + j*b_sj]. */
    const idx_t a_si = opa == TSBLAS_OP_N ? 1 : lda, a_sl = opa == TSBLAS_OP_N ? lda : 1;
    const idx_t b_sl = opb == TSBLAS_OP_N ? 1 : ldb, b_sj = opb == TSBLAS_OP_N ? ldb : 1;
    const bool odd_lines = (a_sl == 1 && a_si % 2 != 0) || (b_sl == 1 && b_sj % 2 != 0);
    /* The order of the tall operands; one of width 1 takes the other's (a
       vector of stride 1 is of both): cuBLAS's matrix-vector product is
       fast on op(A)^H*x only with A column-major (tsm_choose_path). */
    const bool interleaved = m == 1 && n != 1   ? b_sl != 1
                             : n == 1 && m != 1 ? a_sl != 1
                                                : a_sl != 1 && b_sl != 1;
    const enum tsm_path path = tsm_choose_path(TSBLAS_TSMTTSM, tsm_precision<T>::index,
                                               interleaved, m, n, odd_lines);
    const tsm_finish<T> finish = { alpha, beta, c, 1, ldc };
    void *workspace = NULL;
    int status;

    if (path == TSM_CUBLAS)
        return gpu_cublas_gemm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, stream);
    if (path == TSM_DIRECT)
        status = launch_direct<T>(opa, opb, m, n, k, a, a_si, a_sl, b, b_sl, b_sj, finish, stream,
                                  &workspace);
    else if (path == TSM_TENSOR)
        status = tsmttsm_tensor<T>(opa, opb, m, n, k, a, a_si, a_sl, b, b_sl, b_sj, finish,
                                   stream, &workspace);
    else if (path == TSM_FMA)
        status = launch_fma<T>(opa, opb, m, n, k, a, a_si, a_sl, b, b_sl, b_sj, finish, stream,
                               &workspace);
    else
        status = launch_staged<T>(path, opa, opb, m, n, k, a, a_si, a_sl, b, b_sl, b_sj, finish,
                                  stream, &workspace);
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
