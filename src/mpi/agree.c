/*
 * agree.c: what the processes of one call must agree on before any data
 * moves.
 *
 * Purpose
 * =======
 * tsblas_mpi_agree combines what each process found in its own arguments
 * into one decision that every process takes: an argument error on one
 * process (a bad LDA there, say) is known to all, so that no process waits
 * in a collective that another has left.  One MPI_Allreduce (MPI_MIN) on a
 * vector of unsigned 64-bit integers does it all: a quantity X that must
 * agree travels as X and ~X, whose minima give min(X) and ~max(X).
 *
 * The agreed INFO is the smallest argument number that is illegal on some
 * process (the reference-BLAS order, over all processes), where M, N and
 * ALPHA (bit for bit) that differ between processes count as illegal
 * arguments 3, 4 and 6: every process must see the same shape of C, and
 * the same ALPHA decides for all whether A and B are read.
 *
 * Arguments
 * =========
 * LOCAL    What this process found (mpi_internal.h).
 * COMM     The library's communicator.
 * ROUTINE  The routine's name, for the error message.
 * AGREED   On return, the common decision (mpi_internal.h).
 *
 * Returns 0, or TSBLAS_ERR_MPI after tsblas_set_error.
 */
#include <config.h>
#include <stdint.h>
#include <string.h>
#include "mpi_internal.h"

enum {
    SLOT_INFO, SLOT_M, SLOT_NOT_M, SLOT_N, SLOT_NOT_N, SLOT_ALPHA_RE, SLOT_NOT_ALPHA_RE,
    SLOT_ALPHA_IM, SLOT_NOT_ALPHA_IM, SLOT_NO_K, SLOT_NOT_FAILED, NSLOTS
};

static uint64_t bits_of(double x)
{
    uint64_t bits;

    memcpy(&bits, &x, sizeof bits);
    return bits;
}

static int differs(const uint64_t *slots, int slot)
{
    return slots[slot] != ~slots[slot + 1];
}

int tsblas_mpi_agree(const struct tsblas_mpi_local *local, MPI_Comm comm,
                     const char *routine, struct tsblas_mpi_agreed *agreed)
{
    uint64_t mine[NSLOTS], all[NSLOTS], info;
    int status;

    mine[SLOT_INFO] = local->info != 0 ? (uint64_t)local->info : UINT64_MAX;
    mine[SLOT_M] = (uint64_t)local->m;
    mine[SLOT_NOT_M] = ~(uint64_t)local->m;
    mine[SLOT_N] = (uint64_t)local->n;
    mine[SLOT_NOT_N] = ~(uint64_t)local->n;
    mine[SLOT_ALPHA_RE] = bits_of(local->alpha_re);
    mine[SLOT_NOT_ALPHA_RE] = ~bits_of(local->alpha_re);
    mine[SLOT_ALPHA_IM] = bits_of(local->alpha_im);
    mine[SLOT_NOT_ALPHA_IM] = ~bits_of(local->alpha_im);
    mine[SLOT_NO_K] = local->k > 0 ? 0 : 1;
    mine[SLOT_NOT_FAILED] = ~(uint64_t)local->failed;

    status = MPI_Allreduce(mine, all, NSLOTS, MPI_UINT64_T, MPI_MIN, comm);
    if (status != MPI_SUCCESS)
        return tsblas_mpi_error(status, routine, "MPI_Allreduce of the argument checks");

    info = all[SLOT_INFO];
    if (differs(all, SLOT_M) && info > 3)
        info = 3;
    if (differs(all, SLOT_N) && info > 4)
        info = 4;
    if ((differs(all, SLOT_ALPHA_RE) || differs(all, SLOT_ALPHA_IM)) && info > 6)
        info = 6;
    agreed->info = info == UINT64_MAX ? 0 : (tsblas_int)info;
    agreed->info_is_local = agreed->info != 0 && agreed->info == local->info;
    agreed->any_k = all[SLOT_NO_K] == 0;
    agreed->failed = (int)~all[SLOT_NOT_FAILED];
    return 0;
}
