/*
 * host_gemt.c: xGEMT on the host, B := alpha*op(A).
 *
 * Purpose
 * =======
 * X(host_gemt) scales A (op = N) or its (conjugate) transpose (op = T, C)
 * into B for the host path of xGEMT.  A is cut into tiles of about
 * TILE_ELEMENTS elements, shaped to the matrix: up to 64 rows and as many
 * columns as fill the tile, or, for a matrix of few columns (a column-major
 * block vector), all its columns and as many rows as fill the tile.  A
 * tile of A and its image in B stay in the L1 cache while it is copied, so
 * that every cache line of either side is read or written whole, and the
 * tiles run on OpenMP threads.
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

/* Elements of A in one tile: with its image in B, 2 * 2048 * 16 bytes at
   most (Z), within the L1 cache. */
#define TILE_ELEMENTS 2048

int X(host_gemt)(enum tsblas_op op, idx_t m, idx_t n, scalar_t alpha, const scalar_t *a,
                 idx_t lda, scalar_t *b, idx_t ldb)
{
    idx_t tile_rows = m < 64 ? m : 64;
    idx_t tile_cols = TILE_ELEMENTS / tile_rows;
    idx_t row_tiles, col_tiles, t;

    if (tile_cols > n)
        tile_cols = n;
    if (tile_cols < 32) {
        tile_rows = TILE_ELEMENTS / tile_cols;
        if (tile_rows > m)
            tile_rows = m;
    }
    row_tiles = (m + tile_rows - 1) / tile_rows;
    col_tiles = (n + tile_cols - 1) / tile_cols;

#pragma omp parallel for schedule(static) if (m * n > TILE_ELEMENTS * 4)
    for (t = 0; t < row_tiles * col_tiles; t++) {
        const idx_t i0 = (t % row_tiles) * tile_rows, j0 = (t / row_tiles) * tile_cols;
        const idx_t i1 = i0 + tile_rows < m ? i0 + tile_rows : m;
        const idx_t j1 = j0 + tile_cols < n ? j0 + tile_cols : n;
        idx_t i, j;

        if (op == TSBLAS_OP_N) {
            for (j = j0; j < j1; j++) {
                const scalar_t *restrict aj = a + j * lda;
                scalar_t *restrict bj = b + j * ldb;
                for (i = i0; i < i1; i++)
                    bj[i] = alpha * aj[i];
            }
        } else if (op == TSBLAS_OP_T || !TSBLAS_COMPLEX) {
            for (i = i0; i < i1; i++) {
                scalar_t *restrict bi = b + i * ldb;
                for (j = j0; j < j1; j++)
                    bi[j] = alpha * a[i + j * lda];
            }
        } else {
            for (i = i0; i < i1; i++) {
                scalar_t *restrict bi = b + i * ldb;
                for (j = j0; j < j1; j++)
                    bi[j] = alpha * CONJ(a[i + j * lda]);
            }
        }
    }
    return 0;
}
