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
#define PIECE_SCALARS (PIECE_BYTES / SCALAR_BYTES)
#define PIECE_REALS (PIECE_SCALARS * REALS_PER_SCALAR)

typedef real_t PIECE_VECTOR __attribute__((vector_size(PIECE_BYTES)));

#if PIECE_BYTES == HOST_VECTOR_BYTES
/*
 * Out := alpha*T + beta*Out for a tile of MR whole vectors by NR columns,
 * all of them in Out, which is contiguous along the rows (TO).  T is in
 * SUM, for complex data with SUM2 (the products with Im(Y); SUM2 is not
 * read for real data), as PIECE_PASS leaves them.  WITH_OLD (beta != 0)
 * is a constant at every call, and so is STREAM where WITH_OLD is 0, so
 * the tile goes from the registers to Out with no test per vector.  The
 * expressions are those of the general stores in PIECE_PASS; for real
 * data with beta != 0 the compiler fuses the other product into the
 * addition (alpha*T, where the general stores fuse beta*Out), so the last
 * bit may differ from theirs, and still depends only on the shape.
 */
ALWAYS_INLINE void store_whole_tile(const int mr, const int nr, PIECE_VECTOR sum[ROW_MR][ROW_NR],
                                    PIECE_VECTOR sum2[ROW_MR][ROW_NR], scalar_t *out,
                                    const struct row_tile_out *to, const int with_old,
                                    const int stream)
{
    int i, j;

#if !TSBLAS_COMPLEX
    (void)sum2;
#endif
#pragma GCC unroll 8
    for (j = 0; j < nr; j++)
#pragma GCC unroll 8
        for (i = 0; i < mr; i++) {
            real_t *o = (real_t *)(out + j * to->co) + i * PIECE_REALS;
#if TSBLAS_COMPLEX
            vector_t value = scale_complex(
                to->alpha, combine_row_lanes(sum[i][j], sum2[i][j], to->conj_x, to->conj_y));
#else
            vector_t value = to->alpha * sum[i][j];
#endif
            if (with_old) {
                vector_t old;
                memcpy(&old, o, PIECE_BYTES);
#if TSBLAS_COMPLEX
                value += scale_complex(to->beta, old);
#else
                value += to->beta * old;
#endif
            }
            store_vector(o, value, stream);
        }
}
#endif

/*
 * NTILES consecutive tiles, each Out := alpha*T + beta*Out (TO says where
 * Out is) for T the sum over l < depth of X(r, l)*Y(l, c): MR vectors of
 * rows of X (x points at the first row of the first tile, rows contiguous,
 * XL reals from one l to the next) by NR columns of Y (column c at
 * ycol[c], YL reals from one l to the next).  MR and NR are constants at
 * every call, so the tile lives in registers.  Tiles with Out contiguous
 * along the rows go from the registers to Out as whole vectors (real data
 * at every width, complex data in full registers); the others (complex:
 * the products with Re(Y) and with Im(Y), not yet combined) through a
 * buffer and store_row_tile.  All that TO->col_tiles times, for the next
 * full column tiles (TO->col_step reals further along Y, ROW_NR columns
 * further along Out).
 */
#if TSBLAS_COMPLEX
#  define WHOLE_TILE_SUM2 sum2
#else
#  define WHOLE_TILE_SUM2 sum
#endif
ALWAYS_INLINE void PIECE_PASS(const int mr, const int nr, idx_t ntiles, idx_t depth,
                              const real_t *x, idx_t xl, const real_t *const *ycol, idx_t yl,
                              const struct row_tile_out *to, const int prefetching)
{
    const idx_t tile_rows = mr * (PIECE_BYTES / SCALAR_BYTES);
    idx_t ct, t, l;
    int i, j;

    for (ct = 0; ct < to->col_tiles; ct++) {
        for (t = 0; t < ntiles; t++) {
            const real_t *xt = x + t * mr * PIECE_REALS;
            scalar_t *out = to->out + t * tile_rows * to->ro + ct * ROW_NR * to->co;
            /* the columns of Y of this column tile, set for each tile: set
               once per column tile, outside this loop, they took interleaved
               D and S width 16 to 0.89 and 0.93 of the rate in cache (gcc 12,
               one core of the development machine, nine runs each) */
            const real_t *yt[ROW_NR];
            PIECE_VECTOR sum[ROW_MR][ROW_NR];
#if TSBLAS_COMPLEX
            PIECE_VECTOR sum2[ROW_MR][ROW_NR];
#endif
            real_t acc[ACC_SETS][ROW_MR * ROW_NR * PIECE_REALS];

#pragma GCC unroll 8
            for (j = 0; j < nr; j++)
                yt[j] = ycol[j] + ct * to->col_step;
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
                const real_t *xrow = xt + l * xl;
                const idx_t yoff = l * yl;
                PIECE_VECTOR xv[ROW_MR];
#pragma GCC unroll 8
                for (i = 0; i < mr; i++)
                    memcpy(&xv[i], xrow + i * PIECE_REALS, PIECE_BYTES);
#if PIECE_BYTES == HOST_VECTOR_BYTES
                /* Into the L2 cache (hint 2); past the end of X it is only a
                   hint, which never faults, hence the integer address. */
                if (prefetching)
#pragma GCC unroll 8
                    for (i = 0; i < mr; i++)
                        __builtin_prefetch(
                            (const void *)((uintptr_t)(xrow + i * PIECE_REALS)
                                           + (uintptr_t)to->prefetch * sizeof(real_t)),
                            0, 2);
#endif
#pragma GCC unroll 8
                for (j = 0; j < nr; j++) {
                    const real_t yre = yt[j][yoff];
#if TSBLAS_COMPLEX
                    const real_t yim = yt[j][yoff + 1];
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
            /* Contiguous Out: whole vectors stored as vectors; in a tile wider
               than the rows left (to->rows), the vector that holds the last
               rows stores only those, one by one, and reads only those of Out
               (a tile with no whole vector goes to store_row_tile below). */
#if PIECE_BYTES == HOST_VECTOR_BYTES
            /* An edge tile of interleaved Out (ro 1, co its rows: the columns
               follow each other) with beta = 0 is one span of cols x rows
               elements: laid out in a buffer and written as whole vectors, its
               lines are written whole, where whole vectors and the scalars
               past them, column by column, wrote most lines in parts (each
               part a read of the line first, and no non-temporal store where
               a vector straddles two lines).  Measured on the GPU machine's 16
               threads (xTSMM interleaved, 1 GiB, three runs each), D widths
               11-15 took 0.70-0.81 of the time, D 17 (K = 3) 0.56, S 11 and
               13 0.67; but S 17, one scalar past a vector of 16, took 1.26
               (2 cores: about 1.2), the buffer costing more than one scalar
               store a column.  Hence only from an eighth of a vector past the
               whole ones: with AVX-512 every D width, and every S width but
               those one or two past a multiple of 16; every complex width,
               whose vectors hold 8 (C) or 4 (Z) elements. */
            if (to->ro == 1 && to->rows != 0 && to->co == to->rows && to->beta == 0
                && (to->rows % PIECE_SCALARS) * 8 >= PIECE_SCALARS) {
                real_t span[ROW_NR * ROW_MR * PIECE_REALS];
#pragma GCC unroll 8
                for (j = 0; j < nr; j++)
                    if (j < to->cols)
#pragma GCC unroll 8
                        for (i = 0; i < mr; i++) {
#if TSBLAS_COMPLEX
                            const vector_t product = combine_row_lanes(sum[i][j], sum2[i][j],
                                                                       to->conj_x, to->conj_y);
#else
                            const PIECE_VECTOR product = sum[i][j];
#endif
                            /* past column j's rows: the next column's, which
                               it writes after (the tile covers the rows) */
                            memcpy(span + (j * to->rows + i * PIECE_SCALARS) * REALS_PER_SCALAR,
                                   &product, PIECE_BYTES);
                        }
                scale_copy(out, (const scalar_t *)span, (idx_t)to->cols * to->rows, to->alpha, 0,
                           to->stream);
                continue;
            }
#endif
#if PIECE_BYTES == HOST_VECTOR_BYTES
            /* The whole tiles of xMTSM and xTSMM with Out column-major: the
               stores below test, for every vector, the column, the rows
               left, beta and streaming, and kept the sums on the stack.
               With a depth of 8 or 16 (xMTSM, R contiguous along P) that
               was a third of the time on one core of the development
               machine, in cache; this took D, S, C and Z Q = 8-16 to
               1.02-1.21 times the rate there, and complex Q = 8-16 to
               1.01-1.23 on the GPU machine's 16 threads (1 GiB). */
            if (to->ro == 1 && to->rows == 0 && to->cols == nr) {
                if (to->beta != 0)
                    store_whole_tile(mr, nr, sum, WHOLE_TILE_SUM2, out, to, 1, to->stream);
                else if (to->stream)
                    store_whole_tile(mr, nr, sum, WHOLE_TILE_SUM2, out, to, 0, 1);
                else
                    store_whole_tile(mr, nr, sum, WHOLE_TILE_SUM2, out, to, 0, 0);
                continue;
            }
#endif
#if !TSBLAS_COMPLEX
            if (to->ro == 1 && (to->rows == 0 || to->rows >= PIECE_SCALARS)) {
#pragma GCC unroll 8
                for (j = 0; j < nr; j++)
                    if (j < to->cols)
#pragma GCC unroll 8
                        for (i = 0; i < mr; i++) {
                            const idx_t stored = to->rows ? to->rows - i * PIECE_SCALARS
                                                          : PIECE_SCALARS;
                            real_t *o = out + j * to->co + i * PIECE_REALS;
                            PIECE_VECTOR value = to->alpha * sum[i][j];
                            if (stored >= PIECE_SCALARS) {
                                if (to->beta != 0) {
                                    PIECE_VECTOR old;
                                    memcpy(&old, o, PIECE_BYTES);
                                    value += to->beta * old;
                                }
#if PIECE_BYTES == HOST_VECTOR_BYTES
                                store_vector(o, value, to->stream);
#else
                                memcpy(o, &value, PIECE_BYTES);
#endif
                            } else {
                                int e;
                                for (e = 0; e < stored; e++)
                                    o[e] = to->alpha * sum[i][j][e]
                                           + (to->beta != 0 ? to->beta * o[e] : 0);
                            }
                        }
                continue;
            }
#elif PIECE_BYTES == HOST_VECTOR_BYTES
            if (to->ro == 1 && (to->rows == 0 || to->rows >= PIECE_SCALARS)) {
#pragma GCC unroll 8
                for (j = 0; j < nr; j++)
                    if (j < to->cols)
#pragma GCC unroll 8
                        for (i = 0; i < mr; i++) {
                            const idx_t stored = to->rows ? to->rows - i * PIECE_SCALARS
                                                          : PIECE_SCALARS;
                            real_t *o = (real_t *)(out + j * to->co) + i * PIECE_REALS;
                            vector_t value = scale_complex(
                                to->alpha,
                                combine_row_lanes(sum[i][j], sum2[i][j], to->conj_x, to->conj_y));
                            if (stored >= PIECE_SCALARS) {
                                if (to->beta != 0) {
                                    vector_t old;
                                    memcpy(&old, o, PIECE_BYTES);
                                    value += scale_complex(to->beta, old);
                                }
                                store_vector(o, value, to->stream);
                            } else {
                                scalar_t *os = (scalar_t *)o;
                                int e;
                                for (e = 0; e < stored; e++) {
                                    const scalar_t v = from_parts(value[2 * e], value[2 * e + 1]);
                                    os[e] = to->beta != 0 ? v + to->beta * os[e] : v;
                                }
                            }
                        }
                continue;
            }
#endif
#pragma GCC unroll 8
            for (j = 0; j < nr; j++)
#pragma GCC unroll 8
                for (i = 0; i < mr; i++) {
                    memcpy(acc[0] + (j * mr + i) * PIECE_REALS, &sum[i][j], PIECE_BYTES);
#if TSBLAS_COMPLEX
                    memcpy(acc[1] + (j * mr + i) * PIECE_REALS, &sum2[i][j], PIECE_BYTES);
#endif
                }
            store_row_tile(acc[0], acc[ACC_SETS - 1], tile_rows, to->rows ? to->rows : tile_rows,
                           to->cols, out, to->ro, to->co, to->alpha, to->beta, to->conj_x,
                           to->conj_y);
        }
    }
}

/* PIECE_PASS with MR and NR as constants: the full width has tiles of 1 to
   ROW_MR vectors, the narrower widths of one; every width has the column
   counts of row_nr_instance. */
#define PIECE_CASE(m_, n_)                                                     \
    case (m_) * 16 + (n_):                                                     \
        PIECE_PASS(m_, n_, ntiles, depth, x, xl, ycol, yl, to, 0);            \
        break;
#define PREFETCH_CASE(n_)                                                      \
    case (n_):                                                                 \
        PIECE_PASS(ROW_MR, n_, ntiles, depth, x, xl, ycol, yl, to, 1);         \
        return;
/* One case per column count of row_nr_instance. */
#if ROW_NR_HALF > 2
#  define HALF_PIECE_CASE(m_) PIECE_CASE(m_, ROW_NR_HALF)
#  define HALF_PREFETCH_CASE PREFETCH_CASE(ROW_NR_HALF)
#else
#  define HALF_PIECE_CASE(m_)
#  define HALF_PREFETCH_CASE
#endif
#if ROW_NR_FOUR
#  define FOUR_PIECE_CASE(m_) PIECE_CASE(m_, 4)
#  define FOUR_PREFETCH_CASE PREFETCH_CASE(4)
#else
#  define FOUR_PIECE_CASE(m_)
#  define FOUR_PREFETCH_CASE
#endif
#define PIECE_CASES(m_)                                                        \
    PIECE_CASE(m_, 1) PIECE_CASE(m_, 2) HALF_PIECE_CASE(m_) FOUR_PIECE_CASE(m_) \
    PIECE_CASE(m_, ROW_NR)
#define PREFETCH_CASES                                                         \
    PREFETCH_CASE(1) PREFETCH_CASE(2) HALF_PREFETCH_CASE FOUR_PREFETCH_CASE    \
    PREFETCH_CASE(ROW_NR)

static void PIECE_TILE(int mr, int nr, idx_t ntiles, idx_t depth, const real_t *x,
                       idx_t xl, const real_t *const *ycol, idx_t yl,
                       const struct row_tile_out *to)
{
#if PIECE_BYTES == HOST_VECTOR_BYTES
    /* The prefetching tiles (row_tile_out prefetch) have ROW_MR full
       vectors: instances of their own keep the test out of the other
       tiles' loop. */
    if (to->prefetch && mr == ROW_MR)
        switch (nr) {
            PREFETCH_CASES
        default:
            break;
        }
#endif
    switch (mr * 16 + nr) {
        PIECE_CASES(1)
#if PIECE_BYTES == HOST_VECTOR_BYTES && ROW_MR >= 2
        PIECE_CASES(2)
#endif
#if PIECE_BYTES == HOST_VECTOR_BYTES && ROW_MR >= 3
        PIECE_CASES(3)
#endif
#if PIECE_BYTES == HOST_VECTOR_BYTES && ROW_MR >= 4
        PIECE_CASES(4)
#endif
    default:
        break;
    }
}

#undef WHOLE_TILE_SUM2
#undef PREFETCH_CASES
#undef FOUR_PREFETCH_CASE
#undef FOUR_PIECE_CASE
#undef HALF_PREFETCH_CASE
#undef HALF_PIECE_CASE
#undef PREFETCH_CASE
#undef PIECE_CASES
#undef PIECE_CASE
#undef PIECE_REALS
#undef PIECE_SCALARS
#undef PIECE_TILE
#undef PIECE_PASS
#undef PIECE_VECTOR
