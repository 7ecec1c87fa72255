      PROGRAM CHKLEG
*
*  Purpose
*  =======
*  The legacy face of tsblas (API.md, "The three faces"): a FORTRAN 77
*  program that calls all 16 routines by their plain names, with
*  CHARACTER and by-reference arguments, links the library and its own
*  XERBLA (xerbla.f).  Each precision checks its results against naive
*  loops in higher precision (xCHKMM, xCHKMT) and its argument errors
*  (xCHKER).  Compiled with -fdefault-integer-8 in an ILP64 build.
*  Exit status 1 on any failure.
*
      INTEGER NFAIL
      EXTERNAL SCHKMM, DCHKMM, CCHKMM, ZCHKMM
      EXTERNAL SCHKMT, DCHKMT, CCHKMT, ZCHKMT
      EXTERNAL SCHKER, DCHKER, CCHKER, ZCHKER
*
      NFAIL = 0
      CALL SCHKMM( NFAIL )
      CALL SCHKMT( NFAIL )
      CALL SCHKER( NFAIL )
      CALL DCHKMM( NFAIL )
      CALL DCHKMT( NFAIL )
      CALL DCHKER( NFAIL )
      CALL CCHKMM( NFAIL )
      CALL CCHKMT( NFAIL )
      CALL CCHKER( NFAIL )
      CALL ZCHKMM( NFAIL )
      CALL ZCHKMT( NFAIL )
      CALL ZCHKER( NFAIL )
      IF( NFAIL.NE.0 ) THEN
         WRITE( *, FMT = 9999 )NFAIL
         STOP 1
      END IF
      WRITE( *, FMT = 9998 )
 9998 FORMAT( ' legacy: all checks passed' )
 9999 FORMAT( ' legacy: ', I6, ' checks FAILED' )
      END
