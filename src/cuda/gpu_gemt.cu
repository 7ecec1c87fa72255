/*
 * gpu_gemt.cu: xGEMT on the GPU, B := alpha*op(A).
 *
 * Purpose
 * =======
 * X(gpu_gemt) computes B := alpha*A (TRANS = 'N'), alpha*A**T ('T') or
 * alpha*A**H ('C') for an M-by-N A in device memory, the conversion of
 * block vectors between column-major and interleaved storage.  Three
 * kernels, each moving every element once with coalesced loads and stores:
 *   op N: a scaled copy over the M*N elements in column order, so that a
 *         few short columns (M = 3, LDA = 3) are as contiguous as one long
 *         one;
 *   op T, C with one side at most SKINNY_MAX (a block vector: M-by-W to
 *         W-by-M, or back): chunks of ROWS long-side indices by the W
 *         short-side ones through shared memory.  The long runs of a chunk
 *         (W of them, ROWS elements each) are read or written with the
 *         threads along the runs, the short runs (ROWS of W elements, one
 *         contiguous span when LD = W) with the threads along the span;
 *         each chunk row is padded to an odd pitch against bank conflicts;
 *   op T, C otherwise: 32-by-32 tiles through shared memory, each row
 *         padded by one element; the loads read columns of A and the
 *         stores columns of B, both contiguous across a warp.
 * Every index is 64-bit and every grid dimension is bounded by the device
 * limits (x <= 2^31-1, y <= 65535) with grid-stride loops, so any shape
 * runs: a 16-by-10^9 transpose included.  alpha = 0 writes zeros without
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

const int TILE = 32;
const int TILE_ROWS = 8;
const idx_t GRID_Y_MAX = 65535;

/* The copy and the skinny transpose: 256 threads a block, grids of 8
   blocks a multiprocessor (a full 2048 threads; the skinny transpose,
   bound by shared memory, keeps 4 to 7 of them resident). */
const int MOVE_THREADS = 256;
const int MOVE_BLOCKS_PER_SM = 8;
/* Elements each thread of the copy has in flight at once: 32 bytes or
   more (4-byte elements with 16 bytes reached 78 % of the copy rate on the
   H100, 8-byte ones 93 %). */
template <typename T>
__host__ __device__ constexpr int copy_batch()
{
    return sizeof(T) < 8 ? 8 : 4;
}
/* Bytes of a skinny-transpose chunk (before the pitch's padding), all in
   flight at once for a block; the kernel asks for the largest shared-memory
   carveout, so that 4 to 7 blocks fit a multiprocessor.  On the H100, 16
   KiB chunks came within 0-3 points of the copy rate of these, 8 KiB ones
   up to 10 points under (S interleaved width 13: 72 against 82 %).  With
   its padding a chunk takes at most 48 KiB (width 2, pitch 3), the limit
   of a block that does not opt in to more. */
const int SKINNY_CHUNK_BYTES = 32768;

template <typename T>
__global__ void __launch_bounds__(MOVE_THREADS)
scaled_copy_kernel(idx_t m, idx_t n, T alpha, const T *__restrict__ a, idx_t lda,
                   T *__restrict__ b, idx_t ldb)
{
    /* Element e of the grid-stride walk is (e mod M, e / M); each batch
       takes copy_batch<T>() strides, their loads issued before any store,
       and alpha is applied at the store. */
    const idx_t stride = (idx_t)gridDim.x * MOVE_THREADS;
    const idx_t step_j = stride / m, step_i = stride % m;
    const idx_t first = (idx_t)blockIdx.x * MOVE_THREADS + threadIdx.x;
    idx_t i = first % m, j = first / m;

    while (j < n) {
        const int COPY_BATCH = copy_batch<T>();
        idx_t bi[COPY_BATCH], bj[COPY_BATCH];
        T v[COPY_BATCH];
#pragma unroll
        for (int k = 0; k < COPY_BATCH; k++) {
            bi[k] = i;
            bj[k] = j;
            if (j < n)
                v[k] = a[i + j * lda];
            i += step_i;
            j += step_j;
            if (i >= m) {
                i -= m;
                j++;
            }
        }
#pragma unroll
        for (int k = 0; k < COPY_BATCH; k++)
            if (bj[k] < n)
                b[bi[k] + bj[k] * ldb] = mul(alpha, v[k]);
    }
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
                    dst[(l0 + r) + c * ld_long] = mul(alpha, conj_if(chunk_rows[r * pitch + c], conj));
            }
        }
        __syncthreads();
    }
}

template <typename T>
__global__ void __launch_bounds__(TILE * TILE_ROWS)
transpose_kernel(idx_t m, idx_t n, T alpha, const T *a, idx_t lda, bool conj, T *b, idx_t ldb)
{
    __shared__ T tile[TILE][TILE + 1];
    const idx_t tiles_m = (m + TILE - 1) / TILE, tiles_n = (n + TILE - 1) / TILE;
    const int tx = threadIdx.x, ty = threadIdx.y;

    for (idx_t tj = blockIdx.y; tj < tiles_n; tj += gridDim.y) {
        for (idx_t ti = blockIdx.x; ti < tiles_m; ti += gridDim.x) {
            const idx_t i0 = ti * TILE, j0 = tj * TILE;
            /* Load A(i0 + tx, j0 + y): column y of the tile, rows across
               the warp. */
            for (int y = ty; y < TILE; y += TILE_ROWS)
                if (i0 + tx < m && j0 + y < n)
                    tile[y][tx] = mul(alpha, conj_if(a[(i0 + tx) + (j0 + y) * lda], conj));
            __syncthreads();
            /* B(j0 + tx, i0 + y) = op(A)(i0 + y, j0 + tx). */
            for (int y = ty; y < TILE; y += TILE_ROWS)
                if (j0 + tx < n && i0 + y < m)
                    b[(j0 + tx) + (i0 + y) * ldb] = tile[tx][y];
            __syncthreads();
        }
    }
}

/* A grid of at most TARGET blocks over a BLOCKS_X-by-BLOCKS_Y space, each
   dimension within its device limit. */
static dim3 bounded_grid(idx_t blocks_x, idx_t blocks_y, idx_t target)
{
    idx_t gx = blocks_x < target ? blocks_x : target;
    idx_t gy = target / gx;

    if (gy > blocks_y)
        gy = blocks_y;
    if (gy > GRID_Y_MAX)
        gy = GRID_Y_MAX;
    return dim3((unsigned)gx, (unsigned)(gy > 0 ? gy : 1));
}

/* The skinny transpose of a LEN-by-WIDTH block (see the kernel). */
template <typename T, bool LONG_SOURCE>
static int skinny_transpose(idx_t len, idx_t width, T alpha, bool conj, const T *src,
                            idx_t ld_src, T *dst, idx_t ld_dst, cudaStream_t stream)
{
    int rows_log2 = 0;
    while ((2 << rows_log2) * width <= skinny_chunk_elements<T>())
        rows_log2++;
    const idx_t rows = (idx_t)1 << rows_log2;
    const size_t shared = (size_t)rows * (size_t)(width | 1) * sizeof(T);
    const idx_t grid = fill_grid(MOVE_BLOCKS_PER_SM, (len + rows - 1) / rows);
    const void *kernel = (const void *)skinny_transpose_kernel<T, LONG_SOURCE>;
    const int status = tsm_prefer_max_shared(kernel, "xGEMT shared-memory carveout");

    if (status != 0)
        return status;
    skinny_transpose_kernel<T, LONG_SOURCE><<<(unsigned)grid, MOVE_THREADS, shared, stream>>>(
        len, (int)width, rows_log2, alpha, conj, src, ld_src, dst, ld_dst);
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
        const idx_t batch = (idx_t)MOVE_THREADS * copy_batch<T>();
        const idx_t blocks = (m * n + batch - 1) / batch;
        scaled_copy_kernel<T><<<(unsigned)fill_grid(MOVE_BLOCKS_PER_SM, blocks), MOVE_THREADS, 0,
                                stream>>>(m, n, alpha, a, lda, b, ldb);
        return launch_status("xGEMT copy kernel");
    }
    /* B(c, l) = op(A)(c, l) = A(l, c): with A tall its columns are the
       long runs and B's the short ones; with A wide, the other way round. */
    if (n <= SKINNY_MAX)
        return skinny_transpose<T, true>(m, n, alpha, conj, a, lda, b, ldb, stream);
    if (m <= SKINNY_MAX)
        return skinny_transpose<T, false>(n, m, alpha, conj, a, lda, b, ldb, stream);
    transpose_kernel<T><<<bounded_grid((m + TILE - 1) / TILE, (n + TILE - 1) / TILE,
                                       fill_grid(16, (idx_t)1 << 30)),
                          dim3(TILE, TILE_ROWS), 0, stream>>>(m, n, alpha, a, lda, conj, b, ldb);
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
