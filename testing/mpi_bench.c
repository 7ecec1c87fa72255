/*
 * mpi_bench.c: weak scaling of DTSMTTSM_MPI (doc/mpi.md), not part of make
 * check.
 *
 *     mpirun -np P testing/mpi_bench [LOG2_ROWS [REPETITIONS [WIDTH ...]]]
 *
 * Every process holds 2**LOG2_ROWS rows (default 22) of a block vector X,
 * column-major, for each WIDTH (default 8 and 32), and the Gram matrix
 * X**T*X is computed over all of them: DTSMTTSM_MPI('T', 'N', ...).  The
 * time of a call is the longest over the processes (between barriers); the
 * median over REPETITIONS (default 21) calls is reported, for
 *   T1  process 0 alone, on MPI_COMM_SELF, while the others sleep (they
 *       do not poll, so that T1 is the time of one process on the machine);
 *   Tp  all P processes on MPI_COMM_WORLD,
 * and the weak-scaling efficiency T1/Tp; and
 *   Tc  all P processes with one row each: the cost of the communication
 *       and the agreement alone, which is what the distribution adds to
 *       the local products (the rest of Tp - T1 is their contention for the
 *       machine's cores and memory bandwidth);
 *   Tplain  the plain DTSMTTSM('T', 'N', ...) on the same X, by process 0
 *       alone while the others sleep, as for T1,
 * and Tplain/T1, the speed of DTSMTTSM_MPI relative to the plain call
 * on one process's data (100 %: the distribution costs nothing).
 * X lives in device memory when the process can use a GPU
 * (tsblas_gpu_available), so that the local products run there, else in
 * host memory; the Gram matrix, 64 x 64 at most, is in host memory.  Give
 * every process the same share of the machine: on the host
 * OMP_NUM_THREADS (the cores over the processes), with GPUs one GPU per
 * process, e.g. with OpenMPI
 *     mpirun -np 4 sh -c 'CUDA_VISIBLE_DEVICES=$OMPI_COMM_WORLD_LOCAL_RANK \
 *         exec testing/mpi_bench 28'
 * (Processes that see the same GPU share it: all run on their current
 * device, device 0 unless CUDA_VISIBLE_DEVICES says otherwise.)
 * One line per width, printed by process 0; the columns after Tc, Tplain
 * and Tplain/T1, came last, so that readers of the earlier ones need no
 * change.
 */
#include <config.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "tsblas_mpi.h"

/* A barrier whose waiting processes sleep instead of polling: a process
   that waits must not take a core from the ones that work. */
static void sleeping_barrier(MPI_Comm comm)
{
    const struct timespec nap = { 0, 50000 };
    MPI_Request request;
    int done = 0;

    MPI_Ibarrier(comm, &request);
    for (;;) {
        MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        if (done)
            break;
        nanosleep(&nap, NULL);
    }
}

static int compare_doubles(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;

    return (a > b) - (a < b);
}

/* The routine a timing calls: DTSMTTSM_MPI, or the plain DTSMTTSM. */
enum routine { DISTRIBUTED, PLAIN };

/* The median over REPS calls of the longest time of a call of ROUTINE
   over the processes of COMM (the distributed routine's communicator; for
   the plain one, the processes that call it); every process of WORLD
   takes part in the barriers, the ones outside COMM (MPI_COMM_NULL) only
   wait, asleep. */
static double median_time(enum routine routine, const double *x, int k, int ld, int width,
                          int reps, MPI_Comm comm, double *times, int *info)
{
    double gram[64 * 64], start, mine, longest;
    int r, status;

    *info = 0;
    for (r = 0; r < reps; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        start = MPI_Wtime();
        if (comm != MPI_COMM_NULL) {
            if (routine == PLAIN)
                status = (int)tsblas_dtsmttsm('T', 'N', width, width, k, 1.0, x, ld, x, ld, 0.0,
                                              gram, width);
            else
                status = (int)tsblas_dtsmttsm_mpi('T', 'N', width, width, k, 1.0, x, ld, x, ld,
                                                  0.0, gram, width, comm);
            if (status != 0)
                *info = status;
        }
        mine = MPI_Wtime() - start;
        sleeping_barrier(MPI_COMM_WORLD);
        MPI_Allreduce(&mine, &longest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        times[r] = longest;
    }
    qsort(times, (size_t)reps, sizeof *times, compare_doubles);
    return times[reps / 2];
}

/* X(r, j) = its number, by the position in the column-major K-by-WIDTH X. */
static double number(size_t position)
{
    return (double)((position * 2654435761u) % 1000) / 1000.0 - 0.5;
}

/* The K-by-WIDTH X, in device memory when ON_GPU (filled through a host
   buffer of a bounded number of rows, so that host memory need not hold X,
   one column of the piece at a time: a copy with the leading dimension K
   would have a pitch of 8*K bytes, and CUDA refuses a 2D copy whose pitch
   exceeds cudaDevAttrMaxPitch, 2**31 - 1 bytes on current GPUs, that is
   from 2**28 rows on), else in host memory; NULL when it cannot be had. */
static double *make_x(int k, int width, int on_gpu)
{
    enum { PIECE_ROWS = 1 << 20 };
    double *x, *piece;
    int first, rows, j, r;

    if (!on_gpu) {
        x = malloc(sizeof(double) * (size_t)k * (size_t)width);
        if (x != NULL)
            for (j = 0; j < width; j++)
                for (r = 0; r < k; r++)
                    x[r + (size_t)j * k] = number(r + (size_t)j * k);
        return x;
    }
    if (tsblas_device_malloc((void **)&x, sizeof(double) * (size_t)k * (size_t)width) != 0)
        return NULL;
    piece = malloc(sizeof(double) * PIECE_ROWS * (size_t)width);
    for (first = 0; piece != NULL && first < k; first += rows) {
        rows = k - first < PIECE_ROWS ? k - first : PIECE_ROWS;
        for (j = 0; j < width; j++)
            for (r = 0; r < rows; r++)
                piece[r + (size_t)j * rows] = number(first + r + (size_t)j * k);
        for (j = 0; j < width; j++)
            if (tsblas_set_matrix(rows, 1, sizeof(double), piece + (size_t)j * rows, rows,
                                  x + first + (size_t)j * k, rows) != 0)
                break;
        if (j < width)
            break;
    }
    if (piece == NULL || first < k) {
        free(piece);
        tsblas_device_free(x);
        return NULL;
    }
    free(piece);
    return x;
}

int main(int argc, char **argv)
{
    int log2_rows = argc > 1 ? atoi(argv[1]) : 22;
    int reps = argc > 2 ? atoi(argv[2]) : 21;
    static const int default_widths[] = { 8, 32 };
    int nwidths = argc > 3 ? argc - 3 : 2;
    int rank, size, w, info1, infop, infoc, infoplain, on_gpu, k;
    double *x, *times;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (w = 0; w < nwidths; w++)
        if (argc > 3 && (atoi(argv[3 + w]) < 1 || atoi(argv[3 + w]) > 64))
            reps = 0;
    if (reps < 1 || log2_rows < 0 || log2_rows > 30) {
        if (rank == 0)
            fprintf(stderr, "mpi_bench: LOG2_ROWS 0..30, REPETITIONS >= 1, widths 1..64\n");
        MPI_Finalize();
        return 2;
    }
    k = 1 << log2_rows;
    times = malloc(sizeof(double) * (size_t)reps);
    on_gpu = tsblas_gpu_available();
    if (rank == 0)
        printf("DTSMTTSM_MPI weak scaling, %d rows (2^%d) per process, on the %s, median of %d\n"
               "%9s %6s %12s %12s %11s %11s %12s %12s %11s\n", k, log2_rows,
               on_gpu ? "GPU" : "host", reps, "processes", "width", "T1 [ms]", "Tp [ms]",
               "GB/s/proc", "T1/Tp", "Tc [ms]", "Tplain [ms]", "Tplain/T1");

    for (w = 0; w < nwidths; w++) {
        int width = argc > 3 ? atoi(argv[3 + w]) : default_widths[w];
        double t1, tp, tc, tplain;

        x = make_x(k, width, on_gpu);
        if (x == NULL) {
            fprintf(stderr, "mpi_bench: process %d: no %s memory for %d x %d doubles\n", rank,
                    on_gpu ? "device" : "host", k, width);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }

        t1 = median_time(DISTRIBUTED, x, k, k, width, reps,
                         rank == 0 ? MPI_COMM_SELF : MPI_COMM_NULL, times, &info1);
        tplain = median_time(PLAIN, x, k, k, width, reps,
                             rank == 0 ? MPI_COMM_SELF : MPI_COMM_NULL, times, &infoplain);
        tp = median_time(DISTRIBUTED, x, k, k, width, reps, MPI_COMM_WORLD, times, &infop);
        tc = median_time(DISTRIBUTED, x, 1, k, width, reps, MPI_COMM_WORLD, times, &infoc);
        if (rank == 0)
            printf("%9d %6d %12.3f %12.3f %11.2f %10.1f%% %12.3f %12.3f %10.1f%%%s\n", size,
                   width, t1 * 1e3, tp * 1e3, 8.0 * k * width / tp / 1e9, 100 * t1 / tp,
                   tc * 1e3, tplain * 1e3, 100 * tplain / t1,
                   info1 != 0 || infop != 0 || infoc != 0 || infoplain != 0 ? "  (a call FAILED)"
                                                                            : "");
        if (on_gpu)
            tsblas_device_free(x);
        else
            free(x);
    }
    free(times);
    MPI_Finalize();
    return 0;
}
