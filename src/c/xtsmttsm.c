/*
 * xTSMTTSM: C := alpha*op(A)*op(B) + beta*C, tuned for block inner products.
 *
 * Purpose
 * =======
 * xTSMTTSM performs one of the matrix-matrix operations
 *     C := alpha*op( A )*op( B ) + beta*C,
 * where op( X ) is one of op( X ) = X, X**T or X**H, alpha and beta are
 * scalars, and A, B and C are matrices, with op( A ) an M by K matrix,
 * op( B ) a K by N matrix and C an M by N matrix.  It means exactly what
 * xGEMM means for every shape; it is tuned for K huge and M, N small
 * (1..64): Gram matrices and block inner products of tall & skinny block
 * vectors, A**T*B or A**H*B for column-major blocks (TRANSA = 'T' or 'C',
 * TRANSB = 'N') and A*B**T for interleaved ones (TRANSA = 'N', TRANSB = 'T').
 *
 * Arguments
 * =========
 * TRANSA  CHARACTER*1.  op( A ) = A ('N'), A**T ('T'), A**H ('C'; A**T for
 *         S and D), either case.
 * TRANSB  CHARACTER*1.  op( B ), as TRANSA.
 * M       INTEGER.  Rows of op( A ) and of C.  M >= 0.
 * N       INTEGER.  Columns of op( B ) and of C.  N >= 0.
 * K       INTEGER.  Columns of op( A ) and rows of op( B ).  K >= 0.
 * ALPHA   Scalar alpha.  When ALPHA = 0 or K = 0, A and B are not referenced.
 * A       Array of dimension ( LDA, ka ), ka = K when TRANSA = 'N', else M.
 * LDA     INTEGER.  LDA >= max( 1, M ) when TRANSA = 'N', else max( 1, K ).
 * B       Array of dimension ( LDB, kb ), kb = N when TRANSB = 'N', else K.
 * LDB     INTEGER.  LDB >= max( 1, K ) when TRANSB = 'N', else max( 1, N ).
 * BETA    Scalar beta.  When BETA = 0, C need not be set on input (it is
 *         not read: NaN or Inf there does not reach the result).
 * C       Array of dimension ( LDC, N ).  On exit the M by N part holds the
 *         result; nothing else is written.  C must not overlap A or B.
 * LDC     INTEGER.  LDC >= max( 1, M ).
 *
 * Further details
 * ===============
 * Illegal arguments are reported through XERBLA('xTSMTTSM', INFO) before
 * any array is touched; the C entry then returns -INFO.  A and B must live
 * in one memory: device (or managed) memory runs the GPU path, host memory
 * the host path; C may live in either when the work runs on the GPU.
 * Results are bit-identical run after run, whatever the number of threads.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"

TSBLAS_GEMM_SHAPED_ENTRY(tsmttsm, "TSMTTSM", TSBLAS_TSMTTSM)
