      SUBROUTINE XERBLA( SRNAME, INFO )
*
*  Purpose
*  =======
*  The tests' own XERBLA: it replaces the library's default at link time
*  (API.md) and records the call in COMMON, so that a test can check
*  that an illegal argument reached it, with which routine name and
*  which argument number, and that it was called exactly once.
*
*  Arguments
*  =========
*  SRNAME  (input) CHARACTER*(*)
*          The name of the routine that detected the error.
*  INFO    (input) INTEGER
*          The number of the illegal argument.
*
*  Common blocks
*  =============
*  /XERNUM/ INFOT, NCALLS   INFO of the last call, number of calls.
*  /XERNAM/ SRNAMT          SRNAME of the last call.
*
      CHARACTER*(*) SRNAME
      INTEGER INFO
      INTEGER INFOT, NCALLS
      CHARACTER*16 SRNAMT
      COMMON /XERNUM/ INFOT, NCALLS
      COMMON /XERNAM/ SRNAMT
*
      SRNAMT = SRNAME
      INFOT = INFO
      NCALLS = NCALLS + 1
      END
