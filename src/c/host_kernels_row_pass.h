/*
 * host_kernels_row_pass.h: the register tile of row_lanes for one vector
 * width, included by host_kernels_body.h once per width PIECE_BYTES (a
 * full register, then halves down to one scalar, which cover the rows that
 * do not fill a register).  Defines piece<B>_t, row_pass_<B> and
 * row_tile_<B>.
 */
#define PIECE_VECTOR TSBLAS_CAT3(piece, PIECE_BYTES, _t)
#define PIECE_PASS TSBLAS_CAT3(row_pass_, PIECE_BYTES, )
#define PIECE_TILE TSBLAS_CAT3(row_tile_, PIECE_BYTES, )
#define PIECE_REALS (PIECE_BYTES / SCALAR_BYTES * REALS_PER_SCALAR)

typedef real_t PIECE_VECTOR __attribute__((vector_size(PIECE_BYTES)));

/*
 * acc := the tile sum over l < depth of X(r, l)*Y(l, c) for MR vectors of
 * rows of X (x points at the first, rows contiguous, XL reals from one l to
 * the next) and NR columns of Y (column c at ycol[c], YL reals from one l
 * to the next).  acc holds the tile column by column; for complex data acc
 * the products with Re(Y) and acc2 those with Im(Y), not yet combined.
 * MR and NR are constants at every call, so the tile lives in registers.
 * With DIRECT (real data, Out contiguous along the rows) the tile goes
 * from the registers to Out instead, as whole vectors.
 */
ALWAYS_INLINE void PIECE_PASS(const int mr, const int nr, idx_t depth, const real_t *x,
                              idx_t xl, const real_t *const *ycol, idx_t yl, real_t *acc,
                              real_t *acc2, const struct row_tile_out *direct)
{
    PIECE_VECTOR sum[ROW_MR][ROW_NR];
#if TSBLAS_COMPLEX
    PIECE_VECTOR sum2[ROW_MR][ROW_NR];
#endif
    idx_t l;
    int i, j;

#pragma GCC unroll 8
    for (i = 0; i < mr; i++)
#pragma GCC unroll 8
        for (j = 0; j < nr; j++) {
            sum[i][j] = (PIECE_VECTOR){ 0 };
#if TSBLAS_COMPLEX
            sum2[i][j] = (PIECE_VECTOR){ 0 };
#endif
        }
    for (l = 0; l < depth; l++) {
        const real_t *xrow = x + l * xl;
        const idx_t yoff = l * yl;
        PIECE_VECTOR xv[ROW_MR];
#pragma GCC unroll 8
        for (i = 0; i < mr; i++)
            memcpy(&xv[i], xrow + i * PIECE_REALS, PIECE_BYTES);
#pragma GCC unroll 8
        for (j = 0; j < nr; j++) {
            const real_t yre = ycol[j][yoff];
#if TSBLAS_COMPLEX
            const real_t yim = ycol[j][yoff + 1];
#endif
#pragma GCC unroll 8
            for (i = 0; i < mr; i++) {
                sum[i][j] += xv[i] * yre;
#if TSBLAS_COMPLEX
                sum2[i][j] += xv[i] * yim;
#endif
            }
        }
    }
#if !TSBLAS_COMPLEX
    if (direct != NULL) {
#pragma GCC unroll 8
        for (j = 0; j < nr; j++)
            if (j < direct->cols)
#pragma GCC unroll 8
                for (i = 0; i < mr; i++) {
                    real_t *out = direct->out + j * direct->co + i * PIECE_REALS;
                    PIECE_VECTOR value = direct->alpha * sum[i][j];
                    if (direct->beta != 0) {
                        PIECE_VECTOR old;
                        memcpy(&old, out, PIECE_BYTES);
                        value += direct->beta * old;
                    }
                    memcpy(out, &value, PIECE_BYTES);
                }
        return;
    }
#endif
#pragma GCC unroll 8
    for (j = 0; j < nr; j++)
#pragma GCC unroll 8
        for (i = 0; i < mr; i++) {
            memcpy(acc + (j * mr + i) * PIECE_REALS, &sum[i][j], PIECE_BYTES);
#if TSBLAS_COMPLEX
            memcpy(acc2 + (j * mr + i) * PIECE_REALS, &sum2[i][j], PIECE_BYTES);
#else
            (void)acc2;
#endif
        }
}

/* PIECE_PASS with MR and NR as constants: the full width has tiles of 1 to
   ROW_MR vectors, the narrower widths of one; every width has the column
   counts of row_nr_instance. */
#define PIECE_CASE(m_, n_)                                                     \
    case (m_) * 16 + (n_):                                                     \
        PIECE_PASS(m_, n_, depth, x, xl, ycol, yl, acc, acc2, direct);         \
        break;
#if ROW_NR_HALF > 2
#  define PIECE_CASES(m_)                                                      \
    PIECE_CASE(m_, 1) PIECE_CASE(m_, 2) PIECE_CASE(m_, ROW_NR_HALF) PIECE_CASE(m_, ROW_NR)
#else
#  define PIECE_CASES(m_) PIECE_CASE(m_, 1) PIECE_CASE(m_, 2) PIECE_CASE(m_, ROW_NR)
#endif

static void PIECE_TILE(int mr, int nr, idx_t depth, const real_t *x, idx_t xl,
                       const real_t *const *ycol, idx_t yl, real_t *acc, real_t *acc2,
                       const struct row_tile_out *direct)
{
    switch (mr * 16 + nr) {
        PIECE_CASES(1)
#if PIECE_BYTES == HOST_VECTOR_BYTES && ROW_MR >= 2
        PIECE_CASES(2)
#endif
#if PIECE_BYTES == HOST_VECTOR_BYTES && ROW_MR >= 3
        PIECE_CASES(3)
#endif
    default:
        break;
    }
}

#undef PIECE_CASES
#undef PIECE_CASE
#undef PIECE_REALS
#undef PIECE_TILE
#undef PIECE_PASS
#undef PIECE_VECTOR
