/*
 * allsum.c: the reproducible sum of the partial results over the processes.
 *
 * Purpose
 * =======
 * X(mpi_allsum) replaces SUM on every process of COMM by the sum over the
 * processes of their SUM, with the same bits on every process and run after
 * run for a fixed number of processes.  MPI_Allreduce promises neither (MPI
 * 4.0, section 6.9.1 only advises that a reduction give the same result for
 * the same operands in the same order; the order may depend on the message
 * size, the algorithm chosen and differ between processes).  So the sum is
 * taken here, in a fixed order: a binomial tree towards process 0, in which
 * process r adds the partial of process r + 2**j at step j, in the order of
 * the ranks (pairwise summation, whose error grows with log2 P rather than
 * P), then process 0 broadcasts the bits of the result.
 *
 * Arguments
 * =========
 * SUM      COUNT scalars; on return the sum over the processes.
 * COUNT    Number of scalars, >= 1.
 * SCRATCH  COUNT scalars of workspace, when COMM has more than one process.
 * COMM     The library's communicator (MPI_ERRORS_RETURN).
 * ROUTINE  The routine's name, for error messages.
 *
 * Returns 0, or TSBLAS_ERR_MPI after tsblas_set_error.
 */
#include <config.h>
#include <limits.h>
#include "precision.h"
#include "mpi_internal.h"

/* MPI counts are int: longer arrays travel in pieces of this many scalars. */
#define PIECE ((idx_t)(INT_MAX / 2))

/* One message tag suffices: the calls on the library's communicator are
   collective and MPI keeps the order of messages between two processes. */
enum { TAG_PARTIAL = 1 };

int X(mpi_allsum)(scalar_t *sum, idx_t count, scalar_t *scratch, MPI_Comm comm,
                  const char *routine)
{
    int rank, size, status, step;
    idx_t first, length, i;

    status = MPI_Comm_rank(comm, &rank);
    if (status == MPI_SUCCESS)
        status = MPI_Comm_size(comm, &size);
    if (status != MPI_SUCCESS)
        return tsblas_mpi_error(status, routine, "MPI_Comm_rank or MPI_Comm_size");

    for (first = 0; first < count; first += length) {
        length = count - first < PIECE ? count - first : PIECE;
        for (step = 1; step < size; step *= 2) {
            if (rank % (2 * step) != 0) {
                /* This process's subtree is summed: hand it to its parent. */
                status = MPI_Send(sum + first, (int)(length * REALS_PER_SCALAR), MPI_REAL_T,
                                  rank - step, TAG_PARTIAL, comm);
                if (status != MPI_SUCCESS)
                    return tsblas_mpi_error(status, routine, "MPI_Send of a partial sum");
                break;
            }
            if (rank + step < size) {
                status = MPI_Recv(scratch, (int)(length * REALS_PER_SCALAR), MPI_REAL_T,
                                  rank + step, TAG_PARTIAL, comm, MPI_STATUS_IGNORE);
                if (status != MPI_SUCCESS)
                    return tsblas_mpi_error(status, routine, "MPI_Recv of a partial sum");
                for (i = 0; i < length; i++)
                    sum[first + i] += scratch[i];
            }
        }
        status = MPI_Bcast(sum + first, (int)(length * REALS_PER_SCALAR), MPI_REAL_T, 0, comm);
        if (status != MPI_SUCCESS)
            return tsblas_mpi_error(status, routine, "MPI_Bcast of the sum");
    }
    return 0;
}
