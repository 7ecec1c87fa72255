/*
 * interposer.h: what the parts of libtsblas_gemm share.
 *
 * libtsblas_gemm exports the BLAS's xGEMM, xSYRK and xHERK symbols (the
 * Fortran sgemm_ ... zgemm_, ssyrk_ ... zsyrk_, cherk_, zherk_ and their
 * CBLAS names), sends the tall & skinny calls to tsblas and forwards every
 * other call, untouched, to the routine of the same name that comes after
 * it in the program's link order (the real BLAS, found with
 * dlsym(RTLD_NEXT)), or else that another loaded library defines (a BLAS
 * loaded with RTLD_LOCAL, as NumPy's wheels load theirs).  The CBLAS
 * routines also have names of 64-bit integers (CBLAS64, SCIPY_CBLAS64,
 * below).  doc/gemm-interposer.md is its user's page.
 *
 * The call path of one xGEMM call (xSYRK and xHERK alike, in f77_syrk.c,
 * cblas_syrk.c and route_syrk.c):
 *   xgemm_ (f77_gemm.c) or cblas_xgemm (cblas_gemm.c)
 *     -> X(gemm_route) (route_gemm.c): argument checks, placement, the
 *        route table; the tsblas C entry, or "not mine"
 *     -> otherwise the real BLAS, with the caller's own arguments.
 * While a thread is inside tsblas or the real BLAS, the xGEMM calls they
 * make (tsblas's general path; a CBLAS that calls the Fortran BLAS) come
 * back here and go straight to the real BLAS.
 *
 * Nothing declared here leaves the library: the only exported symbols are
 * the BLAS's.
 */
#ifndef TSBLAS_GEMM_INTERPOSER_H
#define TSBLAS_GEMM_INTERPOSER_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#  define GEMM_INTERNAL __attribute__((visibility("hidden")))
#  define GEMM_EXPORT __attribute__((visibility("default")))
#else
#  define GEMM_INTERNAL
#  define GEMM_EXPORT
#endif

/* TSBLAS_GEMM: off forwards every call; on (the default) routes by the
   table of route_gemm.c; all routes every tall & skinny shape whatever its
   size (for tests: the calls of the BLAS and LAPACK testers are small). */
enum gemm_mode { GEMM_OFF, GEMM_ON, GEMM_ALL };

/* The BLAS routines this library takes the place of. */
enum gemm_call { CALL_GEMM, CALL_SYRK, CALL_HERK, GEMM_CALLS };

/* Where a call went: a tsblas routine or the real BLAS; the verbose report
   at exit counts calls and time per routine, precision and destination. */
enum gemm_destination {
    GEMM_TO_TSMTTSM,
    GEMM_TO_TSMM,
    GEMM_TO_MTSM,
    GEMM_TO_BLAS,
    GEMM_DESTINATIONS
};

/* The name of the tsblas routine of DESTINATION (not GEMM_TO_BLAS),
   without its precision: "TSMTTSM", "TSMM", "MTSM". */
GEMM_INTERNAL const char *tsblas_gemm_routine_name(enum gemm_destination destination);

GEMM_INTERNAL enum gemm_mode tsblas_gemm_mode(void);
GEMM_INTERNAL int tsblas_gemm_verbose(void);

/* The calling thread is inside a tsblas routine or a real BLAS routine
   called from here: its calls must reach the real BLAS. */
GEMM_INTERNAL int tsblas_gemm_inside(void);

/* One call made from here, into tsblas or the real BLAS: begin marks the
   thread (the mark it had is kept: calls nest) and, for the verbose
   report, takes the time; end puts the mark back and keeps the seconds. */
struct gemm_span {
    int mark;
    double start, seconds;
};
GEMM_INTERNAL void tsblas_gemm_begin(struct gemm_span *span);
GEMM_INTERNAL void tsblas_gemm_end(struct gemm_span *span);

/* Counts the call of SPAN, of routine CALL in precision PRECISION (0..3
   for S, D, C, Z), that went to DESTINATION; not when it was made from
   inside another (tsblas's own xGEMM calls, a CBLAS calling its Fortran
   BLAS), which that one counts. */
GEMM_INTERNAL void tsblas_gemm_count(enum gemm_call call, int precision,
                                     enum gemm_destination destination,
                                     const struct gemm_span *span);

/* The real BLAS routine of a face, found at its first forwarded call: the
   one in the library TSBLAS_GEMM_BLAS names, or else the next definition
   of SYMBOL after this library in the lookup order, or else another
   loaded library's definition.  NULL when there is none; with SAY_MISSING that is said on stderr, once per face (such
   calls are not computed). */
struct gemm_real {
    void *fn;
    int said;
};
GEMM_INTERNAL void *tsblas_gemm_find(struct gemm_real *real, const char *symbol,
                                     int say_missing);

/* A routed call failed at run time (a CUDA error, a failed allocation):
   said on stderr, since xGEMM has no INFO to return it in. */
GEMM_INTERNAL void tsblas_gemm_failed(const char *routine, int code, const char *message);

/* After a call that tsblas ran on the GPU: waits for its stream, so that
   the call returns with C computed, as a BLAS call does (C may be managed
   memory that the program reads at once).  0, or a CUDA error code. */
GEMM_INTERNAL int tsblas_gemm_wait_gpu(void);

#ifdef TSBLAS_PRECISION_H
/* The integers of the ILP64 CBLAS faces. */
typedef int64_t blas_int64;

/* X is a value of tsblas_int (always, in an ILP64 build of tsblas): a
   call with an integer beyond it goes to the real BLAS. */
static inline int gemm_fits_tsblas_int(idx_t x)
{
    return (idx_t)(tsblas_int)x == x;
}

#  if defined(TSBLAS_PREC_S)
#    define GEMM_PRECISION 0
#  elif defined(TSBLAS_PREC_D)
#    define GEMM_PRECISION 1
#  elif defined(TSBLAS_PREC_C)
#    define GEMM_PRECISION 2
#  else
#    define GEMM_PRECISION 3
#  endif

#  define GEMM_STRING_(x) #x
#  define GEMM_STRING(x) GEMM_STRING_(x)

/* The CBLAS symbol of this precision: CBLAS(gemm) = cblas_dgemm. */
#  define CBLAS(name) TSBLAS_CAT3(cblas_, TSBLAS_PREFIX, name)

/* The CBLAS symbols of 64-bit integers (ILP64) of this precision that the
   library takes the place of too: OpenBLAS's built with SYMBOLSUFFIX=64_
   (CBLAS64(gemm) = cblas_dgemm64_; Fedora's openblas64_, Julia's), and the
   scipy-openblas64 library that NumPy's wheels bundle, whose names also
   have the prefix scipy_ (SCIPY_CBLAS64(gemm) = scipy_cblas_dgemm64_). */
#  define CBLAS64(name) TSBLAS_CAT4(cblas_, TSBLAS_PREFIX, name, 64_)
#  define SCIPY_CBLAS64(name) TSBLAS_CAT4(scipy_cblas_, TSBLAS_PREFIX, name, 64_)

/* The Fortran xGEMM, the interface of every BLAS (LP64 integers). */
typedef void (*f77_gemm_fn)(const char *, const char *, const blas_int *, const blas_int *,
                            const blas_int *, const scalar_t *, const scalar_t *,
                            const blas_int *, const scalar_t *, const blas_int *,
                            const scalar_t *, scalar_t *, const blas_int *, size_t, size_t);

/* The Fortran xGEMM of this library (f77_gemm.c). */
GEMM_EXPORT void F77(gemm)(const char *transa, const char *transb, const blas_int *m,
                           const blas_int *n, const blas_int *k, const scalar_t *alpha,
                           const scalar_t *a, const blas_int *lda, const scalar_t *b,
                           const blas_int *ldb, const scalar_t *beta, scalar_t *c,
                           const blas_int *ldc, size_t transa_len, size_t transb_len);

/* The Fortran xSYRK and xHERK of this library (f77_syrk.c). */
GEMM_EXPORT void F77(syrk)(const char *uplo, const char *trans, const blas_int *n,
                           const blas_int *k, const scalar_t *alpha, const scalar_t *a,
                           const blas_int *lda, const scalar_t *beta, scalar_t *c,
                           const blas_int *ldc, size_t uplo_len, size_t trans_len);
#  if TSBLAS_COMPLEX
GEMM_EXPORT void F77(herk)(const char *uplo, const char *trans, const blas_int *n,
                           const blas_int *k, const real_t *alpha, const scalar_t *a,
                           const blas_int *lda, const real_t *beta, scalar_t *c,
                           const blas_int *ldc, size_t uplo_len, size_t trans_len);
#  endif

/* Computes the call through tsblas and returns 1, or returns 0 when the
   call is not to be routed (illegal arguments, a quick return, a shape or
   size the table leaves to the BLAS, overlapping arrays, TSBLAS_GEMM=off,
   a call from inside tsblas, an integer beyond tsblas_int): the caller
   then forwards it to the real BLAS, which computes it or reports its
   argument error as xGEMM.  Scalars by address; the arguments are those
   of the Fortran xGEMM, its integers of either width widened to idx_t. */
GEMM_INTERNAL int X(gemm_route)(char transa, char transb, idx_t m, idx_t n, idx_t k,
                                const scalar_t *alpha, const scalar_t *a, idx_t lda,
                                const scalar_t *b, idx_t ldb, const scalar_t *beta,
                                scalar_t *c, idx_t ldc);

/* The same for xSYRK and, with HERMITIAN, xHERK (route_syrk.c): ALPHA and
   BETA by value, xHERK's real ones as complex numbers. */
GEMM_INTERNAL int X(syrk_route)(int hermitian, char uplo, char trans, idx_t n, idx_t k,
                                scalar_t alpha, const scalar_t *a, idx_t lda, scalar_t beta,
                                scalar_t *c, idx_t ldc);
#endif

#endif
