/*
 * xerbla.c: argument errors.
 *
 * Every routine reports an illegal argument by calling the Fortran symbol
 * xerbla_ with its own name and INFO, as the reference BLAS does.  The
 * symbol is resolved at link time: a program that defines its own XERBLA
 * (Fortran or C) gets the calls; otherwise the default below, which names
 * the argument as well as its number.
 */
#include <stdio.h>
#include <string.h>
#include "tsblas_internal.h"

void xerbla_(const char *srname, const tsblas_int *info, size_t srname_len);

static const char *const gemm_argument_names[] = {
    "", "TRANSA", "TRANSB", "M", "N", "K", "ALPHA", "A", "LDA",
    "B", "LDB", "BETA", "C", "LDC", "COMM"
};
static const char *const gemt_argument_names[] = {
    "", "TRANS", "M", "N", "ALPHA", "A", "LDA", "B", "LDB"
};

/* The name of argument INFO of routine SRNAME, or NULL for a routine that
   is not ours (the BLAS calls xerbla_ too).  The distributed routines of
   libtsblas_mpi (xTSMTTSM_MPI) take xGEMM's arguments and COMM, 14th. */
static const char *argument_name(const char *srname, size_t len, tsblas_int info)
{
    static const char *const gemm_shaped[] = { "TSMTTSM", "TSMM", "MTSM" };
    static const char mpi_suffix[] = "_MPI";
    const size_t suffix_len = sizeof mpi_suffix - 1;
    tsblas_int last_gemm_argument = 13;
    size_t i;

    while (len > 0 && srname[len - 1] == ' ')
        len--;
    if (len < 2 || strchr("SDCZsdcz", srname[0]) == NULL)
        return NULL;
    if (len > suffix_len && strncmp(srname + len - suffix_len, mpi_suffix, suffix_len) == 0) {
        len -= suffix_len;
        last_gemm_argument = 14;
    }
    for (i = 0; i < sizeof gemm_shaped / sizeof gemm_shaped[0]; i++)
        if (len - 1 == strlen(gemm_shaped[i])
            && strncmp(srname + 1, gemm_shaped[i], len - 1) == 0)
            return info >= 1 && info <= last_gemm_argument ? gemm_argument_names[info] : NULL;
    if (last_gemm_argument == 14)
        return NULL;
    if (len - 1 == 4 && strncmp(srname + 1, "GEMT", 4) == 0)
        return info >= 1 && info <= 8 ? gemt_argument_names[info] : NULL;
    return NULL;
}

/* Weak: this object is always linked (for tsblas_report_illegal below), so
   in a static link a strong default would clash with the program's own
   XERBLA instead of giving way to it. */
#if defined(__GNUC__)
__attribute__((weak))
#endif
void xerbla_(const char *srname, const tsblas_int *info, size_t srname_len)
{
    const char *name = argument_name(srname, srname_len, *info);
    int len = (int)srname_len;

    while (len > 0 && srname[len - 1] == ' ')
        len--;
    if (name != NULL)
        fprintf(stderr, " ** On entry to %.*s parameter number %ld (%s) had an illegal value\n",
                len, srname, (long)*info, name);
    else
        fprintf(stderr, " ** On entry to %.*s parameter number %ld had an illegal value\n",
                len, srname, (long)*info);
}

void tsblas_report_illegal(const char *name, tsblas_int info)
{
    xerbla_(name, &info, strlen(name));
    tsblas_set_error((int)-info, "%s: argument %ld is illegal", name, (long)info);
}
