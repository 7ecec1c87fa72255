/*
 * mpi_ready.c: whether MPI may be called.
 *
 * Purpose
 * =======
 * tsblas_mpi_ready returns 0 when the calling process is between MPI_Init
 * and MPI_Finalize, the only time MPI calls other than a handful of queries
 * are allowed; otherwise it records TSBLAS_ERR_MPI as the thread's last
 * error and returns it.
 *
 * Arguments
 * =========
 * ROUTINE  The routine's name, for the error message.
 */
#include <config.h>
#include "mpi_internal.h"

int tsblas_mpi_ready(const char *routine)
{
    int initialized = 0, finalized = 1;

    if (MPI_Initialized(&initialized) != MPI_SUCCESS || !initialized
        || MPI_Finalized(&finalized) != MPI_SUCCESS || finalized)
        return tsblas_set_error(TSBLAS_ERR_MPI, "%s: called outside MPI_Init .. MPI_Finalize",
                                routine);
    return 0;
}
