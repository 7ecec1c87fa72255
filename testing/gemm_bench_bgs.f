      PROGRAM BGSBEN
*
*  Purpose
*  =======
*  A block Gram-Schmidt step written in plain FORTRAN 77 with DGEMM, as
*  a legacy block eigensolver has it: the benchmark of libtsblas_gemm
*  (testing/gemm_interposer_bench.sh runs it with and without the
*  interposer preloaded; this program knows nothing of tsblas).
*
*  Q is an N-by-NQ block with orthonormal columns, X an N-by-NB block.
*  One step, timed:
*     twice:  H := Q**T*X              DGEMM('T','N', NQ, NB, N)
*             X := X - Q*H             DGEMM('N','N', N, NB, NQ)
*     G := X**T*X                      DGEMM('T','N', NB, NB, N)
*     R := chol(G), RI := inv(R)       DPOTRF, DTRTRI (NB-by-NB)
*     W := X*RI                        DGEMM('N','N', N, NB, NB)
*  W, orthonormal and orthogonal to Q, is the next step's X.
*
*  Input (standard input): N NQ NB STEPS.  Output: one line, the median
*  time of a step in seconds, the loss of orthogonality
*  max(||Q**T*W||_max, ||W**T*W - I||_max) of the last step, and a line
*  per step time.
*
*     V holds Q (N*NQ), then X and W (N*NB each).
      INTEGER LV, QMAX
      PARAMETER ( LV = 250000000, QMAX = 64 )
      DOUBLE PRECISION ONE, ZERO
      PARAMETER ( ONE = 1.0D0, ZERO = 0.0D0 )
      DOUBLE PRECISION V( LV )
      DOUBLE PRECISION H( QMAX*QMAX ), G( QMAX*QMAX ), T( 101 )
      DOUBLE PRECISION SEED, LOSS, RANDOM, S
      INTEGER N, NQ, NB, STEPS, I, J, STEP, IX, IW
      INTEGER*8 C0, C1, RATE
      EXTERNAL RANDOM, BGSSTP, ORTHQ, DGEMM
      SAVE V
*
      READ( *, * ) N, NQ, NB, STEPS
      IF( DBLE( N )*DBLE( NQ+2*NB ).GT.DBLE( LV ) .OR. NQ.GT.QMAX .OR.
     $    NB.GT.QMAX .OR. STEPS.GT.101 .OR. STEPS.LT.1 ) THEN
         WRITE( *, * ) 'BGSBEN: N*(NQ + 2*NB) <= ', LV,
     $      ', NQ, NB <= ', QMAX, ', 1 <= STEPS <= 101'
         STOP 1
      END IF
      IX = 1 + N*NQ
      IW = IX + N*NB
      SEED = 1987.0D0
      DO 20 I = 1, IW - 1
         V( I ) = RANDOM( SEED )
   20 CONTINUE
*     Q orthonormal: Gram-Schmidt of its columns against each other,
*     one block step per column block of NB, through the same step.
      CALL ORTHQ( N, NQ, NB, V, V( IW ), H, G )
*
      DO 40 STEP = 1, STEPS
         CALL SYSTEM_CLOCK( C0, RATE )
         IF( MOD( STEP, 2 ).EQ.1 ) THEN
            CALL BGSSTP( N, NQ, NB, V, V( IX ), V( IW ), H, G )
         ELSE
            CALL BGSSTP( N, NQ, NB, V, V( IW ), V( IX ), H, G )
         END IF
         CALL SYSTEM_CLOCK( C1 )
         T( STEP ) = DBLE( C1 - C0 ) / DBLE( RATE )
   40 CONTINUE
*
*     The last step's output: W (odd STEPS) or X.
      I = IX
      IF( MOD( STEPS, 2 ).EQ.1 ) I = IW
      CALL DGEMM( 'T', 'N', NQ, NB, N, ONE, V, N, V( I ), N, ZERO, H,
     $            NQ )
      CALL DGEMM( 'T', 'N', NB, NB, N, ONE, V( I ), N, V( I ), N, ZERO,
     $            G, NB )
      LOSS = ZERO
      DO 50 I = 1, NQ*NB
         LOSS = MAX( LOSS, ABS( H( I ) ) )
   50 CONTINUE
      DO 60 J = 1, NB
         DO 55 I = 1, NB
            S = G( I+(J-1)*NB )
            IF( I.EQ.J ) S = S - ONE
            LOSS = MAX( LOSS, ABS( S ) )
   55    CONTINUE
   60 CONTINUE
*
*     Median of the step times (insertion sort).
      DO 80 I = 2, STEPS
         S = T( I )
         J = I - 1
   70    IF( J.GE.1 ) THEN
            IF( T( J ).GT.S ) THEN
               T( J+1 ) = T( J )
               J = J - 1
               GO TO 70
            END IF
         END IF
         T( J+1 ) = S
   80 CONTINUE
      WRITE( *, 9999 ) N, NQ, NB, T( ( STEPS+1 ) / 2 ), LOSS
 9999 FORMAT( 'BGS N=', I9, ' NQ=', I3, ' NB=', I3, ' median step ',
     $        F10.6, ' s  loss of orthogonality ', 1P, E9.2 )
      END
*
      SUBROUTINE BGSSTP( N, NQ, NB, Q, X, W, H, G )
*
*  One step of block classical Gram-Schmidt, twice, then Cholesky QR:
*  W := orthonormal basis of (I - Q*Q**T)*X.  X is overwritten.
*
      INTEGER N, NQ, NB
      DOUBLE PRECISION Q( N, * ), X( N, * ), W( N, * )
      DOUBLE PRECISION H( MAX( 1, NQ ), * ), G( NB, * )
      DOUBLE PRECISION ONE, ZERO
      PARAMETER ( ONE = 1.0D0, ZERO = 0.0D0 )
      INTEGER PASS, INFO, I, J
      EXTERNAL DGEMM, DPOTRF, DTRTRI
*
      DO 10 PASS = 1, 2
         IF( NQ.GT.0 ) THEN
            CALL DGEMM( 'T', 'N', NQ, NB, N, ONE, Q, N, X, N, ZERO, H,
     $                  NQ )
            CALL DGEMM( 'N', 'N', N, NB, NQ, -ONE, Q, N, H, NQ, ONE, X,
     $                  N )
         END IF
   10 CONTINUE
      CALL DGEMM( 'T', 'N', NB, NB, N, ONE, X, N, X, N, ZERO, G, NB )
      CALL DPOTRF( 'U', NB, G, NB, INFO )
      CALL DTRTRI( 'U', 'N', NB, G, NB, INFO )
*     RI is upper triangular: the Gram matrix's lower part goes.
      DO 30 J = 1, NB - 1
         DO 20 I = J + 1, NB
            G( I, J ) = ZERO
   20    CONTINUE
   30 CONTINUE
      CALL DGEMM( 'N', 'N', N, NB, NB, ONE, X, N, G, NB, ZERO, W, N )
      END
*
      SUBROUTINE ORTHQ( N, NQ, NB, Q, W, H, G )
*
*  Q (N-by-NQ) := an orthonormal basis of its columns: block j of NB
*  columns is orthogonalized against blocks 1..j-1 by BGSSTP (the
*  result in W, copied back).  W has room for N*NB numbers.
*
      INTEGER N, NQ, NB
      DOUBLE PRECISION Q( N, * ), W( N, * ), H( * ), G( * )
      INTEGER J, I, L, NJ
      EXTERNAL BGSSTP
*
      DO 30 J = 1, NQ, NB
         NJ = MIN( NB, NQ-J+1 )
         CALL BGSSTP( N, J-1, NJ, Q, Q( 1, J ), W, H, G )
         DO 20 L = 1, NJ
            DO 10 I = 1, N
               Q( I, J+L-1 ) = W( I, L )
   10       CONTINUE
   20    CONTINUE
   30 CONTINUE
      END
*
      DOUBLE PRECISION FUNCTION RANDOM( SEED )
*
*  Uniform in (-1, 1): the multiplicative congruential generator
*  SEED := 16807*SEED mod (2**31 - 1), in double precision.
*
      DOUBLE PRECISION SEED
      SEED = MOD( 16807.0D0*SEED, 2147483647.0D0 )
      RANDOM = 2.0D0*SEED / 2147483647.0D0 - 1.0D0
      END
