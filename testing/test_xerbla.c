/*
 * test_xerbla.c: the test program's own XERBLA.
 *
 * Purpose
 * =======
 * As in BLAS/TESTING/dblat3.f, the test program supplies XERBLA: the
 * library's routines call the Fortran symbol xerbla_ the program links, so
 * this definition replaces the library's default and records each call
 * (routine name, INFO) instead of printing.  The error tests then check the
 * name and INFO; every other test checks that XERBLA was not called (a
 * call from the linked BLAS would be recorded too).
 *
 * Arguments
 * =========
 * SRNAME  CHARACTER*(*), length SRNAME_LEN (gfortran's hidden argument).
 * INFO    INTEGER, the number of the illegal argument.
 */
#include <config.h>
#include <string.h>
#include "test_tsblas.h"

struct test_xerbla_record test_xerbla_seen;

void xerbla_(const char *srname, const tsblas_int *info, size_t srname_len);

void xerbla_(const char *srname, const tsblas_int *info, size_t srname_len)
{
    size_t len = srname_len;

    /* Fortran pads the name with blanks; some C callers count a NUL. */
    while (len > 0 && (srname[len - 1] == ' ' || srname[len - 1] == '\0'))
        len--;
    if (len >= sizeof test_xerbla_seen.name)
        len = sizeof test_xerbla_seen.name - 1;
    memcpy(test_xerbla_seen.name, srname, len);
    test_xerbla_seen.name[len] = '\0';
    test_xerbla_seen.info = *info;
    test_xerbla_seen.calls++;
}

void test_xerbla_reset(void)
{
    memset(&test_xerbla_seen, 0, sizeof test_xerbla_seen);
}
