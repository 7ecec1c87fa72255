/*
 * host_tsmttsm.c: xTSMTTSM on the host, C := alpha*op(A)*op(B) + beta*C
 * with K huge and M, N small (block inner products, Gram matrices).
 *
 * Purpose
 * =======
 * X(host_tsmttsm) computes the product for the host path of the driver
 * (gemm_driver.c).  In the tuned regime (M, N <= HOST_SKINNY_MAX,
 * (M + N) * K >= HOST_TSMTTSM_SIZE_MIN, see host_kernels.h) K is cut into
 * chunks whose length depends only on M, N and the precision; consecutive
 * chunks form at most HOST_TSMTTSM_GROUPS_MAX groups, each summed in order
 * by one OpenMP thread into its own partial M-by-N product, and the
 * partials are summed in group order.  The order of every addition is
 * thus fixed by the shape alone: the result is bit-identical for any
 * number of threads, and the workspace is bounded
 * (HOST_TSMTTSM_PARTIAL_BYTES), whatever K.
 * Outside the regime the BLAS computes it (X(host_gemm)).
 *
 * The chunk products are the block kernels of host_kernels.h, chosen by
 * storage order:
 *   op(A) = A**T or A**H, op(B) = B (column-major block vectors, each
 *     vector contiguous): depth_lanes, SIMD lanes along K, the next block
 *     of every column prefetched (on the development machine's 2 threads,
 *     256 MiB, the shapes with more than one column tile, 44 of them,
 *     took 0.65-1.04 of the time, 0.84 in geometric mean, medians of five
 *     alternating runs; the 12 with one, unchanged, 0.88-1.09: the
 *     machine's noise);
 *   op(A) = A (A is M-by-K: interleaved block vectors, one block row
 *     contiguous): row_lanes along the rows of A, or along the columns of
 *     B when op(B) = B**T or B**H and N > M;
 *   op(A) = A**T or A**H with op(B) = B**T or B**H: row_lanes along the
 *     rows of B, C transposed.
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
 * Returns 0, or TSBLAS_ERR_ALLOC (after tsblas_set_error) when the partial
 * products cannot be allocated; C is then unchanged.
 */
#include <config.h>
#include <stdlib.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "host_kernels.h"

/* Rows of one chunk: HOST_TSMTTSM_CHUNK_BYTES of A and B, a multiple of 64
   within the bounds of host_kernels.h. */
static idx_t chunk_rows(idx_t m, idx_t n)
{
    idx_t rows = HOST_TSMTTSM_CHUNK_BYTES / ((m + n) * (idx_t)sizeof(scalar_t));

    rows -= rows % 64;
    if (rows < HOST_TSMTTSM_CHUNK_ROWS_MIN)
        rows = HOST_TSMTTSM_CHUNK_ROWS_MIN;
    if (rows > HOST_TSMTTSM_CHUNK_ROWS_MAX)
        rows = HOST_TSMTTSM_CHUNK_ROWS_MAX;
    return rows;
}

int X(host_tsmttsm)(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                    scalar_t alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                    idx_t ldb, scalar_t beta, scalar_t *c, idx_t ldc)
{
    /* op(A)(i,l) = a[i*a_row + l*a_depth], op(B)(l,j) = b[l*b_depth + j*b_col] */
    const idx_t a_row = opa == TSBLAS_OP_N ? 1 : lda, a_depth = opa == TSBLAS_OP_N ? lda : 1;
    const idx_t b_depth = opb == TSBLAS_OP_N ? 1 : ldb, b_col = opb == TSBLAS_OP_N ? ldb : 1;
    const int conj_a = opa == TSBLAS_OP_C, conj_b = opb == TSBLAS_OP_C;
    const struct host_kernels *kernels;
    void (*kernel)(const struct host_block *);
    struct host_block form;
    idx_t rows, nchunks, ngroups, per_group, g, e;
    scalar_t *partial;

    if (m > HOST_SKINNY_MAX || n > HOST_SKINNY_MAX || (m + n) * k < HOST_TSMTTSM_SIZE_MIN)
        return X(host_gemm)(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);

    /* The chunk product Partial(i,j) = sum_l op(A)(i,l)*op(B)(l,j), in the
       form of its kernel; the chunk offsets are added per chunk below. */
    kernels = X(host_kernels)();
    form.depth = 0;
    form.alpha = 1;
    form.beta = 0;
    form.stream_out = 0;
    form.x_padded = 0;
    form.edge_tiles = 1;
    form.prefetch_x = 0;
    if (a_depth == 1 && b_depth == 1) {
        kernel = kernels->depth_lanes;
        /* M + N streams, more than the hardware prefetchers follow: each
           depth block prefetches the next (host_kernels.h). */
        form.prefetch_x = 1;
        form.rows = m, form.cols = n;
        form.x = a, form.xr = a_row, form.xl = 1, form.conj_x = conj_a;
        form.y = b, form.yl = 1, form.yc = b_col, form.conj_y = conj_b;
        form.ro = 1, form.co = m;
    } else if (a_row == 1 && !(b_col == 1 && n > m)) {
        kernel = kernels->row_lanes;
        form.rows = m, form.cols = n;
        form.x = a, form.xr = 1, form.xl = a_depth, form.conj_x = conj_a;
        form.y = b, form.yl = b_depth, form.yc = b_col, form.conj_y = conj_b;
        form.ro = 1, form.co = m;
    } else {
        kernel = kernels->row_lanes;
        form.rows = n, form.cols = m;
        form.x = b, form.xr = 1, form.xl = b_depth, form.conj_x = conj_b;
        form.y = a, form.yl = a_depth, form.yc = a_row, form.conj_y = conj_a;
        form.ro = m, form.co = 1;
    }

    rows = chunk_rows(m, n);
    nchunks = (k + rows - 1) / rows;
    ngroups = HOST_TSMTTSM_PARTIAL_BYTES / (m * n * (idx_t)sizeof(scalar_t));
    if (ngroups > HOST_TSMTTSM_GROUPS_MAX)
        ngroups = HOST_TSMTTSM_GROUPS_MAX;
    if (ngroups > nchunks)
        ngroups = nchunks;
    if (ngroups < 1)
        ngroups = 1;
    per_group = (nchunks + ngroups - 1) / ngroups;
    ngroups = (nchunks + per_group - 1) / per_group;

    partial = malloc((size_t)(ngroups * m * n) * sizeof(scalar_t));
    if (partial == NULL)
        return tsblas_set_error(TSBLAS_ERR_ALLOC,
                                "host TSMTTSM: cannot allocate %lld partial products",
                                (long long)ngroups);

#pragma omp parallel for schedule(dynamic, 1) if (ngroups > 1)
    for (g = 0; g < ngroups; g++) {
        const idx_t first = g * per_group;
        const idx_t last = first + per_group < nchunks ? first + per_group : nchunks;
        struct host_block chunk = form;
        idx_t q;

        chunk.out = partial + g * m * n;
        for (q = first; q < last; q++) {
            const idx_t l0 = q * rows;
            chunk.depth = l0 + rows < k ? rows : k - l0;
            chunk.x = form.x + l0 * form.xl;
            chunk.y = form.y + l0 * form.yl;
            chunk.beta = q == first ? 0 : 1;
            kernel(&chunk);
        }
    }

#pragma omp parallel for schedule(static) if (m * n * ngroups > 65536)
    for (e = 0; e < m * n; e++) {
        scalar_t sum = partial[e];
        scalar_t *cij = c + e % m + (e / m) * ldc;
        idx_t h;
        for (h = 1; h < ngroups; h++)
            sum += partial[h * m * n + e];
        *cij = beta == 0 ? alpha * sum : alpha * sum + beta * *cij;
    }
    free(partial);
    return 0;
}
