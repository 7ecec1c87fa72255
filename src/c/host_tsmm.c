/*
 * host_tsmm.c: xTSMM on the host, C := alpha*op(A)*op(B) + beta*C with K
 * small and one of M, N huge (a tall & skinny block vector times a small
 * matrix).
 *
 * Purpose
 * =======
 * X(host_tsmm) computes the product for the host path of the driver.  Call
 * P the long one of M, N and Q the short one.  The product is
 *     Out(p, q) = alpha * sum_{l < K} T(p, l) * S(l, q) + beta * Out(p, q),
 * T the tall operand (op(A) when M >= N, else op(B) transposed), S the
 * small one, Out = C or C**T.  In the tuned regime (K, Q <= HOST_SKINNY_MAX,
 * P * (K + Q) >= HOST_TSMM_SIZE_MIN, see host_kernels.h) P is cut into
 * fixed blocks of about HOST_TSMM_BLOCK_BYTES of T, computed by OpenMP
 * threads with no reduction: every entry of C is the same sum in the same
 * order whatever the number of threads.  Outside the regime the BLAS
 * computes it.  A large C (HOST_TSMM_STREAM_BYTES, beta = 0) is written
 * with non-temporal stores, the blocks aligned to its 64-byte lines.
 *
 * The blocks are the kernels of host_kernels.h: row_lanes with its lanes
 * along P when T and C are column-major along P (op(A) = A, M huge; when
 * K >= HOST_TSMM_DEEP_K and Q <= HOST_TSMM_DEPTH_LANES_Q, or K >=
 * the kernels' long_run_k and Q within one tile, in depth blocks over longer
 * runs of T); else, when T is contiguous along K and K and Q
 * are as just said, depth_lanes (dot products of the rows of T with the
 * columns of S, copied contiguous); else row_lanes along Q (the interleaved form, N
 * huge; and op(A) = A**T or A**H), with S copied contiguous along Q.  S is
 * reused from the L1 cache, T read once, C written once and read only when
 * beta is nonzero (or between depth blocks, from the caches).
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
 * Returns 0, or TSBLAS_ERR_ALLOC (after tsblas_set_error) when the packed
 * copy of S cannot be allocated; C is then unchanged.
 */
#include <config.h>
#include <stdint.h>
#include <stdlib.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "host_kernels.h"

/* Zeros after the copy of S: a vector of the widest instruction set. */
#define SMALL_COPY_ROOM (64 / (idx_t)sizeof(scalar_t))

/* A new copy of S (K x Q, S(l,q) = s[l*s_depth + q*s_short]) at
   copy[l*l_stride + q*q_stride], followed by SMALL_COPY_ROOM zeros; NULL
   when it cannot be allocated. */
static scalar_t *copy_small(const scalar_t *s, idx_t s_depth, idx_t s_short, idx_t k,
                            idx_t qlen, idx_t l_stride, idx_t q_stride)
{
    scalar_t *copy = malloc((size_t)(k * qlen + SMALL_COPY_ROOM) * sizeof(scalar_t));
    idx_t l, q;

    if (copy == NULL)
        return NULL;
    for (l = 0; l < k; l++)
        for (q = 0; q < qlen; q++)
            copy[l * l_stride + q * q_stride] = s[l * s_depth + q * s_short];
    for (q = 0; q < SMALL_COPY_ROOM; q++)
        copy[k * qlen + q] = 0;
    return copy;
}

/* The first p < 64 at which row p of Out, c + p*o_long, starts a 64-byte
   line (rows 64 apart start at the same place in a line); 0 when none
   does within the plen rows. */
static idx_t aligned_lead(const scalar_t *c, idx_t o_long, idx_t plen)
{
    idx_t p;

    for (p = 0; p < 64 && p < plen; p++)
        if ((uintptr_t)(c + p * o_long) % 64 == 0)
            return p;
    return 0;
}

int X(host_tsmm)(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                 scalar_t alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                 idx_t ldb, scalar_t beta, scalar_t *c, idx_t ldc)
{
    const int m_long = m >= n;
    const idx_t plen = m_long ? m : n, qlen = m_long ? n : m;
    /* T(p,l) = t[p*t_long + l*t_depth], S(l,q) = s[l*s_depth + q*s_short],
       Out(p,q) = c[p*o_long + q*o_short] */
    const scalar_t *t, *s;
    idx_t t_long, t_depth, s_depth, s_short, o_long, o_short;
    int conj_t, conj_s, deep, long_runs, lanes_along_p, lanes_along_k;
    const struct host_kernels *kernels;
    void (*kernel)(const struct host_block *);
    struct host_block form;
    scalar_t *packed = NULL;
    idx_t block, depth_block, lead, nblocks, blk;

    if (k > HOST_SKINNY_MAX || qlen > HOST_SKINNY_MAX || plen * (k + qlen) < HOST_TSMM_SIZE_MIN)
        return X(host_gemm)(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);

    if (m_long) {
        t = a, t_long = opa == TSBLAS_OP_N ? 1 : lda, t_depth = opa == TSBLAS_OP_N ? lda : 1;
        s = b, s_depth = opb == TSBLAS_OP_N ? 1 : ldb, s_short = opb == TSBLAS_OP_N ? ldb : 1;
        conj_t = opa == TSBLAS_OP_C, conj_s = opb == TSBLAS_OP_C;
        o_long = 1, o_short = ldc;
    } else {
        t = b, t_long = opb == TSBLAS_OP_N ? ldb : 1, t_depth = opb == TSBLAS_OP_N ? 1 : ldb;
        s = a, s_depth = opa == TSBLAS_OP_N ? lda : 1, s_short = opa == TSBLAS_OP_N ? 1 : lda;
        conj_t = opb == TSBLAS_OP_C, conj_s = opa == TSBLAS_OP_C;
        o_long = ldc, o_short = 1;
    }
    kernels = X(host_kernels)();
    lanes_along_p = t_long == 1 && o_long == 1;
    /* A long K with a C of one or two columns; with a column-major T, also
       one column tile of C (host_kernels.h): the long runs */
    deep = k >= HOST_TSMM_DEEP_K && qlen <= HOST_TSMM_DEPTH_LANES_Q;
    long_runs = lanes_along_p
                && (deep || (k >= kernels->long_run_k && qlen <= kernels->long_run_q));
    lanes_along_k = !lanes_along_p && t_depth == 1 && deep;

    form.depth = k;
    form.out = c;
    form.alpha = alpha;
    form.beta = beta;
    form.stream_out = beta == 0 && plen * qlen * (idx_t)sizeof(scalar_t) >= HOST_TSMM_STREAM_BYTES;
    form.x_padded = 0;
    form.edge_tiles = 1;
    form.prefetch_x = 0;
    kernel = kernels->row_lanes;
    if (lanes_along_p) {
        form.prefetch_x = long_runs ? 0 : HOST_TSMM_PREFETCH_AHEAD_BYTES;
        form.rows = 0, form.cols = qlen;
        form.x = t, form.xr = 1, form.xl = t_depth, form.conj_x = conj_t;
        form.y = s, form.yl = s_depth, form.yc = s_short, form.conj_y = conj_s;
        form.ro = o_long, form.co = o_short;
    } else if (lanes_along_k) {
        /* S copied with its columns contiguous along K. */
        packed = copy_small(s, s_depth, s_short, k, qlen, 1, k);
        if (packed == NULL)
            return tsblas_set_error(TSBLAS_ERR_ALLOC, "host TSMM: cannot allocate %lld elements",
                                    (long long)(k * qlen + SMALL_COPY_ROOM));
        kernel = kernels->depth_lanes;
        form.rows = 0, form.cols = qlen;
        form.x = t, form.xr = t_long, form.xl = 1, form.conj_x = conj_t;
        form.y = packed, form.yl = 1, form.yc = k, form.conj_y = conj_s;
        form.ro = o_long, form.co = o_short;
    } else {
        /* The small matrix, copied contiguous along Q, with room after it
           (x_padded: a width that does not fill a vector then runs as one
           wider piece throughout, see row_lanes_tiles). */
        packed = copy_small(s, s_depth, s_short, k, qlen, qlen, 1);
        if (packed == NULL)
            return tsblas_set_error(TSBLAS_ERR_ALLOC, "host TSMM: cannot allocate %lld elements",
                                    (long long)(k * qlen + SMALL_COPY_ROOM));
        s = packed, s_depth = qlen, s_short = 1;
        form.x_padded = 1;
        form.rows = qlen, form.cols = 0;
        form.x = s, form.xr = 1, form.xl = s_depth, form.conj_x = conj_s;
        form.y = t, form.yl = t_depth, form.yc = t_long, form.conj_y = conj_t;
        form.ro = o_short, form.co = o_long;
    }

    /* Blocks of a multiple of 64 rows; the first one longer by the rows
       before the first row of Out that starts a 64-byte line, so that the
       others start on one (whole vectors, which non-temporal stores need).
       An interleaved C from malloc (16 bytes past a line) otherwise had no
       vector aligned: every store a read of its lines first. */
    if (long_runs) {
        block = HOST_LONG_RUN_BYTES / (idx_t)sizeof(scalar_t);
        depth_block = HOST_LONG_RUN_DEPTH;
    } else {
        block = HOST_TSMM_BLOCK_BYTES / (k * (idx_t)sizeof(scalar_t));
        depth_block = k;
    }
    block -= block % 64;
    if (block < 64)
        block = 64;
    lead = aligned_lead(c, o_long, plen);
    nblocks = (plen - lead + block - 1) / block;

#pragma omp parallel for schedule(static) if (nblocks > 1)
    for (blk = 0; blk < nblocks; blk++) {
        const idx_t p0 = blk == 0 ? 0 : lead + blk * block;
        const idx_t p1 = lead + (blk + 1) * block < plen ? lead + (blk + 1) * block : plen;
        const idx_t np = p1 - p0;
        struct host_block part = form;
        idx_t d0;

        if (lanes_along_p || lanes_along_k) {
            part.rows = np;
            part.x = form.x + p0 * t_long;
        } else {
            part.cols = np;
            part.y = form.y + p0 * t_long;
        }
        part.out = c + p0 * o_long;
        /* Depth blocks add into the block of C, which stays in the caches
           between them; only the last one may stream it out. */
        for (d0 = 0; d0 < k; d0 += depth_block) {
            struct host_block deep = part;
            deep.depth = d0 + depth_block < k ? depth_block : k - d0;
            deep.x = part.x + d0 * part.xl;
            deep.y = part.y + d0 * part.yl;
            deep.beta = d0 == 0 ? beta : 1;
            deep.stream_out = part.stream_out && d0 + depth_block >= k;
            kernel(&deep);
        }
    }
    free(packed);
    return 0;
}
