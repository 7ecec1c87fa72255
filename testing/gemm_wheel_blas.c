/*
 * gemm_wheel_blas.c: a stand-in, for make check, for the BLAS of NumPy's
 * wheels (scipy-openblas64) and for an OpenBLAS built with
 * SYMBOLSUFFIX=64_: a shared library that defines their CBLAS xGEMM,
 * xSYRK and xHERK names of 64-bit integers (scipy_cblas_dgemm64_,
 * cblas_dgemm64_, ...) and computes each call with the system CBLAS of
 * 32-bit integers (the tests' sizes fit them).
 *
 * testing/gemm_interposer_wheel.sh loads it as NumPy loads its BLAS: as
 * the dependency of a module opened with RTLD_LOCAL, so that its names are
 * not in the program's global scope and libtsblas_gemm, preloaded, must
 * find them among the loaded objects to forward a call it does not route.
 */
#include <stdint.h>

/* The CBLAS routines of the system BLAS (32-bit integers); scalars by
   value for the real types, by address for the complex ones. */
#define CBLAS32(p, scalar)                                                                      \
    void cblas_##p##gemm(int, int, int, int, int, int, scalar, const void *, int,               \
                         const void *, int, scalar, void *, int);                               \
    void cblas_##p##syrk(int, int, int, int, int, scalar, const void *, int, scalar,            \
                         void *, int);
CBLAS32(s, float)
CBLAS32(d, double)
CBLAS32(c, const void *)
CBLAS32(z, const void *)
void cblas_cherk(int, int, int, int, int, float, const void *, int, float, void *, int);
void cblas_zherk(int, int, int, int, int, double, const void *, int, double, void *, int);

/* The 64-bit names NAME(routine) of precision P, computed by the
   32-bit routine. */
#define WHEEL_GEMM(name, p, scalar)                                                             \
    void name(int layout, int ta, int tb, int64_t m, int64_t n, int64_t k, scalar alpha,        \
              const void *a, int64_t lda, const void *b, int64_t ldb, scalar beta, void *c,     \
              int64_t ldc);                                                                     \
    void name(int layout, int ta, int tb, int64_t m, int64_t n, int64_t k, scalar alpha,        \
              const void *a, int64_t lda, const void *b, int64_t ldb, scalar beta, void *c,     \
              int64_t ldc)                                                                      \
    {                                                                                           \
        cblas_##p##gemm(layout, ta, tb, (int)m, (int)n, (int)k, alpha, a, (int)lda, b,          \
                        (int)ldb, beta, c, (int)ldc);                                           \
    }
#define WHEEL_RANK_K(name, p, routine, scalar)                                                  \
    void name(int layout, int uplo, int trans, int64_t n, int64_t k, scalar alpha,              \
              const void *a, int64_t lda, scalar beta, void *c, int64_t ldc);                   \
    void name(int layout, int uplo, int trans, int64_t n, int64_t k, scalar alpha,              \
              const void *a, int64_t lda, scalar beta, void *c, int64_t ldc)                    \
    {                                                                                           \
        cblas_##p##routine(layout, uplo, trans, (int)n, (int)k, alpha, a, (int)lda, beta, c,    \
                           (int)ldc);                                                           \
    }
#define WHEEL_PRECISION(p, scalar)                                                              \
    WHEEL_GEMM(scipy_cblas_##p##gemm64_, p, scalar)                                             \
    WHEEL_GEMM(cblas_##p##gemm64_, p, scalar)                                                   \
    WHEEL_RANK_K(scipy_cblas_##p##syrk64_, p, syrk, scalar)                                     \
    WHEEL_RANK_K(cblas_##p##syrk64_, p, syrk, scalar)

WHEEL_PRECISION(s, float)
WHEEL_PRECISION(d, double)
WHEEL_PRECISION(c, const void *)
WHEEL_PRECISION(z, const void *)
WHEEL_RANK_K(scipy_cblas_cherk64_, c, herk, float)
WHEEL_RANK_K(cblas_cherk64_, c, herk, float)
WHEEL_RANK_K(scipy_cblas_zherk64_, z, herk, double)
WHEEL_RANK_K(cblas_zherk64_, z, herk, double)
