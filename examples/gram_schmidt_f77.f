      PROGRAM GSF77
*
*  Purpose
*  =======
*  Classical block Gram-Schmidt with tsblas from FORTRAN 77: the calls
*  are plain CALL DTSMTTSM(...) and CALL DTSMM(...), as to the BLAS.
*
*  Q is an orthonormal basis of NQ tall vectors of length N, made by
*  Cholesky QR (CHOLQR below).  A new block X of NB vectors is
*  orthogonalized against Q by classical block Gram-Schmidt, run twice
*  ("twice is enough"):
*     H := Q**T*X         DTSMTTSM: K = N huge, M = NQ and N = NB small
*     X := X - Q*H        DTSMM:    one dimension N huge, K = NQ small
*  and then orthonormalized by Cholesky QR.  The program prints the
*  loss of orthogonality of the extended basis [Q X],
*  ||[Q X]**T*[Q X] - I||_F, which stays near machine precision.
*
*  Build (LP64 build of tsblas; an ILP64 one adds -fdefault-integer-8):
*     gfortran gram_schmidt_f77.f $(pkg-config --libs tsblas)
*
      INTEGER N, NB, NQ, NTOT
      PARAMETER ( N = 100000, NB = 8, NQ = 4*NB, NTOT = NQ + NB )
      DOUBLE PRECISION ONE, ZERO
      PARAMETER ( ONE = 1.0D0, ZERO = 0.0D0 )
*     V holds [Q X]: Q in columns 1..NQ, X in columns NQ+1..NTOT.
      DOUBLE PRECISION V( N, NTOT ), W( N, NQ )
      DOUBLE PRECISION H( NQ, NB ), G( NTOT, NTOT ), R( NTOT, NTOT )
      DOUBLE PRECISION SEED, LOSS, QTX
      INTEGER I, J, PASS
      DOUBLE PRECISION RANDOM, FNORMI
      EXTERNAL RANDOM, FNORMI, CHOLQR, DTSMTTSM, DTSMM
      SAVE V, W
*
      SEED = 2024.0D0
      DO 20 J = 1, NTOT
         DO 10 I = 1, N
            V( I, J ) = RANDOM( SEED )
   10    CONTINUE
   20 CONTINUE
*
*     The basis Q: the first NQ columns, orthonormalized.
      CALL CHOLQR( N, NQ, V, N, W, R, NTOT )
*
*     Block classical Gram-Schmidt of X against Q, twice.
      DO 30 PASS = 1, 2
         CALL DTSMTTSM( 'T', 'N', NQ, NB, N, ONE, V, N, V( 1, NQ+1 ),
     $                  N, ZERO, H, NQ )
         CALL DTSMM( 'N', 'N', N, NB, NQ, -ONE, V, N, H, NQ, ONE,
     $               V( 1, NQ+1 ), N )
   30 CONTINUE
      CALL CHOLQR( N, NB, V( 1, NQ+1 ), N, W, R, NTOT )
*
*     The loss of orthogonality of [Q X], and of X against Q alone.
      CALL DTSMTTSM( 'T', 'N', NTOT, NTOT, N, ONE, V, N, V, N, ZERO, G,
     $               NTOT )
      LOSS = FNORMI( NTOT, G, NTOT )
      CALL DTSMTTSM( 'T', 'N', NQ, NB, N, ONE, V, N, V( 1, NQ+1 ), N,
     $               ZERO, H, NQ )
      QTX = ZERO
      DO 50 J = 1, NB
         DO 40 I = 1, NQ
            QTX = QTX + H( I, J )**2
   40    CONTINUE
   50 CONTINUE
      QTX = SQRT( QTX )
*
      WRITE( *, FMT = 9999 )N, NQ, NB
      WRITE( *, FMT = 9998 )QTX
      WRITE( *, FMT = 9997 )LOSS
 9999 FORMAT( ' block Gram-Schmidt (DTSMTTSM, DTSMM): N = ', I7,
     $      ', basis of ', I3, ' vectors, block of ', I3 )
 9998 FORMAT( ' ||Q^T X||_F = ', 1P, E10.3 )
 9997 FORMAT( ' ||Q^T Q - I||_F = ', 1P, E10.3 )
      END
*
      SUBROUTINE CHOLQR( N, K, X, LDX, W, R, LDR )
*
*  Purpose
*  =======
*  CHOLQR orthonormalizes the K columns of the N by K matrix X by
*  Cholesky QR, twice for a well-conditioned block:
*     G := X**T*X (DTSMTTSM),  G = R**T*R (Cholesky),  X := X*R**(-1)
*  (R inverted in place, then DTSMM into W, copied back by DGEMT).
*
*  Arguments
*  =========
*  N, K    (input) INTEGER.  X is N by K, K <= LDR.
*  X       (input/output) DOUBLE PRECISION array, dimension ( LDX, K )
*  LDX     (input) INTEGER.  LDX >= N.
*  W       (workspace) DOUBLE PRECISION array, dimension ( N, K )
*  R       (workspace) DOUBLE PRECISION array, dimension ( LDR, K )
*  LDR     (input) INTEGER.
*
      INTEGER N, K, LDX, LDR
      DOUBLE PRECISION X( LDX, * ), W( N, * ), R( LDR, * )
      DOUBLE PRECISION ONE, ZERO
      PARAMETER ( ONE = 1.0D0, ZERO = 0.0D0 )
      INTEGER I, J, JJ, L, PASS
      DOUBLE PRECISION S, TEMP
      EXTERNAL DTSMTTSM, DTSMM, DGEMT
      INTRINSIC SQRT
*
      DO 80 PASS = 1, 2
         CALL DTSMTTSM( 'T', 'N', K, K, N, ONE, X, LDX, X, LDX, ZERO,
     $                  R, LDR )
*        Cholesky factor: the upper triangle of R := R**T*R.
         DO 30 J = 1, K
            DO 20 I = 1, J
               S = R( I, J )
               DO 10 L = 1, I - 1
                  S = S - R( L, I )*R( L, J )
   10          CONTINUE
               IF( I.LT.J ) THEN
                  R( I, J ) = S / R( I, I )
               ELSE
                  R( J, J ) = SQRT( S )
               END IF
   20       CONTINUE
   30    CONTINUE
*        Its inverse, in place, column by column as LAPACK's DTRTI2:
*        column J := -inv(R(1:J-1,1:J-1))*R(1:J-1,J) / R(J,J), where the
*        leading block is already inverted.
         DO 60 J = 1, K
            R( J, J ) = ONE / R( J, J )
            DO 50 JJ = 1, J - 1
               TEMP = R( JJ, J )
               DO 40 I = 1, JJ - 1
                  R( I, J ) = R( I, J ) + TEMP*R( I, JJ )
   40          CONTINUE
               R( JJ, J ) = TEMP*R( JJ, JJ )
   50       CONTINUE
            DO 52 I = 1, J - 1
               R( I, J ) = -R( J, J )*R( I, J )
   52       CONTINUE
            DO 55 I = J + 1, K
               R( I, J ) = ZERO
   55       CONTINUE
   60    CONTINUE
         CALL DTSMM( 'N', 'N', N, K, K, ONE, X, LDX, R, LDR, ZERO, W,
     $               N )
         CALL DGEMT( 'N', N, K, ONE, W, N, X, LDX )
   80 CONTINUE
      END
*
      DOUBLE PRECISION FUNCTION FNORMI( K, G, LDG )
*
*  Purpose
*  =======
*  FNORMI returns ||G - I||_F for the K by K matrix G.
*
      INTEGER K, LDG
      DOUBLE PRECISION G( LDG, * )
      INTEGER I, J
      DOUBLE PRECISION S, D
      INTRINSIC SQRT
*
      S = 0.0D0
      DO 20 J = 1, K
         DO 10 I = 1, K
            D = G( I, J )
            IF( I.EQ.J )
     $         D = D - 1.0D0
            S = S + D*D
   10    CONTINUE
   20 CONTINUE
      FNORMI = SQRT( S )
      END
*
      DOUBLE PRECISION FUNCTION RANDOM( SEED )
*
*  Purpose
*  =======
*  RANDOM returns a pseudo-random number in (-1, 1) and advances SEED
*  (Park-Miller, SEED := 16807*SEED mod (2**31 - 1), exact in DOUBLE
*  PRECISION).
*
      DOUBLE PRECISION SEED
      DOUBLE PRECISION MODULUS
      PARAMETER ( MODULUS = 2147483647.0D0 )
      INTRINSIC AINT
*
      SEED = 16807.0D0*SEED
      SEED = SEED - AINT( SEED / MODULUS )*MODULUS
      RANDOM = 2.0D0*SEED / MODULUS - 1.0D0
      END
