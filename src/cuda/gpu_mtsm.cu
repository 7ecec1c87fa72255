/*
 * gpu_mtsm.cu: the xMTSM kernel, C := alpha*op(A)*op(B) + beta*C with a
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
 * in either storage order, MTSM_STAGES - 1 pieces in flight, and each thread
 * keeps a TR x TW tile of C in registers (the loads and products of
 * tsmm_staged_kernel in gpu_tsmm.cu).  A square T has too few chunks of
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
#include "gpu_tsmttsm_tsmm_common.cuh"

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

/* Rows of a chunk the tiles aim at: enough that the loads of S from
   shared memory, shared by the rows, cost little beside those of T. */
const int MTSM_CHUNK_ROWS = 512;

/* A split of K covers at least this many pieces, so that the pipeline
   is full most of its time. */
const int MTSM_MIN_PIECES = 8;

/* The workspace of the partial sums stays under this many bytes. */
const size_t MTSM_PARTIAL_BYTES_MAX = (size_t)256 << 20;

/* The layout of a block, the same on the host and in the kernel:
   TILES_W tiles of TW across the width, TILES_R = TSM_THREADS / TILES_W
   down the rows, ROWS = TILES_R*TR rows a chunk; a piece holds T as KC
   lines of PITCH_T (line l at l*PITCH_T) and S as KC lines of PITCH_S. */
struct mtsm_layout {
    int tiles_w, tiles_r, rows;
    int pitch_t, pitch_s;
    int piece_elems;  /* T and S of one piece, rounded up to a vector */
};

template <typename T>
__host__ __device__ inline mtsm_layout mtsm_make_layout(int w, int tr, int tw, int kc)
{
    constexpr int V = tsm_vector_elems<T>();
    mtsm_layout lay;
    lay.tiles_w = (w + tw - 1) / tw;
    lay.tiles_r = TSM_THREADS / lay.tiles_w;
    lay.rows = lay.tiles_r * tr;
    /* One vector of padding: the lines of T start in different banks. */
    lay.pitch_t = lay.rows + V;
    lay.pitch_s = lay.tiles_w * tw;
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

template <typename T, int TR, int TW>
__global__ void __launch_bounds__(TSM_THREADS)
mtsm_kernel(idx_t nrows, int w, idx_t k, int kc, idx_t k_split, int g, const T *tall,
            idx_t t_sr, idx_t t_sl, typename scalar_info<T>::real sign_t, const T *small,
            idx_t s_sl, idx_t s_sw, typename scalar_info<T>::real sign_s, T alpha, T beta,
            T *out, idx_t o_sr, idx_t o_sw, T *partial)
{
    constexpr int VR = tsm_load_elems<T, TR>(), VW = tsm_load_elems<T, TW>();
    const mtsm_layout lay = mtsm_make_layout<T>(w, TR, TW, kc);
    const int t = threadIdx.x;
    /* Consecutive threads along the contiguous direction of the output,
       so that the stores of a warp are runs of memory. */
    const bool rows_fastest = o_sr == 1;
    const int tile_r = rows_fastest ? t % lay.tiles_r : t / lay.tiles_w;
    const int tile_j = rows_fastest ? t / lay.tiles_r : t % lay.tiles_w;
    const bool computes = tile_r < lay.tiles_r && tile_j < lay.tiles_w;
    const idx_t r0 = (idx_t)blockIdx.x * lay.rows;
    const idx_t l_begin = (idx_t)blockIdx.y * k_split;
    const idx_t l_end = l_begin + k_split < k ? l_begin + k_split : k;
    const int pieces = (int)((l_end - l_begin + kc - 1) / kc);
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *shared = reinterpret_cast<T *>(shared_bytes);
    const tsm_copy_plan plan_t = tsm_make_copy_plan(lay.rows, kc, t_sr == 1);
    const tsm_copy_plan plan_s = tsm_make_copy_plan(w, kc, s_sw == 1);
    T acc[TR][TW];

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

#pragma unroll
    for (int ii = 0; ii < TR; ii++)
#pragma unroll
        for (int jj = 0; jj < TW; jj++)
            acc[ii][jj] = zero<T>();

    for (int p = 0; p < MTSM_STAGES - 1; p++) {
        if (p < pieces)
            issue(p);
        else
            tsm_commit_copies();
    }
    for (int p = 0; p < pieces; p++) {
        const T *piece_t = shared + (p % MTSM_STAGES) * lay.piece_elems;
        const T *piece_s = piece_t + kc * lay.pitch_t;

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
        if (computes) {
#pragma unroll 2
            for (int l = 0; l < kc; l++) {
                T tv[TR], sv[TW];
#pragma unroll
                for (int v = 0; v < TR / VR; v++)
                    tsm_load_vector<T, VR>(
                        piece_t + l * lay.pitch_t + (v * lay.tiles_r + tile_r) * VR, tv + v * VR);
#pragma unroll
                for (int u = 0; u < TW / VW; u++)
                    tsm_load_vector<T, VW>(
                        piece_s + l * lay.pitch_s + (u * lay.tiles_w + tile_j) * VW, sv + u * VW);
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
    }
    tsm_wait_copies<0>();

    if (!computes)
        return;
    /* The partial sums lie as the output does: column-major (r fastest)
       or row-major. */
    T *part = partial != NULL ? partial + (idx_t)blockIdx.y * nrows * w : NULL;
#pragma unroll
    for (int ii = 0; ii < TR; ii++) {
        const idx_t r = r0 + ((ii / VR) * lay.tiles_r + tile_r) * VR + ii % VR;
#pragma unroll
        for (int jj = 0; jj < TW; jj++) {
            const int j = ((jj / VW) * lay.tiles_w + tile_j) * VW + jj % VW;
            if (r < nrows && j < w) {
                if (part != NULL) {
                    part[rows_fastest ? r + j * nrows : r * w + j] = acc[ii][jj];
                } else {
                    T *o = out + r * o_sr + j * o_sw;
                    *o = scale_add(alpha, acc[ii][jj], beta, o);
                }
            }
        }
    }
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

/* TW: the smallest power of two >= w, at most 8 (Z: 4, whose elements
   take four registers each).  TR: the smallest power of two from 2 that
   gives chunks of MTSM_CHUNK_ROWS rows, at most the same edge.  The
   pairs that occur: TW 1, 2, 4 and 8 with TR 2 (one tile across the
   width), then (4, 8) and (8, 8); Z (2, 1), (2, 2), (2, 4), (4, 4). */
template <typename T>
static int mtsm_edge()
{
    return sizeof(T) > 8 ? 4 : 8;
}

template <typename T>
static void mtsm_tiles(idx_t w, int *tr, int *tw)
{
    const int edge = mtsm_edge<T>();
    *tw = tsm_tile_side(w, edge);
    const int tiles_r = TSM_THREADS / (int)((w + *tw - 1) / *tw);
    *tr = 2;
    while (*tr < edge && tiles_r * *tr < MTSM_CHUNK_ROWS)
        *tr *= 2;
}

template <typename T>
static typename mtsm_kernel_ptr<T>::type mtsm_kernel_of(int tr, int tw)
{
    if (tr == 2) {
        switch (tw) {
        case 1:
            return mtsm_kernel<T, 2, 1>;
        case 2:
            return mtsm_kernel<T, 2, 2>;
        case 4:
            return mtsm_kernel<T, 2, 4>;
        }
    }
    if constexpr (sizeof(T) > 8)
        return mtsm_kernel<T, 4, 4>;
    else {
        if (tr == 2)
            return mtsm_kernel<T, 2, 8>;
        return tr == 4 ? mtsm_kernel<T, 4, 8> : mtsm_kernel<T, 8, 8>;
    }
}

/* Which calls take the kernel: widths 2 to the largest of the GPU and
   precision (S, D, C, Z); the others take cuBLAS.  A GPU that no tuned
   table of paths names counts as the H100, as for those tables.  From
   the kernel forced against cuBLAS at widths 1-64, both orders, 1 GiB and
   4 GiB, on the H100 (doc/data/gpu-h100-mtsm-forced.csv): cuBLAS is
   faster at both sizes at width 1 (its matrix-vector kernels; ours
   0.91-0.98x), at S 17 and up, D and C 9 and up (the tiles of two or more
   across the width: ours 0.25-0.99x) and at every width of Z
   (0.25-0.96x; cuBLAS has the FP64 tensor cores); ours is faster at one
   size at least everywhere else (S 2-16 0.96-2.23x, D 2-8 0.96-1.07x,
   C 2-8 1.12-1.54x).  On the H200, run with the H100's
   widths (doc/data/gpu-h200-mtsm.csv), cuBLAS was faster at D 5-8 at
   both sizes (ours 0.81-0.94x), and ours at S 2-16 (0.94-3.00x), C 2-8
   (1.10-2.08x) and D 2-4 (0.92-1.08x).  TSBLAS_GPU_TSM_PATH = cublas
   sends every call to cuBLAS, any other path it names to this kernel. */
struct mtsm_widths {
    const char *device;  /* as tsm_tuned_device names it */
    int width_max[4];
};
static const mtsm_widths mtsm_widths_of[] = {
    { "NVIDIA H100 80GB HBM3", { 16, 8, 8, 0 } },
    { "NVIDIA H200", { 16, 4, 8, 0 } },
};

static bool mtsm_takes(int precision, idx_t w)
{
    const int forced = tsm_forced_path();
    const char *device = tsm_tuned_device();
    if (forced >= 0)
        return forced != TSM_CUBLAS;
    for (size_t i = 0; i < sizeof mtsm_widths_of / sizeof mtsm_widths_of[0]; i++)
        if (strcmp(device, mtsm_widths_of[i].device) == 0)
            return w >= 2 && w <= mtsm_widths_of[i].width_max[precision];
    return false;
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
    int tr, tw, blocks_per_sm = 0, status;
    void *workspace = NULL;

    if (!mtsm_takes(tsm_precision<T>::index, w))
        return gpu_cublas_gemm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
                                  stream);
    mtsm_tiles<T>(w, &tr, &tw);
    const int rows = TSM_THREADS / (int)((w + tw - 1) / tw) * tr;
    typename mtsm_kernel_ptr<T>::type kernel = mtsm_kernel_of<T>(tr, tw);
    /* KC: pieces of MTSM_PIECE_BYTES of T; where T's rows are its
       contiguous direction, runs of 64 bytes or more along them. */
    int kc = MTSM_PIECE_BYTES / ((rows + tsm_vector_elems<T>()) * (int)sizeof(T));
    if (t_sr != 1 && kc * (int)sizeof(T) < 64)
        kc = 64 / (int)sizeof(T);
    if (kc < 1)
        kc = 1;
    if (kc > k)
        kc = (int)k;
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
        return (size_t)MTSM_STAGES * mtsm_make_layout<T>((int)w, tr, tw, l_values).piece_elems
               * sizeof(T);
    };
    while (kc > 1 && shared_of(kc) > (size_t)shared_limit)
        kc--;
    if (shared_of(kc) > (size_t)shared_limit)
        return gpu_cublas_gemm<T>(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
                                  stream);
    const mtsm_layout lay = mtsm_make_layout<T>((int)w, tr, tw, kc);
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
       wave with the chunks of rows, each at least MTSM_MIN_PIECES pieces,
       their partial sums within MTSM_PARTIAL_BYTES_MAX. */
    const idx_t chunks = (nrows + rows - 1) / rows;
    const idx_t slots = fill_grid(blocks_per_sm, (idx_t)1 << 40);
    const size_t partial_bytes = (size_t)(nrows * w) * sizeof(T);
    idx_t splits = chunks < slots ? slots / chunks : 1;
    if (splits > k / ((idx_t)kc * MTSM_MIN_PIECES))
        splits = k / ((idx_t)kc * MTSM_MIN_PIECES);
    if (splits > (idx_t)(MTSM_PARTIAL_BYTES_MAX / partial_bytes))
        splits = (idx_t)(MTSM_PARTIAL_BYTES_MAX / partial_bytes);
    if (splits < 1)
        splits = 1;
    idx_t k_split = ((k + splits - 1) / splits + kc - 1) / kc * kc;
    splits = (k + k_split - 1) / k_split;

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
