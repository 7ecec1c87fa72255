/*
 * gpu_gemt.cu: xGEMT on the GPU, B := alpha*op(A).
 *
 * Purpose
 * =======
 * X(gpu_gemt) computes B := alpha*A (TRANS = 'N'), alpha*A**T ('T') or
 * alpha*A**H ('C') for an M-by-N A in device memory, the conversion of
 * block vectors between column-major and interleaved storage.
 *   op N: a scaled copy, columns in y and rows in x of a 2D grid-stride
 *         loop (coalesced loads and stores);
 *   op T, C: 32-by-32 tiles through shared memory, each row padded by one
 *         element against bank conflicts; the loads read columns of A and
 *         the stores columns of B, both contiguous across a warp.
 * Every index is 64-bit and every grid dimension is bounded by the device
 * limits (x <= 2^31-1, y <= 65535) with grid-stride loops over the tiles,
 * so any shape runs: a 16-by-10^9 transpose included.  alpha = 0 writes
 * zeros without reading A.
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

namespace tsblas {

const int TILE = 32;
const int TILE_ROWS = 8;
const int COPY_THREADS = 256;
const idx_t GRID_Y_MAX = 65535;

template <typename T>
__global__ void __launch_bounds__(COPY_THREADS)
scaled_copy_kernel(idx_t m, idx_t n, T alpha, const T *a, idx_t lda, T *b, idx_t ldb)
{
    for (idx_t j = blockIdx.y; j < n; j += gridDim.y)
        for (idx_t i = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; i < m;
             i += (idx_t)gridDim.x * blockDim.x)
            b[i + j * ldb] = mul(alpha, a[i + j * lda]);
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

template <typename T>
static int gpu_gemt(enum tsblas_op op, idx_t m, idx_t n, T alpha, const T *a, idx_t lda, T *b,
                    idx_t ldb)
{
    cudaStream_t stream = current_stream();
    const idx_t target = fill_grid(16, (idx_t)1 << 30);

    if (is_zero(alpha)) {
        if (op == TSBLAS_OP_N)
            return gpu_scale<T>(m, n, alpha, b, ldb, stream);
        return gpu_scale<T>(n, m, alpha, b, ldb, stream);
    }
    if (op == TSBLAS_OP_N) {
        scaled_copy_kernel<T><<<bounded_grid((m + COPY_THREADS - 1) / COPY_THREADS, n, target),
                                COPY_THREADS, 0, stream>>>(m, n, alpha, a, lda, b, ldb);
        return launch_status("xGEMT copy kernel");
    }
    transpose_kernel<T><<<bounded_grid((m + TILE - 1) / TILE, (n + TILE - 1) / TILE, target),
                          dim3(TILE, TILE_ROWS), 0, stream>>>(m, n, alpha, a, lda,
                                                               op == TSBLAS_OP_C, b, ldb);
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
