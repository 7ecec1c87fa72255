/*
 * gemm_interposer_check.c: libtsblas_gemm linked (-ltsblas_gemm before the
 * BLAS), through both of its faces.
 *
 * Calls sgemm_ ... zgemm_ and cblas_sgemm ... cblas_zgemm (both layouts)
 * on tall & skinny shapes of each class of the route table (xTSMTTSM,
 * xTSMM both ways, xMTSM both ways) and on one square shape left to the
 * BLAS, for every TRANSA/TRANSB pair, beta = 0 over a C of NaNs and beta
 * != 0, leading dimensions larger than the rows; checks each element
 * against a loop in long double, |c - ref| <= 4*(K+2)*eps*(|alpha|*
 * sum|a||b| + |beta||c0|), and that C's padding is untouched.  The same
 * for xSYRK and xHERK (Fortran and CBLAS, both layouts, both triangles,
 * both TRANS), whose other triangle must stay untouched.  Then an
 * illegal call of each Fortran xGEMM, which must reach this program's
 * XERBLA as 'xGEMM ' with the reference BLAS's INFO.  Exit status: the
 * number of failed checks.  testing/gemm_interposer_link.sh runs it and
 * reads the interposer's verbose report to see where the calls went.
 *
 * Compiled with GEMM_CHECK_SCIPY or GEMM_CHECK_SUFFIX64 it is instead a
 * module (testing/gemm_wheel_loader loads it as Python loads NumPy's) that
 * calls the CBLAS names of 64-bit integers, scipy_cblas_dgemm64_ or
 * cblas_dgemm64_, through both layouts, with the same checks (no Fortran
 * face, no XERBLA); its entry gemm_module_check returns the number of
 * failed checks.
 */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The CBLAS names called, their integers, and the first face checked
   (0: Fortran, 1: CBLAS column-major, 2: CBLAS row-major). */
#if defined(GEMM_CHECK_SCIPY)
#  define CBLAS_NAME(p, routine) scipy_cblas_##p##routine##64_
#elif defined(GEMM_CHECK_SUFFIX64)
#  define CBLAS_NAME(p, routine) cblas_##p##routine##64_
#else
#  define CBLAS_NAME(p, routine) cblas_##p##routine
#endif
#if defined(GEMM_CHECK_SCIPY) || defined(GEMM_CHECK_SUFFIX64)
#  define CBLAS_INT int64_t
#  define FIRST_FACE 1
#else
#  define CBLAS_INT int
#  define FIRST_FACE 0
#endif

enum { ROW_MAJOR = 101, COL_MAJOR = 102, NO_TRANS = 111, TRANS = 112, CONJ_TRANS = 113 };

static int failures;
static char xerbla_name[8];
static int xerbla_info;

/* The program's own XERBLA, as the BLAS testers have one. */
void xerbla_(const char *name, const int *info, size_t len);
void xerbla_(const char *name, const int *info, size_t len)
{
    size_t n = len < sizeof xerbla_name - 1 ? len : sizeof xerbla_name - 1;

    memcpy(xerbla_name, name, n);
    xerbla_name[n] = '\0';
    xerbla_info = *info;
}

/* Uniform in [-1, 1), from a fixed sequence (the checks are repeatable). */
static double next_random(void)
{
    static unsigned long long state = 0x2545f4914f6cdd1dULL;

    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

static int cblas_trans(char t)
{
    return t == 'N' ? NO_TRANS : t == 'T' ? TRANS : CONJ_TRANS;
}

/* The shapes: M, N, K.  The first five are routed by the table (with the
   default TSBLAS_GEMM=on), the last is left to the BLAS. */
static const int shapes[][3] = {
    { 5, 3, 1000 },    /* xTSMTTSM: M, N <= 64, (M + N)*K >= 4096 */
    { 1200, 4, 6 },    /* xTSMM, M long: M*(K + N) >= 1024 */
    { 4, 1200, 6 },    /* xTSMM, N long */
    { 100, 5, 80 },    /* xMTSM, M long: M >= 64, K > 64, N < 32 */
    { 5, 100, 80 },    /* xMTSM, N long */
    { 70, 70, 70 }     /* the BLAS: no side <= 64 */
};
static const char trans_chars[] = "NTC";

#define PRECISION_S
#include "gemm_interposer_check_body.h"
#undef PRECISION_S
#define PRECISION_D
#include "gemm_interposer_check_body.h"
#undef PRECISION_D
#define PRECISION_C
#include "gemm_interposer_check_body.h"
#undef PRECISION_C
#define PRECISION_Z
#include "gemm_interposer_check_body.h"
#undef PRECISION_Z

#if FIRST_FACE != 0
int gemm_module_check(void);
int gemm_module_check(void)
#else
int main(void)
#endif
{
    printf("%% checks per precision: xGEMM 6 shapes x 9 TRANS pairs x %d faces x 2 betas, "
           "xSYRK (and xHERK) 2 shapes x 2 UPLO x 2 TRANS x %d faces x 2 betas, "
           "%d illegal calls\n", 3 - FIRST_FACE, 3 - FIRST_FACE, FIRST_FACE == 0 ? 2 : 0);
    check_s();
    check_d();
    check_c();
    check_z();
    printf("%s: %d failed checks\n", failures == 0 ? "ok" : "FAILED", failures);
    return failures;
}
