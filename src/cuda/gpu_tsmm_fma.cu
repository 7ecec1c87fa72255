/*
 * gpu_tsmm_fma.cu: xTSMM on register tiles of the CUDA cores, fed by
 * chunks of the tall operand in shared memory (the fma path of
 * gpu_tsmttsm_tsmm_common.cuh).
 *
 * Purpose
 * =======
 * tsmm_fma computes out(r, j) := sum_l T(r, l) * alpha*S(l, j) + beta *
 * out(r, j) for the tall operand T (ROWS x K), the small S (K x W) and the
 * output of gpu_tsmm.cu (C, or C**T when C is wide), K and W <= 64.
 *
 * Why this kernel.  xTSMM moves T in and C out; at width 16 (K = W) the
 * product needs 4 flop per byte of DTSMM (12 Tflop/s at the H100's 3 TB/s
 * of copy), at width 64 16 flop per byte of STSMM (48 Tflop/s, three
 * quarters of the FP32 rate): the kernel must read T once with wide
 * coalesced accesses whatever its storage order, write C once, and spend
 * little besides the multiply-adds.  It is the register tiling of
 * gpu_tsmttsm_fma.cu turned around: the rows of T are cut into chunks of
 * ROWS rows, block b takes chunks b, b + grid, ..., and its 256 threads
 * copy a chunk into shared memory with asynchronous copies
 * (gpu_tsmttsm_chunks.cuh: 16-byte copies where T allows, else 8 or 4
 * bytes; a column-major T stays column-major there, an interleaved one
 * row-major, so that the copies are straight runs of memory) in
 * FMA_STAGES stages, so that the copies of the next chunk overlap the
 * arithmetic of this one.  alpha*op(S), zero past K and W, sits in shared
 * memory for the whole kernel (its conjugate under op C of T, below).
 *
 * The threads of a block are TILES_M x TILES_N tiles of TM x TN entries
 * of the output (gpu_tsm_fma_tiles.cuh: TILES_N tiles cover W, and the
 * thread-to-tile map pairs the lanes that load the same fragments); a
 * pass covers TILES_M*TM rows of the chunk, a chunk is PASSES passes.  In
 * a pass a thread runs through l in steps of V (16 bytes of elements),
 * each the loads of its fragments of T and S (16-byte loads where a
 * fragment's elements are consecutive in shared memory, narrower ones
 * where not) and TM*TN*V multiply-adds, and then writes
 * its tile: 16-byte stores along the contiguous direction of the output
 * where its alignment allows (a column-major output from a column-major
 * chunk, whose tiles hold runs of consecutive rows, or an interleaved
 * output), else element stores, which the lanes of a warp make to
 * consecutive addresses.  With beta != 0 a stage also holds the chunk's
 * rows of C, copied with those of T, and a thread's tile starts at beta*C
 * (the order of the reference xGEMM; conjugated under op C of T), so the
 * stores only write; reads of C after the products had each warp wait on
 * them once a pass (DTSMM 32 and 64, beta = 1, H100: 47-58 % of the
 * roofline).  With beta == 0 it never reads C.  Each entry is summed in
 * the order of l by one thread: bit-identical run to run.
 *
 * Shifted columns (SHIFTED, STSMM): where a column-major T's columns do
 * not start on 16 bytes (its LD or address not a multiple of 4 floats),
 * each column is copied 16 bytes at a time from the boundary before its
 * chunk's first element (chunk_copy_shifted_columns, as the tensor kernel
 * of STSMTTSM does), its rows SHIFT elements into its line of the stage,
 * and the fragments of T are loaded element by element from there; the
 * output, whose columns then seldom start on 16 bytes either, is stored
 * element by element (STRIDED).  Without it such calls copy one or two
 * floats at a time: H200, 1 GiB, widths 2-20 where T's LD is not a
 * multiple of 4, 65.9 -> 69.7 % of the roofline in the mean (width 7
 * 76 -> 72, 14 67 -> 66), 21-52, which took cuBLAS, 46.8 -> 51.7
 * (tsmm_shifted_columns, gpu_tsmm.cu).
 *
 * Packed chunks (PACKED): where an interleaved T and the output have no
 * gaps between their rows (LDB = K, LDC = W, the usual block vectors) and
 * T's rows are not whole 16-byte vectors (odd widths of S, D and C), a
 * chunk of either is one run of memory, copied with 16-byte copies as it
 * is, T's rows K elements apart in the stage (loaded element by element,
 * those past K as zeros); the tiles go into the stage's copy of the
 * output, which a barrier later leaves for memory in 16-byte stores.
 * Without it such calls copy element by element and store elements.
 *
 * op C of S is applied when alpha*S is formed.  op C of T is not a flip
 * of the imaginary parts of every fragment of T a step loads (16 of the
 * 313 instructions of a step of CTSMM 40 interleaved, SASS) but
 * sum conj(t)*s = conj(sum t*conj(s)): S's copy in shared memory holds
 * conj(alpha*op(S)), and a tile is flipped after beta*C and after the
 * products (fma_flip with FLIP_T, the sign bit or 0).
 *
 * Arguments
 * =========
 * As tsmm_staged_kernel of gpu_tsmm.cu: T(r, l) = tall[r*t_sr + l*t_sl],
 * S(l, j) = small[l*s_sl + j*s_sw], out(r, j) = out[r*o_sr + j*o_sw];
 * 1 <= K, W <= 64; t_sr == 1 (column-major T) or t_sl == 1 (interleaved);
 * o_sr == 1 or o_sw == 1.
 */
#include <config.h>
#include "gpu_tsm_fma_tiles.cuh"

namespace tsblas {

/* The tall operand's pitch in shared memory, in elements.  Interleaved
   (rows at r*pitch, the fragment loads of a warp at distinct rows): KV
   (K rounded up to a vector) rounded up to an odd number of 16-byte
   vectors (fma_pitch).  Column-major
   (columns at l*pitch, a warp's loads consecutive vectors of a column):
   the chunk's ROWS, a multiple of 8, and with SHIFTED a vector more, the
   room of a shifted column (chunk_copy_shifted_columns). */
template <typename T>
__host__ __device__ inline int tsmm_fma_pitch(bool t_interleaved, int kv, int rows,
                                              bool shifted)
{
    return fma_pitch<T>(t_interleaved, kv, rows) + (shifted ? tsm_vector_elems<T>() : 0);
}

/* K rounded up to whole steps of V. */
template <typename T>
__host__ __device__ inline int tsmm_fma_kv(int k)
{
    constexpr int V = tsm_vector_elems<T>();
    return (k + V - 1) / V * V;
}

/* Elements of alpha*op(S) (or its conjugate) in shared memory (KV x PITCH_S, rounded up to a
   vector), and of one stage of a chunk of ROWS rows. */
template <typename T>
__host__ __device__ inline int tsmm_fma_small_elems(int kv, int pitch_s)
{
    constexpr int V = tsm_vector_elems<T>();
    return (kv * pitch_s + V - 1) / V * V;
}

template <typename T>
__host__ __device__ inline int tsmm_fma_stage_elems(bool t_interleaved, int kv, int rows,
                                                    bool shifted)
{
    return (t_interleaved ? rows : kv) * tsmm_fma_pitch<T>(t_interleaved, kv, rows, shifted);
}

/* With beta != 0 a stage also holds the chunk's ROWS rows of the output
   (READ_C), after those of T, as the output is stored: column-major, W
   lines of ROWS (a multiple of 8), or interleaved, ROWS lines of W
   rounded up to a vector (the pitch, tsmm_fma_pitch_c). */
template <typename T>
__host__ __device__ inline int tsmm_fma_pitch_c(bool o_columns, int w, int rows)
{
    constexpr int V = tsm_vector_elems<T>();
    return o_columns ? rows : (w + V - 1) / V * V;
}

template <typename T>
__host__ __device__ inline int tsmm_fma_c_elems(bool read_c, bool o_columns, int w, int rows)
{
    return read_c ? (o_columns ? w : rows) * tsmm_fma_pitch_c<T>(o_columns, w, rows) : 0;
}

/* Elements of a packed stage's copy of ROWS rows of WIDTH elements without
   gaps (the tall operand, WIDTH = K, or the output, WIDTH = W), rounded up
   to a vector so that what follows stays aligned to 16 bytes. */
template <typename T>
__host__ __device__ inline int tsmm_packed_elems(int rows, int width)
{
    constexpr int V = tsm_vector_elems<T>();
    return (rows * width + V - 1) / V * V;
}

/* The copies of ELEMS elements without gaps from SRC to shared memory at
   TO (a packed stage): 16-byte copies, the rest element by element.  SRC
   and TO are aligned to 16 bytes. */
template <typename T>
__device__ inline void tsmm_copy_packed(const T *src, int elems, unsigned to)
{
    constexpr int V = tsm_vector_elems<T>();
    const int vectors = elems / V;

#if __CUDA_ARCH__ >= 800
#pragma unroll 4
    for (int e = threadIdx.x; e < vectors; e += TSM_THREADS)
        cp_async_cg16(to + (unsigned)(e * 16), src + e * V, 16);
    for (int e = vectors * V + threadIdx.x; e < elems; e += TSM_THREADS)
        cp_async_ca<sizeof(T)>(to + (unsigned)(e * sizeof(T)), src + e);
#endif
}

/* OUT[0 .. ELEMS-1] := FROM[0 .. ELEMS-1], from a packed stage in shared
   memory to the output in memory, both aligned to 16 bytes: 16-byte
   stores, the rest element by element. */
template <typename T>
__device__ inline void tsmm_store_packed(const T *from, int elems, T *out)
{
    constexpr int V = tsm_vector_elems<T>();
    typedef typename tsm_raw<V * sizeof(T)>::type raw;
    const int vectors = elems / V;

#pragma unroll 4
    for (int e = threadIdx.x; e < vectors; e += TSM_THREADS)
        reinterpret_cast<raw *>(out)[e] = reinterpret_cast<const raw *>(from)[e];
    for (int e = vectors * V + threadIdx.x; e < elems; e += TSM_THREADS)
        out[e] = from[e];
}

/* One step of V elements of l in a packed chunk: T's rows are K elements
   apart there, so its fragments are loaded element by element; in the
   LAST step, the one that K ends inside, the elements past K are zeros,
   not the next row's first elements (which alpha*S's zero rows would turn
   into NaN where they are infinite). */
template <typename T, int TM, int TN, int VB, int V, bool LAST>
__device__ inline void tsmm_packed_step(T (&acc)[TM][TN], const T *st, const int (&offset_t)[TM],
                                        int k, const T *s, int pitch_s,
                                        const int (&offset_s)[TN], int l0)
{
    T af[TM][V], bf[TN][V];
#pragma unroll
    for (int x = 0; x < TM; x++)
#pragma unroll
        for (int v = 0; v < V; v++)
            af[x][v] = !LAST || l0 + v < k ? st[offset_t[x] + l0 + v] : zero<T>();
    fma_fragment<T, TN, VB, V>(bf, s, false, pitch_s, l0, offset_s);
    fma_multiply<T, TM, TN, V>(acc, af, bf, 0, 0);
}

/* One step of V elements of l in a column-major chunk of shifted columns
   (SHIFTED): column l0 + v of T starts SHIFT[v] elements into its line
   (the same for every step: l0 is a multiple of V, whose elements are 16
   bytes), so its fragments are loaded element by element. */
template <typename T, int TM, int TN, int VB, int V>
__device__ inline void tsmm_shifted_step(T (&acc)[TM][TN], const T *st, int pitch_t,
                                         const int (&offset_t)[TM], const int (&shift)[V],
                                         const T *s, int pitch_s, const int (&offset_s)[TN],
                                         int l0)
{
    T af[TM][V], bf[TN][V];
#pragma unroll
    for (int v = 0; v < V; v++) {
        const T *column = st + (l0 + v) * pitch_t + shift[v];
#pragma unroll
        for (int x = 0; x < TM; x++)
            af[x][v] = column[offset_t[x]];
    }
    fma_fragment<T, TN, VB, V>(bf, s, false, pitch_s, l0, offset_s);
    fma_multiply<T, TM, TN, V>(acc, af, bf, 0, 0);
}

template <typename T, int TM, int TN, int G, int LAYOUT, bool STRIDED, bool PACKED, bool SHIFTED>
__global__ void __launch_bounds__(TSM_THREADS, fma_blocks_per_sm(TM, TN, sizeof(T), LAYOUT))
tsmm_fma_kernel(idx_t nrows, int w, int k, int tiles_m, int passes, const T *tall, idx_t t_sr,
                idx_t t_sl, unsigned flip_t, const T *small, idx_t s_sl, idx_t s_sw,
                bool conj_s, T alpha, T beta, T *out, idx_t o_sr, idx_t o_sw, bool wide_out,
                bool flat)
{
    constexpr int V = tsm_vector_elems<T>();
    /* STRIDED: a thread's entries along the contiguous direction of the
       output are TILES apart, not in vectors, so that the element stores
       of a warp are to consecutive addresses. */
    constexpr int VA = STRIDED && LAYOUT == FMA_COLUMNS ? 1 : TM < V ? TM : V;
    constexpr int VB = STRIDED && LAYOUT == FMA_ROWS ? 1 : TN < V ? TN : V;
    const bool t_interleaved = LAYOUT == FMA_MIXED ? t_sr != 1 : LAYOUT == FMA_ROWS;
    const bool o_columns = LAYOUT == FMA_MIXED ? o_sr == 1 : LAYOUT == FMA_COLUMNS;
    const fma_shape shape = fma_make_shape(tiles_m * TM, w, TM, TN);
    const int pass_rows = shape.width_a, rows = passes * pass_rows;
    const int kv = tsmm_fma_kv<T>(k);
    const int pitch_s = fma_pitch<T>(false, 0, shape.width_b);
    const int pitch_t = PACKED ? k : tsmm_fma_pitch<T>(t_interleaved, kv, rows, SHIFTED);
    const int small_elems = tsmm_fma_small_elems<T>(kv, pitch_s);
    const bool read_c = !is_zero(beta);
    const int pitch_c = PACKED ? w : tsmm_fma_pitch_c<T>(o_columns, w, rows);
    const int t_elems = PACKED ? tsmm_packed_elems<T>(rows, k)
                               : tsmm_fma_stage_elems<T>(t_interleaved, kv, rows, SHIFTED);
    const int stage_elems = t_elems + (PACKED ? tsmm_packed_elems<T>(rows, w)
                                              : tsmm_fma_c_elems<T>(read_c, o_columns, w, rows));
    const idx_t nchunks = (nrows + rows - 1) / rows;
    const int t = threadIdx.x;
    const bool computes = t < shape.tiles;
    int tile_i, tile_j;
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *s = reinterpret_cast<T *>(shared_bytes);
    T *stages = s + small_elems;
    const unsigned stages_shared =
        (unsigned)__cvta_generic_to_shared(stages);
    /* A column-major chunk's lines are T's K columns of ROWS elements, an
       interleaved one's its ROWS rows of K. */
    const chunk_copy_plan plan = chunk_make_plan<V, sizeof(T)>(
        t_interleaved ? t_sr : t_sl, t_interleaved ? k : rows, pitch_t, false);
    const chunk_copy_plan plan_c = chunk_make_plan<V, sizeof(T)>(
        o_columns ? o_sw : o_sr, o_columns ? rows : w, pitch_c, false);
    int offset_t[TM], offset_s[TN], row_of[TM], column_of[TN], shift[V];
    /* STRIDED column-major outputs: where the tile's columns start. */
    idx_t column_start[TN];
    idx_t chunk = blockIdx.x;

    if (LAYOUT == FMA_ROWS) {
        /* Consecutive threads along the rows of the output, so that a
           warp's stores (16-byte vectors, or elements where STRIDED) are
           runs of memory. */
        tile_i = t % shape.tiles / shape.tiles_n;
        tile_j = t % shape.tiles % shape.tiles_n;
    } else {
        fma_tile_of(shape, t % shape.tiles, &tile_i, &tile_j);
    }
#pragma unroll
    for (int x = 0; x < TM; x++) {
        row_of[x] = fma_column(x, tile_i, shape.tiles_m, VA, t_interleaved);
        offset_t[x] = t_interleaved ? row_of[x] * pitch_t : row_of[x];
    }
#pragma unroll
    for (int y = 0; y < TN; y++) {
        column_of[y] = fma_column(y, tile_j, shape.tiles_n, VB, false);
        offset_s[y] = column_of[y];
        column_start[y] = column_of[y] * o_sw;
    }
#pragma unroll
    for (int v = 0; v < V; v++)
        shift[v] = SHIFTED ? chunk_line_shift(tall + v * t_sl) : 0;

    for (int e = t; e < small_elems; e += TSM_THREADS) {
        const int l = e / pitch_s, j = e % pitch_s;
        s[e] = l < k && j < w ? mul(alpha, conj_if(small[l * s_sl + j * s_sw], conj_s))
                              : zero<T>();
        fma_flip(s[e], flip_t);
    }
    /* What the copies never write (the lines past K of a column-major
       chunk, the ends of the rows of an interleaved one) is zero once. */
    for (int e = t; e < FMA_STAGES * stage_elems; e += TSM_THREADS)
        stages[e] = zero<T>();
    __syncthreads();

    chunk_loop<FMA_STAGES>(
        nchunks,
        [&](idx_t c, int stage) {
            const unsigned to = stages_shared + (unsigned)(stage * stage_elems * sizeof(T));
            if (PACKED) {
                const idx_t left = nrows - c * rows;
                const int n = left < rows ? (int)left : rows;
                tsmm_copy_packed<T>(tall + c * rows * k, n * k, to);
                if (read_c)
                    tsmm_copy_packed<T>(out + c * rows * w, n * w,
                                        to + (unsigned)(t_elems * sizeof(T)));
            } else {
                tsmm_copy_chunk<T, V, G, SHIFTED>(c, rows, nrows, to, plan, tall, t_sr, t_sl,
                                                  t_interleaved, k, flat, pitch_t, plan_c, out,
                                                  o_sr, o_columns, w, read_c, t_elems);
            }
        },
        [&](int stage) {
            const idx_t chunk_r0 = chunk * rows;
            T *sc = stages + stage * stage_elems + t_elems;
            const int pass_count = computes ? passes : 0;
            chunk += gridDim.x;
#pragma unroll 1
            for (int pass = 0; pass < pass_count; pass++) {
                const idx_t r0 = chunk_r0 + pass * pass_rows;
                const T *st = stages + stage * stage_elems
                              + (t_interleaved ? pass * pass_rows * pitch_t : pass * pass_rows);
                T acc[TM][TN];
                if (r0 >= nrows)
                    break;
                /* beta*C first, from the chunk's copy of C, as the
                   reference xGEMM scales C before it adds the products
                   (loads of C from memory after the products would stall
                   each warp a pass), so that the stores only write. */
#pragma unroll
                for (int x = 0; x < TM; x++)
#pragma unroll
                    for (int y = 0; y < TN; y++) {
                        const int rc = pass * pass_rows + row_of[x], j = column_of[y];
                        acc[x][y] = read_c && chunk_r0 + rc < nrows && j < w
                                        ? mul(beta, sc[o_columns ? j * pitch_c + rc
                                                                 : rc * pitch_c + j])
                                        : zero<T>();
                        fma_flip(acc[x][y], flip_t);
                    }
                if (PACKED) {
                    int l0 = 0;
#pragma unroll 1
                    for (; l0 + V <= k; l0 += V)
                        tsmm_packed_step<T, TM, TN, VB, V, false>(acc, st, offset_t, k, s,
                                                                  pitch_s, offset_s, l0);
                    if (l0 < k)
                        tsmm_packed_step<T, TM, TN, VB, V, true>(acc, st, offset_t, k, s,
                                                                 pitch_s, offset_s, l0);
                } else if (SHIFTED) {
#pragma unroll 1
                    for (int l0 = 0; l0 < kv; l0 += V)
                        tsmm_shifted_step<T, TM, TN, VB, V>(acc, st, pitch_t, offset_t, shift, s,
                                                            pitch_s, offset_s, l0);
                } else {
#pragma unroll 1
                    for (int l0 = 0; l0 < kv; l0 += V)
                        fma_step<T, TM, TN, VA, VB, V>(acc, st, t_interleaved, pitch_t, offset_t,
                                                       s, false, pitch_s, offset_s, l0);
                }
#pragma unroll
                for (int x = 0; x < TM; x++)
#pragma unroll
                    for (int y = 0; y < TN; y++)
                        fma_flip(acc[x][y], flip_t);

                if (PACKED) {
                    /* Into the chunk's copy of the output, over what beta*C
                       read there (each entry is one thread's). */
#pragma unroll
                    for (int x = 0; x < TM; x++)
#pragma unroll
                        for (int y = 0; y < TN; y++)
                            if (column_of[y] < w)
                                sc[(pass * pass_rows + row_of[x]) * w + column_of[y]] = acc[x][y];
                } else if (!STRIDED && wide_out && o_columns && !t_interleaved) {
                    /* Entries u*VA .. u*VA + VA - 1 of the tile are
                       consecutive rows. */
#pragma unroll
                    for (int y = 0; y < TN; y++) {
                        if (column_of[y] >= w)
                            continue;
#pragma unroll
                        for (int u = 0; u < TM / VA; u++) {
                            const idx_t r = r0 + row_of[u * VA];
                            T *o = out + r + column_of[y] * o_sw;
                            if (r + VA <= nrows) {
                                T vals[VA];
#pragma unroll
                                for (int e = 0; e < VA; e++)
                                    vals[e] = acc[u * VA + e][y];
                                tsmm_put<T, VA>(o, vals);
                            } else {
                                for (int e = 0; e < VA && r + e < nrows; e++)
                                    tsmm_put<T, 1>(o + e, { acc[u * VA + e][y] });
                            }
                        }
                    }
                } else if (!STRIDED && wide_out && !o_columns) {
                    /* Entries u*VB .. u*VB + VB - 1 are consecutive
                       columns. */
#pragma unroll
                    for (int x = 0; x < TM; x++) {
                        const idx_t r = r0 + row_of[x];
                        if (r >= nrows)
                            continue;
#pragma unroll
                        for (int u = 0; u < TN / VB; u++) {
                            const int j = column_of[u * VB];
                            T *o = out + r * o_sr + j;
                            if (j + VB <= w) {
                                T vals[VB];
#pragma unroll
                                for (int e = 0; e < VB; e++)
                                    vals[e] = acc[x][u * VB + e];
                                tsmm_put<T, VB>(o, vals);
                            } else {
                                for (int e = 0; e < VB && j + e < w; e++)
                                    tsmm_put<T, 1>(o + e, { acc[x][u * VB + e] });
                            }
                        }
                    }
                } else if (STRIDED && LAYOUT == FMA_COLUMNS) {
                    /* Element stores from the starts of the pass's
                       columns, the rows checked only in a pass that
                       reaches NROWS.  With the offset of each element
                       worked out and checked (the branch below), STSMM
                       col of shifted columns executed 1.50 and 1.37 times
                       the instructions of the kernel of aligned columns
                       at widths 13 and 48, its step loop only 1.18 and
                       1.19 times (ncu and SASS, H200, fma forced, 256
                       MiB); so, at 1 GiB, where T's LD is not a multiple
                       of 4, widths 2-20 68.1 -> 69.7 % of the roofline in
                       the mean, 21-52 47.6 -> 51.7 (doc/data/
                       gpu-h200-stsmm-shifted-*.csv); DTSMM and CTSMM col
                       of odd LD -2.7 to +1.8 points (doc/data/
                       gpu-h200-dctsmm-col-stores-*.csv). */
                    const bool whole = r0 + pass_rows <= nrows;
#pragma unroll
                    for (int y = 0; y < TN; y++) {
                        if (column_of[y] >= w)
                            continue;
                        T *o = out + r0 + column_start[y];
#pragma unroll
                        for (int x = 0; x < TM; x++)
                            if (whole || r0 + row_of[x] < nrows)
                                tsmm_put<T, 1>(o + row_of[x], { acc[x][y] });
                    }
                } else {
#pragma unroll
                    for (int x = 0; x < TM; x++)
#pragma unroll
                        for (int y = 0; y < TN; y++) {
                            const idx_t r = r0 + row_of[x];
                            if (r < nrows && column_of[y] < w)
                                tsmm_put<T, 1>(out + r * o_sr + column_of[y] * o_sw,
                                               { acc[x][y] });
                        }
                }
            }
            if (PACKED) {
                /* The chunk's rows of the output, once every thread has
                   put its tiles there. */
                const idx_t left = nrows - chunk_r0;
                __syncthreads();
                tsmm_store_packed<T>(sc, (int)((left < rows ? left : rows) * w),
                                     out + chunk_r0 * w);
            }
        });
}

/* ---- the tiles of a call ---- */

template <typename T>
struct tsmm_fma_kernel_ptr {
    typedef void (*type)(idx_t, int, int, int, int, const T *, idx_t, idx_t, unsigned,
                         const T *, idx_t, idx_t, bool, T, T, T *, idx_t, idx_t, bool, bool);
};

/* The tiles instantiated: those of gpu_tsmttsm_fma.cu, up to 64
   accumulator registers (a complex float or a double entry takes two, a
   complex double four): float to 8 x 8, double and complex float to
   4 x 8 and 8 x 4, complex double to 4 x 4. */
struct tsmm_fma_tile {
    int tm, tn;
};
static const tsmm_fma_tile tsmm_fma_tiles[] = {
    { 2, 2 }, { 2, 4 }, { 4, 2 }, { 4, 4 }, { 4, 8 }, { 8, 4 }, { 8, 8 }, { 8, 1 }
};

/* A tile of one column, for the strided interleaved output of W up to
   TSMM_FMA_COLUMN_TILES_TO: threads that store consecutive elements of
   the output rows, W of them a row, so that the element stores of a warp
   fill whole runs of memory. */
const int TSMM_FMA_COLUMN_TILE = 7;
const int TSMM_FMA_COLUMN_TILES_TO = 16;

template <typename T>
constexpr int tsmm_fma_tile_count()
{
    return sizeof(T) == 4 ? 7 : sizeof(T) == 8 ? 6 : 4;
}

template <typename T, int G, int LAYOUT, bool STRIDED, bool PACKED = false, bool SHIFTED = false>
static typename tsmm_fma_kernel_ptr<T>::type tsmm_fma_kernel_of(int choice)
{
    switch (choice) {
    case 0:
        return tsmm_fma_kernel<T, 2, 2, G, LAYOUT, STRIDED, PACKED, SHIFTED>;
    case 1:
        return tsmm_fma_kernel<T, 2, 4, G, LAYOUT, STRIDED, PACKED, SHIFTED>;
    case 2:
        return tsmm_fma_kernel<T, 4, 2, G, LAYOUT, STRIDED, PACKED, SHIFTED>;
    }
    if constexpr (tsmm_fma_tile_count<T>() > 4) {
        switch (choice) {
        case 4:
            return tsmm_fma_kernel<T, 4, 8, G, LAYOUT, STRIDED, PACKED, SHIFTED>;
        case 5:
            return tsmm_fma_kernel<T, 8, 4, G, LAYOUT, STRIDED, PACKED, SHIFTED>;
        }
    }
    if constexpr (tsmm_fma_tile_count<T>() > 6)
        if (choice == 6)
            return tsmm_fma_kernel<T, 8, 8, G, LAYOUT, STRIDED, PACKED, SHIFTED>;
    if constexpr (LAYOUT == FMA_ROWS && STRIDED && !PACKED && !SHIFTED)
        if (choice == TSMM_FMA_COLUMN_TILE)
            return tsmm_fma_kernel<T, 8, 1, G, LAYOUT, STRIDED, PACKED, SHIFTED>;
    return tsmm_fma_kernel<T, 4, 4, G, LAYOUT, STRIDED, PACKED, SHIFTED>;
}

/* The storage orders of a call (gpu_tsm_fma_tiles.cuh), and for the
   common two whether the output is STRIDED (its lines not aligned to
   16-byte stores: element stores, lanes at consecutive addresses). */
template <typename T, int G>
static typename tsmm_fma_kernel_ptr<T>::type tsmm_fma_kernel_of(int choice,
                                                                enum fma_layout layout,
                                                                bool strided)
{
    switch (layout) {
    case FMA_COLUMNS:
        return strided ? tsmm_fma_kernel_of<T, G, FMA_COLUMNS, true>(choice)
                       : tsmm_fma_kernel_of<T, G, FMA_COLUMNS, false>(choice);
    case FMA_ROWS:
        return strided ? tsmm_fma_kernel_of<T, G, FMA_ROWS, true>(choice)
                       : tsmm_fma_kernel_of<T, G, FMA_ROWS, false>(choice);
    default:
        return tsmm_fma_kernel_of<T, G, FMA_MIXED, false>(choice);
    }
}

/* The kernel of tiles CHOICE and LAYOUT that copies G elements at a
   time (G <= V: 4, 2 or 1 floats, 2 or 1 doubles or complex floats, one
   complex double), or the PACKED one (interleaved, 16-byte copies), or
   STSMM's SHIFTED one (column-major, STRIDED; T in shifted columns, C's
   rows, where read, in copies of 4 floats). */
template <typename T>
static typename tsmm_fma_kernel_ptr<T>::type tsmm_fma_kernel_of(int choice,
                                                                enum fma_layout layout,
                                                                bool strided, int g, bool packed,
                                                                bool shifted)
{
    constexpr int V = tsm_vector_elems<T>();
    if constexpr (V > 1)
        if (packed)
            return tsmm_fma_kernel_of<T, V, FMA_ROWS, false, true>(choice);
    if constexpr (std::is_same<T, float>::value)
        if (shifted)
            return tsmm_fma_kernel_of<T, V, FMA_COLUMNS, true, false, true>(choice);
    if constexpr (tsm_vector_elems<T>() >= 4)
        if (g == 4)
            return tsmm_fma_kernel_of<T, 4>(choice, layout, strided);
    if constexpr (tsm_vector_elems<T>() >= 2)
        if (g == 2)
            return tsmm_fma_kernel_of<T, 2>(choice, layout, strided);
    return tsmm_fma_kernel_of<T, 1>(choice, layout, strided);
}

/* The tiles of a call with inner dimension K and output width W: of those
   instantiated, the least work per row of the output and step of l,
   counted as in gpu_tsmttsm_fma.cu in units of 1/(128 V) of a cycle of a
   multiprocessor: TILES_N * (TM*TN*V*f + 16*(TM + TN)) / TM, f the cost
   of a multiply-add (1 float, 2 double, 4 complex float, 8 complex
   double: the FP64 pipes have half the rate), the loads halved for paired
   tiles (TILES_N even; the interleaved layout, whose threads run along
   the output rows, pairs none, so the model undercounts its loads); then
   the smaller tile.  The tiles of one block a
   multiprocessor only from TSMM_FMA_LARGE_TILES_FROM (the width of the
   square product of the same intensity, 2KW/(K + W)): below, two blocks
   hide the latencies better. */
const int TSMM_FMA_LARGE_TILES_FROM = 25;

template <typename T>
static int pick_tsmm_fma_tiles(int k, int w)
{
    const int v = tsm_vector_elems<T>();
    const int f = (scalar_info<T>::is_complex ? 4 : 1)
                  * (sizeof(typename scalar_info<T>::real) == 8 ? 2 : 1);
    const bool large = 2 * k * w >= TSMM_FMA_LARGE_TILES_FROM * (k + w);
    long best_cost = 0;
    int best = -1;

    for (int c = 0; c < tsmm_fma_tile_count<T>(); c++) {
        const int tm = tsmm_fma_tiles[c].tm, tn = tsmm_fma_tiles[c].tn;
        const int tiles_n = (w + tn - 1) / tn;
        const long cost = (long)tiles_n
                          * (tm * tn * v * f + (tiles_n % 2 == 0 ? 8 : 16) * (tm + tn)) * 64
                          / tm;
        if (!large && fma_blocks_per_sm(tm, tn, sizeof(T), FMA_COLUMNS) == 1)
            continue;
        if (best < 0 || cost < best_cost
            || (cost == best_cost && tm * tn < tsmm_fma_tiles[best].tm * tsmm_fma_tiles[best].tn)) {
            best = c;
            best_cost = cost;
        }
    }
    return best;
}

template <typename T>
int tsmm_fma(idx_t nrows, idx_t w, idx_t k, const T *tall, idx_t t_sr, idx_t t_sl, bool conj_t,
             const T *small, idx_t s_sl, idx_t s_sw, bool conj_s, T alpha, T beta, T *out,
             idx_t o_sr, idx_t o_sw, cudaStream_t stream, bool *fits)
{
    const int v = tsm_vector_elems<T>();
    const bool t_interleaved = t_sr != 1, o_columns = o_sr == 1;
    const enum fma_layout layout = !t_interleaved && o_columns  ? FMA_COLUMNS
                                   : t_interleaved && !o_columns ? FMA_ROWS
                                                                 : FMA_MIXED;
    const bool read_c = !is_zero(beta);
    bool flat;
    const int g = tsmm_copy_width(k, tall, t_sr, t_sl, out, o_sr, o_sw, read_c, &flat);
    /* PACKED: an interleaved T whose rows are not whole 16-byte copies,
       and the output, both without gaps between their rows (t_sr = K,
       o_sr = W) and aligned to 16 bytes, so that a chunk of either is one
       run of memory: 16-byte copies in, 16-byte stores out through the
       stage.  Measured on the H100 (fma forced, 1 GiB): STSMM interleaved
       25 took 1.8 times the instructions of width 28 with the element
       copies (FLAT) and element stores (STRIDED) and reached 51 % of the
       roofline against 92 %; packed, 93 %, and STSMM interleaved 5-31 at
       89-95 %.  Where the products bind, at K + W > 64 with 8-byte
       elements, the stage's stores (after a barrier, not overlapped with
       the products) cost more than the element copies save: DTSMM and
       CTSMM interleaved 49-63 lost 6 to 14 points packed. */
    const bool packed = v > 1 && layout == FMA_ROWS && flat && o_sr == w
                        && (uintptr_t)tall % 16 == 0 && (uintptr_t)out % 16 == 0
                        && (sizeof(T) == 4 || k + w <= 64);
    /* 16-byte stores need the output aligned to them, and so its lines;
       else the common layouts store elements (STRIDED), and so does
       SHIFTED, whose fragments of T are loaded element by element. */
    const bool shifted = tsmm_shifted_columns(tall, t_sr, t_sl, out, o_sr, o_sw, read_c);
    const bool wide_out = (uintptr_t)out % 16 == 0 && (o_columns ? o_sw : o_sr) % v == 0;
    const bool strided = shifted || (!packed && !wide_out && layout != FMA_MIXED);
    const int choice = strided && layout == FMA_ROWS && w <= TSMM_FMA_COLUMN_TILES_TO
                           ? TSMM_FMA_COLUMN_TILE
                           : pick_tsmm_fma_tiles<T>((int)k, (int)w);
    const int tm = tsmm_fma_tiles[choice].tm, tn = tsmm_fma_tiles[choice].tn;
    const int blocks = fma_blocks_per_sm(tm, tn, sizeof(T), layout);
    const int kv = tsmm_fma_kv<T>((int)k);
    const int tiles_n = (int)((w + tn - 1) / tn);
    const int pitch_s = fma_pitch<T>(false, 0, tiles_n * tn);
    const size_t small_bytes = (size_t)tsmm_fma_small_elems<T>(kv, pitch_s) * sizeof(T);
    /* Passes of a multiple of 8 rows, of an even number of tiles where
       TILES_N is even (so paired; fma_tile_of). */
    const int m_step = tiles_n % 2 == 0 && 8 / tm < 2 ? 2 : 8 / tm;
    int tiles_m = TSM_THREADS / tiles_n / m_step * m_step;
    int shared_max, passes, status;
    size_t shared;
    typename tsmm_fma_kernel_ptr<T>::type kernel =
        tsmm_fma_kernel_of<T>(choice, layout, strided, g, packed, shifted);
    auto shared_of = [&](int tiles, int p) {
        const int rows = p * tiles * tm;
        return small_bytes
               + FMA_STAGES
                     * (size_t)(packed ? tsmm_packed_elems<T>(rows, (int)k)
                                             + tsmm_packed_elems<T>(rows, (int)w)
                                       : tsmm_fma_stage_elems<T>(t_interleaved, kv, rows,
                                                                 shifted)
                                             + tsmm_fma_c_elems<T>(read_c, o_columns, (int)w,
                                                                   rows))
                     * sizeof(T);
    };
    /* Column-major lines (of T, and of C where it is read) of at most a
       vector a thread (chunk_make_plan). */
    const bool column_lines = !t_interleaved || (read_c && o_columns);

    *fits = false;
    status = chunk_shared_limit(FMA_SHARED_MAX, blocks, &shared_max);
    if (status != 0)
        return status;
    /* Chunks of about FMA_STAGE_BYTES / BLOCKS bytes of T (and C), of whole
       passes: a pass of every thread's tile where the stages of one pass
       fit the shared memory of a block (and, for a column-major chunk,
       lines of at most a vector a thread: chunk_make_plan), even beyond
       that size (at K = 64 and a narrow output, a pass within it would
       leave most threads idle); then as many passes as fill it. */
    const size_t target = (size_t)(FMA_STAGE_BYTES / blocks);
    const size_t row_bytes = (k + (read_c || packed ? w : 0)) * sizeof(T);
    auto pass_fits = [&](int tiles) {
        return ((!column_lines || tiles * tm <= TSM_THREADS * v)
                && shared_of(tiles, 1) <= (size_t)shared_max);
    };
    while (tiles_m > m_step && !pass_fits(tiles_m))
        tiles_m -= m_step;
    if (shared_of(tiles_m, 1) > (size_t)shared_max
        || (column_lines && tiles_m * tm > TSM_THREADS * v))
        return 0;
    passes = (int)(target / ((size_t)tiles_m * tm * row_bytes));
    if (column_lines && passes > TSM_THREADS * v / (tiles_m * tm))
        passes = TSM_THREADS * v / (tiles_m * tm);
    if ((idx_t)passes * tiles_m * tm > nrows)
        passes = (int)((nrows + tiles_m * tm - 1) / (tiles_m * tm));
    if (passes < 1)
        passes = 1;
    while (passes > 1 && shared_of(tiles_m, passes) > (size_t)shared_max)
        passes--;
    shared = shared_of(tiles_m, passes);
    *fits = true;

    int blocks_per_sm = 0;
    status = tsm_blocks_per_sm((const void *)kernel, shared, &blocks_per_sm);
    if (status != 0)
        return status;
    const idx_t rows = (idx_t)passes * tiles_m * tm;
    const idx_t grid = fill_grid(blocks_per_sm, (nrows + rows - 1) / rows);
    kernel<<<(unsigned)grid, TSM_THREADS, shared, stream>>>(
        nrows, (int)w, (int)k, tiles_m, passes, tall, t_sr, t_sl,
        conj_t ? 0x80000000u : 0u, small, s_sl, s_sw, conj_s, alpha, beta, out, o_sr, o_sw,
        wide_out, flat);
    return launch_status("xTSMM fma kernel");
}

template int tsmm_fma<float>(idx_t, idx_t, idx_t, const float *, idx_t, idx_t, bool,
                             const float *, idx_t, idx_t, bool, float, float, float *, idx_t,
                             idx_t, cudaStream_t, bool *);
template int tsmm_fma<double>(idx_t, idx_t, idx_t, const double *, idx_t, idx_t, bool,
                              const double *, idx_t, idx_t, bool, double, double, double *,
                              idx_t, idx_t, cudaStream_t, bool *);
template int tsmm_fma<cuFloatComplex>(idx_t, idx_t, idx_t, const cuFloatComplex *, idx_t, idx_t,
                                      bool, const cuFloatComplex *, idx_t, idx_t, bool,
                                      cuFloatComplex, cuFloatComplex, cuFloatComplex *, idx_t,
                                      idx_t, cudaStream_t, bool *);
template int tsmm_fma<cuDoubleComplex>(idx_t, idx_t, idx_t, const cuDoubleComplex *, idx_t,
                                       idx_t, bool, const cuDoubleComplex *, idx_t, idx_t, bool,
                                       cuDoubleComplex, cuDoubleComplex, cuDoubleComplex *,
                                       idx_t, idx_t, cudaStream_t, bool *);

} /* namespace tsblas */
