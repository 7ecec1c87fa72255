/*
 * gpu_mtsm.cu: the xMTSM kernels, C := alpha*op(A)*op(B) + beta*C with a
 * regular (large) matrix times a block of at most 64 vectors: M and K
 * large and N small, or the mirrored product, M small and N and K large.
 *
 * Purpose
 * =======
 * Both shapes are one computation, as in gpu_tsmm.cu
 * (tsm_make_row_operands: rows r, width w, the long operand T and the
 * short S).  The regular operand T (op(A), or op(B)**T, ROWS x K) is read
 * once; the skinny one S (K x w) is read once per chunk of rows, from the
 * L2 cache.
 *
 * Why this kernel (Chen et al.'s TSM2R: the skinny operand reused across
 * the rows of a block, the next tile in flight while this one is
 * computed).  xMTSM is bound by the read of T: 2w flop per element of T,
 * at w = 16 DMTSM 4 flop per byte (12 Tflop/s at the H100's 3 TB/s).
 * cuBLAS tiles these shapes as square products and reaches 82-85 % of the
 * read roofline at widths 4-16 (issue 21).  Here a block owns all w
 * columns of a chunk of ROWS rows (so T is read once) and a range of l
 * (a split of K): it steps through its range KC values of l at a time,
 * copying each piece of T (ROWS x KC, stored l-major) and of S (KC x w,
 * stored l-major) into shared memory with asynchronous copies coalesced
 * in either storage order, MTSM_STAGES - 1 pieces in flight.  The FMA
 * kernel (S, C; D, Z forced): each thread keeps a TR x TW tile of C in
 * registers (the loads and products of tsmm_staged_kernel in
 * gpu_tsmm.cu).  The tensor kernel (D): each warp keeps a block of C in
 * the FP64 tensor cores' accumulators, 8 values of l an mma; at w = 32
 * DMTSM needs 24 Tflop/s, 70 % of the CUDA cores' FP64 rate, about a
 * third of the tensor cores'.  A square T has too few chunks of
 * rows to fill the device, so K is cut into SPLITS ranges: each block
 * writes its tile to a workspace and mtsm_sum_kernel adds the SPLITS
 * partial sums of each entry in the order of the splits,
 * C := alpha*sum + beta*C.  With one split the kernel finishes C itself.
 * Every sum runs in a fixed order given by the shape and the device:
 * bit-identical run to run.
 *
 * Arguments
 * =========
 * As xGEMM, with device arrays A, B, C, min(M, N) <= SKINNY_MAX, K >= 1
 * and alpha != 0; beta = 0 means C is not read.
 */
#include <config.h>
#include <type_traits>
#include "gpu_tsm_dmma.cuh"

namespace tsblas {

/* Pieces of T in shared memory, MTSM_STAGES - 1 in flight while one is
   computed, each of MTSM_PIECE_BYTES of T.  Few large pieces: each costs
   a wait and a barrier of the whole block.  Measured on the H200 (1 GiB,
   column-major, widths 1-16, stages:KiB): 3:32 best or within 3 points
   of the best at every width and precision but one (Z 8: 44 % against
   53 % with 3:48); 4:16 7-38 points below it, 4:8 18-48 points below;
   6:16, 6:32, 5:24 and 3:48 below it too but for Z 8 and C 16. */
const int MTSM_STAGES = 3;
const int MTSM_PIECE_BYTES = 32 * 1024;

/* Bytes of a piece of the tensor kernel, T and S together, at most: three
   stages of two blocks fit the H100's 228 KiB a multiprocessor. */
const int MTSM_TENSOR_STAGE_BYTES = 37 * 1024;

/* Rows of a chunk the tiles aim at: enough that the loads of S from
   shared memory, shared by the rows, cost little beside those of T. */
const int MTSM_CHUNK_ROWS = 512;

/* A split of K covers at least this many pieces, so that the pipeline
   is full most of its time. */
const int MTSM_MIN_PIECES = 8;

/* The workspace of the partial sums stays under this many bytes. */
const size_t MTSM_PARTIAL_BYTES_MAX = (size_t)256 << 20;

/* The layout of a block, the same on the host and in the kernel.  The
   FMA tiles: TILES_W tiles of TW across the width, TILES_R = TSM_THREADS /
   TILES_W down the rows, ROWS = TILES_R*TR rows a chunk.  The tensor
   tiles: TILES_W warps across the width, each NB = TW mma tiles of 8
   columns, TILES_R = TENSOR_WARPS / TILES_W warps down the rows, each MA =
   TR mma tiles of 16 rows.  A piece holds T as KC lines of PITCH_T (line l
   at l*PITCH_T) and S as KC lines of PITCH_S. */
struct mtsm_layout {
    int tiles_w, tiles_r, rows;
    int pitch_t, pitch_s;
    int s_lines;      /* the columns of S a piece holds, zero past W */
    int piece_elems;  /* T and S of one piece, rounded up to a vector */
};

template <typename T>
__host__ __device__ inline mtsm_layout mtsm_make_layout(bool tensor, int w, int tr, int tw,
                                                        int kc)
{
    constexpr int V = tsm_vector_elems<T>();
    mtsm_layout lay;
    if (tensor) {
        lay.tiles_w = ((w + 7) / 8 + tw - 1) / tw;
        lay.tiles_r = TENSOR_WARPS / lay.tiles_w;
        lay.rows = lay.tiles_r * 16 * tr;
        lay.s_lines = lay.tiles_w * tw * 8;
        /* Pitches of 4 past a multiple of 8 doubles (4 or 12 modulo 16):
           the 8-byte fragment loads of a warp (rows g = 0..7 of lines t =
           0..3) take two wavefronts, the fewest for 256 bytes. */
        lay.pitch_t = lay.rows + 4;
        lay.pitch_s = lay.s_lines + 4;
    } else {
        lay.tiles_w = (w + tw - 1) / tw;
        lay.tiles_r = TSM_THREADS / lay.tiles_w;
        lay.rows = lay.tiles_r * tr;
        lay.s_lines = w;
        /* One vector of padding: the lines of T start in different banks. */
        lay.pitch_t = lay.rows + V;
        lay.pitch_s = lay.tiles_w * tw;
    }
    lay.piece_elems = (kc * (lay.pitch_t + lay.pitch_s) + V - 1) / V * V;
    return lay;
}

/* One asynchronous copy of BYTES (4, 8 or 16) from global to shared
   memory, of which the first SRC_BYTES are read and the rest are zero. */
template <int BYTES>
__device__ inline void mtsm_copy(void *dst, const void *src, int src_bytes)
{
#if __CUDA_ARCH__ >= 800
    const unsigned to = (unsigned)__cvta_generic_to_shared(dst);
    if constexpr (BYTES == 16)
        cp_async_cg16(to, src, src_bytes);
    else
        cp_async_ca<BYTES>(to, src, src_bytes);
#else
    for (int b = 0; b < BYTES; b++)
        ((char *)dst)[b] = b < src_bytes ? ((const char *)src)[b] : 0;
#endif
}

/*
 * The copy of a piece of a column-major T (t_sr == 1): ROWS x KC, column l
 * at DST + l*PITCH, in vectors of G elements (G*sizeof(T) bytes, as the
 * alignment of T and of its columns allows).  The issue rate of the
 * copies is what limits the narrow widths (H200, 1 GiB, element by element
 * with the general walk of tsm_issue_copies: SMTSM 38 %, DMTSM 66 % of the
 * read roofline at width 1), so the walk is fixed per thread: vector RV of
 * the column and every L_GROUPS-th column from LG, a pointer step and one
 * copy each.  Rows past NROWS and columns past L_END are zero.
 */
template <typename T, int G>
__device__ inline void mtsm_copy_columns(const T *tall, idx_t t_sl, idx_t r0, idx_t nrows,
                                         idx_t l0, idx_t l_end, int rows, int kc, T *dst,
                                         int pitch)
{
    const int vectors = rows / G;
    const int lanes = vectors < TSM_THREADS ? vectors : TSM_THREADS;
    const int l_groups = TSM_THREADS / lanes;
    const int lg = (int)threadIdx.x / lanes;
    const int l_count = l_end - l0 < kc ? (int)(l_end - l0) : kc;

    if (lg >= l_groups)
        return;
    for (int rv = (int)threadIdx.x % lanes; rv < vectors; rv += lanes) {
        const idx_t r = r0 + rv * G;
        const int valid = r >= nrows ? 0
                          : nrows - r < G ? (int)(nrows - r) * (int)sizeof(T)
                                          : G * (int)sizeof(T);
        const T *src = tall + r + (l0 + lg) * t_sl;
        T *to = dst + lg * pitch + rv * G;
        for (int l = lg; l < kc; l += l_groups) {
            mtsm_copy<G * sizeof(T)>(to, l < l_count && valid > 0 ? src : tall,
                                     l < l_count ? valid : 0);
            src += l_groups * t_sl;
            to += l_groups * pitch;
        }
    }
}

/* The FMA tile: each thread a TR x TW tile of C in registers, its rows
   and columns spread across the block (the loads and products of
   tsmm_staged_kernel in gpu_tsmm.cu). */
template <typename T, int TR, int TW>
struct mtsm_fma_tile {
    typedef typename scalar_info<T>::real real;
    static constexpr bool tensor = false;
    static constexpr int min_blocks = 1;
    static constexpr int tr = TR, tw = TW;  /* of mtsm_make_layout */
    static constexpr int VR = tsm_load_elems<T, TR>(), VW = tsm_load_elems<T, TW>();
    T acc[TR][TW];
    int tile_r, tile_j;
    bool computes;

    __device__ mtsm_fma_tile(const mtsm_layout &lay, bool rows_fastest)
    {
        const int t = threadIdx.x;
        /* Consecutive threads along the contiguous direction of the
           output, so that the stores of a warp are runs of memory. */
        tile_r = rows_fastest ? t % lay.tiles_r : t / lay.tiles_w;
        tile_j = rows_fastest ? t / lay.tiles_r : t % lay.tiles_w;
        computes = tile_r < lay.tiles_r && tile_j < lay.tiles_w;
#pragma unroll
        for (int ii = 0; ii < TR; ii++)
#pragma unroll
            for (int jj = 0; jj < TW; jj++)
                acc[ii][jj] = zero<T>();
    }

    __device__ void product(const T *piece_t, const T *piece_s, const mtsm_layout &lay, int kc,
                            real sign_t, real sign_s)
    {
        if (!computes)
            return;
#pragma unroll 2
        for (int l = 0; l < kc; l++) {
            T tv[TR], sv[TW];
#pragma unroll
            for (int v = 0; v < TR / VR; v++)
                tsm_load_vector<T, VR>(piece_t + l * lay.pitch_t + (v * lay.tiles_r + tile_r) * VR,
                                       tv + v * VR);
#pragma unroll
            for (int u = 0; u < TW / VW; u++)
                tsm_load_vector<T, VW>(piece_s + l * lay.pitch_s + (u * lay.tiles_w + tile_j) * VW,
                                       sv + u * VW);
#pragma unroll
            for (int ii = 0; ii < TR; ii++)
                tsm_conj_sign(tv[ii], sign_t);
#pragma unroll
            for (int jj = 0; jj < TW; jj++)
                tsm_conj_sign(sv[jj], sign_s);
#pragma unroll
            for (int ii = 0; ii < TR; ii++)
#pragma unroll
                for (int jj = 0; jj < TW; jj++)
                    acc[ii][jj] = fma_acc(acc[ii][jj], tv[ii], sv[jj]);
        }
    }

    /* F(row, column, value) for each entry of the tile, its row and
       column those of the chunk. */
    template <typename F>
    __device__ void for_each(const mtsm_layout &lay, F f) const
    {
        if (!computes)
            return;
#pragma unroll
        for (int ii = 0; ii < TR; ii++)
#pragma unroll
            for (int jj = 0; jj < TW; jj++)
                f(((ii / VR) * lay.tiles_r + tile_r) * VR + ii % VR,
                  ((jj / VW) * lay.tiles_w + tile_j) * VW + jj % VW, acc[ii][jj]);
    }
};

/* The tensor tile (DMTSM): each warp an MA x NB block of 16 x 8 mma tiles
   of C in its accumulators; along l, 8 values a 16x8x8 mma (the fragment
   layout of dmma_16x8x8). */
template <int MA, int NB>
struct mtsm_tensor_tile {
    static constexpr bool tensor = true;
    /* Two blocks a multiprocessor (with MTSM_TENSOR_STAGE_BYTES): with
       one, its 8 warps idle at each piece's barrier (H100, 1 GiB: widths
       25-32 at 63 % of the roofline with one block, 78 % with two). */
    static constexpr int min_blocks = 2;
    static constexpr int tr = MA, tw = NB;  /* of mtsm_make_layout */
    double acc[MA][NB][4];
    int row0, col0, g, t;

    __device__ mtsm_tensor_tile(const mtsm_layout &lay, bool)
    {
        const int warp = (int)threadIdx.x / 32, lane = (int)threadIdx.x % 32;
        row0 = warp / lay.tiles_w * 16 * MA;
        col0 = warp % lay.tiles_w * 8 * NB;
        g = lane / 4;
        t = lane % 4;
#pragma unroll
        for (int i = 0; i < MA; i++)
#pragma unroll
            for (int j = 0; j < NB; j++)
#pragma unroll
                for (int e = 0; e < 4; e++)
                    acc[i][j][e] = 0;
    }

    __device__ void product(const double *piece_t, const double *piece_s, const mtsm_layout &lay,
                            int kc, double, double)
    {
        const double *a = piece_t + t * lay.pitch_t + row0 + g;
        const double *b = piece_s + t * lay.pitch_s + col0 + g;
        const int a4 = 4 * lay.pitch_t, b4 = 4 * lay.pitch_s;
        /* Not unrolled: two blocks' worth of registers (128) hold the
           accumulators and one step's fragments. */
#pragma unroll 1
        for (int l = 0; l < kc; l += 8) {
            double af[MA][4], bf[NB][2];
#pragma unroll
            for (int i = 0; i < MA; i++) {
                af[i][0] = a[16 * i];
                af[i][1] = a[16 * i + 8];
                af[i][2] = a[a4 + 16 * i];
                af[i][3] = a[a4 + 16 * i + 8];
            }
#pragma unroll
            for (int j = 0; j < NB; j++) {
                bf[j][0] = b[8 * j];
                bf[j][1] = b[b4 + 8 * j];
            }
#pragma unroll
            for (int i = 0; i < MA; i++)
#pragma unroll
                for (int j = 0; j < NB; j++)
                    dmma_16x8x8(acc[i][j], af[i], bf[j]);
            a += 2 * a4;
            b += 2 * b4;
        }
    }

    /* As mtsm_fma_tile::for_each. */
    template <typename F>
    __device__ void for_each(const mtsm_layout &, F f) const
    {
#pragma unroll
        for (int i = 0; i < MA; i++)
#pragma unroll
            for (int j = 0; j < NB; j++)
#pragma unroll
                for (int e = 0; e < 4; e++)
                    f(row0 + 16 * i + g + 8 * (e / 2), col0 + 8 * j + 2 * t + e % 2,
                      acc[i][j][e]);
    }
};

/* The kernel, with the tile of TILE (mtsm_fma_tile or mtsm_tensor_tile). */
template <typename T, typename TILE>
__global__ void __launch_bounds__(TSM_THREADS, TILE::min_blocks)
mtsm_kernel(idx_t nrows, int w, idx_t k, int kc, idx_t k_split, int g,
            const T *tall, idx_t t_sr, idx_t t_sl, typename scalar_info<T>::real sign_t,
            const T *small, idx_t s_sl, idx_t s_sw, typename scalar_info<T>::real sign_s,
            T alpha, T beta, T *out, idx_t o_sr, idx_t o_sw, T *partial)
{
    const mtsm_layout lay = mtsm_make_layout<T>(TILE::tensor, w, TILE::tr, TILE::tw, kc);
    const bool rows_fastest = o_sr == 1;
    const idx_t r0 = (idx_t)blockIdx.x * lay.rows;
    const idx_t l_begin = (idx_t)blockIdx.y * k_split;
    const idx_t l_end = l_begin + k_split < k ? l_begin + k_split : k;
    const int pieces = (int)((l_end - l_begin + kc - 1) / kc);
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *shared = reinterpret_cast<T *>(shared_bytes);
    const tsm_copy_plan plan_t = tsm_make_copy_plan(lay.rows, kc, t_sr == 1);
    const tsm_copy_plan plan_s = tsm_make_copy_plan(lay.s_lines, kc, s_sw == 1);
    TILE tile(lay, rows_fastest);

    /* Piece P into its stage: T's rows R0.. and S's columns, l from
       L_BEGIN + P*KC; zeros past the ends, so every piece is KC long. */
    auto issue = [&](int p) {
        T *piece = shared + (p % MTSM_STAGES) * lay.piece_elems;
        const idx_t l0 = l_begin + (idx_t)p * kc;
        constexpr int V = tsm_vector_elems<T>();
        if (t_sr != 1)
            tsm_issue_copies(plan_t, tall, t_sr, t_sl, r0, nrows, l0, l_end, piece, 1,
                             lay.pitch_t);
        else if (V >= 4 && g == 4)
            mtsm_copy_columns<T, V >= 4 ? 4 : 1>(tall, t_sl, r0, nrows, l0, l_end, lay.rows,
                                                 kc, piece, lay.pitch_t);
        else if (V >= 2 && g == 2)
            mtsm_copy_columns<T, V >= 2 ? 2 : 1>(tall, t_sl, r0, nrows, l0, l_end, lay.rows,
                                                 kc, piece, lay.pitch_t);
        else
            mtsm_copy_columns<T, 1>(tall, t_sl, r0, nrows, l0, l_end, lay.rows, kc, piece,
                                    lay.pitch_t);
        tsm_issue_copies(plan_s, small, s_sw, s_sl, 0, w, l0, l_end, piece + kc * lay.pitch_t,
                         1, lay.pitch_s);
    };

    for (int p = 0; p < MTSM_STAGES - 1; p++) {
        if (p < pieces)
            issue(p);
        else
            tsm_commit_copies();
    }
    for (int p = 0; p < pieces; p++) {
        const T *piece_t = shared + (p % MTSM_STAGES) * lay.piece_elems;

        /* Piece P has landed (at most MTSM_STAGES - 2 younger groups in
           flight); after the barrier every thread is done with piece
           P - 1, whose stage the copies of piece P + MTSM_STAGES - 1
           take. */
        tsm_wait_copies<MTSM_STAGES - 2>();
        __syncthreads();
        if (p + MTSM_STAGES - 1 < pieces)
            issue(p + MTSM_STAGES - 1);
        else
            tsm_commit_copies();
        tile.product(piece_t, piece_t + kc * lay.pitch_t, lay, kc, sign_t, sign_s);
    }
    tsm_wait_copies<0>();

    /* The partial sums lie as the output does: column-major (r fastest)
       or row-major. */
    T *part = partial != NULL ? partial + (idx_t)blockIdx.y * nrows * w : NULL;
    tile.for_each(lay, [&](int i, int j, const T &x) {
        const idx_t r = r0 + i;
        if (r < nrows && j < w) {
            if (part != NULL) {
                part[rows_fastest ? r + j * nrows : r * w + j] = x;
            } else {
                T *o = out + r * o_sr + j * o_sw;
                *o = scale_add(alpha, x, beta, o);
            }
        }
    });
}

/* out := alpha*(the sum of the SPLITS partial sums, in their order) +
   beta*out, over the NROWS x W entries, laid out as in mtsm_kernel. */
template <typename T>
__global__ void __launch_bounds__(TSM_THREADS)
mtsm_sum_kernel(idx_t nrows, int w, int splits, const T *partial, T alpha, T beta, T *out,
                idx_t o_sr, idx_t o_sw)
{
    const idx_t entries = nrows * w;
    const bool rows_fastest = o_sr == 1;

    for (idx_t e = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; e < entries;
         e += (idx_t)gridDim.x * blockDim.x) {
        T s = partial[e];
        for (int p = 1; p < splits; p++)
            s = add(s, partial[p * entries + e]);
        const idx_t r = rows_fastest ? e % nrows : e / w;
        const idx_t j = rows_fastest ? e / nrows : e % w;
        T *o = out + r * o_sr + j * o_sw;
        *o = scale_add(alpha, s, beta, o);
    }
}

/* ---- the tiles of a call ---- */

template <typename T>
struct mtsm_kernel_ptr {
    typedef void (*type)(idx_t, int, idx_t, int, idx_t, int, const T *, idx_t, idx_t,
                         typename scalar_info<T>::real, const T *, idx_t, idx_t,
                         typename scalar_info<T>::real, T, T, T *, idx_t, idx_t, T *);
};

/* The FMA tiles.  TW: the smallest power of two >= w, at most 8 (Z: 4,
   whose elements take four registers each).  TR: the smallest power of
   two from 2 that gives chunks of MTSM_CHUNK_ROWS rows, at most the same
   edge.  The pairs that occur: TW 1, 2, 4 and 8 with TR 2 (one tile
   across the width), then (4, 8) and (8, 8); Z (2, 1), (2, 2), (2, 4),
   (4, 4). */
template <typename T>
static int mtsm_edge()
{
    return sizeof(T) > 8 ? 4 : 8;
}

template <typename T>
static void mtsm_fma_tiles(idx_t w, int *tr, int *tw)
{
    const int edge = mtsm_edge<T>();
    *tw = tsm_tile_side(w, edge);
    const int tiles_r = TSM_THREADS / (int)((w + *tw - 1) / *tw);
    *tr = 2;
    while (*tr < edge && tiles_r * *tr < MTSM_CHUNK_ROWS)
        *tr *= 2;
}

template <typename T>
static typename mtsm_kernel_ptr<T>::type mtsm_fma_kernel_of(int tr, int tw)
{
    if (tr == 2) {
        switch (tw) {
        case 1:
            return mtsm_kernel<T, mtsm_fma_tile<T, 2, 1>>;
        case 2:
            return mtsm_kernel<T, mtsm_fma_tile<T, 2, 2>>;
        case 4:
            return mtsm_kernel<T, mtsm_fma_tile<T, 2, 4>>;
        }
    }
    if constexpr (sizeof(T) > 8)
        return mtsm_kernel<T, mtsm_fma_tile<T, 4, 4>>;
    else {
        if (tr == 2)
            return mtsm_kernel<T, mtsm_fma_tile<T, 2, 8>>;
        return tr == 4 ? mtsm_kernel<T, mtsm_fma_tile<T, 4, 8>>
                       : mtsm_kernel<T, mtsm_fma_tile<T, 8, 8>>;
    }
}

/* The tensor tiles: MA = 2 mma tiles (32 rows) a warp; the 8-column mma
   tiles across the width on one warp (NB = all of them, up to 4: chunks
   of 256 rows) or two (NB = half of them: chunks of 128 rows). */
static void mtsm_tensor_tiles(idx_t w, int *ma, int *nb)
{
    const int tiles = (int)((w + 7) / 8);
    *ma = 2;
    *nb = tiles <= 4 ? tiles : (tiles + 1) / 2;
}

template <typename T>
static typename mtsm_kernel_ptr<T>::type mtsm_tensor_kernel_of(int nb)
{
    if constexpr (std::is_same<T, double>::value) {
        switch (nb) {
        case 1:
            return mtsm_kernel<T, mtsm_tensor_tile<2, 1>>;
        case 2:
            return mtsm_kernel<T, mtsm_tensor_tile<2, 2>>;
        case 3:
            return mtsm_kernel<T, mtsm_tensor_tile<2, 3>>;
        default:
            return mtsm_kernel<T, mtsm_tensor_tile<2, 4>>;
        }
    }
    return NULL;
}

/* Which calls take which kernel: DMTSM the tensor kernel at widths
   TENSOR_MIN to TENSOR_MAX of the GPU (0: none), the FMA kernel at widths
   2 to FMA_MAX of the GPU and precision (S, D, C, Z), cuBLAS elsewhere.
   A GPU that no tuned table of paths names counts as the H100, as for
   those tables.  From the kernels forced against cuBLAS, both orders,
   1 GiB and 4 GiB.  H100, the FMA kernel at widths 1-64
   (doc/data/gpu-h100-mtsm-forced.csv): cuBLAS is faster at both sizes at
   width 1 (its matrix-vector kernels; ours 0.91-0.98x), at S 17 and up,
   C 9 and up (the tiles of two or more across the width: ours
   0.25-0.99x) and at every width of Z (0.25-0.96x; cuBLAS has the FP64
   tensor cores); ours is faster at one size at least everywhere else
   (S 2-16 0.96-2.23x, C 2-8 1.12-1.54x).  H100, the tensor kernel at D
   widths 2-64 (doc/data/gpu-h100-dmtsm-tensor.csv): 0.97-1.31x cuBLAS at
   2-32 and faster than the FMA kernel there (2-8: 87-91 % of the
   roofline against 82-88 %); from 33, two warps across the width,
   0.77-1.08x, 0.61-0.89x from 49.  H200, the FMA kernel run with the
   H100's widths (doc/data/gpu-h200-mtsm.csv): ours faster at S 2-16
   (0.94-3.00x), C 2-8 (1.10-2.08x); the tensor kernel
   (doc/data/gpu-h200-dmtsm-tensor.csv): 0.95-1.31x cuBLAS at 2-24 and
   faster than the FMA kernel there, 0.83-1.23x at 25-32, 0.55-1.03x
   beyond.  TSBLAS_GPU_TSM_PATH = cublas sends every call to
   cuBLAS, tensor (or tensor-rows) DMTSM to the tensor kernel, any other
   path it names to the FMA kernel. */
struct mtsm_widths {
    const char *device;  /* as tsm_tuned_device names it */
    int tensor_min, tensor_max;
    int fma_max[4];
};
static const mtsm_widths mtsm_widths_of[] = {
    { "NVIDIA H100 80GB HBM3", 2, 32, { 16, 0, 8, 0 } },
    { "NVIDIA H200", 2, 24, { 16, 0, 8, 0 } },
};

static enum tsm_path mtsm_path_of(int precision, idx_t w)
{
    const int forced = tsm_forced_path();
    const char *device = tsm_tuned_device();
    const bool is_d = precision == tsm_precision<double>::index;
    /* Before sm_80 the tensor kernel compiles to nothing: a call forced to
       it takes the FMA kernel, the table's calls cuBLAS. */
    const bool has_tensor = is_d && tsm_device_has_chunk_kernels();
    if (forced >= 0)
        return forced == TSM_CUBLAS                  ? TSM_CUBLAS
               : forced == TSM_TENSOR && has_tensor ? TSM_TENSOR
                                                    : TSM_FMA;
    for (size_t i = 0; i < sizeof mtsm_widths_of / sizeof mtsm_widths_of[0]; i++) {
        const mtsm_widths &x = mtsm_widths_of[i];
        if (strcmp(device, x.device) != 0)
            continue;
        if (is_d && x.tensor_min > 0 && w >= x.tensor_min && w <= x.tensor_max)
            return has_tensor ? TSM_TENSOR : TSM_CUBLAS;
        return w >= 2 && w <= x.fma_max[precision] ? TSM_FMA : TSM_CUBLAS;
    }
    return TSM_CUBLAS;
}

/* The length of a split of K for the tensor kernel, whose one or two
   blocks a multiprocessor make few resident slots: of the lengths (each a
   multiple of KC) that cut K into 1 to MOST splits, at most SLOTS, the one
   with the least time in units of a read of T, the kernel's (its waves of
   SLOTS blocks over CHUNKS*splits blocks of equal work) plus the sums'
   (each split's partial sums written and read, PARTIAL of T's bytes). */
static idx_t mtsm_tensor_k_split(idx_t k, int kc, idx_t chunks, idx_t slots, idx_t most,
                                 double partial)
{
    idx_t best = 0;
    double best_time = 0;
    for (idx_t s = 1; s <= most && s <= slots; s++) {
        const idx_t k_split = ((k + s - 1) / s + kc - 1) / kc * kc;
        const idx_t splits = (k + k_split - 1) / k_split;
        const idx_t blocks = chunks * splits, waves = (blocks + slots - 1) / slots;
        const double time = (double)(waves * slots) / (double)blocks
                            + (splits > 1 ? 2.0 * (double)splits * partial : 0.0);
        if (best == 0 || time < best_time) {
            best = k_split;
            best_time = time;
        }
    }
    return best;
}

template <typename T>
int gpu_mtsm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k, T alpha,
             const T *a, idx_t lda, const T *b, idx_t ldb, T beta, T *c, idx_t ldc,
             cudaStream_t stream)
{
    typedef typename scalar_info<T>::real real;
    const tsm_row_operands<T> x = tsm_make_row_operands<T>(opa, opb, m, n, a, lda, b, ldb, ldc);
    const idx_t nrows = x.rows, w = x.w;
    const T *tall = x.tall, *small = x.small;
    const idx_t t_sr = x.t_sr, t_sl = x.t_sl, s_sl = x.s_sl, s_sw = x.s_sw;
    const idx_t o_sr = x.o_sr, o_sw = x.o_sw;
    const bool conj_t = x.conj_t, conj_s = x.conj_s;
    const enum tsm_path path = mtsm_path_of(tsm_precision<T>::index, w);
    const bool tensor = path == TSM_TENSOR;
    int tr, tw, blocks_per_sm = 0, status;
    void *workspace = NULL;
    typename mtsm_kernel_ptr<T>::type kernel;

    if (path == TSM_CUBLAS)
        return gpu_cublas_gemm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
                                  stream);
    if (tensor) {
        mtsm_tensor_tiles(w, &tr, &tw);
        kernel = mtsm_tensor_kernel_of<T>(tw);
    } else {
        mtsm_fma_tiles<T>(w, &tr, &tw);
        kernel = mtsm_fma_kernel_of<T>(tr, tw);
    }
    const mtsm_layout line = mtsm_make_layout<T>(tensor, (int)w, tr, tw, 1);
    const int rows = line.rows;
    /* KC: pieces of MTSM_PIECE_BYTES of T; where T's rows are its
       contiguous direction, runs of 64 bytes or more along them.  The
       tensor kernel: the most lines, a multiple of 8 (the k of its mma),
       within MTSM_TENSOR_STAGE_BYTES; zeros pad a piece past K. */
    const int kc_step = tensor ? 8 : 1;
    int kc = tensor ? MTSM_TENSOR_STAGE_BYTES / (line.piece_elems * (int)sizeof(T)) / 8 * 8
                    : MTSM_PIECE_BYTES / (line.pitch_t * (int)sizeof(T));
    if (t_sr != 1 && kc * (int)sizeof(T) < 64)
        kc = 64 / (int)sizeof(T);
    if (kc < kc_step)
        kc = kc_step;
    if (kc > k)
        kc = (int)((k + kc_step - 1) / kc_step * kc_step);
    /* Fewer values of l a piece on a device with less shared memory a
       block; cuBLAS where not even one fits. */
    int device, shared_limit = 0;
    cudaError_t err = cudaGetDevice(&device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&shared_limit, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                     device);
    if (err != cudaSuccess)
        return cuda_failure("xMTSM device attributes", err);
    auto shared_of = [&](int l_values) {
        return (size_t)MTSM_STAGES
               * mtsm_make_layout<T>(tensor, (int)w, tr, tw, l_values).piece_elems * sizeof(T);
    };
    while (kc > kc_step && shared_of(kc) > (size_t)shared_limit)
        kc -= kc_step;
    if (shared_of(kc) > (size_t)shared_limit)
        return gpu_cublas_gemm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
                                  stream);
    const size_t shared = shared_of(kc);
    /* Copies of G elements: the widest vector that T's base, its LD and
       the chunks of rows keep aligned. */
    int g = tsm_vector_elems<T>();
    while (g > 1 && ((uintptr_t)tall % (g * sizeof(T)) != 0 || t_sl % g != 0 || rows % g != 0))
        g /= 2;

    /* All the shared memory the device gives, so that as many blocks as
       the registers allow are resident. */
    status = tsm_prefer_max_shared((const void *)kernel, "xMTSM kernel attributes");
    if (status == 0)
        status = tsm_blocks_per_sm((const void *)kernel, shared, &blocks_per_sm);
    if (status != 0)
        return status;
    /* Splits of K: as many as fill the device's resident blocks in one
       wave with the chunks of rows (the tensor kernel:
       mtsm_tensor_k_split), each at least MTSM_MIN_PIECES pieces, their
       partial sums within MTSM_PARTIAL_BYTES_MAX. */
    const idx_t chunks = (nrows + rows - 1) / rows;
    const idx_t slots = fill_grid(blocks_per_sm, (idx_t)1 << 40);
    const size_t partial_bytes = (size_t)(nrows * w) * sizeof(T);
    idx_t most = k / ((idx_t)kc * MTSM_MIN_PIECES);
    if (most > (idx_t)(MTSM_PARTIAL_BYTES_MAX / partial_bytes))
        most = (idx_t)(MTSM_PARTIAL_BYTES_MAX / partial_bytes);
    if (most < 1)
        most = 1;
    idx_t k_split;
    if (tensor) {
        k_split = mtsm_tensor_k_split(k, kc, chunks, slots, most, (double)w / (double)k);
    } else {
        idx_t even = chunks < slots ? slots / chunks : 1;
        if (even > most)
            even = most;
        k_split = ((k + even - 1) / even + kc - 1) / kc * kc;
    }
    const idx_t splits = (k + k_split - 1) / k_split;

    if (splits > 1) {
        status = workspace_acquire(&workspace, (size_t)splits * partial_bytes, stream);
        if (status != 0)
            return status;
    }
    kernel<<<dim3((unsigned)chunks, (unsigned)splits), TSM_THREADS, shared, stream>>>(
        nrows, (int)w, k, kc, k_split, g, tall, t_sr, t_sl, (real)(conj_t ? -1 : 1), small, s_sl,
        s_sw, (real)(conj_s ? -1 : 1), alpha, beta, c, o_sr, o_sw, (T *)workspace);
    status = launch_status("xMTSM kernel");
    if (status == 0 && splits > 1) {
        const idx_t blocks = fill_grid(4, (nrows * w + TSM_THREADS - 1) / TSM_THREADS);
        mtsm_sum_kernel<T><<<(unsigned)blocks, TSM_THREADS, 0, stream>>>(
            nrows, (int)w, (int)splits, (const T *)workspace, alpha, beta, c, o_sr, o_sw);
        status = launch_status("xMTSM sums");
    }
    if (workspace != NULL && workspace_release(workspace, stream) != 0 && status == 0)
        status = tsblas_last_error();
    return status;
}

template int gpu_mtsm<float>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t, float,
                             const float *, idx_t, const float *, idx_t, float, float *, idx_t,
                             cudaStream_t);
template int gpu_mtsm<double>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t, double,
                              const double *, idx_t, const double *, idx_t, double, double *,
                              idx_t, cudaStream_t);
template int gpu_mtsm<cuFloatComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                      cuFloatComplex, const cuFloatComplex *, idx_t,
                                      const cuFloatComplex *, idx_t, cuFloatComplex,
                                      cuFloatComplex *, idx_t, cudaStream_t);
template int gpu_mtsm<cuDoubleComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                       cuDoubleComplex, const cuDoubleComplex *, idx_t,
                                       const cuDoubleComplex *, idx_t, cuDoubleComplex,
                                       cuDoubleComplex *, idx_t, cudaStream_t);

} /* namespace tsblas */
