/*
 * precision.h: one source, four precisions.
 *
 * Every file whose code depends on the precision is compiled four times,
 * with exactly one of TSBLAS_PREC_S, _D, _C, _Z defined (src/c/local.mk
 * builds one convenience library per precision from the same sources).
 * This header turns that choice into types and names, in the manner of
 * FFTW's X() and BLIS's GENTFUNC:
 *
 *   real_t, scalar_t   float/float, double/double, float/float complex,
 *                      double/double complex
 *   TSBLAS_COMPLEX     1 for C and Z
 *   API(name)          public C entry:          API(tsmttsm) = tsblas_dtsmttsm
 *   F77(name)          Fortran-callable symbol: F77(tsmttsm) = dtsmttsm_
 *   X(name)            internal routine:        X(host_tsmttsm) = tsblas_host_tsmttsm_d
 *   ROUTINE_NAME(s)    "D" s, the name XERBLA receives: ROUTINE_NAME("TSMTTSM")
 *   BLAS(name)         the BLAS's Fortran symbol: BLAS(gemm) = dgemm_
 */
#ifndef TSBLAS_PRECISION_H
#define TSBLAS_PRECISION_H

#include <complex.h>

#define TSBLAS_CAT3_(a, b, c) a##b##c
#define TSBLAS_CAT3(a, b, c) TSBLAS_CAT3_(a, b, c)
#define TSBLAS_CAT4_(a, b, c, d) a##b##c##d
#define TSBLAS_CAT4(a, b, c, d) TSBLAS_CAT4_(a, b, c, d)

#if defined(TSBLAS_PREC_S)
#  define TSBLAS_PREFIX s
#  define TSBLAS_PREFIX_UPPER "S"
#  define TSBLAS_COMPLEX 0
typedef float real_t;
typedef float scalar_t;
#elif defined(TSBLAS_PREC_D)
#  define TSBLAS_PREFIX d
#  define TSBLAS_PREFIX_UPPER "D"
#  define TSBLAS_COMPLEX 0
typedef double real_t;
typedef double scalar_t;
#elif defined(TSBLAS_PREC_C)
#  define TSBLAS_PREFIX c
#  define TSBLAS_PREFIX_UPPER "C"
#  define TSBLAS_COMPLEX 1
typedef float real_t;
typedef float _Complex scalar_t;
#  define CONJ(x) conjf(x)
#elif defined(TSBLAS_PREC_Z)
#  define TSBLAS_PREFIX z
#  define TSBLAS_PREFIX_UPPER "Z"
#  define TSBLAS_COMPLEX 1
typedef double real_t;
typedef double _Complex scalar_t;
#  define CONJ(x) conj(x)
#else
#  error "compile with one of -DTSBLAS_PREC_S, -DTSBLAS_PREC_D, -DTSBLAS_PREC_C, -DTSBLAS_PREC_Z"
#endif

#define API(name) TSBLAS_CAT3(tsblas_, TSBLAS_PREFIX, name)
#define F77(name) TSBLAS_CAT3(TSBLAS_PREFIX, name, _)
#define X(name) TSBLAS_CAT4(tsblas_, name, _, TSBLAS_PREFIX)
#define BLAS(name) TSBLAS_CAT3(TSBLAS_PREFIX, name, _)
#define ROUTINE_NAME(s) TSBLAS_PREFIX_UPPER s

/* How the public C entries take scalars and arrays: real ones by value and
   typed pointer, complex ones by address and void pointer (as CBLAS). */
#if TSBLAS_COMPLEX
typedef const void *api_scalar_t;
typedef const void *api_const_array_t;
typedef void *api_array_t;
#  define API_SCALAR(x) (*(const scalar_t *)(x))
#else
typedef scalar_t api_scalar_t;
typedef const scalar_t *api_const_array_t;
typedef scalar_t *api_array_t;
#  define API_SCALAR(x) (x)
#  define CONJ(x) (x)
#endif

#endif
