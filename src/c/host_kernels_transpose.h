/*
 * host_kernels_transpose.h: transpose_tile, the transposing kernel of
 * xGEMT, included by host_kernels_body.h so that it is compiled for every
 * instruction set of host_kernels.h.
 *
 * Purpose
 * =======
 * transpose_tile writes the transpose of a ROWS-by-COLS tile of A into
 * IMAGE, its columns (COLS elements each) one after the other:
 *     image[j + i*cols] = A(i, j) = a[i + j*lda],  i < rows, j < cols.
 *
 * When one side of the tile is one of the short lengths of
 * image_short_sides (the widths of block vectors that codes use most), a
 * loop along the long side in SIMD lanes with the short side a constant
 * does the work: the compiler then turns the strided accesses into vector
 * shuffles, where a scalar loop made the transposes of block vectors run
 * at 52-60 % of the copy bandwidth (memcpy on the 2-core development
 * machine).  Other tiles run a loop over columns.
 *
 * It is compiled per instruction set, where it was compiled for the
 * baseline in host_gemt.c: wider vectors take fewer shuffles.  Measured on
 * the development machine's 2 threads (xGEMT, 256 MiB, the library before
 * and after alternating, two runs each), S and D at widths 32 and 64 took
 * 0.56-0.79 of the time in 7 of 8 cases (D int 32: 1.24, one of its two
 * runs slow), widths 2-16 0.68-1.10; C and Z moved within that machine's
 * noise (0.84-1.21 of the time at widths 4, 16, 64, three runs each).
 *
 * Arguments
 * =========
 * IMAGE   rows*cols elements, not overlapping A.
 * A, LDA  the tile: A(i, j) = a[i + j*lda].
 * ROWS    the rows of the tile, >= 1.
 * COLS    the columns of the tile, >= 1.
 */

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

static void transpose_tile(scalar_t *restrict image, const scalar_t *a, idx_t lda, idx_t rows,
                           idx_t cols)
{
    const struct image_short_side *short_cols = find_short_side(cols);
    const struct image_short_side *short_rows = find_short_side(rows);
    idx_t i, j;

    if (short_cols != NULL && rows >= cols) {
        short_cols->tall(image, a, lda, rows);
        return;
    }
    if (short_rows != NULL) {
        short_rows->wide(image, cols, a, lda, cols);
        return;
    }
    for (j = 0; j < cols; j++) {
        const scalar_t *restrict aj = a + j * lda;
        scalar_t *restrict image_j = image + j;
        for (i = 0; i < rows; i++)
            image_j[i * cols] = aj[i];
    }
}
