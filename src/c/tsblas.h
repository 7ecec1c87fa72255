/*
 * tsblas.h: the C entries of tsblas, a BLAS extension for products of
 * tall & skinny matrices (see API.md and the man pages).
 *
 * Every routine exists in S (float), D (double), C (float complex) and
 * Z (double complex).  Matrices are column-major with leading dimensions,
 * arguments in BLAS order.  Real scalars are passed by value; complex
 * scalars and complex arrays by address (void *), as in CBLAS, so that the
 * header serves C and C++ alike.  TRANS arguments are 'N', 'T' or 'C' in
 * either case.
 *
 * Each routine returns INFO: 0 on success, -i when argument i is illegal
 * (XERBLA has then been called and no array touched), or a positive
 * run-time error code (TSBLAS_ERR_*, see tsblas_last_error).
 */
#ifndef TSBLAS_H
#define TSBLAS_H

#include <stddef.h>
#include "tsblas_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Run-time error codes (positive INFO). */
enum {
    TSBLAS_SUCCESS = 0,
    TSBLAS_ERR_ALLOC = 1,      /* a host or device workspace allocation failed */
    TSBLAS_ERR_CUDA = 2,       /* a CUDA call or kernel launch failed */
    TSBLAS_ERR_NO_CUDA = 3,    /* a GPU helper was called in a build or on a
                                  machine without a usable GPU */
    TSBLAS_ERR_BLAS = 4        /* the linked BLAS cannot take a size */
};

/* ---------------------------------------------------------------- xTSMTTSM
 * C := alpha*op(A)*op(B) + beta*C, tuned for K huge and M, N small.      */
tsblas_int tsblas_stsmttsm(char transa, char transb, tsblas_int m, tsblas_int n,
                           tsblas_int k, float alpha, const float *a, tsblas_int lda,
                           const float *b, tsblas_int ldb, float beta, float *c,
                           tsblas_int ldc);
tsblas_int tsblas_dtsmttsm(char transa, char transb, tsblas_int m, tsblas_int n,
                           tsblas_int k, double alpha, const double *a, tsblas_int lda,
                           const double *b, tsblas_int ldb, double beta, double *c,
                           tsblas_int ldc);
tsblas_int tsblas_ctsmttsm(char transa, char transb, tsblas_int m, tsblas_int n,
                           tsblas_int k, const void *alpha, const void *a, tsblas_int lda,
                           const void *b, tsblas_int ldb, const void *beta, void *c,
                           tsblas_int ldc);
tsblas_int tsblas_ztsmttsm(char transa, char transb, tsblas_int m, tsblas_int n,
                           tsblas_int k, const void *alpha, const void *a, tsblas_int lda,
                           const void *b, tsblas_int ldb, const void *beta, void *c,
                           tsblas_int ldc);

/* ------------------------------------------------------------------- xTSMM
 * C := alpha*op(A)*op(B) + beta*C, tuned for K small and one of M, N huge. */
tsblas_int tsblas_stsmm(char transa, char transb, tsblas_int m, tsblas_int n,
                        tsblas_int k, float alpha, const float *a, tsblas_int lda,
                        const float *b, tsblas_int ldb, float beta, float *c,
                        tsblas_int ldc);
tsblas_int tsblas_dtsmm(char transa, char transb, tsblas_int m, tsblas_int n,
                        tsblas_int k, double alpha, const double *a, tsblas_int lda,
                        const double *b, tsblas_int ldb, double beta, double *c,
                        tsblas_int ldc);
tsblas_int tsblas_ctsmm(char transa, char transb, tsblas_int m, tsblas_int n,
                        tsblas_int k, const void *alpha, const void *a, tsblas_int lda,
                        const void *b, tsblas_int ldb, const void *beta, void *c,
                        tsblas_int ldc);
tsblas_int tsblas_ztsmm(char transa, char transb, tsblas_int m, tsblas_int n,
                        tsblas_int k, const void *alpha, const void *a, tsblas_int lda,
                        const void *b, tsblas_int ldb, const void *beta, void *c,
                        tsblas_int ldc);

/* ------------------------------------------------------------------- xMTSM
 * C := alpha*op(A)*op(B) + beta*C, tuned for a regular matrix times a tall
 * & skinny one (M, K large, N small) or the mirrored case.               */
tsblas_int tsblas_smtsm(char transa, char transb, tsblas_int m, tsblas_int n,
                        tsblas_int k, float alpha, const float *a, tsblas_int lda,
                        const float *b, tsblas_int ldb, float beta, float *c,
                        tsblas_int ldc);
tsblas_int tsblas_dmtsm(char transa, char transb, tsblas_int m, tsblas_int n,
                        tsblas_int k, double alpha, const double *a, tsblas_int lda,
                        const double *b, tsblas_int ldb, double beta, double *c,
                        tsblas_int ldc);
tsblas_int tsblas_cmtsm(char transa, char transb, tsblas_int m, tsblas_int n,
                        tsblas_int k, const void *alpha, const void *a, tsblas_int lda,
                        const void *b, tsblas_int ldb, const void *beta, void *c,
                        tsblas_int ldc);
tsblas_int tsblas_zmtsm(char transa, char transb, tsblas_int m, tsblas_int n,
                        tsblas_int k, const void *alpha, const void *a, tsblas_int lda,
                        const void *b, tsblas_int ldb, const void *beta, void *c,
                        tsblas_int ldc);

/* ------------------------------------------------------------------- xGEMT
 * B := alpha*op(A), A M-by-N; B M-by-N (TRANS = 'N') or N-by-M.          */
tsblas_int tsblas_sgemt(char trans, tsblas_int m, tsblas_int n, float alpha,
                        const float *a, tsblas_int lda, float *b, tsblas_int ldb);
tsblas_int tsblas_dgemt(char trans, tsblas_int m, tsblas_int n, double alpha,
                        const double *a, tsblas_int lda, double *b, tsblas_int ldb);
tsblas_int tsblas_cgemt(char trans, tsblas_int m, tsblas_int n, const void *alpha,
                        const void *a, tsblas_int lda, void *b, tsblas_int ldb);
tsblas_int tsblas_zgemt(char trans, tsblas_int m, tsblas_int n, const void *alpha,
                        const void *a, tsblas_int lda, void *b, tsblas_int ldb);

/* ------------------------------------------------------------ run-time state
 * tsblas_last_error: the status of the calling thread's last tsblas call
 * (0, -i for an illegal argument i, or a TSBLAS_ERR_* code); the message
 * says what failed, e.g. the CUDA error string.  Both are per host thread. */
int tsblas_last_error(void);
const char *tsblas_last_error_message(void);

/* The CUDA stream (a cudaStream_t) on which the calling host thread's GPU
 * calls are ordered; NULL is the default stream.  In a build without CUDA
 * set_stream returns TSBLAS_ERR_NO_CUDA for any stream but NULL.         */
int tsblas_set_stream(void *stream);
void *tsblas_get_stream(void);

/* Device memory for callers without the CUDA headers (Fortran, say).
 * Each returns 0 or a TSBLAS_ERR_* code; without CUDA, TSBLAS_ERR_NO_CUDA.
 * set_matrix copies a ROWS-by-COLS matrix of ELEMSIZE-byte elements from
 * host (leading dimension LDH) to device (LDD); get_matrix the other way.
 * The copies are ordered on the calling thread's stream and complete before
 * they return.                                                           */
int tsblas_device_malloc(void **ptr, size_t bytes);
int tsblas_device_free(void *ptr);
int tsblas_set_matrix(tsblas_int rows, tsblas_int cols, size_t elemsize,
                      const void *host, tsblas_int ldh, void *device, tsblas_int ldd);
int tsblas_get_matrix(tsblas_int rows, tsblas_int cols, size_t elemsize,
                      const void *device, tsblas_int ldd, void *host, tsblas_int ldh);
/* 1 when the work of calls on device memory can run on a GPU here. */
int tsblas_gpu_available(void);

#ifdef __cplusplus
}
#endif
#endif
