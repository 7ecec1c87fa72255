/*
 * xTSMTTSM_MPI_F: xTSMTTSM_MPI with a Fortran communicator.
 *
 * Purpose
 * =======
 * The entry the Fortran module tsblas_mpi binds to (bind(C)): the
 * arguments of xTSMTTSM_MPI, with TRANSA and TRANSB by value (a bind(C)
 * call passes no hidden string lengths), every other argument by address
 * as Fortran passes it, and the communicator as the Fortran handle
 * (MPI_Fint: the INTEGER of MPI_COMM_WORLD in Fortran), which MPI_Comm_f2c
 * converts to the C handle; MPI_Comm_f2c is C-only, so this conversion
 * cannot be written in Fortran.
 *
 * Arguments
 * =========
 * As xTSMTTSM_MPI (xtsmttsm_mpi.c); COMM is the Fortran handle.
 */
#include <config.h>
#include "precision.h"
#include "mpi_internal.h"

/* The Fortran module passes the handle as an integer(c_int), as MPI_Fint
   is for every MPI with the default 4-byte Fortran INTEGER. */
_Static_assert(sizeof(MPI_Fint) == sizeof(int), "MPI_Fint is not a C int");

/* A scalar by address, as the C entry takes it. */
#if TSBLAS_COMPLEX
typedef const void *api_scalar_ref_t;
#  define FROM_REF(p) (p)
#else
typedef const scalar_t *api_scalar_ref_t;
#  define FROM_REF(p) (*(p))
#endif

tsblas_int API(tsmttsm_mpi_f)(char transa, char transb, const tsblas_int *m,
                              const tsblas_int *n, const tsblas_int *k_local,
                              api_scalar_ref_t alpha, api_const_array_t a,
                              const tsblas_int *lda, api_const_array_t b,
                              const tsblas_int *ldb, api_scalar_ref_t beta, api_array_t c,
                              const tsblas_int *ldc, const MPI_Fint *comm)
{
    /* MPI_Comm_f2c, too, needs MPI initialized. */
    int status = tsblas_mpi_ready(ROUTINE_NAME("TSMTTSM_MPI"));

    if (status != 0)
        return status;
    return API(tsmttsm_mpi)(transa, transb, *m, *n, *k_local, FROM_REF(alpha), a, *lda, b,
                            *ldb, FROM_REF(beta), c, *ldc, MPI_Comm_f2c(*comm));
}
