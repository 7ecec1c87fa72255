/*
 * mpi_tsmttsm.c: test of xTSMTTSM_MPI, compiled once per precision
 * (testing/mpi.mk) and run by make check on 1, 2 and 4 processes.
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
 *  - even, uneven and empty local row counts, all nine TRANSA/TRANSB pairs,
 *    a communicator split from MPI_COMM_WORLD;
 *  - argument errors on one process only (bad LDA, TRANSA, K, LDC with
 *    M = 0, overlapping C, M, N or ALPHA that differ): the same INFO on
 *    every process, XERBLA called on each with 'xTSMTTSM_MPI', C untouched;
 *  - TSBLAS_ERR_MPI before MPI_Init and after MPI_Finalize.
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
enum distribution { EVEN, UNEVEN, FIRST_EMPTY, LAST_ONLY, ALL_EMPTY, NDISTRIBUTIONS };
static const char *const distribution_names[] = {
    "even", "uneven", "first process empty", "all rows on the last process", "no rows"
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
};

/* The ratio test of the result C against the global reference. */
static double ratio_of(const struct problem *pb, idx_t kglobal, const scalar_t *c, idx_t ldc)
{
    double worst = 0;
    idx_t i, j, l;

    for (j = 0; j < pb->n; j++)
        for (i = 0; i < pb->m; i++) {
            ref_t sum = 0, reference;
            ref_real_t gauge = 0, err;
            double ratio;

            if (pb->alpha != 0)
                for (l = 0; l < kglobal; l++) {
                    ref_t x = global_a(i, l), y = global_b(l, j);
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
                return INFINITY;
            if (gauge == 0)
                ratio = err == 0 ? 0 : INFINITY;
            else
                ratio = (double)(err / (EPS * (kglobal > 1 ? kglobal : 1) * gauge));
            if (ratio > worst)
                worst = ratio;
        }
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
    idx_t k, first, kglobal, lda, ldb, ldc = pb->m + 2, i, j;
    scalar_t *a = NULL, *b = NULL, *c, *first_result;
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
    if (reads) {
        /* ALPHA = 0: A and B must not be read, so none are passed. */
        a = malloc(sizeof(scalar_t) * (size_t)(lda * (pb->transa == 'N' ? k : pb->m) + 1));
        b = malloc(sizeof(scalar_t) * (size_t)(ldb * (pb->transb == 'N' ? pb->n : k) + 1));
        store_a(pb->transa, pb->m, k, first, a, lda);
        store_b(pb->transb, pb->n, k, first, b, ldb);
    }
    c = malloc(sizeof(scalar_t) * (size_t)(ldc * pb->n));
    first_result = malloc(sizeof(scalar_t) * (size_t)(ldc * pb->n));

    fill_c(pb->m, pb->n, pb->beta, c, ldc);
    info = API(tsmttsm_mpi)(pb->transa, pb->transb, pb->m, pb->n, (tsblas_int)k,
                            TO_API(pb->alpha), a, (tsblas_int)lda, b, (tsblas_int)ldb,
                            TO_API(pb->beta), c, (tsblas_int)ldc, comm);
    memcpy(first_result, c, sizeof(scalar_t) * (size_t)(ldc * pb->n));
    fill_c(pb->m, pb->n, pb->beta, c, ldc);
    info2 = API(tsmttsm_mpi)(pb->transa, pb->transb, pb->m, pb->n, (tsblas_int)k,
                             TO_API(pb->alpha), a, (tsblas_int)lda, b, (tsblas_int)ldb,
                             TO_API(pb->beta), c, (tsblas_int)ldc, comm);

    if (info != 0 || info2 != 0)
        fail("%s: INFO = %ld", label, (long)(info != 0 ? info : info2));
    ratio = ratio_of(pb, kglobal, c, ldc);
    if (!(ratio < THRESHOLD))
        fail("%s: ratio %ld (x 1/100) over the threshold", label, (long)(ratio * 100));
    for (j = 0; j < pb->n; j++)
        for (i = pb->m; i < ldc; i++)
            if (memcmp(&c[i + j * ldc], &(scalar_t){ sentinel() }, sizeof(scalar_t)))
                fail("%s: C written below row M, in column %ld", label, (long)j);
    if (memcmp(first_result, c, sizeof(scalar_t) * (size_t)(ldc * pb->n)))
        fail("%s: a second call gave other bits (%ld)", label, 0);
    if (!same_bits_everywhere(c, pb->m, pb->n, ldc, comm))
        fail("%s: the processes got different bits (%ld)", label, 0);
    free(a);
    free(b);
    free(c);
    free(first_result);
}

static void numerical_tests(void)
{
    static const char trans[] = { 'N', 'T', 'C' };
    static const tsblas_int shapes[][2] = { { 8, 8 }, { 5, 17 }, { 1, 1 }, { 16, 3 } };
    struct problem pb;
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
                switch (index % 4) {
                case 0: pb.alpha = 1; pb.beta = 0; break;
#if TSBLAS_COMPLEX
                case 1: pb.alpha = -0.5 + 0.25 * I; pb.beta = 2 - 1 * I; break;
#else
                case 1: pb.alpha = -0.5; pb.beta = 2; break;
#endif
                case 2: pb.alpha = 2; pb.beta = 1; break;
                default: pb.alpha = 0; pb.beta = 0.5; break;
                }
                snprintf(label, sizeof label, "%c%c M=%d N=%d, %s, alpha=%g, beta=%g",
                         pb.transa, pb.transb, (int)pb.m, (int)pb.n, distribution_names[d],
                         (double)REAL_PART(pb.alpha), (double)REAL_PART(pb.beta));
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

/* ------------------------------------------------------------ errors */

/* The arguments of one call of the error tests. */
enum { EM = 4, EN = 3, EK = 10 };
struct call {
    char transa;
    tsblas_int m, n, k, lda, ldc;
    scalar_t alpha;
    const scalar_t *a;
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

/* Calls xTSMTTSM_MPI with process BAD's arguments (every process's when
   BAD < 0) changed by SPOIL, and
   checks that every process returns -EXPECTED, with its XERBLA called once
   with the routine's name and EXPECTED, and C untouched. */
static void error_case(int bad, tsblas_int expected, const char *label,
                       void (*spoil)(struct call *))
{
    static scalar_t a[EK * EM], b[EK * EN], c[EM * EN], c_before[EM * EN];
    const scalar_t beta = 0;
    struct call x = { 'T', EM, EN, EK, EK, EM, 1, a, c };
    tsblas_int info;

    fill_c(EM, EN, 1, c, EM);
    memcpy(c_before, c, sizeof c);
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    if (rank == bad || bad < 0)
        spoil(&x);
    xerbla_calls = 0;
    info = API(tsmttsm_mpi)(x.transa, 'N', x.m, x.n, x.k, TO_API(x.alpha), x.a, x.lda, b, EK,
                            TO_API(beta), x.c, x.ldc, MPI_COMM_WORLD);
    if (info != -expected)
        fail("%s: INFO = %ld", label, (long)info);
    if (xerbla_calls != 1 || xerbla_info != expected
        || strcmp(xerbla_name, ROUTINE_NAME("TSMTTSM_MPI")) != 0)
        fail("%s: XERBLA not called as expected (%ld calls)", label, (long)xerbla_calls);
    if (tsblas_last_error() != -expected)
        fail("%s: last error %ld", label, (long)tsblas_last_error());
    if (memcmp(c, c_before, sizeof c))
        fail("%s: C written (%ld)", label, 0);
}

static void error_tests(void)
{
    int last = nprocs - 1;
    scalar_t a[4] = { 0 }, c[4] = { 0 }, one = 1, zero = 0;
    tsblas_int info;

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

    /* MPI_COMM_NULL: argument 14, found and reported on each process alone. */
    xerbla_calls = 0;
    info = API(tsmttsm_mpi)('T', 'N', 2, 2, 2, TO_API(one), a, 2, a, 2, TO_API(zero), c, 2,
                            MPI_COMM_NULL);
    if (info != -14 || xerbla_calls != 1 || xerbla_info != 14)
        fail("%s: INFO = %ld", "MPI_COMM_NULL", (long)info);
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

    numerical_tests();
    error_tests();

    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    outside_mpi_test("after MPI_Finalize");
    if (rank == 0)
        printf("%s on %d process%s: %s\n", ROUTINE_NAME("TSMTTSM_MPI"), nprocs,
               nprocs == 1 ? "" : "es",
               total == 0 && failures == 0 ? "all tests passed" : "FAILED");
    return total == 0 && failures == 0 ? 0 : 1;
}
