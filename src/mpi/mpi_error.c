/*
 * mpi_error.c: MPI failures as tsblas run-time errors.
 *
 * Purpose
 * =======
 * tsblas_mpi_error records TSBLAS_ERR_MPI as the calling thread's last
 * error (tsblas_last_error), with a message naming the routine, what it
 * was doing and MPI's own description of MPI_CODE, and returns
 * TSBLAS_ERR_MPI for the routine to return.
 *
 * Arguments
 * =========
 * MPI_CODE  The error code an MPI call returned.
 * ROUTINE   The tsblas routine, e.g. "DTSMTTSM_MPI".
 * WHAT      The MPI call or step that failed.
 */
#include <config.h>
#include "mpi_internal.h"

int tsblas_mpi_error(int mpi_code, const char *routine, const char *what)
{
    char message[MPI_MAX_ERROR_STRING];
    int length = 0;

    if (MPI_Error_string(mpi_code, message, &length) != MPI_SUCCESS)
        length = 0;
    message[length] = '\0';
    return tsblas_set_error(TSBLAS_ERR_MPI, "%s: %s failed: %s", routine, what,
                            length > 0 ? message : "unknown MPI error");
}
