/*
 * route_syrk.c: which xSYRK and xHERK calls libtsblas_gemm sends to
 * tsblas, and the sending.
 *
 * Purpose
 * =======
 * X(syrk_route) takes the arguments of a Fortran xSYRK call (or, with
 * HERMITIAN, of xHERK: C := alpha*A*A**H + beta*C or alpha*A**H*A +
 * beta*C, alpha and beta real) and either computes it through tsblas and
 * returns 1, or returns 0 and leaves the call to the real BLAS.  The Gram
 * matrix of a block vector (CholQR, block Krylov) is such a call, and
 * NumPy computes X.T @ X with xSYRK.
 *
 * A call is routed when its arguments are legal (the reference order:
 * UPLO 1, TRANS 2, N 3, K 4, LDA 7, LDC 10), it is no quick return,
 * alpha != 0 and K != 0, A and C are host memory and C does not overlap
 * A, N <= HOST_SKINNY_MAX and 2*N*K >= HOST_TSMTTSM_SIZE_MIN (the
 * xTSMTTSM row of route_gemm.c's table with M = N; TSBLAS_GEMM=all drops
 * the size limit).  Then xTSMTTSM computes the whole N-by-N product
 * alpha*op(A)*op(A)**T (or **H) into a scratch matrix, and the UPLO
 * triangle of C gets it plus beta*C (C not read when beta = 0).  xHERK
 * works as the reference xHERK: beta is real and scales the real and the
 * imaginary part apart (an Inf in one part stays out of the other), the
 * diagonal takes the real parts alone and its imaginary parts are set to
 * zero.  The other triangle of C is not touched.  Device data is left to
 * the BLAS.
 *
 * Arguments
 * =========
 * HERMITIAN  1 for xHERK, 0 for xSYRK.
 * UPLO, TRANS, N, K, A, LDA, C, LDC   as xSYRK's, integers by value (the
 *            caller's, 32- or 64-bit, widened; a call with one beyond
 *            tsblas_int is not routed).
 * ALPHA, BETA  by value (xHERK's real ones as complex numbers).
 */
#include <config.h>
#include <stdlib.h>
#include <string.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "host_kernels.h"
#include "interposer.h"

#if TSBLAS_COMPLEX
#  define ENTRY_SCALAR(x) ((const void *)&(x))
#else
#  define ENTRY_SCALAR(x) (x)
#endif

#if TSBLAS_COMPLEX
/* RE + i*IM with no arithmetic: RE + I*IM would multiply, and 0*Inf is NaN. */
static scalar_t complex_of(real_t re, real_t im)
{
    const real_t parts[2] = { re, im };
    scalar_t z;

    memcpy(&z, parts, sizeof z);
    return z;
}
#endif

/* INFO of the reference xSYRK / xHERK: 0, or the first illegal argument. */
static int check_args(int hermitian, char uplo, char trans, idx_t n, idx_t k, idx_t lda,
                      idx_t ldc)
{
    const char t = trans >= 'a' ? (char)(trans - 'a' + 'A') : trans;
    const char u = uplo >= 'a' ? (char)(uplo - 'a' + 'A') : uplo;
    const idx_t rows_a = t == 'N' ? n : k;
    /* Real xSYRK takes N, T, C; complex xSYRK N, T; xHERK N, C. */
    const int trans_legal = t == 'N' || (t == 'T' && !hermitian)
                            || (t == 'C' && (hermitian || !TSBLAS_COMPLEX));

    if (u != 'U' && u != 'L')
        return 1;
    if (!trans_legal)
        return 2;
    if (n < 0)
        return 3;
    if (k < 0)
        return 4;
    if (lda < (rows_a > 1 ? rows_a : 1))
        return 7;
    if (ldc < (n > 1 ? n : 1))
        return 10;
    return 0;
}

int X(syrk_route)(int hermitian, char uplo, char trans, idx_t n, idx_t k, scalar_t alpha,
                  const scalar_t *a, idx_t lda, scalar_t beta, scalar_t *c, idx_t ldc)
{
    static const char flip[] = { 'T', 'C' };
    const enum gemm_call call = hermitian ? CALL_HERK : CALL_SYRK;
    const enum gemm_mode mode = tsblas_gemm_mode();
    const int upper = uplo == 'U' || uplo == 'u', by_rows = trans == 'N' || trans == 'n';
    const idx_t rows_a = by_rows ? n : k, cols_a = by_rows ? k : n;
    scalar_t *product;
    struct gemm_span span;
    tsblas_int info;
    idx_t i, j;

    if (mode == GEMM_OFF || tsblas_gemm_inside()
        || check_args(hermitian, uplo, trans, n, k, lda, ldc) != 0 || n == 0 || k == 0
        || alpha == 0 || n > HOST_SKINNY_MAX || !gemm_fits_tsblas_int(k)
        || !gemm_fits_tsblas_int(lda) || !gemm_fits_tsblas_int(ldc)
        || (mode != GEMM_ALL && 2 * n * k < HOST_TSMTTSM_SIZE_MIN)
        || tsblas_memory_of(a) != TSBLAS_MEM_HOST || tsblas_memory_of(c) != TSBLAS_MEM_HOST
        || tsblas_arrays_overlap(c, n, n, ldc, a, rows_a, cols_a, lda, sizeof(scalar_t)))
        return 0;
    product = malloc(sizeof(scalar_t) * (size_t)n * (size_t)n);
    if (product == NULL)
        return 0;

    tsblas_gemm_begin(&span);
    {
        const scalar_t zero = 0;
        const char ta = by_rows ? 'N' : flip[hermitian], tb = by_rows ? flip[hermitian] : 'N';

        info = API(tsmttsm)(ta, tb, n, n, k, ENTRY_SCALAR(alpha), a, lda, a, lda,
                            ENTRY_SCALAR(zero), product, n);
    }
    tsblas_gemm_end(&span);
    if (info != 0) {
        tsblas_gemm_failed(ROUTINE_NAME("TSMTTSM"), (int)info, tsblas_last_error_message());
        free(product);
        return 0;
    }
    for (j = 0; j < n; j++)
        for (i = upper ? 0 : j; i <= (upper ? j : n - 1); i++) {
            scalar_t *out = c + i + j * ldc;
            scalar_t value = product[i + j * n];

#if TSBLAS_COMPLEX
            if (hermitian) {
                const real_t real_beta = creal(beta);

                if (i == j)
                    value = creal(value) + (real_beta != 0 ? real_beta * creal(*out) : 0);
                else if (real_beta == 1)
                    value += *out;
                else if (real_beta != 0)
                    value += complex_of(real_beta * creal(*out), real_beta * cimag(*out));
                *out = value;
                continue;
            }
#endif
            if (beta != 0)
                value += beta * *out;
            *out = value;
        }
    free(product);
    tsblas_gemm_count(call, GEMM_PRECISION, GEMM_TO_TSMTTSM, &span);
    return 1;
}
