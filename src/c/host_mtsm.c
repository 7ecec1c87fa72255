/*
 * host_mtsm.c: xMTSM on the host, C := alpha*op(A)*op(B) + beta*C with a
 * regular matrix times a tall & skinny one (M, K large and N small, or the
 * mirrored case: M small and N, K large).
 *
 * Purpose
 * =======
 * X(host_mtsm) computes the product for the host path of the driver.  Call
 * P the long one of M, N and Q the short one.  The product is
 *     Out(p, q) = alpha * sum_{l < K} R(p, l) * S(l, q) + beta * Out(p, q),
 * R the regular matrix (op(A) when M >= N, else op(B) transposed), S the
 * skinny one, Out = C or C**T.  In the tuned regime (Q < HOST_MTSM_BLAS_Q,
 * P and K >= HOST_MTSM_LONG_MIN, see host_kernels.h) P is cut into
 * blocks computed by OpenMP threads; within a block, K runs in blocks of
 * a fixed length, each adding into C.  The order of every sum depends only
 * on K, so the result is the same for any number of threads.  Outside the
 * regime the BLAS computes it.
 *
 * The blocks are the kernels of host_kernels.h: row_lanes along P when R
 * is contiguous along P (short depth blocks straight from R: see
 * HOST_LONG_RUN_*), else depth_lanes when S is contiguous along K, else
 * row_lanes along Q.
 *
 * In the first case K is also cut into depth groups (HOST_MTSM_GROUP_DEPTH),
 * and a task is a block of P by a group: without them, 16 threads cut P
 * = 8192 (S) into runs of 2 KB, too short for the hardware prefetchers,
 * and reached half the read bandwidth (D: 0.3-0.9x OpenBLAS).  Group 0
 * adds into C; each other group sums into a buffer of its own, added to
 * C in the order of the groups at the end.  When the rows of Out are not
 * contiguous (C**T), group 0 sums into a buffer too (vector stores at
 * every depth block), and C is written once at the end: adding into C
 * itself at every short depth block cost scalar loads and stores that made
 * S, Q = 16 slower than the BLAS.
 *
 * Arguments
 * =========
 * OPA, OPB  op(A) and op(B): TSBLAS_OP_N, _T or _C.
 * M, N, K   the dimensions of C and the inner dimension, all >= 1.
 * ALPHA     nonzero (the driver handles alpha = 0).
 * A, LDA    A, as xGEMM takes it.
 * B, LDB    B, as xGEMM takes it.
 * BETA      beta; when 0, C is not read.
 * C, LDC    C, M-by-N; only that part is written.
 *
 * Returns 0, or TSBLAS_ERR_ALLOC (after tsblas_set_error) when the
 * groups' sums cannot be allocated; C is then unchanged.
 */
#include <config.h>
#include <stdlib.h>
#if defined(_OPENMP)
#  include <omp.h>
#endif
#include "precision.h"
#include "tsblas_internal.h"
#include "host_kernels.h"

#if defined(_OPENMP)
#  define THREADS_MAX() omp_get_max_threads()
#else
#  define THREADS_MAX() 1
#endif

/* Length of the depth groups of the long-run path: K in equal groups of at
   most HOST_MTSM_GROUP_DEPTH columns, a multiple of both depth blocks
   (HOST_LONG_RUN_DEPTH and HOST_LONG_RUN_WIDE_DEPTH), and no more groups
   than sums of plen x qlen fit in HOST_MTSM_GROUP_BYTES (one group, the
   path without groups, for a very long P).  It depends on the shape
   alone, so the result does not depend on the number of threads. */
static idx_t depth_group_length(idx_t k, idx_t plen, idx_t qlen)
{
    const idx_t affordable = HOST_MTSM_GROUP_BYTES / (plen * qlen * (idx_t)sizeof(scalar_t));
    idx_t groups = (k + HOST_MTSM_GROUP_DEPTH - 1) / HOST_MTSM_GROUP_DEPTH;
    idx_t len;

    if (groups > affordable)
        groups = affordable > 1 ? affordable : 1;
    len = (k + groups - 1) / groups;
    return (len + HOST_LONG_RUN_WIDE_DEPTH - 1) / HOST_LONG_RUN_WIDE_DEPTH
           * HOST_LONG_RUN_WIDE_DEPTH;
}

/* Rows of a block of P when R is contiguous along P: a multiple of the
   rows of a row_lanes tile (TILE), at most a run of HOST_LONG_RUN_BYTES,
   and as many rows as leave the tasks (blocks times depth groups) at least
   7/8 of the threads' rounds busy (else one thread gets a block more than
   the others: 8192 rows against 3393 for S, P = 11585, on 2 threads).
   Every row is then computed by the same tile whatever the block (only
   the last rows of P, in the last block, are an edge), so the result does
   not depend on the number of threads.  Blocks of a multiple of 64 rows
   kept the lanes but not the tiles (48 rows for S with AVX-512): built by
   gcc 13 on the GPU machine, S MTSM with M = K = 500 then differed in the
   last bit between 1 and 2 threads; with the tiles in place it did not. */
static idx_t long_row_block(idx_t plen, idx_t groups, idx_t tile)
{
    const idx_t run = HOST_LONG_RUN_BYTES / (idx_t)sizeof(scalar_t);
    const idx_t threads = THREADS_MAX();
    const idx_t fewest = (plen + run - 1) / run;
    idx_t blocks, best_rows = 0, best_busy = 0, best_rounds = 1;

    for (blocks = fewest; blocks <= fewest + threads; blocks++) {
        const idx_t rows = ((plen + blocks - 1) / blocks + tile - 1) / tile * tile;
        const idx_t tasks = (plen + rows - 1) / rows * groups;
        const idx_t rounds = (tasks + threads - 1) / threads;

        /* tasks / (threads * rounds) above the best so far */
        if (best_rows == 0 || tasks * best_rounds > best_busy * rounds)
            best_rows = rows, best_busy = tasks, best_rounds = rounds;
        if (8 * tasks >= 7 * threads * rounds || rows == tile)
            break;
    }
    return best_rows;
}

/* C gets the groups' sums, added in the order of the groups: Out(p, q) +=
   sums_0(p, q) + ... when group 0 went straight into C; when none did,
   Out(p, q) = (sums_0(p, q) + ...) + beta * Out(p, q) (not read when beta
   = 0).  sums_g(p, q) = sums[g * plen * qlen + p + q * plen]. */
static void add_group_sums(idx_t nsums, const scalar_t *sums, idx_t plen, idx_t qlen,
                           int replace, scalar_t beta, scalar_t *c, idx_t o_long,
                           idx_t o_short)
{
    const idx_t chunk = 256, nchunks = (plen + chunk - 1) / chunk;
    idx_t ch;

#pragma omp parallel for schedule(static) if (nchunks > 1)
    for (ch = 0; ch < nchunks; ch++) {
        const idx_t p1 = (ch + 1) * chunk < plen ? (ch + 1) * chunk : plen;
        idx_t p, q, g;

        for (q = 0; q < qlen; q++)
            for (p = ch * chunk; p < p1; p++) {
                scalar_t *out = c + p * o_long + q * o_short;
                scalar_t sum = replace ? sums[p + q * plen] : *out;
                for (g = replace ? 1 : 0; g < nsums; g++)
                    sum += sums[g * plen * qlen + p + q * plen];
                *out = !replace ? sum : beta == 0 ? sum : sum + beta * *out;
            }
    }
}

int X(host_mtsm)(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                 scalar_t alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                 idx_t ldb, scalar_t beta, scalar_t *c, idx_t ldc)
{
    const int m_long = m >= n;
    const idx_t plen = m_long ? m : n, qlen = m_long ? n : m;
    /* R(p,l) = r[p*r_long + l*r_depth], S(l,q) = s[l*s_depth + q*s_short],
       Out(p,q) = c[p*o_long + q*o_short] */
    const scalar_t *r, *s;
    idx_t r_long, r_depth, s_depth, s_short, o_long, o_short;
    int conj_r, conj_s;
    const struct host_kernels *kernels;
    void (*kernel)(const struct host_block *);
    struct host_block form;
    scalar_t *sums = NULL;
    idx_t row_block, depth_block, nblocks, group_len, ngroups, direct_groups, ntasks, task;

    if (qlen >= HOST_MTSM_BLAS_Q || plen < HOST_MTSM_LONG_MIN || k < HOST_MTSM_LONG_MIN)
        return X(host_gemm)(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);

    if (m_long) {
        r = a, r_long = opa == TSBLAS_OP_N ? 1 : lda, r_depth = opa == TSBLAS_OP_N ? lda : 1;
        s = b, s_depth = opb == TSBLAS_OP_N ? 1 : ldb, s_short = opb == TSBLAS_OP_N ? ldb : 1;
        conj_r = opa == TSBLAS_OP_C, conj_s = opb == TSBLAS_OP_C;
        o_long = 1, o_short = ldc;
    } else {
        r = b, r_long = opb == TSBLAS_OP_N ? ldb : 1, r_depth = opb == TSBLAS_OP_N ? 1 : ldb;
        s = a, s_depth = opa == TSBLAS_OP_N ? lda : 1, s_short = opa == TSBLAS_OP_N ? 1 : lda;
        conj_r = opb == TSBLAS_OP_C, conj_s = opa == TSBLAS_OP_C;
        o_long = ldc, o_short = 1;
    }

    kernels = X(host_kernels)();
    form.depth = 0;
    form.out = c;
    form.alpha = alpha;
    form.beta = beta;
    form.stream_out = 0;
    form.x_padded = 0;
    /* The blocks of P depend on the number of threads (long_row_block). */
    form.edge_tiles = 0;
    /* R contiguous along P: read once, in runs (host_kernels.h) */
    form.prefetch_x = r_long == 1 ? HOST_MTSM_PREFETCH_AHEAD_BYTES : 0;
    if (r_long == 1 || s_depth == 1) {
        kernel = r_long == 1 ? kernels->row_lanes : kernels->depth_lanes;
        form.rows = 0, form.cols = qlen;
        form.x = r, form.xr = r_long, form.xl = r_depth, form.conj_x = conj_r;
        form.y = s, form.yl = s_depth, form.yc = s_short, form.conj_y = conj_s;
        form.ro = o_long, form.co = o_short;
    } else {
        kernel = kernels->row_lanes;
        form.rows = qlen, form.cols = 0;
        form.x = s, form.xr = s_short, form.xl = s_depth, form.conj_x = conj_s;
        form.y = r, form.yl = r_depth, form.yc = r_long, form.conj_y = conj_r;
        form.ro = o_short, form.co = o_long;
    }

    if (r_long == 1) {
        group_len = depth_group_length(k, plen, qlen);
        ngroups = (k + group_len - 1) / group_len;
        row_block = long_row_block(plen, ngroups, kernels->row_tile);
        depth_block = qlen >= HOST_LONG_RUN_WIDE_Q ? HOST_LONG_RUN_WIDE_DEPTH : HOST_LONG_RUN_DEPTH;
        /* Group 0 adds straight into C when its rows are contiguous; the
           others, and all groups otherwise, sum into a buffer each (plen by
           qlen, contiguous along P). */
        direct_groups = o_long == 1 ? 1 : 0;
    } else {
        group_len = k;
        ngroups = 1;
        row_block = HOST_MTSM_ROW_BLOCK;
        depth_block = HOST_MTSM_DEPTH_BLOCK;
        direct_groups = 1;
    }
    nblocks = (plen + row_block - 1) / row_block;
    ntasks = nblocks * ngroups;
    if (ngroups > direct_groups) {
        sums = malloc((size_t)((ngroups - direct_groups) * plen * qlen) * sizeof(scalar_t));
        if (sums == NULL)
            return tsblas_set_error(TSBLAS_ERR_ALLOC,
                                    "host MTSM: cannot allocate %ld partial sums of %ld by %ld",
                                    (long)(ngroups - direct_groups), (long)plen, (long)qlen);
    }

#pragma omp parallel for schedule(static) if (ntasks > 1)
    for (task = 0; task < ntasks; task++) {
        const idx_t blk = task / ngroups, group = task % ngroups;
        const idx_t p0 = blk * row_block;
        const idx_t np = p0 + row_block < plen ? row_block : plen - p0;
        const idx_t dbegin = group * group_len;
        const idx_t dend = dbegin + group_len < k ? dbegin + group_len : k;
        struct host_block part = form;
        idx_t d0;

        part.out = c + p0 * o_long;
        if (group >= direct_groups) {
            part.out = sums + (group - direct_groups) * plen * qlen + p0;
            part.ro = 1, part.co = plen;
        }
        for (d0 = dbegin; d0 < dend; d0 += depth_block) {
            const scalar_t *rblock = r + p0 * r_long + d0 * r_depth;
            const scalar_t *sblock = s + d0 * s_depth;
            part.depth = d0 + depth_block < dend ? depth_block : dend - d0;
            part.beta = d0 != dbegin ? 1 : group >= direct_groups ? 0 : beta;
            if (form.x == r) {
                part.rows = np;
                part.x = rblock, part.y = sblock;
            } else {
                part.cols = np;
                part.x = sblock, part.y = rblock;
            }
            kernel(&part);
        }
    }

    if (sums != NULL)
        add_group_sums(ngroups - direct_groups, sums, plen, qlen, direct_groups == 0, beta, c,
                       o_long, o_short);
    free(sums);
    return 0;
}
