/*
 * mpi_internal.h: what the sources of libtsblas_mpi share.
 *
 * libtsblas_mpi is part of tsblas: it uses the argument checks, placement
 * and error helpers of src/c/tsblas_internal.h, which libtsblas exports.
 * The precision-dependent part follows precision.h, as in src/c.
 */
#ifndef TSBLAS_MPI_INTERNAL_H
#define TSBLAS_MPI_INTERNAL_H

#include <mpi.h>
#include "tsblas_mpi.h"
#include "tsblas_internal.h"

/* 0 when MPI may be called (between MPI_Init and MPI_Finalize), else
   TSBLAS_ERR_MPI after tsblas_set_error. */
int tsblas_mpi_ready(const char *routine);

/* The communicator the library's messages travel on: a duplicate of the
   caller's COMM, made on the first call with COMM (a collective) and cached
   as an attribute of COMM until COMM is freed, with MPI_ERRORS_RETURN so that
   MPI failures come back as codes.  Returns 0, or TSBLAS_ERR_MPI after
   tsblas_set_error.  The caller has checked that MPI is initialized and
   that COMM is an intracommunicator. */
int tsblas_mpi_private_comm(MPI_Comm comm, MPI_Comm *private_comm);

/* Records TSBLAS_ERR_MPI as the thread's last error, with MPI's message for
   MPI_CODE, and returns it. */
int tsblas_mpi_error(int mpi_code, const char *routine, const char *what);

/* What one process found before the collective part of a call: the
   quantities that must agree, or whose worst value every process must know,
   so that all processes take the same branch. */
struct tsblas_mpi_local {
    tsblas_int info;            /* first illegal argument here, or 0 */
    tsblas_int m, n;            /* must agree (INFO 3, 4) */
    double alpha_re, alpha_im;  /* must agree bit for bit (INFO 6) */
    tsblas_int k;               /* any K > 0 means A and B are read somewhere */
    int failed;                 /* a TSBLAS_ERR_* code here, or 0 */
};

/* The same quantities agreed over COMM: the INFO every process returns
   (the smallest illegal argument number found anywhere, a disagreement on
   M, N or ALPHA included), whether INFO comes from this process, whether
   some process has K > 0, and the largest run-time error code. */
struct tsblas_mpi_agreed {
    tsblas_int info;
    int info_is_local;
    int any_k;
    int failed;
};

/* One MPI_Allreduce that turns each process's LOCAL into the AGREED.
   Returns 0, or TSBLAS_ERR_MPI after tsblas_set_error. */
int tsblas_mpi_agree(const struct tsblas_mpi_local *local, MPI_Comm comm,
                     const char *routine, struct tsblas_mpi_agreed *agreed);

#ifdef TSBLAS_PRECISION_H
/* ------------------------------------------------------------------------
 * Precision-dependent part: included after precision.h.
 * ---------------------------------------------------------------------- */

/* Scalars travel as 1 (real) or 2 (complex) numbers of MPI_REAL_T. */
#if defined(TSBLAS_PREC_S) || defined(TSBLAS_PREC_C)
#  define MPI_REAL_T MPI_FLOAT
#else
#  define MPI_REAL_T MPI_DOUBLE
#endif
#define REALS_PER_SCALAR (TSBLAS_COMPLEX ? 2 : 1)

/* SUM := the sum over the processes of COMM of their SUM (COUNT scalars),
   the same bits on every process and run after run for a fixed number of
   processes: a binomial tree in a fixed order, then a broadcast.  SCRATCH
   holds COUNT scalars on a process of a communicator of more than one.
   Returns 0, or TSBLAS_ERR_MPI after tsblas_set_error. */
int X(mpi_allsum)(scalar_t *sum, idx_t count, scalar_t *scratch, MPI_Comm comm,
                  const char *routine);
#endif

#endif
