/*
 * tsblas_mpi.h: the tsblas routines on block vectors whose rows are
 * distributed over the processes of an MPI communicator (doc/mpi.md).
 * Link with -ltsblas_mpi -ltsblas (pkg-config tsblas_mpi).
 *
 * Only xTSMTTSM needs communication: its K dimension, the long one, is the
 * distributed one, and every process receives the whole small result.
 * xTSMM and xGEMT on distributed block vectors act row by row: each
 * process calls the plain routine of tsblas.h on its own rows.
 *
 * The routines are collective: every process of COMM calls them, in the
 * same order, as it calls MPI collectives.  They return INFO as the routines
 * of tsblas.h do, the same INFO on every process: 0, -i for an illegal
 * argument i on at least one process (XERBLA has then been called on every
 * process and nothing written), or a positive run-time error code: the
 * TSBLAS_ERR_* of tsblas.h, or TSBLAS_ERR_MPI when MPI reported an error or
 * was not initialized.  tsblas_last_error_message() says what failed and
 * where.  The library never aborts the program (no MPI_Abort).
 */
#ifndef TSBLAS_MPI_H
#define TSBLAS_MPI_H

#include <mpi.h>
#include "tsblas.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Run-time error code (positive INFO) of the MPI routines, apart from those
   of tsblas.h: MPI returned an error, or was not initialized or already
   finalized. */
enum { TSBLAS_ERR_MPI = 16 };

/* ------------------------------------------------------------ xTSMTTSM_MPI
 * C := alpha*sum over the processes of op(A_p)*op(B_p) + beta*C, where A_p
 * and B_p hold the K_LOCAL rows of the block vectors on process p (K_LOCAL
 * may differ between processes and may be 0).  The arguments are those of
 * xTSMTTSM with K the local K and the communicator added as argument 14.
 * M, N and ALPHA must be the same on every process (checked: INFO 3, 4, 6);
 * TRANSA, TRANSB, K_LOCAL, the arrays, leading dimensions and BETA are each
 * process's own.  The result is bit-identical on all processes when their
 * BETA and C are, and run after run for a fixed number of processes.    */
tsblas_int tsblas_stsmttsm_mpi(char transa, char transb, tsblas_int m, tsblas_int n,
                               tsblas_int k_local, float alpha, const float *a,
                               tsblas_int lda, const float *b, tsblas_int ldb,
                               float beta, float *c, tsblas_int ldc, MPI_Comm comm);
tsblas_int tsblas_dtsmttsm_mpi(char transa, char transb, tsblas_int m, tsblas_int n,
                               tsblas_int k_local, double alpha, const double *a,
                               tsblas_int lda, const double *b, tsblas_int ldb,
                               double beta, double *c, tsblas_int ldc, MPI_Comm comm);
tsblas_int tsblas_ctsmttsm_mpi(char transa, char transb, tsblas_int m, tsblas_int n,
                               tsblas_int k_local, const void *alpha, const void *a,
                               tsblas_int lda, const void *b, tsblas_int ldb,
                               const void *beta, void *c, tsblas_int ldc, MPI_Comm comm);
tsblas_int tsblas_ztsmttsm_mpi(char transa, char transb, tsblas_int m, tsblas_int n,
                               tsblas_int k_local, const void *alpha, const void *a,
                               tsblas_int lda, const void *b, tsblas_int ldb,
                               const void *beta, void *c, tsblas_int ldc, MPI_Comm comm);

/* The same with a Fortran communicator (MPI_Fint, converted with
 * MPI_Comm_f2c) and every scalar by address: the entries the Fortran module
 * tsblas_mpi binds to.                                                   */
tsblas_int tsblas_stsmttsm_mpi_f(char transa, char transb, const tsblas_int *m,
                                 const tsblas_int *n, const tsblas_int *k_local,
                                 const float *alpha, const float *a, const tsblas_int *lda,
                                 const float *b, const tsblas_int *ldb, const float *beta,
                                 float *c, const tsblas_int *ldc, const MPI_Fint *comm);
tsblas_int tsblas_dtsmttsm_mpi_f(char transa, char transb, const tsblas_int *m,
                                 const tsblas_int *n, const tsblas_int *k_local,
                                 const double *alpha, const double *a, const tsblas_int *lda,
                                 const double *b, const tsblas_int *ldb, const double *beta,
                                 double *c, const tsblas_int *ldc, const MPI_Fint *comm);
tsblas_int tsblas_ctsmttsm_mpi_f(char transa, char transb, const tsblas_int *m,
                                 const tsblas_int *n, const tsblas_int *k_local,
                                 const void *alpha, const void *a, const tsblas_int *lda,
                                 const void *b, const tsblas_int *ldb, const void *beta,
                                 void *c, const tsblas_int *ldc, const MPI_Fint *comm);
tsblas_int tsblas_ztsmttsm_mpi_f(char transa, char transb, const tsblas_int *m,
                                 const tsblas_int *n, const tsblas_int *k_local,
                                 const void *alpha, const void *a, const tsblas_int *lda,
                                 const void *b, const tsblas_int *ldb, const void *beta,
                                 void *c, const tsblas_int *ldc, const MPI_Fint *comm);

#ifdef __cplusplus
}
#endif
#endif
