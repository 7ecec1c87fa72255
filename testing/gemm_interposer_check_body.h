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
#  define CBLAS_GEMM cblas_sgemm
#  define LETTER "S"
#elif defined(PRECISION_D)
#  define T double
#  define EPS DBL_EPSILON
#  define COMPLEX 0
#  define NAME(x) x##_d
#  define F77_GEMM dgemm_
#  define CBLAS_GEMM cblas_dgemm
#  define LETTER "D"
#elif defined(PRECISION_C)
#  define T float complex
#  define EPS FLT_EPSILON
#  define COMPLEX 1
#  define NAME(x) x##_c
#  define F77_GEMM cgemm_
#  define CBLAS_GEMM cblas_cgemm
#  define LETTER "C"
#else
#  define T double complex
#  define EPS DBL_EPSILON
#  define COMPLEX 1
#  define NAME(x) x##_z
#  define F77_GEMM zgemm_
#  define CBLAS_GEMM cblas_zgemm
#  define LETTER "Z"
#endif

#if COMPLEX
#  define REF long double complex
#  define CBLAS_SCALAR(x) (&(x))
void CBLAS_GEMM(int, int, int, int, int, int, const void *, const T *, int, const T *, int,
                const void *, T *, int);
#else
#  define REF long double
#  define CBLAS_SCALAR(x) (x)
void CBLAS_GEMM(int, int, int, int, int, int, T, const T *, int, const T *, int, T, T *,
                int);
#endif
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
                for (face = 0; face < 3; face++)
                    for (zero_beta = 0; zero_beta < 2; zero_beta++) {
                        NAME(check_call)(face, shapes[s][0], shapes[s][1], shapes[s][2],
                                         trans_chars[ia], trans_chars[ib], zero_beta);
                        calls++;
                    }

    /* Illegal LDA (argument 8) and TRANSA (argument 1): the real BLAS
       reports them, through this program's XERBLA, as xGEMM. */
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
