/*
 * private_comm.c: the communicator libtsblas_mpi sends its messages on.
 *
 * Purpose
 * =======
 * tsblas_mpi_private_comm returns, for the caller's communicator COMM, a
 * duplicate of it that belongs to the library, as MPI libraries do (MPI
 * 4.0, section 7.1.2): its messages cannot match the caller's pending ones
 * on COMM, and its error handler is MPI_ERRORS_RETURN, so that an MPI
 * failure comes back as a code that the routine returns instead of
 * aborting the program.  The duplicate is made on the first call with COMM
 * (MPI_Comm_dup is collective: every process of COMM is in that call) and
 * cached as an attribute of COMM, so later calls cost one attribute look-up;
 * it is freed when COMM is (the attribute's delete callback).
 *
 * Arguments
 * =========
 * COMM          The caller's intracommunicator; MPI is initialized.
 * PRIVATE_COMM  On return, the library's duplicate of COMM.
 *
 * Returns 0, or TSBLAS_ERR_MPI after tsblas_set_error.
 */
#include <config.h>
#include <pthread.h>
#include <stdlib.h>
#include "mpi_internal.h"

static int private_comm_keyval = MPI_KEYVAL_INVALID;
static int keyval_status = MPI_SUCCESS;
static pthread_once_t keyval_once = PTHREAD_ONCE_INIT;

/* When COMM is freed (or MPI finalizes MPI_COMM_SELF), free its duplicate. */
static int free_private_comm(MPI_Comm comm, int keyval, void *attribute, void *extra)
{
    MPI_Comm *dup = attribute;
    int status = MPI_Comm_free(dup);

    (void)comm;
    (void)keyval;
    (void)extra;
    free(dup);
    return status;
}

static void create_keyval(void)
{
    /* A duplicate of COMM must not inherit the cache: it gets its own. */
    keyval_status = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_private_comm,
                                           &private_comm_keyval, NULL);
}

int tsblas_mpi_private_comm(MPI_Comm comm, MPI_Comm *private_comm)
{
    MPI_Comm *dup;
    void *attribute;
    int found, status;

    pthread_once(&keyval_once, create_keyval);
    if (keyval_status != MPI_SUCCESS)
        return tsblas_mpi_error(keyval_status, "tsblas_mpi", "MPI_Comm_create_keyval");
    status = MPI_Comm_get_attr(comm, private_comm_keyval, &attribute, &found);
    if (status != MPI_SUCCESS)
        return tsblas_mpi_error(status, "tsblas_mpi", "MPI_Comm_get_attr");
    if (found) {
        *private_comm = *(MPI_Comm *)attribute;
        return 0;
    }

    dup = malloc(sizeof *dup);
    if (dup == NULL)
        return tsblas_set_error(TSBLAS_ERR_ALLOC, "tsblas_mpi: no memory for a communicator");
    status = MPI_Comm_dup(comm, dup);
    if (status != MPI_SUCCESS) {
        free(dup);
        return tsblas_mpi_error(status, "tsblas_mpi", "MPI_Comm_dup");
    }
    status = MPI_Comm_set_errhandler(*dup, MPI_ERRORS_RETURN);
    if (status == MPI_SUCCESS)
        status = MPI_Comm_set_attr(comm, private_comm_keyval, dup);
    if (status != MPI_SUCCESS) {
        MPI_Comm_free(dup);
        free(dup);
        return tsblas_mpi_error(status, "tsblas_mpi", "caching the duplicate communicator");
    }
    *private_comm = *dup;
    return 0;
}
