      DOUBLE PRECISION FUNCTION RUNIF( SEED )
*
*  Purpose
*  =======
*  RUNIF returns a pseudo-random number in (-1, 1) and advances SEED, a
*  Park-Miller generator (SEED := 16807*SEED mod (2**31 - 1)) in DOUBLE
*  PRECISION, where every product is exact, so that the test data are
*  the same on every machine and for every integer size.  The remainder
*  is taken with AINT, which is exact here (the quotient is below 2**15
*  and never within 2**-31 of an integer) and much faster than MOD.
*
*  Arguments
*  =========
*  SEED    (input/output) DOUBLE PRECISION
*          An integer value in [1, 2**31 - 2]; advanced on exit.
*
      DOUBLE PRECISION SEED
      DOUBLE PRECISION MODULUS, MULT
      PARAMETER ( MODULUS = 2147483647.0D0, MULT = 16807.0D0 )
      INTRINSIC AINT
*
      SEED = MULT*SEED
      SEED = SEED - AINT( SEED / MODULUS )*MODULUS
      RUNIF = 2.0D0*SEED / MODULUS - 1.0D0
      END
