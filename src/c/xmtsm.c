/*
 * xMTSM: C := alpha*op(A)*op(B) + beta*C, tuned for a regular matrix times
 * a tall & skinny one.
 *
 * Purpose
 * =======
 * xMTSM performs one of the matrix-matrix operations
 *     C := alpha*op( A )*op( B ) + beta*C,
 * where op( X ) is one of op( X ) = X, X**T or X**H, alpha and beta are
 * scalars, and A, B and C are matrices, with op( A ) an M by K matrix,
 * op( B ) a K by N matrix and C an M by N matrix.  It means exactly what
 * xGEMM means for every shape; it is tuned for M and K large with N small
 * (1..64), a regular matrix applied to a block of vectors, and for the
 * mirrored case (M small, N and K large).
 *
 * Arguments
 * =========
 * As xTSMTTSM (and xGEMM): TRANSA, TRANSB, M, N, K, ALPHA, A, LDA, B, LDB,
 * BETA, C, LDC, with LDA >= max( 1, M ) when TRANSA = 'N' else max( 1, K ),
 * LDB >= max( 1, K ) when TRANSB = 'N' else max( 1, N ), LDC >= max( 1, M ).
 * When ALPHA = 0 or K = 0, A and B are not referenced; when BETA = 0, C is
 * not read.  Only the M by N part of C is written; C must not overlap A or B.
 *
 * Further details
 * ===============
 * Illegal arguments are reported through XERBLA('xMTSM', INFO) before any
 * array is touched; the C entry then returns -INFO.  A, B and C must live in
 * one memory, which picks the GPU or the host path.  Results are
 * bit-identical run after run, whatever the number of threads.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"

TSBLAS_GEMM_SHAPED_ENTRY(mtsm, "MTSM", TSBLAS_MTSM)
