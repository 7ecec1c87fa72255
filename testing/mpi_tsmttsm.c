/*
 * mpi_tsmttsm.c: test of xTSMTTSM_MPI, compiled once per precision
 * (testing/mpi.mk) and run by make check on 1, 2 and 4 processes:
 *
 *     mpirun -np P testing/mpi_tsmttsm_d            block vectors in host memory
 *     mpirun -np P testing/mpi_tsmttsm_d --device   block vectors in device memory
 *
 * Each process generates the same global block vectors op(A) (M by K) and
 * op(B) (K by N) from a hash of the indices, stores its own rows in the
 * layout TRANSA and TRANSB say, and calls xTSMTTSM_MPI.  It checks:
 *  - the result against a single-process reference, naive loops over the
 *    global matrices in higher precision, with the ratio of the BLAS tests
 *        max |C - Cref| / (eps * max(K, 1) * G),
 *    G = |alpha|*sum |op(A)||op(B)| + |beta||C| per element, below 16;
 *  - that C has the same bits on every process (gathered on process 0) and
 *    in a second call (run after run);
 *  - that only the M-by-N part of C is written, and that BETA = 0 does not
 *    read C (it holds NaN);
 *  - argument errors on one process only (bad LDA, TRANSA, K, LDC with
 *    M = 0, overlapping C, M, N or ALPHA that differ): the same INFO on
 *    every process, XERBLA called on each with 'xTSMTTSM_MPI', C untouched;
 *  - TSBLAS_ERR_MPI before MPI_Init and after MPI_Finalize.
 * In host memory (testing/mpi_tsmttsm_np*.mpitest): even, uneven and empty
 * local row counts, all nine TRANSA/TRANSB pairs, a communicator split from
 * MPI_COMM_WORLD.
 * With --device (testing/mpi_tsmttsm_gpu_np*.mpitest, in a CUDA build; all
 * processes share the current GPU, device 0): A_p and B_p in device memory
 * (tsblas_device_malloc), C in device memory on half of the processes and
 * in host memory on the others, swapped from case to case; column-major
 * ('T','N') and interleaved ('N','T') blocks, and 'C','N' and 'N','C' for
 * complex; widths 1, 4, 17, 64 and three M != N; local row counts that
 * differ, one of them 0; the argument errors above with device pointers,
 * and a process whose A and B lie in different memories, or whose C is in
 * device memory while A and B are in host memory: its error, agreed on by
 * every process.  Without a usable GPU on every process it prints SKIP and
 * exits 77.
 * Exit status 0 when every check passed on every process.
 */
#include <config.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "precision.h"
#include "tsblas_mpi.h"

/* The reference is computed in the next wider precision. */
#if defined(TSBLAS_PREC_S) || defined(TSBLAS_PREC_C)
typedef double ref_real_t;
typedef double _Complex ref_complex_t;
#  define EPS FLT_EPSILON
#else
typedef long double ref_real_t;
typedef long double _Complex ref_complex_t;
#  define EPS DBL_EPSILON
#endif
#if TSBLAS_COMPLEX
typedef ref_complex_t ref_t;
#  define TO_API(x) ((const void *)&(x))
#  define REAL_PART(x) creal(x)
#  define IMAG_PART(x) cimag(x)
#else
typedef ref_real_t ref_t;
#  define TO_API(x) (x)
#  define REAL_PART(x) (x)
#  define IMAG_PART(x) 0
#endif

#define THRESHOLD 16.0

/* Indices of the global problem. */
typedef int64_t idx_t;

static int rank, nprocs, failures;

/* --device: the block vectors A_p and B_p are passed in device memory. */
static int device_mode;

/* One line per failure, written at once so that the processes' lines do
   not mix. */
static void fail(const char *format, const char *what, long value)
{
    char line[512];
    int length;

    length = snprintf(line, sizeof line, "%s process %d: ", ROUTINE_NAME("TSMTTSM_MPI"), rank);
    snprintf(line + length, sizeof line - (size_t)length, format, what, value);
    fprintf(stderr, "%s\n", line);
    failures++;
}

/* ------------------------------------------------------------ memories
 * Every array is made and checked in host memory.  The routine gets the
 * host array itself, or a copy in device memory, which is copied back
 * before the checks.  A copy that fails leaves nothing to check: the test
 * stops on every process. */

static void device_failure(const char *what)
{
    fprintf(stderr, "%s process %d: %s: %s\n", ROUTINE_NAME("TSMTTSM_MPI"), rank, what,
            tsblas_last_error_message());
    MPI_Abort(MPI_COMM_WORLD, 1);
}

/* The COUNT scalars of HOST as the routine gets them: HOST itself, or, when
   ON_DEVICE, a copy in device memory (COUNT >= 1). */
static scalar_t *placed_copy(scalar_t *host, idx_t count, int on_device)
{
    void *device;

    if (!on_device || host == NULL)
        return host;
    if (tsblas_device_malloc(&device, sizeof(scalar_t) * (size_t)count) != 0)
        device_failure("tsblas_device_malloc");
    if (tsblas_set_matrix((tsblas_int)count, 1, sizeof(scalar_t), host, (tsblas_int)count,
                          device, (tsblas_int)count) != 0)
        device_failure("tsblas_set_matrix");
    return device;
}

/* HOST's COUNT scalars into PLACED, its copy in device memory (nothing to
   do when PLACED is HOST itself). */
static void copy_to_placed(scalar_t *placed, const scalar_t *host, idx_t count)
{
    if (placed != host
        && tsblas_set_matrix((tsblas_int)count, 1, sizeof(scalar_t), host, (tsblas_int)count,
                             placed, (tsblas_int)count) != 0)
        device_failure("tsblas_set_matrix");
}

/* The other way: the COUNT scalars of PLACED into HOST. */
static void copy_from_placed(scalar_t *host, const scalar_t *placed, idx_t count)
{
    if (placed != host
        && tsblas_get_matrix((tsblas_int)count, 1, sizeof(scalar_t), placed, (tsblas_int)count,
                             host, (tsblas_int)count) != 0)
        device_failure("tsblas_get_matrix");
}

static void free_placed(scalar_t *placed, const scalar_t *host)
{
    if (placed != host)
        tsblas_device_free(placed);
}

/* 1 when every process of COMM can run the local products on a GPU. */
static int gpu_on_every_process(MPI_Comm comm)
{
    int here = tsblas_gpu_available(), everywhere;

    MPI_Allreduce(&here, &everywhere, 1, MPI_INT, MPI_MIN, comm);
    return everywhere;
}

/* ------------------------------------------------------------ XERBLA
 * The program's own XERBLA: it records the calls instead of printing. */
static char xerbla_name[32];
static long xerbla_info;
static int xerbla_calls;

void xerbla_(const char *srname, const tsblas_int *info, size_t srname_len);
void xerbla_(const char *srname, const tsblas_int *info, size_t srname_len)
{
    size_t len = srname_len < sizeof xerbla_name - 1 ? srname_len : sizeof xerbla_name - 1;

    memcpy(xerbla_name, srname, len);
    xerbla_name[len] = '\0';
    xerbla_info = (long)*info;
    xerbla_calls++;
}

/* ------------------------------------------------------------ the data */

/* A number in [-1, 1) from the indices (splitmix64), exact in real_t. */
static real_t hashed(uint64_t seed, uint64_t i, uint64_t j)
{
    uint64_t x = seed * 0x9E3779B97F4A7C15u + i * 0xBF58476D1CE4E5B9u + j * 0x94D049BB133111EBu;

    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
    x ^= x >> 31;
    return (real_t)((double)(x >> 40) / (double)(1u << 23) - 1.0);
}

static scalar_t element(uint64_t seed, idx_t i, idx_t j)
{
#if TSBLAS_COMPLEX
    return hashed(seed, (uint64_t)i, (uint64_t)j) + hashed(seed + 7, (uint64_t)i, (uint64_t)j) * I;
#else
    return hashed(seed, (uint64_t)i, (uint64_t)j);
#endif
}

enum { SEED_A = 11, SEED_B = 23, SEED_C = 37 };

/* op(A)(i, l), op(B)(l, j) and C(i, j) of the global problem. */
static scalar_t global_a(idx_t i, idx_t l) { return element(SEED_A, i, l); }
static scalar_t global_b(idx_t l, idx_t j) { return element(SEED_B, l, j); }
static scalar_t global_c(idx_t i, idx_t j) { return element(SEED_C, i, j); }

/* How the global rows are spread over NP processes. */
enum distribution { EVEN, UNEVEN, FIRST_EMPTY, LAST_ONLY, ALL_EMPTY, ONE_EMPTY, NDISTRIBUTIONS };
static const char *const distribution_names[] = {
    "even", "uneven", "first process empty", "all rows on the last process", "no rows",
    "uneven, one process empty"
};

static idx_t rows_on(enum distribution dist, int p, int np)
{
    switch (dist) {
    case EVEN:
        return 1200 / np + (p < 1200 % np);
    case UNEVEN:
        return 50 + 97 * p + (p % 2) * 311;
    case FIRST_EMPTY:
        return p == 0 && np > 1 ? 0 : 311 + 17 * p;
    case LAST_ONLY:
        return p == np - 1 ? 777 : 0;
    case ONE_EMPTY:
        /* The empty one in the middle: on 4 processes a node of the
           summation tree (X(mpi_allsum)) that receives a partial and sends
           the sum on. */
        return np > 1 && p == np / 2 ? 0 : 1000 + 437 * p;
    default:
        return 0;
    }
}

static idx_t first_row_of(enum distribution dist, int p, int np)
{
    idx_t first = 0;
    int q;

    for (q = 0; q < p; q++)
        first += rows_on(dist, q, np);
    return first;
}

static scalar_t conj_if(char trans, scalar_t x)
{
    return trans == 'C' ? CONJ(x) : x;
}

/* This process's rows of A as TRANSA stores them: op(A_p) = the M-by-K_p
   block of op(A) from global row FIRST on. */
static void store_a(char transa, idx_t m, idx_t k, idx_t first, scalar_t *a, idx_t lda)
{
    idx_t i, l;

    for (i = 0; i < m; i++)
        for (l = 0; l < k; l++) {
            if (transa == 'N')
                a[i + l * lda] = global_a(i, first + l);
            else
                a[l + i * lda] = conj_if(transa, global_a(i, first + l));
        }
}

static void store_b(char transb, idx_t n, idx_t k, idx_t first, scalar_t *b, idx_t ldb)
{
    idx_t j, l;

    for (j = 0; j < n; j++)
        for (l = 0; l < k; l++) {
            if (transb == 'N')
                b[l + j * ldb] = global_b(first + l, j);
            else
                b[j + l * ldb] = conj_if(transb, global_b(first + l, j));
        }
}

static ref_real_t abs1(ref_t x)
{
    ref_real_t re = REAL_PART(x), im = IMAG_PART(x);

    return (re < 0 ? -re : re) + (im < 0 ? -im : im);
}

/* The sentinel in the rows M+1..LDC of C, and C with BETA = 0 (NaN). */
static scalar_t sentinel(void)
{
    return (scalar_t)-12345.0;
}

/* C as every process passes it: the global C, or NaN when BETA = 0, with
   sentinels below row M. */
static void fill_c(idx_t m, idx_t n, scalar_t beta, scalar_t *c, idx_t ldc)
{
    idx_t i, j;

    for (j = 0; j < n; j++)
        for (i = 0; i < ldc; i++)
            c[i + j * ldc] = i >= m ? sentinel() : beta == 0 ? (scalar_t)NAN : global_c(i, j);
}

/* ------------------------------------------------------------ one case */

struct problem {
    char transa, transb;
    tsblas_int m, n;
    scalar_t alpha, beta;
    enum distribution dist;
    int ab_on_device, c_on_device;      /* this process's memories */
};

/* The ratio test of the result C against the global reference.  The
   global op(A) and op(B) are tabulated first, row i of op(A) and column j
   of op(B) contiguous, so that the innermost loop hashes nothing. */
static double ratio_of(const struct problem *pb, idx_t kglobal, const scalar_t *c, idx_t ldc)
{
    double worst = 0;
    idx_t reads = pb->alpha != 0 ? kglobal : 0, i, j, l;
    scalar_t *rows_a = malloc(sizeof(scalar_t) * (size_t)(pb->m * reads + 1));
    scalar_t *columns_b = malloc(sizeof(scalar_t) * (size_t)(reads * pb->n + 1));

    for (i = 0; i < pb->m; i++)
        for (l = 0; l < reads; l++)
            rows_a[l + i * reads] = global_a(i, l);
    for (j = 0; j < pb->n; j++)
        for (l = 0; l < reads; l++)
            columns_b[l + j * reads] = global_b(l, j);
    for (j = 0; j < pb->n; j++)
        for (i = 0; i < pb->m; i++) {
            ref_t sum = 0, reference;
            ref_real_t gauge = 0, err;
            double ratio;

            for (l = 0; l < reads; l++) {
                ref_t x = rows_a[l + i * reads], y = columns_b[l + j * reads];
                sum += x * y;
                gauge += abs1(x) * abs1(y);
            }
            reference = (ref_t)pb->alpha * sum;
            gauge *= abs1((ref_t)pb->alpha);
            if (pb->beta != 0) {
                reference += (ref_t)pb->beta * (ref_t)global_c(i, j);
                gauge += abs1((ref_t)pb->beta) * abs1((ref_t)global_c(i, j));
            }
            err = abs1((ref_t)c[i + j * ldc] - reference);
            if (err != err)
                ratio = INFINITY;
            else if (gauge == 0)
                ratio = err == 0 ? 0 : INFINITY;
            else
                ratio = (double)(err / (EPS * (kglobal > 1 ? kglobal : 1) * gauge));
            if (ratio > worst)
                worst = ratio;
        }
    free(rows_a);
    free(columns_b);
    return worst;
}

/* 1 when the M-by-N parts of every process's C have the same bits. */
static int same_bits_everywhere(const scalar_t *c, idx_t m, idx_t n, idx_t ldc, MPI_Comm comm)
{
    scalar_t *packed = malloc(sizeof(scalar_t) * (size_t)(m * n));
    scalar_t *all = NULL;
    int p, np, me, same = 1;
    idx_t i, j;

    MPI_Comm_size(comm, &np);
    MPI_Comm_rank(comm, &me);
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++)
            packed[i + j * m] = c[i + j * ldc];
    if (me == 0)
        all = malloc(sizeof(scalar_t) * (size_t)(m * n) * (size_t)np);
    MPI_Gather(packed, (int)(m * n * sizeof(scalar_t)), MPI_BYTE, all,
               (int)(m * n * sizeof(scalar_t)), MPI_BYTE, 0, comm);
    if (me == 0)
        for (p = 1; p < np; p++)
            if (memcmp(all, all + (size_t)p * (size_t)(m * n), sizeof(scalar_t) * (size_t)(m * n)))
                same = 0;
    MPI_Bcast(&same, 1, MPI_INT, 0, comm);
    free(packed);
    free(all);
    return same;
}

static void run_case(const struct problem *pb, MPI_Comm comm, const char *label)
{
    int me, np;
    idx_t k, first, kglobal, lda, ldb, ldc = pb->m + 2, a_count, b_count, c_count, i, j;
    scalar_t *a = NULL, *b = NULL, *c, *first_result, *placed_a, *placed_b, *placed_c;
    tsblas_int info, info2;
    double ratio;
    int reads = pb->alpha != 0;

    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &np);
    k = rows_on(pb->dist, me, np);
    first = first_row_of(pb->dist, me, np);
    kglobal = first_row_of(pb->dist, np, np);
    lda = (pb->transa == 'N' ? pb->m : k) + 3;
    ldb = (pb->transb == 'N' ? k : pb->n) + 1;
    a_count = lda * (pb->transa == 'N' ? k : pb->m) + 1;
    b_count = ldb * (pb->transb == 'N' ? pb->n : k) + 1;
    c_count = ldc * pb->n;
    if (reads) {
        /* ALPHA = 0: A and B must not be read, so none are passed. */
        a = malloc(sizeof(scalar_t) * (size_t)a_count);
        b = malloc(sizeof(scalar_t) * (size_t)b_count);
        store_a(pb->transa, pb->m, k, first, a, lda);
        store_b(pb->transb, pb->n, k, first, b, ldb);
    }
    c = malloc(sizeof(scalar_t) * (size_t)c_count);
    first_result = malloc(sizeof(scalar_t) * (size_t)c_count);
    placed_a = placed_copy(a, a_count, pb->ab_on_device);
    placed_b = placed_copy(b, b_count, pb->ab_on_device);

    fill_c(pb->m, pb->n, pb->beta, c, ldc);
    placed_c = placed_copy(c, c_count, pb->c_on_device);
    info = API(tsmttsm_mpi)(pb->transa, pb->transb, pb->m, pb->n, (tsblas_int)k,
                            TO_API(pb->alpha), placed_a, (tsblas_int)lda, placed_b,
                            (tsblas_int)ldb, TO_API(pb->beta), placed_c, (tsblas_int)ldc, comm);
    copy_from_placed(c, placed_c, c_count);
    memcpy(first_result, c, sizeof(scalar_t) * (size_t)c_count);
    fill_c(pb->m, pb->n, pb->beta, c, ldc);
    copy_to_placed(placed_c, c, c_count);
    info2 = API(tsmttsm_mpi)(pb->transa, pb->transb, pb->m, pb->n, (tsblas_int)k,
                             TO_API(pb->alpha), placed_a, (tsblas_int)lda, placed_b,
                             (tsblas_int)ldb, TO_API(pb->beta), placed_c, (tsblas_int)ldc, comm);
    copy_from_placed(c, placed_c, c_count);

    if (info != 0 || info2 != 0)
        fail("%s: INFO = %ld", label, (long)(info != 0 ? info : info2));
    ratio = ratio_of(pb, kglobal, c, ldc);
    if (ratio == INFINITY)
        fail("%s: NaN or Inf in C, or C wrong where the reference is exact (%ld)", label, 0);
    else if (!(ratio < THRESHOLD))
        fail("%s: ratio %ld (x 1/100) over the threshold", label, (long)(ratio * 100));
    for (j = 0; j < pb->n; j++)
        for (i = pb->m; i < ldc; i++)
            if (memcmp(&c[i + j * ldc], &(scalar_t){ sentinel() }, sizeof(scalar_t)))
                fail("%s: C written below row M, in column %ld", label, (long)j);
    if (memcmp(first_result, c, sizeof(scalar_t) * (size_t)c_count))
        fail("%s: a second call gave other bits (%ld)", label, 0);
    if (!same_bits_everywhere(c, pb->m, pb->n, ldc, comm))
        fail("%s: the processes got different bits (%ld)", label, 0);
    free_placed(placed_a, a);
    free_placed(placed_b, b);
    free_placed(placed_c, c);
    free(a);
    free(b);
    free(c);
    free(first_result);
}

/* The (ALPHA, BETA) pairs of the cases: BETA = 0 on a C of NaN, general
   values, BETA = 1, and ALPHA = 0 (A and B not read). */
static void set_scalars(struct problem *pb, int which)
{
    switch (which) {
    case 0: pb->alpha = 1; pb->beta = 0; break;
#if TSBLAS_COMPLEX
    case 1: pb->alpha = -0.5 + 0.25 * I; pb->beta = 2 - 1 * I; break;
#else
    case 1: pb->alpha = -0.5; pb->beta = 2; break;
#endif
    case 2: pb->alpha = 2; pb->beta = 1; break;
    default: pb->alpha = 0; pb->beta = 0.5; break;
    }
}

static void describe(const struct problem *pb, char *label, size_t size)
{
    snprintf(label, size, "%c%c M=%d N=%d, %s, alpha=%g, beta=%g%s", pb->transa, pb->transb,
             (int)pb->m, (int)pb->n, distribution_names[pb->dist], (double)REAL_PART(pb->alpha),
             (double)REAL_PART(pb->beta),
             !device_mode ? "" : pb->c_on_device ? ", C in device memory" : ", C in host memory");
}

/* Block vectors in host memory. */
static void host_memory_tests(void)
{
    static const char trans[] = { 'N', 'T', 'C' };
    static const tsblas_int shapes[][2] = { { 8, 8 }, { 5, 17 }, { 1, 1 }, { 16, 3 } };
    struct problem pb = { 0 };
    char label[160];
    int d, ta, tb, index = 0;
    MPI_Comm halves;

    for (d = 0; d < NDISTRIBUTIONS; d++)
        for (ta = 0; ta < 3; ta++)
            for (tb = 0; tb < 3; tb++, index++) {
                pb.transa = trans[ta];
                pb.transb = trans[tb];
                pb.m = shapes[index % 4][0];
                pb.n = shapes[index % 4][1];
                pb.dist = (enum distribution)d;
                set_scalars(&pb, index % 4);
                describe(&pb, label, sizeof label);
                run_case(&pb, MPI_COMM_WORLD, label);
            }

    /* A communicator of the processes of even rank, and one of the odd. */
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &halves);
    pb.transa = 'C';
    pb.transb = 'N';
    pb.m = 7;
    pb.n = 4;
    pb.alpha = 1;
    pb.beta = 0;
    pb.dist = UNEVEN;
    run_case(&pb, halves, "CN M=7 N=4 on a split communicator");
    MPI_Comm_free(&halves);
}

/* Block vectors in device memory (--device): the local products run on the
   GPU, C is read and written where it lives. */
static void device_memory_tests(void)
{
    static const tsblas_int shapes[][2] = {
        { 1, 1 }, { 4, 4 }, { 17, 17 }, { 64, 64 }, { 17, 4 }, { 1, 64 }, { 64, 17 }
    };
    /* Column-major and interleaved blocks, conjugated too for complex. */
#if TSBLAS_COMPLEX
    static const char orders[][2] = { { 'T', 'N' }, { 'N', 'T' }, { 'C', 'N' }, { 'N', 'C' } };
#else
    static const char orders[][2] = { { 'T', 'N' }, { 'N', 'T' } };
#endif
    /* BETA = 0 on NaN, general values, ALPHA = 0 (C := BETA*C alone). */
    static const int scalar_pairs[] = { 0, 1, 3 };
    const int nshapes = sizeof shapes / sizeof shapes[0];
    const int norders = sizeof orders / sizeof orders[0];
    const int npairs = sizeof scalar_pairs / sizeof scalar_pairs[0];
    struct problem pb = { 0 };
    char label[160];
    int s, o, w, index = 0;

    pb.dist = ONE_EMPTY;
    pb.ab_on_device = 1;
    for (s = 0; s < npairs; s++)
        for (o = 0; o < norders; o++)
            for (w = 0; w < nshapes; w++, index++) {
                pb.transa = orders[o][0];
                pb.transb = orders[o][1];
                pb.m = shapes[w][0];
                pb.n = shapes[w][1];
                set_scalars(&pb, scalar_pairs[s]);
                /* C in device memory on every other process, swapped from
                   one case to the next: on one process too, both memories
                   occur, and as the number of shapes is odd, each shape
                   meets both with each pair of scalars. */
                pb.c_on_device = (rank + index) % 2 == 0;
                describe(&pb, label, sizeof label);
                run_case(&pb, MPI_COMM_WORLD, label);
            }
}

/* ------------------------------------------------------------ errors */

/* The arrays of the error tests in host memory: A and B zero, C of
   numbers.  The calls pass PASSED_A, PASSED_B and PASSED_C: with --device,
   A and B in device memory and C in device memory (DEVICE_C) on the
   processes of even rank, in host memory on the odd; else the host arrays. */
enum { EM = 4, EN = 3, EK = 10 };
static scalar_t error_a[EK * EM], error_b[EK * EN], error_c[EM * EN];
static scalar_t *passed_a, *passed_b, *passed_c, *device_c;

/* The arguments of one call of the error tests. */
struct call {
    char transa;
    tsblas_int m, n, k, lda, ldc;
    scalar_t alpha;
    const scalar_t *a, *b;
    scalar_t *c;
};

static void bad_lda(struct call *x) { x->lda = x->k - 1; }
static void bad_transa(struct call *x) { x->transa = 'X'; }
static void negative_k(struct call *x) { x->k = -1; }
static void bad_ldc(struct call *x) { x->ldc = x->m - 1; }
static void bad_ldc_with_m0(struct call *x) { x->m = 0; x->ldc = 0; }
static void other_m(struct call *x) { x->m -= 1; }
static void other_n(struct call *x) { x->n -= 1; }
static void other_alpha(struct call *x) { x->alpha = 2; }
/* C inside A: A is zero, so C's numbers are A's and C stays as it was. */
static void c_overlaps_a(struct call *x) { x->c = (scalar_t *)x->a + 5; }
/* The memories the plain xTSMTTSM rejects (with --device, where A and B
   are in device memory): A and B in different ones (argument 9, B's), C
   in device memory while A and B are in host memory (12). */
static void b_in_host_memory(struct call *x) { x->b = error_b; }
static void a_in_host_memory(struct call *x) { x->a = error_a; }
static void c_on_device_ab_in_host_memory(struct call *x)
{
    x->a = error_a;
    x->b = error_b;
    x->c = device_c;
}

/* Calls xTSMTTSM_MPI with process BAD's arguments (every process's when
   BAD < 0) changed by SPOIL, and
   checks that every process returns -EXPECTED, with its XERBLA called once
   with the routine's name and EXPECTED, and C untouched, in host and in
   device memory. */
static void error_case(int bad, tsblas_int expected, const char *label,
                       void (*spoil)(struct call *))
{
    const scalar_t beta = 0;
    scalar_t c_before[EM * EN], device_c_after[EM * EN];
    struct call x = { 'T', EM, EN, EK, EK, EM, 1, passed_a, passed_b, passed_c };
    tsblas_int info;

    fill_c(EM, EN, 1, error_c, EM);
    memcpy(c_before, error_c, sizeof c_before);
    if (device_c != NULL)
        copy_to_placed(device_c, error_c, EM * EN);
    if (rank == bad || bad < 0)
        spoil(&x);
    xerbla_calls = 0;
    info = API(tsmttsm_mpi)(x.transa, 'N', x.m, x.n, x.k, TO_API(x.alpha), x.a, x.lda, x.b, EK,
                            TO_API(beta), x.c, x.ldc, MPI_COMM_WORLD);
    if (info != -expected)
        fail("%s: INFO = %ld", label, (long)info);
    if (xerbla_calls != 1 || xerbla_info != expected
        || strcmp(xerbla_name, ROUTINE_NAME("TSMTTSM_MPI")) != 0)
        fail("%s: XERBLA not called as expected (%ld calls)", label, (long)xerbla_calls);
    if (tsblas_last_error() != -expected)
        fail("%s: last error %ld", label, (long)tsblas_last_error());
    if (memcmp(error_c, c_before, sizeof c_before))
        fail("%s: C written (%ld)", label, 0);
    if (device_c != NULL) {
        copy_from_placed(device_c_after, device_c, EM * EN);
        if (memcmp(device_c_after, c_before, sizeof c_before))
            fail("%s: C written in device memory (%ld)", label, 0);
    }
}

static void error_tests(void)
{
    int last = nprocs - 1;
    scalar_t a[4] = { 0 }, c[4] = { 0 }, one = 1, zero = 0;
    tsblas_int info;

    passed_a = placed_copy(error_a, EK * EM, device_mode);
    passed_b = placed_copy(error_b, EK * EN, device_mode);
    device_c = device_mode ? placed_copy(error_c, EM * EN, 1) : NULL;
    passed_c = device_c != NULL && rank % 2 == 0 ? device_c : error_c;

    error_case(last, 8, "bad LDA on the last process", bad_lda);
    error_case(0, 1, "bad TRANSA on process 0", bad_transa);
    error_case(last, 5, "K < 0 on the last process", negative_k);
    error_case(last, 13, "LDC < M on the last process", bad_ldc);
    error_case(-1, 13, "LDC = 0 with M = 0 on every process", bad_ldc_with_m0);
    error_case(last, 12, "C overlapping A on the last process", c_overlaps_a);
    if (nprocs > 1) {
        error_case(last, 3, "M differs on the last process", other_m);
        error_case(0, 4, "N differs on process 0", other_n);
        error_case(last, 6, "ALPHA differs on the last process", other_alpha);
    }
    if (device_mode) {
        error_case(last, 9, "B in host memory, A in device memory, on the last process",
                   b_in_host_memory);
        error_case(0, 9, "A in host memory, B in device memory, on process 0",
                   a_in_host_memory);
        error_case(last, 12, "C in device memory, A and B in host memory, on the last process",
                   c_on_device_ab_in_host_memory);
    }

    /* MPI_COMM_NULL: argument 14, found and reported on each process alone. */
    xerbla_calls = 0;
    info = API(tsmttsm_mpi)('T', 'N', 2, 2, 2, TO_API(one), a, 2, a, 2, TO_API(zero), c, 2,
                            MPI_COMM_NULL);
    if (info != -14 || xerbla_calls != 1 || xerbla_info != 14)
        fail("%s: INFO = %ld", "MPI_COMM_NULL", (long)info);

    free_placed(passed_a, error_a);
    free_placed(passed_b, error_b);
    if (device_c != NULL)
        free_placed(device_c, error_c);
}

/* Outside MPI_Init .. MPI_Finalize: TSBLAS_ERR_MPI, no XERBLA. */
static void outside_mpi_test(const char *when)
{
    scalar_t a[4] = { 0 }, c[4] = { 0 }, one = 1, zero = 0;
    tsblas_int info;

    xerbla_calls = 0;
    info = API(tsmttsm_mpi)('T', 'N', 2, 2, 2, TO_API(one), a, 2, a, 2, TO_API(zero), c, 2,
                            MPI_COMM_WORLD);
    if (info != TSBLAS_ERR_MPI || tsblas_last_error() != TSBLAS_ERR_MPI || xerbla_calls != 0)
        fail("%s: INFO = %ld", when, (long)info);
}

int main(int argc, char **argv)
{
    int total;

    outside_mpi_test("before MPI_Init");
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    device_mode = argc == 2 && strcmp(argv[1], "--device") == 0;
    if (argc > 2 || (argc == 2 && !device_mode)) {
        if (rank == 0)
            fprintf(stderr, "usage: %s [--device]\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    /* Every process skips, so that the launcher returns 77 too. */
    if (device_mode && !gpu_on_every_process(MPI_COMM_WORLD)) {
        if (rank == 0)
            printf("SKIP: %s --device: no usable GPU\n", ROUTINE_NAME("TSMTTSM_MPI"));
        MPI_Finalize();
        return 77;
    }

    if (device_mode)
        device_memory_tests();
    else
        host_memory_tests();
    error_tests();

    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    outside_mpi_test("after MPI_Finalize");
    if (rank == 0)
        printf("%s on %d process%s%s: %s\n", ROUTINE_NAME("TSMTTSM_MPI"), nprocs,
               nprocs == 1 ? "" : "es", device_mode ? ", block vectors in device memory" : "",
               total == 0 && failures == 0 ? "all tests passed" : "FAILED");
    return total == 0 && failures == 0 ? 0 : 1;
}
