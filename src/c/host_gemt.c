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
 * as fill the tile.  Each tile is read column by column (contiguous runs
 * of A) into its transposed image in an L1-resident buffer (when one side
 * of the tile is one of the short lengths of image_short_sides, by a loop
 * along the long side in SIMD lanes with the short side a constant: the
 * compiler then turns the strided accesses into vector shuffles, where a
 * scalar loop made the transposes of block vectors run at 52-60 % of the
 * copy bandwidth, measured against memcpy on the 2-core development
 * machine), and the image is written out row by row of B, or as one piece
 * when those rows are contiguous, by the scale_copy kernel (host_kernels.h): vectors, scaled
 * and conjugated there, and non-temporal for a B of HOST_GEMT_STREAM_BYTES
 * or more, which skips reading every line of B before writing it.
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

/*
 * The transposed image of a tile with few columns (TALL) or few rows
 * (WIDE), the short side a constant SHORT:
 *   image_tall_SHORT: image[i*SHORT + j] = a[i + j*lda], i < rows, j < SHORT;
 *   image_wide_SHORT: image[i*width + j] = a[i + j*lda], i < SHORT, j < cols.
 */
#define DEFINE_IMAGE_SHORT(short_)                                                          \
    static void image_tall_##short_(scalar_t *restrict image, const scalar_t *restrict a,   \
                                    idx_t lda, idx_t rows)                                  \
    {                                                                                        \
        idx_t i;                                                                             \
        int j;                                                                               \
        _Pragma("omp simd") for (i = 0; i < rows; i++)                                      \
            _Pragma("GCC unroll 64") for (j = 0; j < (short_); j++)                         \
                image[i * (short_) + j] = a[i + j * lda];                                    \
    }                                                                                        \
    static void image_wide_##short_(scalar_t *restrict image, idx_t width,                  \
                                    const scalar_t *restrict a, idx_t lda, idx_t cols)       \
    {                                                                                        \
        idx_t j;                                                                             \
        int i;                                                                               \
        _Pragma("omp simd") for (j = 0; j < cols; j++)                                      \
            _Pragma("GCC unroll 64") for (i = 0; i < (short_); i++)                         \
                image[i * width + j] = a[i + j * lda];                                       \
    }
DEFINE_IMAGE_SHORT(1)
DEFINE_IMAGE_SHORT(2)
DEFINE_IMAGE_SHORT(3)
DEFINE_IMAGE_SHORT(4)
DEFINE_IMAGE_SHORT(5)
DEFINE_IMAGE_SHORT(6)
DEFINE_IMAGE_SHORT(7)
DEFINE_IMAGE_SHORT(8)
DEFINE_IMAGE_SHORT(12)
DEFINE_IMAGE_SHORT(16)
DEFINE_IMAGE_SHORT(32)
#undef DEFINE_IMAGE_SHORT

struct image_short_side {
    idx_t length;
    void (*tall)(scalar_t *restrict, const scalar_t *restrict, idx_t, idx_t);
    void (*wide)(scalar_t *restrict, idx_t, const scalar_t *restrict, idx_t, idx_t);
};

/* The short sides with their own loops: the widths of block vectors that
   codes use most, every one up to 8. */
static const struct image_short_side image_short_sides[] = {
    { 1, image_tall_1, image_wide_1 },    { 2, image_tall_2, image_wide_2 },
    { 3, image_tall_3, image_wide_3 },    { 4, image_tall_4, image_wide_4 },
    { 5, image_tall_5, image_wide_5 },    { 6, image_tall_6, image_wide_6 },
    { 7, image_tall_7, image_wide_7 },    { 8, image_tall_8, image_wide_8 },
    { 12, image_tall_12, image_wide_12 }, { 16, image_tall_16, image_wide_16 },
    { 32, image_tall_32, image_wide_32 },
};

static const struct image_short_side *find_short_side(idx_t length)
{
    size_t s;
    for (s = 0; s < sizeof image_short_sides / sizeof image_short_sides[0]; s++)
        if (image_short_sides[s].length == length)
            return &image_short_sides[s];
    return NULL;
}

/* image(j - j0, i - i0) = A(i, j) over rows i0..i1-1, columns j0..j1-1:
   B's block, width = j1 - j0 elements per row. */
static void transposed_image(scalar_t *restrict image, const scalar_t *a, idx_t lda, idx_t i0,
                             idx_t i1, idx_t j0, idx_t j1)
{
    const idx_t width = j1 - j0;
    const struct image_short_side *cols = find_short_side(width), *rows = find_short_side(i1 - i0);
    idx_t i, j;

    if (cols != NULL && i1 - i0 >= width) {
        cols->tall(image, a + i0 + j0 * lda, lda, i1 - i0);
        return;
    }
    if (rows != NULL) {
        rows->wide(image, width, a + i0 + j0 * lda, lda, width);
        return;
    }
    for (j = j0; j < j1; j++) {
        const scalar_t *restrict aj = a + j * lda;
        scalar_t *restrict image_j = image + (j - j0);
        for (i = i0; i < i1; i++)
            image_j[(i - i0) * width] = aj[i];
    }
}

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

            transposed_image(image, a, lda, i0, i1, j0, j1);
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
