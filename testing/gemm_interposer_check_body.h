/*
 * gemm_interposer_check_body.h: the checks of gemm_interposer_check.c for
 * one precision, included once per precision with PRECISION_S, _D, _C or
 * _Z defined.
 */
#if defined(PRECISION_S)
#  define T float
#  define EPS FLT_EPSILON
#  define COMPLEX 0
#  define NAME(x) x##_s
#  define F77_GEMM sgemm_
#  define CBLAS_GEMM CBLAS_NAME(s, gemm)
#  define F77_SYRK ssyrk_
#  define CBLAS_SYRK CBLAS_NAME(s, syrk)
#  define F77_HERK sherk_
#  define CBLAS_HERK CBLAS_NAME(s, herk)
#  define REAL float
#  define LETTER "S"
#elif defined(PRECISION_D)
#  define T double
#  define EPS DBL_EPSILON
#  define COMPLEX 0
#  define NAME(x) x##_d
#  define F77_GEMM dgemm_
#  define CBLAS_GEMM CBLAS_NAME(d, gemm)
#  define F77_SYRK dsyrk_
#  define CBLAS_SYRK CBLAS_NAME(d, syrk)
#  define F77_HERK dherk_
#  define CBLAS_HERK CBLAS_NAME(d, herk)
#  define REAL double
#  define LETTER "D"
#elif defined(PRECISION_C)
#  define T float complex
#  define EPS FLT_EPSILON
#  define COMPLEX 1
#  define NAME(x) x##_c
#  define F77_GEMM cgemm_
#  define CBLAS_GEMM CBLAS_NAME(c, gemm)
#  define F77_SYRK csyrk_
#  define CBLAS_SYRK CBLAS_NAME(c, syrk)
#  define F77_HERK cherk_
#  define CBLAS_HERK CBLAS_NAME(c, herk)
#  define REAL float
#  define LETTER "C"
#else
#  define T double complex
#  define EPS DBL_EPSILON
#  define COMPLEX 1
#  define NAME(x) x##_z
#  define F77_GEMM zgemm_
#  define CBLAS_GEMM CBLAS_NAME(z, gemm)
#  define F77_SYRK zsyrk_
#  define CBLAS_SYRK CBLAS_NAME(z, syrk)
#  define F77_HERK zherk_
#  define CBLAS_HERK CBLAS_NAME(z, herk)
#  define REAL double
#  define LETTER "Z"
#endif

#if COMPLEX
#  define REF long double complex
#  define CBLAS_SCALAR(x) (&(x))
void CBLAS_GEMM(int, int, int, CBLAS_INT, CBLAS_INT, CBLAS_INT, const void *, const T *,
                CBLAS_INT, const T *, CBLAS_INT, const void *, T *, CBLAS_INT);
void CBLAS_SYRK(int, int, int, CBLAS_INT, CBLAS_INT, const void *, const T *, CBLAS_INT,
                const void *, T *, CBLAS_INT);
void CBLAS_HERK(int, int, int, CBLAS_INT, CBLAS_INT, REAL, const T *, CBLAS_INT, REAL, T *,
                CBLAS_INT);
void F77_HERK(const char *, const char *, const int *, const int *, const REAL *, const T *,
              const int *, const REAL *, T *, const int *, size_t, size_t);
#else
#  define REF long double
#  define CBLAS_SCALAR(x) (x)
void CBLAS_GEMM(int, int, int, CBLAS_INT, CBLAS_INT, CBLAS_INT, T, const T *, CBLAS_INT,
                const T *, CBLAS_INT, T, T *, CBLAS_INT);
void CBLAS_SYRK(int, int, int, CBLAS_INT, CBLAS_INT, T, const T *, CBLAS_INT, T, T *,
                CBLAS_INT);
#endif
void F77_SYRK(const char *, const char *, const int *, const int *, const T *, const T *,
              const int *, const T *, T *, const int *, size_t, size_t);
void F77_GEMM(const char *, const char *, const int *, const int *, const int *, const T *,
              const T *, const int *, const T *, const int *, const T *, T *, const int *,
              size_t, size_t);

static T NAME(random_value)(void)
{
#if COMPLEX
    double re = next_random();
    return (T)(re + I * next_random());
#else
    return (T)next_random();
#endif
}

/* op(X)(i, l) of X stored column-major with leading dimension ld. */
static REF NAME(op_element)(char t, const T *x, int ld, int i, int l)
{
    REF v = t == 'N' ? (REF)x[i + (size_t)l * ld] : (REF)x[l + (size_t)i * ld];
#if COMPLEX
    if (t == 'C')
        v = conjl(v);
#endif
    return v;
}

/* C := alpha*op(A)*op(B) + beta*C, column-major, through the face FACE
   (0: Fortran, 1: CBLAS column-major, 2: CBLAS row-major of the transposed
   problem), checked element by element. */
static void NAME(check_call)(int face, int m, int n, int k, char ta, char tb, int zero_beta)
{
    const int arows = ta == 'N' ? m : k, acols = ta == 'N' ? k : m;
    const int brows = tb == 'N' ? k : n, bcols = tb == 'N' ? n : k;
    const int lda = arows + 3, ldb = brows + 2, ldc = m + 1;
    T *a = malloc(sizeof(T) * (size_t)lda * acols), *b = malloc(sizeof(T) * (size_t)ldb * bcols);
    T *c = malloc(sizeof(T) * (size_t)ldc * n), *c0 = malloc(sizeof(T) * (size_t)ldc * n);
    T alpha = NAME(random_value)(), beta = zero_beta ? 0 : NAME(random_value)();
    int i, j, l, bad = 0;

    for (i = 0; i < lda * acols; i++)
        a[i] = NAME(random_value)();
    for (i = 0; i < ldb * bcols; i++)
        b[i] = NAME(random_value)();
    for (i = 0; i < ldc * n; i++)
        c0[i] = zero_beta ? (T)NAN : NAME(random_value)();
    memcpy(c, c0, sizeof(T) * (size_t)ldc * n);

    if (face == 0) {
        F77_GEMM(&ta, &tb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);
    } else if (face == 1) {
        CBLAS_GEMM(COL_MAJOR, cblas_trans(ta), cblas_trans(tb), m, n, k, CBLAS_SCALAR(alpha),
                   a, lda, b, ldb, CBLAS_SCALAR(beta), c, ldc);
    } else {
        /* Row-major: C**T (N-by-M, row-major with ld ldc) = op(B)**T op(A)**T,
           i.e. the row-major product of op_r(B') and op_r(A') where the
           row-major B' is B's column-major storage. */
        CBLAS_GEMM(ROW_MAJOR, cblas_trans(tb), cblas_trans(ta), n, m, k, CBLAS_SCALAR(alpha),
                   b, ldb, a, lda, CBLAS_SCALAR(beta), c, ldc);
    }

    for (j = 0; j < n && bad < 3; j++)
        for (i = 0; i < ldc && bad < 3; i++) {
            const size_t e = i + (size_t)j * ldc;
            REF sum = 0;
            long double bound = 0;
            int wrong;

            if (i >= m) {
                wrong = memcmp(&c[e], &c0[e], sizeof(T)) != 0;
            } else {
                for (l = 0; l < k; l++) {
                    REF x = NAME(op_element)(ta, a, lda, i, l), y = NAME(op_element)(tb, b, ldb, l, j);
                    sum += x * y;
                    bound += cabsl(x) * cabsl(y);
                }
                sum = (REF)alpha * sum + (zero_beta ? 0 : (REF)beta * (REF)c0[e]);
                bound = 4.0L * (k + 2) * EPS
                        * (cabsl(alpha) * bound + (zero_beta ? 0 : cabsl(beta) * cabsl(c0[e])));
                wrong = !(cabsl((REF)c[e] - sum) <= bound);
            }
            if (wrong) {
                if (bad == 0)
                    printf("%s %s M=%d N=%d K=%d TRANS=%c%c beta%s: C(%d,%d) wrong\n",
                           face == 0 ? "F77" : "CBLAS", LETTER, m, n, k, ta, tb,
                           zero_beta ? "=0" : "!=0", i + 1, j + 1);
                bad++;
            }
        }
    if (bad != 0)
        failures++;
    free(a);
    free(b);
    free(c);
    free(c0);
}

/* The UPLO triangle of C := alpha*op(A)*op(A)**T + beta*C (op**H and real
   alpha, beta for HERMITIAN), C N-by-N, through FACE (0: Fortran, 1: CBLAS
   column-major, 2: CBLAS row-major, where the row-major C's upper triangle
   is the column-major one's lower), checked element by element; the other
   triangle and the padding must be untouched, xHERK's diagonal real. */
static void NAME(check_rank_k)(int face, int hermitian, int n, int k, char uplo, char trans,
                               int zero_beta)
{
    const int rows = trans == 'N' ? n : k, cols = trans == 'N' ? k : n;
    const int lda = rows + 1, ldc = n + 2;
    const char tt = trans == 'N' ? (hermitian ? 'C' : 'T') : 'N';
    T *a = malloc(sizeof(T) * (size_t)lda * cols);
    T *c = malloc(sizeof(T) * (size_t)ldc * n), *c0 = malloc(sizeof(T) * (size_t)ldc * n);
    T alpha = NAME(random_value)(), beta = zero_beta ? 0 : NAME(random_value)();
    REAL ralpha = (REAL)next_random(), rbeta = zero_beta ? 0 : (REAL)next_random();
    int i, j, l, bad = 0;

    if (hermitian)
        alpha = ralpha, beta = rbeta;
    for (i = 0; i < lda * cols; i++)
        a[i] = NAME(random_value)();
    for (i = 0; i < ldc * n; i++)
        c0[i] = zero_beta ? (T)NAN : NAME(random_value)();
#if COMPLEX
    /* xHERK reads only the real parts of C's diagonal. */
    if (hermitian && !zero_beta)
        for (j = 0; j < n; j++)
            ((REAL *)&c0[j + (size_t)j * ldc])[1] = NAN;   /* (re + I*NAN is NaN whole) */
#endif
    memcpy(c, c0, sizeof(T) * (size_t)ldc * n);

    if (face == 0 && !hermitian) {
        F77_SYRK(&uplo, &trans, &n, &k, &alpha, a, &lda, &beta, c, &ldc, 1, 1);
    } else if (face != 0 && !hermitian) {
        /* Row-major: the same memory is C**T, so the other triangle. */
        const int row = face == 2;
        const int cu = (uplo == 'U') != row ? 121 : 122;
        const int ct = (trans == 'N') != row ? NO_TRANS : TRANS;
        CBLAS_SYRK(row ? ROW_MAJOR : COL_MAJOR, cu, ct, n, k, CBLAS_SCALAR(alpha), a, lda,
                   CBLAS_SCALAR(beta), c, ldc);
    }
#if COMPLEX
    else if (face == 0) {
        F77_HERK(&uplo, &trans, &n, &k, &ralpha, a, &lda, &rbeta, c, &ldc, 1, 1);
    } else {
        /* Row-major: the other triangle and TRANS exchanged; the row-major
           result is conj(op(A)*op(A)**H), whose transpose, the memory read
           column-major, is op(A)*op(A)**H itself. */
        const int row = face == 2;
        const int cu = (uplo == 'U') != row ? 121 : 122;
        const int ct = (trans == 'N') != row ? NO_TRANS : CONJ_TRANS;
        CBLAS_HERK(row ? ROW_MAJOR : COL_MAJOR, cu, ct, n, k, ralpha, a, lda, rbeta, c, ldc);
    }
#endif

    for (j = 0; j < n && bad < 3; j++)
        for (i = 0; i < ldc && bad < 3; i++) {
            const size_t e = i + (size_t)j * ldc;
            const int in_triangle = i < n && (uplo == 'U' ? i <= j : i >= j);
            REF sum = 0;
            long double bound = 0;
            int wrong;

            if (!in_triangle) {
                wrong = memcmp(&c[e], &c0[e], sizeof(T)) != 0;
            } else {
                for (l = 0; l < k; l++) {
                    REF x = NAME(op_element)(trans == 'N' ? 'N' : trans, a, lda, i, l);
                    REF y = NAME(op_element)(tt, a, lda, l, j);
                    sum += x * y;
                    bound += cabsl(x) * cabsl(y);
                }
                {
                    /* C as the routine reads it: the real part alone on
                       xHERK's diagonal. */
                    REF c_read = hermitian && i == j ? (REF)creal(c0[e]) : (REF)c0[e];

                    sum = (REF)alpha * sum + (zero_beta ? 0 : (REF)beta * c_read);
                    bound = 4.0L * (k + 2) * EPS
                            * (cabsl(alpha) * bound
                               + (zero_beta ? 0 : cabsl(beta) * cabsl(c_read)));
                }
#if COMPLEX
                if (hermitian && i == j) {
                    sum = creall(sum);
                    wrong = cimag(c[e]) != 0;
                } else
#endif
                    wrong = 0;
                wrong = wrong || !(cabsl((REF)c[e] - sum) <= bound);
            }
            if (wrong) {
                if (bad == 0)
                    printf("%s %s%s N=%d K=%d UPLO=%c TRANS=%c beta%s: C(%d,%d) wrong\n",
                           face == 0 ? "F77" : face == 1 ? "CBLAS col" : "CBLAS row", LETTER,
                           hermitian ? "HERK" : "SYRK", n, k, uplo, trans,
                           zero_beta ? "=0" : "!=0", i + 1, j + 1);
                bad++;
            }
        }
    if (bad != 0)
        failures++;
    free(a);
    free(c);
    free(c0);
}

static void NAME(check)(void)
{
    const int ntrans = 3;
    int s, ia, ib, face, zero_beta;
    int calls = 0, before = failures;
    int m = 4, n = 4, k = 4, lda = 1, ldb = 4, ldc = 4;
    T one = 1, x[16] = { 0 };

    for (s = 0; s < (int)(sizeof shapes / sizeof shapes[0]); s++)
        for (ia = 0; ia < ntrans; ia++)
            for (ib = 0; ib < ntrans; ib++)
                for (face = FIRST_FACE; face < 3; face++)
                    for (zero_beta = 0; zero_beta < 2; zero_beta++) {
                        NAME(check_call)(face, shapes[s][0], shapes[s][1], shapes[s][2],
                                         trans_chars[ia], trans_chars[ib], zero_beta);
                        calls++;
                    }

    /* xSYRK and xHERK: N = 8 routed (2*N*K >= 4096), N = 70 left to the
       BLAS; TRANS 'N' (op(A)*op(A)**T) and the transposed form. */
    {
        static const int rank_k_shapes[][2] = { { 8, 1000 }, { 70, 30 } };
        static const char uplos[] = "UL";
        int hermitian, sh, iu, it;

        for (hermitian = 0; hermitian <= COMPLEX; hermitian++)
            for (sh = 0; sh < 2; sh++)
                for (iu = 0; iu < 2; iu++)
                    for (it = 0; it < 2; it++)
                        for (face = FIRST_FACE; face < 3; face++)
                            for (zero_beta = 0; zero_beta < 2; zero_beta++) {
                                NAME(check_rank_k)(face, hermitian, rank_k_shapes[sh][0],
                                                   rank_k_shapes[sh][1], uplos[iu],
                                                   it == 0 ? 'N' : hermitian ? 'C' : 'T',
                                                   zero_beta);
                                calls++;
                            }
    }

    /* Illegal LDA (argument 8) and TRANSA (argument 1): the real BLAS
       reports them, through this program's XERBLA, as xGEMM (the Fortran
       face, which the ILP64 names have not). */
    if (FIRST_FACE != 0) {
        printf("%s: %d calls checked, %d failed\n", LETTER, calls, failures - before);
        return;
    }
    xerbla_info = 0;
    F77_GEMM("N", "N", &m, &n, &k, &one, x, &lda, x, &ldb, &one, x, &ldc, 1, 1);
    if (xerbla_info != 8 || strncmp(xerbla_name, LETTER "GEMM", 5) != 0) {
        printf("%sGEMM with LDA = 1 < M: XERBLA got '%s', %d (want '%sGEMM', 8)\n", LETTER,
               xerbla_name, xerbla_info, LETTER);
        failures++;
    }
    xerbla_info = 0;
    F77_GEMM("X", "N", &m, &n, &k, &one, x, &ldb, x, &ldb, &one, x, &ldc, 1, 1);
    if (xerbla_info != 1 || strncmp(xerbla_name, LETTER "GEMM", 5) != 0) {
        printf("%sGEMM with TRANSA = 'X': XERBLA got '%s', %d (want '%sGEMM', 1)\n", LETTER,
               xerbla_name, xerbla_info, LETTER);
        failures++;
    }
    printf("%s: %d calls checked, %d failed\n", LETTER, calls + 2, failures - before);
}

#undef T
#undef EPS
#undef COMPLEX
#undef NAME
#undef F77_GEMM
#undef CBLAS_GEMM
#undef LETTER
#undef REF
#undef CBLAS_SCALAR
#undef F77_SYRK
#undef CBLAS_SYRK
#undef F77_HERK
#undef CBLAS_HERK
#undef REAL
