/*
 * host_gemt.c: xGEMT on the host, B := alpha*op(A).
 *
 * Purpose
 * =======
 * X(host_gemt) scales A (op = N) or its (conjugate) transpose (op = T, C)
 * into B for the host path of xGEMT, on OpenMP threads.
 *
 * op = N is a scaled copy, column by column (or as one vector when both
 * matrices are contiguous), in pieces of COPY_ELEMENTS; so is op = T, C of
 * a vector into a contiguous vector.  Otherwise op = T, C cuts A
 * into tiles of about TILE_ELEMENTS elements, shaped to the matrix: up to
 * 64 rows and as many columns as fill the tile, or, for a matrix of few
 * columns (a column-major block vector), all its columns and as many rows
 * as fill the tile.  Each tile is transposed into an L1-resident image by
 * the transpose_tile kernel, and the image is written out column by column
 * of B, or as one piece when those columns are contiguous, by the
 * scale_copy kernel: vectors, scaled and conjugated there, and
 * non-temporal for a B of HOST_GEMT_STREAM_BYTES or more, which skips
 * reading every line of B before writing it.  Both kernels come from
 * host_kernels.h, compiled for the instruction set the CPU has.
 *
 * Arguments
 * =========
 * OP      TSBLAS_OP_N, _T or _C (conjugate transpose; _T for real data).
 * M, N    the dimensions of A, >= 1.
 * ALPHA   nonzero (xgemt.c handles alpha = 0).
 * A, LDA  the M-by-N matrix A.
 * B, LDB  B: M-by-N when op = N, else N-by-M; only that part is written.
 *
 * Returns 0.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "host_kernels.h"

/* Elements of A in one transposed tile: its image, 2048 * 16 bytes at most
   (Z), and the tile itself fit in the L1 cache. */
#define TILE_ELEMENTS 2048

/* Elements of one piece of a scaled copy. */
#define COPY_ELEMENTS 8192

static void scaled_copy(const struct host_kernels *kernels, idx_t m, idx_t n, scalar_t alpha,
                        const scalar_t *a, idx_t lda, scalar_t *b, idx_t ldb, int conjugate,
                        int stream)
{
    /* Contiguous A and B are one column of m*n elements. */
    const int flat = lda == m && ldb == m;
    const idx_t rows = flat ? m * n : m, cols = flat ? 1 : n;
    const idx_t pieces = (rows + COPY_ELEMENTS - 1) / COPY_ELEMENTS;
    idx_t t;

#pragma omp parallel if (rows * cols > 4 * COPY_ELEMENTS)
    {
#pragma omp for schedule(static) nowait
        for (t = 0; t < pieces * cols; t++) {
            const idx_t i0 = (t % pieces) * COPY_ELEMENTS, j = t / pieces;
            const idx_t len = i0 + COPY_ELEMENTS < rows ? COPY_ELEMENTS : rows - i0;
            kernels->scale_copy(b + i0 + j * ldb, a + i0 + j * lda, len, alpha, conjugate, stream);
        }
        if (stream)
            kernels->store_fence();
    }
}

int X(host_gemt)(enum tsblas_op op, idx_t m, idx_t n, scalar_t alpha, const scalar_t *a,
                 idx_t lda, scalar_t *b, idx_t ldb)
{
    const struct host_kernels *kernels = X(host_kernels)();
    const int stream = m * n * (idx_t)sizeof(scalar_t) >= HOST_GEMT_STREAM_BYTES;
    const int conjugate = op == TSBLAS_OP_C;
    idx_t tile_rows = m < 64 ? m : 64;
    idx_t tile_cols = TILE_ELEMENTS / tile_rows;
    idx_t row_tiles, col_tiles, t;

    if (op == TSBLAS_OP_N) {
        scaled_copy(kernels, m, n, alpha, a, lda, b, ldb, 0, stream);
        return 0;
    }
    /* A vector transposed into a contiguous vector is a copy. */
    if ((n == 1 && ldb == 1) || (m == 1 && lda == 1)) {
        scaled_copy(kernels, m * n, 1, alpha, a, m * n, b, m * n, conjugate, stream);
        return 0;
    }
    if (tile_cols > n)
        tile_cols = n;
    if (tile_cols < 32) {
        tile_rows = TILE_ELEMENTS / tile_cols;
        if (tile_rows > m)
            tile_rows = m;
    }
    row_tiles = (m + tile_rows - 1) / tile_rows;
    col_tiles = (n + tile_cols - 1) / tile_cols;

#pragma omp parallel if (m * n > TILE_ELEMENTS * 4)
    {
#pragma omp for schedule(static) nowait
        for (t = 0; t < row_tiles * col_tiles; t++) {
            const idx_t i0 = (t % row_tiles) * tile_rows, j0 = (t / row_tiles) * tile_cols;
            const idx_t i1 = i0 + tile_rows < m ? i0 + tile_rows : m;
            const idx_t j1 = j0 + tile_cols < n ? j0 + tile_cols : n;
            const idx_t width = j1 - j0;
            scalar_t image[TILE_ELEMENTS];
            idx_t i;

            kernels->transpose_tile(image, a + i0 + j0 * lda, lda, i1 - i0, width);
            if (ldb == width)
                kernels->scale_copy(b + j0 + i0 * ldb, image, (i1 - i0) * width, alpha, conjugate,
                                    stream);
            else
                for (i = i0; i < i1; i++)
                    kernels->scale_copy(b + j0 + i * ldb, image + (i - i0) * width, width,
                                        alpha, conjugate, stream);
        }
        if (stream)
            kernels->store_fence();
    }
    return 0;
}
