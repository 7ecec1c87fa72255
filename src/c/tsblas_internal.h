/*
 * tsblas_internal.h: what the parts of the library share and users never see.
 *
 * The call path of every routine:
 *   Fortran symbol (f77_api.c) or C entry (xtsmttsm.c, ...)
 *     -> argument checks, XERBLA, overlap and placement checks, quick
 *        returns (gemm_driver.c, xgemt.c)
 *     -> the GPU path (src/cuda, X(gpu_...)) when the tall operands live in
 *        device memory, else the host path (X(host_...)).
 * Below the driver every dimension is an idx_t (64-bit), TRANS is an
 * enum tsblas_op, M, N > 0, and the quick returns have been taken.
 *
 * None of it is exported but the five functions that libtsblas_gemm and
 * libtsblas_mpi call (tsblas_check_gemm_args, tsblas_arrays_overlap,
 * tsblas_report_illegal, tsblas_set_error, tsblas_memory_of): the node
 * TSBLAS_PRIVATE of libtsblas.map, internal, not API.
 */
#ifndef TSBLAS_INTERNAL_H
#define TSBLAS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "tsblas.h"

typedef int64_t idx_t;

/* op(X) as given by a TRANS character. */
enum tsblas_op { TSBLAS_OP_N = 0, TSBLAS_OP_T = 1, TSBLAS_OP_C = 2 };

/* The GEMM-shaped routines, for the driver and the GPU path. */
enum tsblas_routine { TSBLAS_TSMTTSM, TSBLAS_TSMM, TSBLAS_MTSM };

/* Where an array lives, as far as the dispatch is concerned. */
enum tsblas_memory {
    TSBLAS_MEM_HOST = 0,    /* pageable or pinned host memory: host path */
    TSBLAS_MEM_DEVICE = 1,  /* device or managed memory of the current device */
    TSBLAS_MEM_OTHER = 2    /* device memory of another device: unusable */
};

/* ---- argument checks (args.c) ---- */

/* TRANS character -> op, or -1 when illegal.  'C' means 'T' for real data. */
int tsblas_parse_trans(char trans, int is_complex);

/* The reference-BLAS order of checks for the GEMM-shaped routines: returns
   INFO (0 or the number of the first illegal argument) and the parsed ops. */
tsblas_int tsblas_check_gemm_args(char transa, char transb, tsblas_int m, tsblas_int n,
                                  tsblas_int k, tsblas_int lda, tsblas_int ldb,
                                  tsblas_int ldc, int is_complex,
                                  enum tsblas_op *opa, enum tsblas_op *opb);

/* The same for xGEMT. */
tsblas_int tsblas_check_gemt_args(char trans, tsblas_int m, tsblas_int n, tsblas_int lda,
                                  tsblas_int ldb, int is_complex, enum tsblas_op *op);

/* 1 when the ROWS1-by-COLS1 array at P1 (leading dimension LD1) and the
   ROWS2-by-COLS2 array at P2 share at least one element (exact test on the
   strided columns, not on the bounding ranges). */
int tsblas_arrays_overlap(const void *p1, idx_t rows1, idx_t cols1, idx_t ld1,
                          const void *p2, idx_t rows2, idx_t cols2, idx_t ld2,
                          size_t elemsize);

/* ---- errors (xerbla.c, error.c) ---- */

/* Calls the XERBLA the program links (its own, or the library's default)
   with NAME and INFO, and records -INFO as the thread's last error. */
void tsblas_report_illegal(const char *name, tsblas_int info);

/* Records the calling thread's last error; CODE 0 clears it.  Returns CODE. */
int tsblas_set_error(int code, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- placement (location.c on the host; src/cuda when built with CUDA) ---- */

enum tsblas_memory tsblas_memory_of(const void *p);

/* ---- the BLAS: Fortran symbols with hidden string lengths (gfortran >= 8) ---- */
typedef int blas_int;
#define TSBLAS_BLAS_INT_MAX 2147483647

#ifdef TSBLAS_PRECISION_H
/* ------------------------------------------------------------------------
 * Precision-dependent part: included after precision.h.
 * ---------------------------------------------------------------------- */

void BLAS(gemm)(const char *transa, const char *transb, const blas_int *m,
                const blas_int *n, const blas_int *k, const scalar_t *alpha,
                const scalar_t *a, const blas_int *lda, const scalar_t *b,
                const blas_int *ldb, const scalar_t *beta, scalar_t *c,
                const blas_int *ldc, size_t transa_len, size_t transb_len);

/* The driver of the GEMM-shaped routines (gemm_driver.c): every check,
   quick return and the choice of path.  NAME is the name for XERBLA. */
tsblas_int X(gemm_driver)(enum tsblas_routine routine, const char *name, char transa,
                          char transb, tsblas_int m, tsblas_int n, tsblas_int k,
                          scalar_t alpha, const scalar_t *a, tsblas_int lda,
                          const scalar_t *b, tsblas_int ldb, scalar_t beta,
                          scalar_t *c, tsblas_int ldc);

/* The C entry of a GEMM-shaped routine: API scalars to scalar_t, then the
   driver.  Expands to the definition of API(lower). */
#define TSBLAS_GEMM_SHAPED_ENTRY(lower, upper_name, routine)                      \
    tsblas_int API(lower)(char transa, char transb, tsblas_int m, tsblas_int n,      \
                          tsblas_int k, api_scalar_t alpha, api_const_array_t a,     \
                          tsblas_int lda, api_const_array_t b, tsblas_int ldb,       \
                          api_scalar_t beta, api_array_t c, tsblas_int ldc)          \
    {                                                                                \
        return X(gemm_driver)(routine, ROUTINE_NAME(upper_name), transa, transb, m,  \
                              n, k, API_SCALAR(alpha), (const scalar_t *)a, lda,     \
                              (const scalar_t *)b, ldb, API_SCALAR(beta),            \
                              (scalar_t *)c, ldc);                                   \
    }

/* xGEMT with the API's scalars and arrays (xgemt.c). */
tsblas_int X(gemt_driver)(char trans, tsblas_int m, tsblas_int n, scalar_t alpha,
                          const scalar_t *a, tsblas_int lda, scalar_t *b, tsblas_int ldb);

/* ---- the host path ----
 * Each returns 0 or a TSBLAS_ERR_* code (after tsblas_set_error).
 * Preconditions: m, n >= 1, k >= 1, alpha != 0 (the driver handles the
 * rest through host_scale).  beta == 0 means C is not read.  Shapes
 * outside a routine's tuned regime go to host_gemm. */
int X(host_tsmttsm)(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                    scalar_t alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                    idx_t ldb, scalar_t beta, scalar_t *c, idx_t ldc);
int X(host_tsmm)(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                 scalar_t alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                 idx_t ldb, scalar_t beta, scalar_t *c, idx_t ldc);
int X(host_mtsm)(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                 scalar_t alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                 idx_t ldb, scalar_t beta, scalar_t *c, idx_t ldc);
/* General path: the linked BLAS's xGEMM, dimensions split to fit its
   32-bit integers (host_gemm.c). */
int X(host_gemm)(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                 scalar_t alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                 idx_t ldb, scalar_t beta, scalar_t *c, idx_t ldc);
/* C := beta*C for an M-by-N C; beta == 0 writes zeros without reading C. */
void X(host_scale)(idx_t m, idx_t n, scalar_t beta, scalar_t *c, idx_t ldc);
/* B := alpha*op(A), alpha != 0 (alpha == 0 is host_scale with beta 0). */
int X(host_gemt)(enum tsblas_op op, idx_t m, idx_t n, scalar_t alpha, const scalar_t *a,
                 idx_t lda, scalar_t *b, idx_t ldb);

#if defined(TSBLAS_HAVE_CUDA)
/* ---- the GPU path (src/cuda) ----
 * Called when the tall operands are TSBLAS_MEM_DEVICE.  Full semantics of
 * the routine after the quick returns: alpha == 0 or k == 0 included.
 * Scalars are host values.  The small operand (C of TSMTTSM, the smaller of
 * op(A), op(B) of TSMM, C of MTSM) may be in host memory.  Returns 0 or a
 * TSBLAS_ERR_* code after tsblas_set_error; writes nothing on failure. */
int X(gpu_gemm_shaped)(enum tsblas_routine routine, enum tsblas_op opa, enum tsblas_op opb,
                       idx_t m, idx_t n, idx_t k, const scalar_t *alpha,
                       const scalar_t *a, idx_t lda, const scalar_t *b, idx_t ldb,
                       const scalar_t *beta, scalar_t *c, idx_t ldc);
int X(gpu_gemt)(enum tsblas_op op, idx_t m, idx_t n, const scalar_t *alpha,
                const scalar_t *a, idx_t lda, scalar_t *b, idx_t ldb);
#endif

#endif /* TSBLAS_PRECISION_H */
#endif
