      SUBROUTINE CHKXER( SRNAME, INFO, NFAIL )
*
*  Purpose
*  =======
*  CHKXER checks that the last call reported exactly one illegal
*  argument to XERBLA (the tests' own, xerbla.f), from routine SRNAME
*  with argument number INFO, prints what went wrong otherwise, and
*  resets the record for the next call.
*
*  Arguments
*  =========
*  SRNAME  (input) CHARACTER*(*)
*          The name XERBLA must have received, e.g. 'DTSMTTSM'.
*  INFO    (input) INTEGER
*          The argument number XERBLA must have received.
*  NFAIL   (input/output) INTEGER
*          Incremented when the check fails.
*
      CHARACTER*(*) SRNAME
      INTEGER INFO, NFAIL
      INTEGER INFOT, NCALLS
      CHARACTER*16 SRNAMT
      COMMON /XERNUM/ INFOT, NCALLS
      COMMON /XERNAM/ SRNAMT
*
      IF( NCALLS.NE.1 .OR. INFOT.NE.INFO .OR. SRNAMT.NE.SRNAME ) THEN
         NFAIL = NFAIL + 1
         WRITE( *, FMT = 9999 )SRNAME, INFO, NCALLS, SRNAMT, INFOT
      END IF
      NCALLS = 0
      INFOT = 0
      SRNAMT = ' '
*
 9999 FORMAT( ' FAIL: ', A, ' with illegal argument ', I3,
     $      ': XERBLA called ', I3, ' times, last with ', A, ' ', I3 )
      END
