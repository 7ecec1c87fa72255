/*
 * gpu_tsmm.cu: the xTSMM kernels, C := alpha*op(A)*op(B) + beta*C with one
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
 * reference xGEMM does: temp = alpha*B(l,j)), conjugated where asked, and
 * held in shared memory by every block.  The grid, sized to the device,
 * strides over the rows.  The path comes from the tuned table
 * (gpu_tsmttsm_tsmm_common.cuh): cuBLAS, the chunk kernels of
 * gpu_tsmm_fma.cu (the fma path, register tiles on the CUDA cores) and of
 * gpu_tsmm_tensor.cu (the tensor path, the FP64 tensor cores), or one of
 * two kernels here:
 *   direct (tsmm_direct_kernel): each thread owns one row r and TW (1, 2,
 *     4 or 8) consecutive entries of it in registers (K = W = 1: four rows
 *     at a time), loops over l reading T straight from global memory, and
 *     writes its entries once; the grid
 *     covers the width in chunks of TW (y), so T is read once per chunk.
 *     At widths 1-4 it moves data at the bandwidth of the device.
 *   staged (tsmm_staged_kernel): every block computes ALL w columns of its
 *     rows, so T is read exactly once.  A block takes ROWS rows at a time
 *     and steps through l in chunks of KC: each chunk of T (ROWS x KC) is
 *     copied into shared memory with asynchronous copies, coalesced in
 *     either storage order, stored l-major, while the previous chunk is
 *     computed (two stages).  Each thread owns a TR x TW tile of C in
 *     registers, reads its entries of T and S with 16-byte shared-memory
 *     loads (tiles transposed by vectors, so a warp reads consecutive
 *     vectors) and does TR*TW fused multiply-adds per l; after the last
 *     chunk of l it writes its tile.  Consecutive threads take consecutive
 *     rows when C is column-major and consecutive columns when it is
 *     interleaved, so the stores of a warp are contiguous either way.
 *
 * Arguments
 * =========
 * As xGEMM, with device arrays A, B, C, K and min(M, N) <= SKINNY_MAX,
 * K >= 1, alpha != 0; beta = 0 means C is not read.
 */
#include <config.h>
#include "gpu_tsmttsm_chunks.cuh"

namespace tsblas {

/* Width chunks of one thread of the direct kernel: compile-time register
   tiles. */
const int TSMM_MAX_TW = 8;

/* Rows of one thread of the direct kernel at a time where K = W = 1 (a
   scaled copy of a vector), so that four of its loads are in flight
   together: H100, 1 GiB, the direct kernel forced, one row a thread
   before (`TSBLAS_GPU_TSM_PATH=direct testing/tsblas_bench --gpu --routines
   tsmm --widths 1 --pairs 2x1,4x1,8x1,16x1 --bytes 1G --reps 5`): S 1 x 1
   75 -> 86 % of the roofline, D, C, Z within 2 points.  Not with K > 1:
   there a thread's four rows of an interleaved T, each a run of K
   elements read one element a step, fell out of L1 between their steps
   (4 x 1 interleaved 77-97 -> 38-65 %, 8 x 1 57-93 -> 15-28 %); and the
   loop of one row a thread stays as it was: in the form of the loop of
   four, ZTSMM interleaved 4 x 1 to 16 x 1 fell from 49-80 to 24-55 %
   where DTSMM's rose from 36-86 to 69-98 % (not understood). */
const int TSMM_DIRECT_ROWS = 4;

template <typename T, int TW, int R>
__global__ void __launch_bounds__(TSM_THREADS)
tsmm_direct_kernel(idx_t rows, int w, int k, const T *tall, idx_t t_sr, idx_t t_sl,
                   bool conj_t, const T *small, idx_t s_sl, idx_t s_sw, bool conj_s, T alpha,
                   T beta, T *out, idx_t o_sr, idx_t o_sw)
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

    if constexpr (R == 1) {
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
    } else {
        /* K = 1: rows r0, r0 + stride, ..., R of them, at a time. */
        const idx_t stride = (idx_t)gridDim.x * blockDim.x;
        for (idx_t r0 = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; r0 < rows;
             r0 += R * stride) {
            T x[R];
#pragma unroll
            for (int u = 0; u < R; u++) {
                const idx_t r = r0 + u * stride;
                x[u] = r < rows ? conj_if(tall[r * t_sr], conj_t) : zero<T>();
            }
#pragma unroll
            for (int u = 0; u < R; u++) {
                const idx_t r = r0 + u * stride;
                if (r >= rows)
                    break;
#pragma unroll
                for (int jj = 0; jj < TW; jj++) {
                    if (j0 + jj < w) {
                        T *o = out + r * o_sr + (j0 + jj) * o_sw;
                        const T p = fma_acc(zero<T>(), x[u], s[j0 + jj]);
                        *o = is_zero(beta) ? p : add(p, mul(beta, *o));
                    }
                }
            }
        }
    }
}

/*
 * The staged kernel.  Shared memory: alpha*S as KPAD x PITCH_S (row l at
 * l*PITCH_S, zero beyond K and w), then two stages of T, each KC x PITCH_T
 * (entry (r, l) of the chunk at l*PITCH_T + r).  A block has TILES_W tiles
 * across the width and TILES_R = TSM_THREADS / TILES_W down the rows, so
 * ROWS = TILES_R*TR rows per chunk.
 */
template <typename T, int TR, int TW>
__global__ void __launch_bounds__(TSM_THREADS)
tsmm_staged_kernel(idx_t nrows, int w, int k, int kc, const T *tall, idx_t t_sr, idx_t t_sl,
                   typename scalar_info<T>::real sign_t, const T *small, idx_t s_sl,
                   idx_t s_sw, bool conj_s, T alpha, T beta, T *out, idx_t o_sr, idx_t o_sw)
{
    constexpr int VR = tsm_load_elems<T, TR>(), VW = tsm_load_elems<T, TW>();
    constexpr int V = tsm_vector_elems<T>();
    const int tiles_w = (w + TW - 1) / TW, pitch_s = tiles_w * TW;
    const int tiles_r = TSM_THREADS / tiles_w, rows = tiles_r * TR;
    const int pitch_t = rows + V;
    const int nk = (k + kc - 1) / kc, kpad = nk * kc;
    const int stage_elems = kc * pitch_t;
    const int t = threadIdx.x;
    const bool rows_fastest = o_sr == 1;
    const int tile_r = rows_fastest ? t % tiles_r : t / tiles_w;
    const int tile_j = rows_fastest ? t / tiles_r : t % tiles_w;
    const bool computes = tile_r < tiles_r && tile_j < tiles_w;
    const idx_t nchunks = (nrows + rows - 1) / rows;
    /* Chunks of this block times the steps through l. */
    const idx_t my_chunks = nchunks > (idx_t)blockIdx.x
                                ? (nchunks - 1 - blockIdx.x) / gridDim.x + 1 : 0;
    const idx_t steps = my_chunks * nk;
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *s = reinterpret_cast<T *>(shared_bytes);
    T *stages = s + (kpad * pitch_s + V - 1) / V * V;
    const tsm_copy_plan plan = tsm_make_copy_plan(rows, kc, t_sr == 1);
    T acc[TR][TW];
    int stage = 0;

    for (int e = t; e < kpad * pitch_s; e += TSM_THREADS) {
        const int l = e / pitch_s, j = e % pitch_s;
        s[e] = l < k && j < w ? mul(alpha, conj_if(small[l * s_sl + j * s_sw], conj_s))
                              : zero<T>();
    }
#pragma unroll
    for (int ii = 0; ii < TR; ii++)
#pragma unroll
        for (int jj = 0; jj < TW; jj++)
            acc[ii][jj] = zero<T>();

    if (steps > 0)
        tsm_issue_copies(plan, tall, t_sr, t_sl, (idx_t)blockIdx.x * rows, nrows, 0, k, stages,
                         1, pitch_t);
    for (idx_t step = 0; step < steps; step++) {
        const idx_t r0 = ((idx_t)blockIdx.x + (step / nk) * gridDim.x) * rows;
        const int kq = (int)(step % nk);
        const T *st = stages + stage * stage_elems;

        if (step + 1 < steps) {
            const idx_t nr0 = ((idx_t)blockIdx.x + ((step + 1) / nk) * gridDim.x) * rows;
            const idx_t nl0 = (idx_t)((step + 1) % nk) * kc;
            tsm_issue_copies(plan, tall, t_sr, t_sl, nr0, nrows, nl0, k,
                             stages + (stage ^ 1) * stage_elems, 1, pitch_t);
            tsm_wait_copies<1>();
        } else {
            tsm_wait_copies<0>();
        }
        __syncthreads();
        if (computes) {
#pragma unroll 2
            for (int l = 0; l < kc; l++) {
                const T *srow = s + (kq * kc + l) * pitch_s;
                T tv[TR], sv[TW];
#pragma unroll
                for (int v = 0; v < TR / VR; v++)
                    tsm_load_vector<T, VR>(st + l * pitch_t + (v * tiles_r + tile_r) * VR,
                                           tv + v * VR);
#pragma unroll
                for (int u = 0; u < TW / VW; u++)
                    tsm_load_vector<T, VW>(srow + (u * tiles_w + tile_j) * VW, sv + u * VW);
#pragma unroll
                for (int ii = 0; ii < TR; ii++)
                    tsm_conj_sign(tv[ii], sign_t);
#pragma unroll
                for (int ii = 0; ii < TR; ii++)
#pragma unroll
                    for (int jj = 0; jj < TW; jj++)
                        acc[ii][jj] = fma_acc(acc[ii][jj], tv[ii], sv[jj]);
            }
        }
        __syncthreads();
        stage ^= 1;

        if (kq == nk - 1) {
            if (computes) {
#pragma unroll
                for (int ii = 0; ii < TR; ii++) {
                    const idx_t r = r0 + ((ii / VR) * tiles_r + tile_r) * VR + ii % VR;
#pragma unroll
                    for (int jj = 0; jj < TW; jj++) {
                        const int j = ((jj / VW) * tiles_w + tile_j) * VW + jj % VW;
                        if (r < nrows && j < w) {
                            T *o = out + r * o_sr + j * o_sw;
                            *o = is_zero(beta) ? acc[ii][jj] : add(acc[ii][jj], mul(beta, *o));
                        }
                        acc[ii][jj] = zero<T>();
                    }
                }
            }
        }
    }
}

/* ---- kernel tables ---- */

template <typename T>
struct tsmm_direct_ptr {
    typedef void (*type)(idx_t, int, int, const T *, idx_t, idx_t, bool, const T *, idx_t,
                         idx_t, bool, T, T, T *, idx_t, idx_t);
};

template <typename T>
static typename tsmm_direct_ptr<T>::type pick_direct_kernel(idx_t w, idx_t k, int *tw)
{
    if (w <= 1) {
        *tw = 1;
        return k == 1 ? tsmm_direct_kernel<T, 1, TSMM_DIRECT_ROWS>
                      : tsmm_direct_kernel<T, 1, 1>;
    }
    if (w <= 2) {
        *tw = 2;
        return tsmm_direct_kernel<T, 2, 1>;
    }
    if (w <= 4) {
        *tw = 4;
        return tsmm_direct_kernel<T, 4, 1>;
    }
    *tw = TSMM_MAX_TW;
    return tsmm_direct_kernel<T, TSMM_MAX_TW, 1>;
}

template <typename T>
struct tsmm_staged_ptr {
    typedef void (*type)(idx_t, int, int, int, const T *, idx_t, idx_t,
                         typename scalar_info<T>::real, const T *, idx_t, idx_t, bool, T, T, T *,
                         idx_t, idx_t);
};

/* TW in {1, 2, 4, 8}, TR the largest edge of the path: 4 or 8 (Z: 2 or 4,
   and TW up to 4; tsm_largest_edge). */
template <typename T, int TR>
static typename tsmm_staged_ptr<T>::type pick_staged_width(int tw)
{
    switch (tw) {
    case 1:
        return tsmm_staged_kernel<T, TR, 1>;
    case 2:
        return tsmm_staged_kernel<T, TR, 2>;
    case 4:
        return tsmm_staged_kernel<T, TR, 4>;
    default:
        if constexpr (sizeof(T) <= 8)
            return tsmm_staged_kernel<T, TR, 8>;
        else
            return tsmm_staged_kernel<T, TR, 4>;
    }
}

template <typename T>
static typename tsmm_staged_ptr<T>::type pick_staged_kernel(int tr, int tw)
{
    constexpr int large = sizeof(T) <= 8 ? 8 : 4;
    return tr == large ? pick_staged_width<T, large>(tw) : pick_staged_width<T, large / 2>(tw);
}

/* ---- the launches ---- */

/* The device's shared memory a block may have; 0 or an error code. */
static int shared_memory_limit(int *limit)
{
    int device;
    cudaError_t err = cudaGetDevice(&device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
    return err == cudaSuccess ? 0 : cuda_failure("xTSMM device attributes", err);
}

/* The direct kernel on T (ROWS x K, strides t_sr, t_sl), S (K x W) and OUT
   (ROWS x W).  *FITS is false when alpha*S does not fit a block's shared
   memory (then nothing is launched). */
template <typename T>
static int launch_direct(idx_t rows, idx_t w, idx_t k, const T *tall, idx_t t_sr, idx_t t_sl,
                         bool conj_t, const T *small, idx_t s_sl, idx_t s_sw, bool conj_s,
                         T alpha, T beta, T *out, idx_t o_sr, idx_t o_sw, cudaStream_t stream,
                         bool *fits)
{
    int tw, shared_limit = 0, blocks_per_sm = 0, status;
    typename tsmm_direct_ptr<T>::type kernel = pick_direct_kernel<T>(w, k, &tw);
    const size_t shared = (size_t)k * (size_t)((w + tw - 1) / tw * tw) * sizeof(T);
    idx_t grid;

    status = shared_memory_limit(&shared_limit);
    *fits = status == 0 && shared <= (size_t)shared_limit;
    if (status != 0 || !*fits)
        return status;
    status = tsm_blocks_per_sm((const void *)kernel, shared, &blocks_per_sm);
    if (status != 0)
        return status;
    grid = fill_grid(blocks_per_sm, (rows + TSM_THREADS - 1) / TSM_THREADS);
    kernel<<<dim3((unsigned)grid, (unsigned)((w + tw - 1) / tw)), TSM_THREADS, shared, stream>>>(
        rows, (int)w, (int)k, tall, t_sr, t_sl, conj_t, small, s_sl, s_sw, conj_s, alpha, beta,
        out, o_sr, o_sw);
    return launch_status("xTSMM kernel");
}

/* The same with the staged kernel and the tiles of PATH. */
template <typename T>
static int launch_staged(enum tsm_path path, idx_t nrows, idx_t w, idx_t k, const T *tall,
                         idx_t t_sr, idx_t t_sl, bool conj_t, const T *small, idx_t s_sl,
                         idx_t s_sw, bool conj_s, T alpha, T beta, T *out, idx_t o_sr,
                         idx_t o_sw, cudaStream_t stream, bool *fits)
{
    typedef typename scalar_info<T>::real real;
    const int edge = tsm_largest_edge<T>(path);
    const int tw = tsm_tile_side(w, edge), tr = edge;
    const idx_t tiles_w = (w + tw - 1) / tw, rows = TSM_THREADS / tiles_w * tr;
    const idx_t pitch_t = rows + tsm_vector_elems<T>();
    /* KC: l in as few even chunks as a stage of TSM_STAGE_BYTES allows. */
    const idx_t kc_max = TSM_STAGE_BYTES / (pitch_t * (idx_t)sizeof(T));
    const idx_t nk = (k + (kc_max > 0 ? kc_max : 1) - 1) / (kc_max > 0 ? kc_max : 1);
    const idx_t kc = (k + nk - 1) / nk;
    const idx_t s_elems = (nk * kc * tiles_w * tw + tsm_vector_elems<T>() - 1)
                          / tsm_vector_elems<T>() * tsm_vector_elems<T>();
    const size_t shared = (size_t)(s_elems + 2 * kc * pitch_t) * sizeof(T);
    typename tsmm_staged_ptr<T>::type kernel = pick_staged_kernel<T>(tr, tw);
    int shared_limit = 0, blocks_per_sm = 0, status;
    idx_t grid;

    status = shared_memory_limit(&shared_limit);
    *fits = status == 0 && shared <= (size_t)shared_limit;
    if (status != 0 || !*fits)
        return status;
    status = tsm_blocks_per_sm((const void *)kernel, shared, &blocks_per_sm);
    if (status != 0)
        return status;
    grid = fill_grid(blocks_per_sm, (nrows + rows - 1) / rows);
    kernel<<<(unsigned)grid, TSM_THREADS, shared, stream>>>(
        nrows, (int)w, (int)k, (int)kc, tall, t_sr, t_sl, (real)(conj_t ? -1 : 1), small, s_sl,
        s_sw, conj_s, alpha, beta, out, o_sr, o_sw);
    return launch_status("xTSMM kernel");
}

template <typename T>
int gpu_tsmm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k, T alpha,
             const T *a, idx_t lda, const T *b, idx_t ldb, T beta, T *c, idx_t ldc,
             cudaStream_t stream)
{
    const tsm_row_operands<T> x = tsm_make_row_operands<T>(opa, opb, m, n, a, lda, b, ldb, ldc);
    const idx_t rows = x.rows, w = x.w;
    const T *tall = x.tall, *small = x.small;
    const idx_t t_sr = x.t_sr, t_sl = x.t_sl, s_sl = x.s_sl, s_sw = x.s_sw;
    const idx_t o_sr = x.o_sr, o_sw = x.o_sw;
    const bool conj_t = x.conj_t, conj_s = x.conj_s;
    const bool odd_lines = (t_sr == 1 && t_sl % 2 != 0) || (o_sr == 1 && o_sw % 2 != 0);
    enum tsm_path path =
        tsm_choose_path(TSBLAS_TSMM, tsm_precision<T>::index, t_sr != 1, k, w, odd_lines);
    bool fits = false;
    int status = 0;

    /* K = W = 1, C := (alpha*B)*A + beta*C on vectors, takes the direct
       kernel: its four rows a thread then move the vectors at the memory's
       speed.  H100, 1 GiB, the table before (the fma kernel for S and D)
       and this in one run (`testing/tsblas_bench --gpu --routines tsmm
       --widths 1 --pairs none --bytes 1G --reps 5`; doc/gpu-performance.md):
       S col and int 63-67 -> 88 % of the roofline, D 67 -> 91-92 %; 4 GiB
       S 63-67 -> 88 %, D 67-68 -> 93 %; C, Z (the direct kernel before
       too) within 2 points.  Unless TSBLAS_GPU_TSM_PATH forces a path. */
    if (k == 1 && w == 1 && !tsm_path_forced())
        path = TSM_DIRECT;
    /* The direct kernel gives each thread one row of the output: rows of
       an interleaved output (o_sr = W) longer than a 16-byte store are
       then written by strided stores, 32 runs of memory a warp store.
       The table's width, that of the square call of the same intensity,
       hides it where W > K; there the fma kernel takes the call, for Z
       the staged kernel with small tiles.  H200, 256 MiB, K = 1-4 < W,
       each path forced (doc/data/gpu-h200-tsmm-direct-wide-P.csv):
       direct 4-9 % of the roofline at STSMM and CTSMM interleaved 2 x 16
       to 2 x 64 (fma 55-83 %), ZTSMM 1 x 4 to 2 x 12 12-48 % (staged,
       small tiles, 58-82 %); at W elements of 16 bytes or less (STSMM 1 x
       4) the direct kernel's one store a row is coalesced and stays.
       Unless TSBLAS_GPU_TSM_PATH forces a path. */
    if (path == TSM_DIRECT && o_sr != 1 && w > k && w * (idx_t)sizeof(T) > 16
        && !tsm_path_forced())
        path = std::is_same<T, cuDoubleComplex>::value ? TSM_STAGED_SMALL : TSM_FMA;
    /* The same on the other side: a thread reads its row of an interleaved
       T with strided loads, and from rows of 128 bytes, where K > W, the
       fma kernel is faster.  H100, 1 GiB, K x W for W = 1-4 < K, each path
       forced (doc/data/gpu-h100-tsmm-direct-tall-P.csv): direct 31-72 %
       of the roofline at STSMM int 32 x 2 to 64 x 2, CTSMM int 16 x 2 to
       64 x 2, ZTSMM int 8 x 1 to 12 x 2 (fma 81-94 %); at rows of 64 and
       96 bytes each kernel is the faster at some pairs (ZTSMM int 4 x 2:
       direct 92 %, fma 85 %).  Unless TSBLAS_GPU_TSM_PATH forces a path. */
    if (path == TSM_DIRECT && t_sr != 1 && k > w && k * (idx_t)sizeof(T) >= 128
        && !tsm_path_forced())
        path = TSM_FMA;
    /* Interleaved matrix-vector shapes, which tsm_choose_path gives to
       cuBLAS: STSMM and CTSMM with an interleaved T of rows of 32 or more
       (W = 1), and STSMM's rank-1 update of an interleaved output (K = 1)
       take the fma kernel.  H100, 1 GiB, the table against fma forced
       (doc/data/gpu-h100-tsmm-vector-{table,fma}.csv): S, C int 32 x 1 to
       64 x 1 60-81 % against 89-92 % (CTSMM 16 x 1 95 % against 90 %;
       DTSMM 64 x 1 93 % both, and on the H200 cuBLAS 96 %, fma 84 %;
       ZTSMM 64 x 1 90 % against 69 %), STSMM int 1 x 16 to 1 x 64 44-75 %
       against 83-87 % (CTSMM and DTSMM there: cuBLAS faster at 3 of 5).
       Unless TSBLAS_GPU_TSM_PATH forces a path. */
    if (path == TSM_CUBLAS && !tsm_path_forced()
        && ((w == 1 && t_sr != 1 && k >= 32
             && (std::is_same<T, float>::value || std::is_same<T, cuFloatComplex>::value))
            || (k == 1 && w >= 16 && o_sr != 1 && std::is_same<T, float>::value)))
        path = TSM_FMA;
    /* DTSMM and ZTSMM with beta != 0 take the tensor kernel where the
       table, measured with beta = 0, gives the fma or staged kernels,
       where 2KW/(K + W) >= 4 (below, its tiles of 16 x 8 are mostly
       padding): the staged kernels read C after their products, a load
       each warp waits for, and the tensor kernel copies C's rows with
       the chunk.  H100, 1 GiB, beta = 1, the widths 5-28 of the fma path:
       80-95 % of the roofline (the fma kernel, which then read C after its
       products too, 31-64 %); widths 1-3 lost (D 2: 79 % against 43 %).
       Not from the table's width 4, which rounds: at K x W = 3 x 5 and
       5 x 3 (3.75) the tensor kernel took 1.03-2.0 times the fma kernel's
       time, at 2 x 14 to 2 x 64 and back 0.69-1.12 (doc/data/
       gpu-h100-tsmm-beta1-width4-*.csv).  Unless TSBLAS_GPU_TSM_PATH
       forces a path. */
    if ((path == TSM_FMA || path == TSM_STAGED_SMALL || path == TSM_STAGED_LARGE)
        && !is_zero(beta)
        && (std::is_same<T, double>::value || std::is_same<T, cuDoubleComplex>::value)
        && 2 * k * w >= 4 * (k + w)
        && !tsm_path_forced())
        path = TSM_TENSOR;
    /* STSMM with a column-major T whose columns the fma and tensor
       kernels cannot copy 16 bytes at a time (T's LD or address not a
       multiple of 4 floats, or with beta != 0 C's; tsmm_copy_width) takes
       cuBLAS where the table gives either kernel, from the table's width
       21, or from 53 where the fma kernel copies T as shifted columns
       (tsmm_shifted_columns): two or four times the copies.  The table's
       STSMM column-major widths are swept with T's rows (L) a multiple of
       4.  H100, fma forced against cuBLAS: L a multiple of 4, 1 GiB,
       widths 21-64 at 0.86-1.57 times cuBLAS's speed (all but 40, 48,
       53-55 at 1.04 or more); L as 4 GiB gives it (odd or 2 mod 4),
       0.64-0.99 from width 21 and 1.01-1.56 at 12-20 (H200: 0.68-1.20 from
       21; doc/data/gpu-h*-stsmm-col-fma-4g.csv).  The tensor kernel
       forced, H100, 1 GiB, widths 22-61: L odd 0.60-0.97 times cuBLAS's
       speed, L = 2 mod 4 0.83-1.16 (doc/data/gpu-h100-stsmm-tensor-forced.csv).
       The shifted columns, H200, widths 2-64 (the L that 1 and 4 GiB
       give, doc/data/gpu-h200-stsmm-shifted-*.csv): at 21-52 0.98-1.44
       times cuBLAS's speed, at 53-64 0.78-1.05 (53-55 0.78-0.83).  Unless
       TSBLAS_GPU_TSM_PATH forces a path. */
    const int table_width = tsm_table_width(k, w);
    if ((path == TSM_FMA || path == TSM_TENSOR) && std::is_same<T, float>::value && t_sr == 1
        && table_width >= 21 && !tsm_path_forced()) {
        bool flat;
        const bool shifted =
            path == TSM_FMA && table_width < 53
            && tsmm_shifted_columns(tall, t_sr, t_sl, c, o_sr, o_sw, !is_zero(beta));
        if (tsmm_copy_width(k, tall, t_sr, t_sl, c, o_sr, o_sw, !is_zero(beta), &flat) < 4
            && !shifted)
            path = TSM_CUBLAS;
    }
    if (path == TSM_TENSOR)
        status = tsmm_tensor<T>(rows, w, k, tall, t_sr, t_sl, conj_t, small, s_sl, s_sw, conj_s,
                                alpha, beta, c, o_sr, o_sw, stream, &fits);
    if (path == TSM_FMA)
        status = tsmm_fma<T>(rows, w, k, tall, t_sr, t_sl, conj_t, small, s_sl, s_sw, conj_s,
                             alpha, beta, c, o_sr, o_sw, stream, &fits);
    else if (path == TSM_DIRECT)
        status = launch_direct<T>(rows, w, k, tall, t_sr, t_sl, conj_t, small, s_sl, s_sw,
                                  conj_s, alpha, beta, c, o_sr, o_sw, stream, &fits);
    else if (path != TSM_CUBLAS && path != TSM_TENSOR)
        status = launch_staged<T>(path, rows, w, k, tall, t_sr, t_sl, conj_t, small, s_sl, s_sw,
                                  conj_s, alpha, beta, c, o_sr, o_sw, stream, &fits);
    if (status != 0 || fits)
        return status;
    return gpu_cublas_gemm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, stream);
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
