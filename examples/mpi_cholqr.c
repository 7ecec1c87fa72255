/*
 * mpi_cholqr.c: orthogonalization of a block of vectors whose rows are
 * distributed over MPI processes, by CholQR (doc/mpi.md).
 *
 *     G = X**T * X          the Gram matrix: DTSMTTSM_MPI, the only
 *                           communication, W-by-W numbers per process
 *     G = R**T * R          Cholesky of the small G, on every process (the
 *                           same bits everywhere, so the same R)
 *     Q = X * R**(-1)       DTSMM on each process's own rows
 *
 * CholQR loses orthogonality as eps * cond(X)**2; a second pass (CholQR2)
 * on Q brings it to the level of eps.  The program prints ||Q**T*Q - I||_F
 * after each pass and exits with status 1 when the second is not below
 * 1e-12 or a call failed, so make check runs it (mpirun -np 4).
 *
 * When a process has a GPU (tsblas_gpu_available), its X and Q live in
 * device memory: the Gram matrices (DTSMTTSM_MPI) and Q = X*R**(-1)
 * (DTSMM) are computed on the GPU, the small G, R and R**(-1) stay in host
 * memory, where the Cholesky factorization runs.  The same calls serve
 * both memories: tsblas runs each where its block vectors are.
 *
 * Run: mpirun -np 4 examples/mpi_cholqr [ROWS]
 * Process p holds ROWS*(2+p)/2 rows: ROWS (default 20000, at least 8) on
 * process 0, 2.5*ROWS on process 3.  mpirun -np 4 examples/mpi_cholqr
 * 4194304 gives every process 2**22 rows or more.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tsblas_mpi.h>

enum { W = 8 };                 /* the number of vectors */

/* A number in [-1, 1) from the global row and column (splitmix64), so
   that X is the same whatever the number of processes. */
static double hashed(uint64_t row, uint64_t col)
{
    uint64_t x = row * 0x9E3779B97F4A7C15u + col * 0xBF58476D1CE4E5B9u + 1;

    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
    x ^= x >> 31;
    return (double)(x >> 11) / 4503599627370496.0 - 1.0;
}

/* Upper R with G = R**T*R, G symmetric positive definite, W-by-W; returns
   0, or the column where G is found not positive definite. */
static int cholesky(const double *g, double *r)
{
    int i, j, l;

    memset(r, 0, sizeof(double) * W * W);
    for (j = 0; j < W; j++) {
        for (i = 0; i <= j; i++) {
            double s = g[i + j * W];
            for (l = 0; l < i; l++)
                s -= r[l + i * W] * r[l + j * W];
            if (i < j)
                r[i + j * W] = s / r[i + i * W];
            else if (s > 0)
                r[j + j * W] = sqrt(s);
            else
                return j + 1;
        }
    }
    return 0;
}

/* RINV := R**(-1), R upper triangular and nonsingular: column j solves
   R * x = e_j by back substitution. */
static void invert_upper(const double *r, double *rinv)
{
    int i, j, l;

    memset(rinv, 0, sizeof(double) * W * W);
    for (j = 0; j < W; j++)
        for (i = j; i >= 0; i--) {
            double s = i == j ? 1 : 0;
            for (l = i + 1; l <= j; l++)
                s -= r[i + l * W] * rinv[l + j * W];
            rinv[i + j * W] = s / r[i + i * W];
        }
}

/* ||Q**T*Q - I||_F, the loss of orthogonality, on every process. */
static double loss_of_orthogonality(const double *q, int k, MPI_Comm comm, int *info)
{
    double g[W * W], sum = 0;
    int i, j;

    *info = (int)tsblas_dtsmttsm_mpi('T', 'N', W, W, k, 1.0, q, k > 0 ? k : 1, q,
                                     k > 0 ? k : 1, 0.0, g, W, comm);
    for (j = 0; j < W; j++)
        for (i = 0; i < W; i++) {
            double d = g[i + j * W] - (i == j);
            sum += d * d;
        }
    return sqrt(sum);
}

/* One CholQR pass: Q := X * R**(-1) with R**T*R = X**T*X.  Returns 0 or
   the INFO of the call that failed (or the Cholesky's). */
static int cholqr(const double *x, double *q, int k, MPI_Comm comm)
{
    double g[W * W], r[W * W], rinv[W * W];
    int ld = k > 0 ? k : 1, info;

    info = (int)tsblas_dtsmttsm_mpi('T', 'N', W, W, k, 1.0, x, ld, x, ld, 0.0, g, W, comm);
    if (info != 0)
        return info;
    info = cholesky(g, r);
    if (info != 0)
        return info;
    invert_upper(r, rinv);
    return (int)tsblas_dtsmm('N', 'N', k, W, W, 1.0, x, ld, rinv, W, 0.0, q, ld);
}

/* A K-by-W block vector: in device memory when ON_GPU, else in host
   memory; NULL when it cannot be had. */
static double *allocate_block(int k, int on_gpu)
{
    size_t bytes = sizeof(double) * (size_t)(k > 0 ? k : 1) * W;
    void *device;

    if (!on_gpu)
        return malloc(bytes);
    return tsblas_device_malloc(&device, bytes) == 0 ? device : NULL;
}

static void free_block(double *x, int on_gpu)
{
    if (on_gpu)
        tsblas_device_free(x);
    else
        free(x);
}

int main(int argc, char **argv)
{
    int rank, size, base, k, i, j, on_gpu, gpus, info1, info2, info3, info4, status;
    long long rows = 0, first = 0;
    double *x_host, *x, *q1, *q2, scale[W], loss1, loss2;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Uneven rows: process p holds (1 + p/2) * base of them. */
    base = argc > 1 ? atoi(argv[1]) : 20000;
    if (base < W || base > INT_MAX / (size + 1)) {
        if (rank == 0)
            fprintf(stderr, "usage: mpirun -np P %s [ROWS], %d <= ROWS <= %d\n", argv[0], W,
                    INT_MAX / (size + 1));
        MPI_Finalize();
        return 2;
    }
    k = base * (2 + rank) / 2;
    rows = k;
    MPI_Exscan(&rows, &first, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        first = 0;
    on_gpu = tsblas_gpu_available();
    MPI_Reduce(&on_gpu, &gpus, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);

    /* Nearly parallel vectors: column j is column 0 plus 10**(-0.8 j) times
       its own numbers, so cond(X) is about 10**5.6.  Made in host memory,
       then copied to the GPU. */
    for (j = 0; j < W; j++)
        scale[j] = j > 0 ? pow(10, -0.8 * j) : 0;
    x_host = malloc(sizeof(double) * (size_t)(k > 0 ? k : 1) * W);
    for (j = 0; x_host != NULL && j < W; j++)
        for (i = 0; i < k; i++)
            x_host[i + (size_t)j * k] = hashed((uint64_t)(first + i), 0)
                + (j > 0 ? scale[j] * hashed((uint64_t)(first + i), (uint64_t)j) : 0);
    x = on_gpu ? allocate_block(k, on_gpu) : x_host;
    q1 = allocate_block(k, on_gpu);
    q2 = allocate_block(k, on_gpu);
    if (x_host == NULL || x == NULL || q1 == NULL || q2 == NULL
        || (on_gpu && tsblas_set_matrix(k, W, sizeof(double), x_host, k > 0 ? k : 1, x,
                                        k > 0 ? k : 1) != 0)) {
        fprintf(stderr, "mpi_cholqr: process %d: cannot make X and Q (%d x %d doubles each) in "
                "%s memory\n", rank, k, W, on_gpu ? "device" : "host");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (on_gpu)
        free(x_host);

    info1 = cholqr(x, q1, k, MPI_COMM_WORLD);
    loss1 = loss_of_orthogonality(q1, k, MPI_COMM_WORLD, &info2);
    info3 = cholqr(q1, q2, k, MPI_COMM_WORLD);
    loss2 = loss_of_orthogonality(q2, k, MPI_COMM_WORLD, &info4);

    status = info1 != 0 || info2 != 0 || info3 != 0 || info4 != 0 || !(loss2 < 1e-12);
    if (rank == 0) {
        printf("CholQR of %d vectors on %d process%s (rows per process: %d .. %d)\n", W, size,
               size == 1 ? "" : "es", k, base * (1 + size) / 2);
        if (gpus == size)
            printf("  X and Q in device memory: the products ran on the GPU\n");
        else if (gpus == 0)
            printf("  X and Q in host memory: the products ran on the host\n");
        else
            printf("  X and Q in device memory on %d of the %d processes\n", gpus, size);
        printf("  CholQR : ||Q**T*Q - I||_F = %.3e\n", loss1);
        printf("  CholQR2: ||Q**T*Q - I||_F = %.3e\n", loss2);
        if (status)
            printf("  FAILED (INFO %d %d %d %d)\n", info1, info2, info3, info4);
    }
    free_block(x, on_gpu);
    free_block(q1, on_gpu);
    free_block(q2, on_gpu);
    MPI_Finalize();
    return status;
}
