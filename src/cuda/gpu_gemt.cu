/*
 * gpu_gemt.cu: xGEMT on the GPU, B := alpha*op(A).
 *
 * Purpose
 * =======
 * X(gpu_gemt) computes B := alpha*A (TRANS = 'N'), alpha*A**T ('T') or
 * alpha*A**H ('C') for an M-by-N A in device memory, the conversion of
 * block vectors between column-major and interleaved storage.  Three
 * kinds of kernel, each moving every element once with coalesced loads and stores:
 *   op N: a scaled copy over the M*N elements in column order, so that a
 *         few short columns (M = 3, LDA = 3) are as contiguous as one long
 *         one, in 16-byte vectors where the arrays allow;
 *   op T, C with one side at most SKINNY_MAX (a block vector: M-by-W to
 *         W-by-M, or back): chunks of ROWS long-side indices by the W
 *         short-side ones through shared memory.  The long runs of a chunk
 *         (W of them, ROWS elements each) are read or written with the
 *         threads along the runs, the short runs (ROWS of W elements, one
 *         contiguous span when LD = W) with the threads along the span;
 *         each chunk row is padded to an odd pitch against bank conflicts;
 *         for S from the long runs, the chunk is kept as the runs instead,
 *         read as 16-byte vectors;
 *   op T, C otherwise: tiles of 64 by 64 elements (32 by 32 for Z)
 *         through shared memory, each row padded by one element; the
 *         loads read columns of A and the stores columns of B, both
 *         contiguous across a warp, and each block loads its next tile
 *         while it stores this one; the tiles walk in super-tiles of 8 x 8
 *         where a column of A or B starts off 128 bytes, and B's stores
 *         move onto 32-byte sectors where its columns start off them
 *         (tile_transpose_kernel).
 * Every index is 64-bit and every grid is bounded by the device limit
 * (x <= 2^31-1) with grid-stride loops, so any shape runs: a
 * 16-by-10^9 transpose included.  alpha = 0 writes zeros without
 * reading A.
 *
 * Arguments
 * =========
 * OP      op(A): TSBLAS_OP_N, _T or _C.
 * M, N    Dimensions of A, >= 1.
 * ALPHA   Host scalar.
 * A       Device array (LDA, N), LDA >= M.
 * B       Device array (LDB, N) for op N, else (LDB, M); only op(A)'s
 *         part is written.
 */
#include <config.h>
#include "cuda_internal.cuh"
#include "gpu_tsmttsm_tsmm_common.cuh"

namespace tsblas {

/* The copy and the skinny transpose: 256 threads a block, grids of 8
   blocks a multiprocessor (a full 2048 threads; the skinny transpose,
   bound by shared memory, keeps 4 to 7 of them resident). */
const int MOVE_THREADS = 256;
const int MOVE_BLOCKS_PER_SM = 8;
/* Items (elements, or 16-byte vectors of them) each thread of the copy
   has in flight at once: 32 bytes or more (4-byte elements with 16 bytes
   reached 78 % of the copy rate on the H100, 8-byte ones 93 %). */
template <typename T, int VE>
__host__ __device__ constexpr int copy_batch()
{
    return VE * sizeof(T) < 8 ? 8 : 4;
}
/* Bytes of a skinny-transpose chunk (before the pitch's padding), all in
   flight at once for a block; the kernel asks for the largest shared-memory
   carveout, so that 4 to 7 blocks fit a multiprocessor.  On the H100, 16
   KiB chunks came within 0-3 points of the copy rate of these, 8 KiB ones
   up to 10 points under (S interleaved width 13: 72 against 82 %).  With
   its padding a chunk takes at most 48 KiB (width 2, pitch 3), the limit
   of a block that does not opt in to more. */
const int SKINNY_CHUNK_BYTES = 32768;

typedef tsm_raw<16>::type vector16;

/* Whether X lies on a BYTES-byte boundary. */
template <int BYTES, typename T>
static bool starts_on(const T *x)
{
    return (uintptr_t)x % BYTES == 0;
}

/* The scaled copy of an M-by-N block of items, item (i, j) the VE
   consecutive elements from i*VE + j*LD of its array (VE = 1, or a
   16-byte vector where A, B and their LDs allow).  Item e of the
   grid-stride walk is (e mod M, e / M); each batch takes copy_batch
   strides, their loads issued before any store, and alpha is applied at
   the store. */
template <typename T, int VE>
__global__ void __launch_bounds__(MOVE_THREADS)
scaled_copy_kernel(idx_t m, idx_t n, T alpha, const T *__restrict__ a, idx_t lda,
                   T *__restrict__ b, idx_t ldb)
{
    typedef typename tsm_raw<VE * sizeof(T)>::type item;
    const idx_t stride = (idx_t)gridDim.x * MOVE_THREADS;
    const idx_t step_j = stride / m, step_i = stride % m;
    const idx_t first = (idx_t)blockIdx.x * MOVE_THREADS + threadIdx.x;
    idx_t i = first % m, j = first / m;

    while (j < n) {
        const int COPY_BATCH = copy_batch<T, VE>();
        idx_t bi[COPY_BATCH], bj[COPY_BATCH];
        item v[COPY_BATCH];
#pragma unroll
        for (int k = 0; k < COPY_BATCH; k++) {
            bi[k] = i;
            bj[k] = j;
            if (j < n)
                v[k] = *reinterpret_cast<const item *>(a + i * VE + j * lda);
            i += step_i;
            j += step_j;
            if (i >= m) {
                i -= m;
                j++;
            }
        }
#pragma unroll
        for (int k = 0; k < COPY_BATCH; k++)
            if (bj[k] < n) {
                T x[VE];
                memcpy(x, &v[k], sizeof x);
#pragma unroll
                for (int e = 0; e < VE; e++)
                    x[e] = mul(alpha, x[e]);
                store_whole<VE * sizeof(T)>(b + bi[k] * VE + bj[k] * ldb, x);
            }
    }
}

/* The launch of scaled_copy_kernel over M x N items. */
template <typename T, int VE>
static void scaled_copy(idx_t m, idx_t n, T alpha, const T *a, idx_t lda, T *b, idx_t ldb,
                        cudaStream_t stream)
{
    const idx_t batch = (idx_t)MOVE_THREADS * copy_batch<T, VE>();
    const idx_t blocks = (m * n + batch - 1) / batch;
    scaled_copy_kernel<T, VE><<<(unsigned)fill_grid(MOVE_BLOCKS_PER_SM, blocks), MOVE_THREADS, 0,
                                stream>>>(m, n, alpha, a, lda, b, ldb);
}

/* B := alpha*A, M x N: 16-byte vectors where A and B start on 16 bytes
   and either both are one run of memory (LDA = LDB = M, or N = 1), copied
   as such, or their LDs are whole vectors, each column's last M mod V
   rows then copied element by element; else elements.  Measured (H200,
   1 GiB, `--gemt-trans N`, both orders, widths 1-64, the better of two
   runs): by element S 72-73 % of the copy rate, D and C 89-90 %; in
   vectors 91-92 %, as Z's 16-byte elements (doc/gpu-performance-mtsm-gemt.md). */
template <typename T>
static void scaled_copy(idx_t m, idx_t n, T alpha, const T *a, idx_t lda, T *b, idx_t ldb,
                        cudaStream_t stream)
{
    constexpr int V = tsm_vector_elems<T>();
    const bool aligned = V > 1 && starts_on<16>(a) && starts_on<16>(b);

    if (aligned && ((lda == m && ldb == m) || n == 1)) {
        const idx_t total = m * n, vectors = total / V;
        if (vectors > 0)
            scaled_copy<T, V>(vectors, 1, alpha, a, 0, b, 0, stream);
        if (total > vectors * V)
            scaled_copy<T, 1>(total - vectors * V, 1, alpha, a + vectors * V, 0, b + vectors * V,
                              0, stream);
    } else if (aligned && lda % V == 0 && ldb % V == 0 && m >= V) {
        const idx_t vectors = m / V;
        scaled_copy<T, V>(vectors, n, alpha, a, lda, b, ldb, stream);
        if (m > vectors * V)
            scaled_copy<T, 1>(m - vectors * V, n, alpha, a + vectors * V, lda, b + vectors * V,
                              ldb, stream);
    } else {
        scaled_copy<T, 1>(m, n, alpha, a, lda, b, ldb, stream);
    }
}

/* One 16-byte vector from global memory at FROM to shared memory at TO,
   both aligned to 16 bytes (synchronously before sm_80). */
template <typename T>
__device__ inline void copy_vector(T *to, const T *from)
{
#if __CUDA_ARCH__ >= 800
    cp_async_cg16((unsigned)__cvta_generic_to_shared(to), from, 16);
#else
    *reinterpret_cast<vector16 *>(to) = *reinterpret_cast<const vector16 *>(from);
#endif
}

template <typename T>
constexpr int skinny_chunk_elements()
{
    return SKINNY_CHUNK_BYTES / (int)sizeof(T);
}

/* The transpose of a LEN-by-WIDTH block, WIDTH <= SKINNY_MAX, chunk by
   chunk of ROWS = 2^ROWS_LOG2 long-side indices.  Element (l, c), l < LEN
   along the long side and c < WIDTH along the short one, lies at
   l + c*LD_LONG in the operand of long runs and at l*LD_SHORT + c in the
   operand of short runs.  LONG_SOURCE: A holds the long runs (A tall, B
   := its WIDTH-by-LEN transpose); else A holds the short runs.  Shared
   memory: the chunk as ROWS rows of PITCH = WIDTH | 1 elements.
   The chunk comes in by asynchronous copies (cp.async), all of a thread's
   in flight at once and none held in registers; alpha and conj are
   applied on the way out. */
template <typename T, bool LONG_SOURCE>
__global__ void __launch_bounds__(MOVE_THREADS)
skinny_transpose_kernel(idx_t len, int width, int rows_log2, T alpha, bool conj,
                        const T *__restrict__ src, idx_t ld_src, T *__restrict__ dst,
                        idx_t ld_dst)
{
    extern __shared__ __align__(16) unsigned char skinny_shared[];
    T *chunk_rows = reinterpret_cast<T *>(skinny_shared);
    const int rows = 1 << rows_log2, pitch = width | 1, count = width << rows_log2;
    const idx_t ld_long = LONG_SOURCE ? ld_src : ld_dst;
    const idx_t ld_short = LONG_SOURCE ? ld_dst : ld_src;
    const idx_t chunks = (len + rows - 1) >> rows_log2;
    /* The short-run order walks the chunk row by row (slow: row, fast:
       column): thread t starts at element t and steps MOVE_THREADS
       elements a turn.  The long-run order takes element f = t +
       k*MOVE_THREADS as row f mod ROWS of run f / ROWS. */
    const tsm_wrap_walk<int> short_first = tsm_make_wrap_walk(threadIdx.x, MOVE_THREADS, width);

    for (idx_t chunk = blockIdx.x; chunk < chunks; chunk += gridDim.x) {
        const idx_t l0 = chunk << rows_log2;
        const int live = len - l0 < rows ? (int)(len - l0) : rows;

        if (LONG_SOURCE) {
            for (int f = threadIdx.x; f < count; f += MOVE_THREADS) {
                const int r = f & (rows - 1), c = f >> rows_log2;
                if (r < live)
                    tsm_copy_element(&chunk_rows[r * pitch + c], &src[(l0 + r) + c * ld_long],
                                     true);
            }
        } else {
            for (tsm_wrap_walk<int> at = short_first; at.slow < live; at.next())
                tsm_copy_element(&chunk_rows[at.slow * pitch + at.fast],
                                 &src[(l0 + at.slow) * ld_short + at.fast], true);
        }
        tsm_commit_copies();
        tsm_wait_copies<0>();
        __syncthreads();

        if (LONG_SOURCE) {
            for (tsm_wrap_walk<int> at = short_first; at.slow < live; at.next())
                dst[(l0 + at.slow) * ld_short + at.fast] =
                    mul(alpha, conj_if(chunk_rows[at.slow * pitch + at.fast], conj));
        } else {
            for (int f = threadIdx.x; f < count; f += MOVE_THREADS) {
                const int r = f & (rows - 1), c = f >> rows_log2;
                if (r < live)
                    dst[(l0 + r) + c * ld_long] =
                        mul(alpha, conj_if(chunk_rows[r * pitch + c], conj));
            }
        }
        __syncthreads();
    }
}

/* The chunk of skinny_transpose_long_kernel in shared memory: ROWS rows
   of each of the WIDTH long runs, as they lie in memory.  Run c starts at
   c*PITCH + SHIFT(c), PITCH = ROWS + V (V elements a 16-byte vector): the
   shift, the run's offset from a 16-byte boundary in memory, puts each of
   its 16-byte vectors on one in shared memory. */
template <int V>
struct skinny_long_layout {
    int pitch, base_shift, ld_shift;

    __device__ int vector_at(int c, int q) const { return c * pitch + V * q; }
    __device__ int shift(int c) const { return (base_shift + c * ld_shift) & (V - 1); }
    __device__ int element_at(int r, int c) const { return c * pitch + shift(c) + r; }
};

/* The skinny transpose of the same LEN-by-WIDTH block from its long runs
   (A tall, B := its WIDTH-by-LEN transpose), the runs copied in as
   16-byte vectors aligned in memory and B written element by element.  A
   run's first vector in a chunk starts up to V - 1 elements before it:
   before A itself in the first chunk of a run that does not start on 16
   bytes, within A's 16-byte block (so within its allocation); a run's
   last elements in a chunk, short of a vector, are copied one by one, so
   nothing past them is read.  For STGEMT's 4-byte elements, whose copies
   one by one bind (`--gemt-trans T`, H200, 1 GiB, column-major, widths
   1-64: 75-83 % of the copy rate before, 83-86 % with these), not for D,
   C or Z (CGEMT at widths 4-64 87-88 against 92 %, not profiled; by a
   count of the banks, the elements' reads across the runs meet two-way
   bank conflicts, four-way for S from width 32, where the layout by rows
   of odd pitch meets none; doc/gpu-performance-mtsm-gemt.md). */
template <typename T>
__global__ void __launch_bounds__(MOVE_THREADS)
skinny_transpose_long_kernel(idx_t len, int width, int rows_log2, T alpha, bool conj,
                             const T *__restrict__ src, idx_t ld_long, T *__restrict__ dst,
                             idx_t ld_short)
{
    constexpr int V = tsm_vector_elems<T>();
    extern __shared__ __align__(16) unsigned char skinny_shared[];
    T *chunk = reinterpret_cast<T *>(skinny_shared);
    const int rows = 1 << rows_log2;
    const skinny_long_layout<V> layout = { rows + V, (int)((uintptr_t)src / sizeof(T) % V),
                                           (int)(ld_long % V) };
    /* Vectors of a run in a chunk: ROWS / V, one more for the shift. */
    const int run_vectors = rows / V + 1;
    const idx_t chunks = (len + rows - 1) >> rows_log2;
    /* The runs' vectors: (slow, fast) = (run, vector); B's elements:
       (slow, fast) = (row, column). */
    const tsm_wrap_walk<int> long_first =
        tsm_make_wrap_walk(threadIdx.x, MOVE_THREADS, run_vectors);
    const tsm_wrap_walk<int> short_first = tsm_make_wrap_walk(threadIdx.x, MOVE_THREADS, width);

    for (idx_t c = blockIdx.x; c < chunks; c += gridDim.x) {
        const idx_t l0 = c << rows_log2;
        const int live = len - l0 < rows ? (int)(len - l0) : rows;

        for (tsm_wrap_walk<int> w = long_first; w.slow < width; w.next()) {
            const int r = V * w.fast - layout.shift(w.slow);
            T *to = &chunk[layout.vector_at(w.slow, w.fast)];
            const T *from = &src[(l0 + r) + w.slow * ld_long];
            if (r + V <= live) {
                copy_vector(to, from);
            } else {
                for (int e = r < 0 ? -r : 0; e < V && r + e < live; e++)
                    tsm_copy_element(to + e, from + e, true);
            }
        }
        tsm_commit_copies();
        tsm_wait_copies<0>();
        __syncthreads();

        for (tsm_wrap_walk<int> w = short_first; w.slow < live; w.next())
            dst[(l0 + w.slow) * ld_short + w.fast] =
                mul(alpha, conj_if(chunk[layout.element_at(w.slow, w.fast)], conj));
        __syncthreads();
    }
}

/* The tile transpose: tiles of EDGE x EDGE elements, EDGE x ROWS threads a
   block, each thread EDGE / ROWS elements of a tile (as many loads in
   flight); the tiles over a one-dimensional grid-stride walk in
   super-tiles of SUPER x SUPER tiles (fewer at the edges), the super-tiles
   in column-block order and the tiles of one in column order, so that
   consecutive blocks read consecutive runs of A's columns and write, a
   few tiles later, the neighbouring runs of B's (SUPER = 1: the tiles in
   column-block order); each block loads its next tile into registers
   before it stores this one, so that its loads are in flight while its
   stores drain.  A tile row is padded by one element against bank
   conflicts.
   HALO > 0 (HALO + 1 elements a 32-byte sector): each column of B's part
   of a tile is moved up by the elements its column starts past a sector,
   at most HALO, so that every warp's store starts on a sector and fills
   whole ones; a tile then loads the HALO columns of A before its own, and
   the walk has tiles for N + HALO columns of A. */
template <typename T, int EDGE, int ROWS, int SUPER, int HALO>
__global__ void __launch_bounds__(EDGE * ROWS)
tile_transpose_kernel(idx_t m, idx_t n, T alpha, const T *a, idx_t lda, bool conj, T *b,
                      idx_t ldb)
{
    static_assert(EDGE % 32 == 0 && EDGE % ROWS == 0 && HALO < ROWS,
                  "whole warps, whole rows of a tile, the halo in one row of threads");
    static_assert(sizeof(T) * (EDGE + HALO) * (EDGE + 1) <= 48 * 1024, "static shared memory");
    constexpr int PER = EDGE / ROWS;
    /* tile[HALO + u][r] = A(i0 + r, j0 + u), u from -HALO */
    __shared__ T tile[EDGE + HALO][EDGE + 1];
    const idx_t tiles_m = (m + EDGE - 1) / EDGE, tiles_n = (n + HALO + EDGE - 1) / EDGE;
    const idx_t tiles = tiles_m * tiles_n;
    const int tx = threadIdx.x, ty = threadIdx.y;
    /* zero once: the cells of an edge tile past A are staged, never stored */
    T v[PER + (HALO > 0)] = {};

    /* (i0, j0): the first element of tile T of the walk; super-column sc
       holds width tile columns, its super-tile sr height tile rows. */
    auto origin = [&](idx_t t, idx_t &i0, idx_t &j0) {
        if constexpr (SUPER == 1) {
            i0 = t % tiles_m * EDGE;
            j0 = t / tiles_m * EDGE;
        } else {
            const idx_t sc = t / (SUPER * tiles_m), in_sc = t - sc * SUPER * tiles_m;
            const idx_t width = tiles_n - sc * SUPER < SUPER ? tiles_n - sc * SUPER : SUPER;
            const idx_t sr = in_sc / (SUPER * width), in_st = in_sc - sr * SUPER * width;
            const idx_t height = tiles_m - sr * SUPER < SUPER ? tiles_m - sr * SUPER : SUPER;
            i0 = (sr * SUPER + in_st % height) * EDGE;
            j0 = (sc * SUPER + in_st / height) * EDGE;
        }
    };
    /* v := A(i0 + tx, j0 + ty + q*ROWS) of tile T, rows across the warp;
       the halo's column j0 - HALO + ty in the last */
    auto load = [&](idx_t t) {
        idx_t i0, j0;
        origin(t, i0, j0);
#pragma unroll
        for (int q = 0; q < PER; q++) {
            const idx_t j = j0 + ty + q * ROWS;
            if (i0 + tx < m && j < n)
                v[q] = a[(i0 + tx) + j * lda];
        }
        if constexpr (HALO > 0) {
            const idx_t j = j0 - HALO + ty;
            if (ty < HALO && i0 + tx < m && j >= 0 && j < n)
                v[PER] = a[(i0 + tx) + j * lda];
        }
    };
    idx_t t = blockIdx.x;
    if (t < tiles)
        load(t);
    for (; t < tiles; t += gridDim.x) {
        idx_t i0, j0;
        origin(t, i0, j0);
#pragma unroll
        for (int q = 0; q < PER; q++)
            tile[HALO + ty + q * ROWS][tx] = v[q];
        if constexpr (HALO > 0)
            if (ty < HALO)
                tile[ty][tx] = v[PER];
        __syncthreads();
        if (t + gridDim.x < tiles)
            load(t + gridDim.x);
        /* B(j0 - s + tx, i0 + y) = op(A)(i0 + y, j0 - s + tx), s the
           elements B's column i0 + y starts past a sector (HALO > 0) */
#pragma unroll
        for (int q = 0; q < PER; q++) {
            const int y = ty + q * ROWS;
            T *column = b + (i0 + y) * ldb;
            const int s = HALO > 0 ? (int)((uintptr_t)column % 32 / sizeof(T)) : 0;
            const idx_t j = j0 - s + tx;
            if (j >= 0 && j < n && i0 + y < m)
                column[j] = mul(alpha, conj_if(tile[HALO - s + tx][y], conj));
        }
        __syncthreads();
    }
}

/* The tile transpose of T: tiles of 64 (of 32 for 16-byte elements, whose
   tile of 64 would take more than the 48 KiB of static shared memory), 8
   rows of threads, a grid of BLOCKS times the multiprocessors (more than
   are resident at once: 4 of 512 threads, 8 of 256).  Measured (H100,
   square T at 1 and 4 GiB, `tsblas_bench --gpu --routines gemt
   --precisions sdcz --widths none --gemt-square --gemt-trans T`, two runs;
   doc/gpu-performance-mtsm-gemt.md): edges of 32 with 2 to 16 rows and 8
   to 32 blocks, S 83-86 % of the copy rate, D and C 52-58 %, Z 92-94 %;
   edges of 64 with 4 to 16 rows and 4 or 8 blocks, S 87-91 %, D and C
   63-69 %.  Where a column of A or B starts off 128 bytes, a warp's
   store of a tile's column fills two 32-byte sectors of B partly, each
   completed by another tile: DGEMT's square of order 11585 took 1.48
   times the time of 11584's, with 9 % more sectors loaded and stored and
   9 % more bytes to and from DRAM (ncu, H100).  There the tiles walk in
   super-tiles of SUPER x SUPER, which bring the completing tile closer in
   time, and where B's columns start off a 32-byte sector, its stores are
   moved onto sectors (HALO), so that they fill whole ones.
   Measured (the command above at 1 GiB, 4 GiB and 1073512448 bytes, whose
   orders are D, C 11584, S 16382, Z 8191; one H100, four runs, the four
   orders in turn in each; doc/data/gpu-gemt-h100-square-orders-*.csv), %
   of the copy rate for the column-block order, super-tiles, sector
   stores, both: columns off sectors D and C 11585 63-65, 70-71, 80-82,
   82-84; 23170 69-70, 73-74, 80-82, 82-83; S 16382 48, 62-63, 70-71,
   76-77; Z 8191 73, 83, 83-84, 87-88; columns on 128 bytes S 16384
   88-91, 87, 84-86, 78-79; 32768 92, 88, 86-87, 80; D and C 11584
   92-93, 91-92, 90-91, 89-91; Z within 2 points: so the column-block
   order on 128 bytes, super-tiles off them, with sector stores off
   sectors (columns on 32 bytes but off 128 not measured).  Super-tiles
   of 16 and 32 (one run, doc/data/gpu-gemt-h100-square-super-scan.csv)
   between none and 8. */
template <typename T>
struct tile_transpose_shape {
    static const int EDGE = sizeof(T) == 16 ? 32 : 64;
    static const int ROWS = 8;
    static const int BLOCKS = sizeof(T) == 16 ? 32 : 8;
    static const int SUPER = 8;
    static const int HALO = 32 / sizeof(T) - 1;
};

/* The skinny transpose of a LEN-by-WIDTH block: skinny_transpose_long_kernel
   for S from its long runs, else skinny_transpose_kernel. */
template <typename T, bool LONG_SOURCE>
static int skinny_transpose(idx_t len, idx_t width, T alpha, bool conj, const T *src,
                            idx_t ld_src, T *dst, idx_t ld_dst, cudaStream_t stream)
{
    constexpr bool LONG_VECTORS = LONG_SOURCE && sizeof(T) == 4;
    constexpr int V = tsm_vector_elems<T>();
    int rows_log2 = 0;
    while ((2 << rows_log2) * width <= skinny_chunk_elements<T>())
        rows_log2++;
    const idx_t rows = (idx_t)1 << rows_log2;
    const size_t shared = LONG_VECTORS ? (size_t)width * (size_t)(rows + V) * sizeof(T)
                                       : (size_t)rows * (size_t)(width | 1) * sizeof(T);
    const void *kernel = LONG_VECTORS ? (const void *)skinny_transpose_long_kernel<T>
                                      : (const void *)skinny_transpose_kernel<T, LONG_SOURCE>;
    int status = tsm_prefer_max_shared(kernel, "xGEMT shared-memory carveout"), resident = 0;

    if (status != 0)
        return status;
    if constexpr (LONG_VECTORS) {
        /* One wave of blocks, each with as many chunks (at 8 blocks a
           multiprocessor, as many as fit and then a second partial wave:
           1 to 4 points lower, H200, `--gemt-trans T`, 1 GiB). */
        status = tsm_blocks_per_sm(kernel, shared, &resident, MOVE_THREADS);
        if (status != 0)
            return status;
        skinny_transpose_long_kernel<T>
            <<<(unsigned)fill_grid(resident, (len + rows - 1) / rows), MOVE_THREADS, shared,
               stream>>>(len, (int)width, rows_log2, alpha, conj, src, ld_src, dst, ld_dst);
    } else {
        skinny_transpose_kernel<T, LONG_SOURCE>
            <<<(unsigned)fill_grid(MOVE_BLOCKS_PER_SM, (len + rows - 1) / rows), MOVE_THREADS,
               shared, stream>>>(len, (int)width, rows_log2, alpha, conj, src, ld_src, dst,
                                 ld_dst);
    }
    return launch_status("xGEMT skinny transpose kernel");
}

template <typename T>
static int gpu_gemt(enum tsblas_op op, idx_t m, idx_t n, T alpha, const T *a, idx_t lda, T *b,
                    idx_t ldb)
{
    cudaStream_t stream = current_stream();
    const bool conj = op == TSBLAS_OP_C;

    if (is_zero(alpha)) {
        if (op == TSBLAS_OP_N)
            return gpu_scale<T>(m, n, alpha, b, ldb, stream);
        return gpu_scale<T>(n, m, alpha, b, ldb, stream);
    }
    if (op == TSBLAS_OP_N) {
        scaled_copy<T>(m, n, alpha, a, lda, b, ldb, stream);
        return launch_status("xGEMT copy kernel");
    }
    /* B(c, l) = op(A)(c, l) = A(l, c): with A tall its columns are the
       long runs and B's the short ones; with A wide, the other way round. */
    if (n <= SKINNY_MAX)
        return skinny_transpose<T, true>(m, n, alpha, conj, a, lda, b, ldb, stream);
    if (m <= SKINNY_MAX)
        return skinny_transpose<T, false>(n, m, alpha, conj, a, lda, b, ldb, stream);
    typedef tile_transpose_shape<T> shape;
    const idx_t tiles = ((m + shape::EDGE - 1) / shape::EDGE)
                        * ((n + shape::EDGE - 1) / shape::EDGE);
    /* The column-block order where every column of A and B starts on 128
       bytes, else super-tiles, with B's stores moved onto sectors where its
       columns start off them (tile_transpose_shape says why). */
    const bool lines = starts_on<128>(a) && starts_on<128>(b) && lda * sizeof(T) % 128 == 0
                       && ldb * sizeof(T) % 128 == 0;
    const bool sectors = starts_on<32>(b) && ldb * sizeof(T) % 32 == 0;
    const dim3 grid((unsigned)fill_grid(shape::BLOCKS, tiles)), block(shape::EDGE, shape::ROWS);
    if (lines)
        tile_transpose_kernel<T, shape::EDGE, shape::ROWS, 1, 0>
            <<<grid, block, 0, stream>>>(m, n, alpha, a, lda, conj, b, ldb);
    else if (sectors)
        tile_transpose_kernel<T, shape::EDGE, shape::ROWS, shape::SUPER, 0>
            <<<grid, block, 0, stream>>>(m, n, alpha, a, lda, conj, b, ldb);
    else
        tile_transpose_kernel<T, shape::EDGE, shape::ROWS, shape::SUPER, shape::HALO>
            <<<grid, block, 0, stream>>>(m, n, alpha, a, lda, conj, b, ldb);
    return launch_status("xGEMT transpose kernel");
}

} /* namespace tsblas */

#define TSBLAS_GPU_GEMT_ENTRY(p, T)                                                          \
    extern "C" int TSBLAS_GPU_NAME(gpu_gemt, p)(enum tsblas_op op, idx_t m, idx_t n,           \
                                                const T *alpha, const T *a, idx_t lda, T *b,  \
                                                idx_t ldb)                                     \
    {                                                                                          \
        return tsblas::gpu_gemt<T>(op, m, n, tsblas::host_scalar<T>(alpha), a, lda, b, ldb);   \
    }

TSBLAS_GPU_GEMT_ENTRY(s, float)
TSBLAS_GPU_GEMT_ENTRY(d, double)
TSBLAS_GPU_GEMT_ENTRY(c, cuFloatComplex)
TSBLAS_GPU_GEMT_ENTRY(z, cuDoubleComplex)
