/*
 * xTSMM: C := alpha*op(A)*op(B) + beta*C, tuned for a tall & skinny block
 * vector times a small matrix.
 *
 * Purpose
 * =======
 * xTSMM performs one of the matrix-matrix operations
 *     C := alpha*op( A )*op( B ) + beta*C,
 * where op( X ) is one of op( X ) = X, X**T or X**H, alpha and beta are
 * scalars, and A, B and C are matrices, with op( A ) an M by K matrix,
 * op( B ) a K by N matrix and C an M by N matrix.  It means exactly what
 * xGEMM means for every shape; it is tuned for K small (1..64) and one of
 * M, N huge: a column-major block vector times a small matrix (M huge,
 * TRANSA = 'N') or the interleaved form (N huge, TRANSB = 'N', C and B
 * with leading dimensions of the block width).
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
 * Illegal arguments are reported through XERBLA('xTSMM', INFO) before any
 * array is touched; the C entry then returns -INFO.  C and the longer of
 * op( A ), op( B ) must live in one memory, which picks the GPU or the host
 * path; the small one may live in either when the work runs on the GPU.
 * Results are bit-identical run after run, whatever the number of threads.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"

TSBLAS_GEMM_SHAPED_ENTRY(tsmm, "TSMM", TSBLAS_TSMM)
