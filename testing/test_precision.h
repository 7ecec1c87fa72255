/*
 * test_precision.h: one test source, four precisions.
 *
 * The precision-dependent parts of the harness are compiled four times with
 * exactly one of TSBLAS_PREC_S, _D, _C, _Z defined (testing/local.mk), like
 * the library itself.  src/c/precision.h gives scalar_t, real_t,
 * TSBLAS_COMPLEX, API() and F77() (the routines under test); this header
 * adds what only the tests need:
 *
 *   T(name)          test routine of this precision: T(gemm_line) = test_gemm_line_d
 *   ref_real_t       the precision of the references: double for S and C,
 *   ref_scalar_t     long double for D and Z, so that their rounding errors
 *                    are far below the working precision's
 *   TEST_EPS         machine epsilon of the working precision (as EPSILON()
 *                    in dblat3.f)
 *   ABS1, REF_ABS1   |re| + |im| (|x| for real data), the absolute value of
 *                    the reference BLAS's ZMMCH for complex error bounds
 */
#ifndef TEST_PRECISION_H
#define TEST_PRECISION_H

#include <float.h>
#include <math.h>
#include "precision.h"
#include "test_tsblas.h"

#define T(name) TSBLAS_CAT4(test_, name, _, TSBLAS_PREFIX)

#if defined(TSBLAS_PREC_S) || defined(TSBLAS_PREC_C)
typedef double ref_real_t;
#  define REF_FABS(x) fabs(x)
#  define TEST_EPS FLT_EPSILON
#else
typedef long double ref_real_t;
#  define REF_FABS(x) fabsl(x)
#  define TEST_EPS DBL_EPSILON
#endif

#if TSBLAS_COMPLEX && defined(TSBLAS_PREC_C)
typedef double _Complex ref_scalar_t;
#elif TSBLAS_COMPLEX
typedef long double _Complex ref_scalar_t;
#endif

#if TSBLAS_COMPLEX
#  define RE(x) (__real__(x))
#  define IM(x) (__imag__(x))
#  define REF_ABS1(x) (REF_FABS(__real__(x)) + REF_FABS(__imag__(x)))
#  define ABS1(x) (fabs((double)__real__(x)) + fabs((double)__imag__(x)))
#  define IS_NAN(x) (isnan(__real__(x)) || isnan(__imag__(x)))
/* The C entries take complex scalars by address (tsblas.h). */
#  define TEST_API_SCALAR(x) ((const void *)&(x))
#else
typedef ref_real_t ref_scalar_t;
#  define RE(x) (x)
#  define IM(x) 0
#  define REF_ABS1(x) REF_FABS(x)
#  define ABS1(x) fabs((double)(x))
#  define IS_NAN(x) isnan(x)
#  define TEST_API_SCALAR(x) (x)
#endif

/* op(X) as the tests understand a TRANS character, independently of the
   library's parser: 'C' means 'T' for real data. */
enum test_op { TEST_OP_N = 0, TEST_OP_T = 1, TEST_OP_C = 2 };

/* ---- the two faces of each routine (test_faces.c) ----
 * The C entry returns INFO; the Fortran symbol returns nothing, so
 * call_gemm and call_gemt return 0 for it. */
tsblas_int T(call_gemm)(enum test_face face, enum test_routine routine, char transa,
                        char transb, tsblas_int m, tsblas_int n, tsblas_int k,
                        scalar_t alpha, const void *a, tsblas_int lda, const void *b,
                        tsblas_int ldb, scalar_t beta, void *c, tsblas_int ldc);
tsblas_int T(call_gemt)(enum test_face face, char trans, tsblas_int m, tsblas_int n,
                        scalar_t alpha, const void *a, tsblas_int lda, void *b,
                        tsblas_int ldb);

/* ---- data (test_fill.c) ---- */
enum test_op T(parse_op)(char trans);
scalar_t T(scalar)(struct test_complex x);
scalar_t T(random)(uint64_t seed, long i, long j);
/* Fills the ROWS-by-COLS matrix of X, as stored, so that op(X)(i, l) is
   T(random)(SEED, i, l) whatever OP: the same logical operand for every
   TRANS and padding, hence one reference for them all. */
void T(fill_operand)(struct test_array *x, enum test_op op, uint64_t seed);
/* Fills the matrix of X with NaN: an operand that must not be read. */
void T(fill_nan)(struct test_array *x);

/* ---- references (test_reference.c) ----
 * For op(A)*op(B) with op(A) M-by-K and op(B) K-by-N: either every element
 * (P and PABS = |op(A)|*|op(B)|, when M*N*K is at most the FULL_REFERENCE
 * setting) or, beyond, BLIS's random-vector test: a random N-vector X with
 * V = op(A)*(op(B)*X) and VABS = |op(A)|*(|op(B)|*|X|), against which C*X
 * is compared.  Both in ref_scalar_t. */
struct T(reference) {
    long m, n, k;
    int full;
    ref_scalar_t *p;
    ref_real_t *pabs;
    scalar_t *x;
    ref_scalar_t *v;
    ref_real_t *vabs;
};
int T(reference_compute)(struct T(reference) *ref, double full_limit, enum test_op opa,
                         const scalar_t *a, long lda, enum test_op opb, const scalar_t *b,
                         long ldb, long m, long n, long k);
void T(reference_free)(struct T(reference) *ref);
/* The largest ratio |C - Cref| / (eps*(|alpha||op(A)||op(B)| + |beta||C0|))
   over C's elements (or over the rows of C*X), Cref = alpha*P + beta*C0; a
   NaN counts as infinite.  alpha = 0 does not reference P, beta = 0 not C0.
   *WORST_I, *WORST_J locate it (column -1 for the random-vector test). */
double T(reference_ratio)(const struct T(reference) *ref, scalar_t alpha, scalar_t beta,
                          const scalar_t *c0, long ldc0, const scalar_t *c, long ldc,
                          long *worst_i, long *worst_j);

#if !TSBLAS_COMPLEX
/* Real precisions: 1 when Y = FACTOR*op(X) exactly, element by element
   (ROWS-by-COLS, compared as values: -0 equals +0, NaN fails).  One real
   product is correctly rounded, so a correct routine gives exactly this;
   FACTOR = 0 gives 0 without reading X.  Else 0, with the first wrong
   element in *WRONG_I, *WRONG_J (test_reference.c). */
int T(exact_product)(scalar_t factor, enum test_op op, const scalar_t *x, long ldx,
                     const scalar_t *y, long ldy, long rows, long cols, long *wrong_i,
                     long *wrong_j);
#endif

#endif
