/*
 * gemm_bench_geqrf.c: LAPACK's QR factorization of a tall matrix, the
 * second benchmark of libtsblas_gemm (testing/gemm_interposer_bench.sh
 * runs it with and without the interposer preloaded; this program knows
 * nothing of tsblas).
 *
 * Usage: gemm_bench_geqrf d|z ROWS COLS STEPS
 *
 * Factors a random ROWS-by-COLS matrix with DGEQRF or ZGEQRF STEPS times
 * (a fresh copy each time, the copy not timed) and prints the median time
 * and ||R||_F / ||A||_F - 1 of the last factorization (Q is orthogonal, so
 * that is rounding only), which shows that the run computed a QR.  The
 * blocked xGEQRF updates the trailing columns with xLARFB, whose xGEMM
 * calls are tall & skinny (K = ROWS); with COLS at most LAPACK's block
 * size (32 here) it calls no xGEMM at all.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void dgeqrf_(const int *m, const int *n, double *a, const int *lda, double *tau,
             double *work, const int *lwork, int *info);
void zgeqrf_(const int *m, const int *n, double complex *a, const int *lda,
             double complex *tau, double complex *work, const int *lwork, int *info);

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int compare(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
    int m, n, steps, complex_data, lwork = -1, info = 0, step, i, j;
    size_t elem, count;
    double *times, norm_a = 0, norm_r = 0;
    void *a0, *a, *tau, *work;
    unsigned long long state = 88172645463325252ULL;

    if (argc != 5 || (strcmp(argv[1], "d") != 0 && strcmp(argv[1], "z") != 0)
        || (m = atoi(argv[2])) < 1 || (n = atoi(argv[3])) < 1 || n > m
        || (steps = atoi(argv[4])) < 1) {
        fprintf(stderr, "usage: %s d|z ROWS COLS STEPS (COLS <= ROWS)\n", argv[0]);
        return 2;
    }
    complex_data = argv[1][0] == 'z';
    elem = complex_data ? sizeof(double complex) : sizeof(double);
    count = (size_t)m * n;
    a0 = malloc(elem * count);
    a = malloc(elem * count);
    tau = malloc(elem * n);
    times = malloc(sizeof(double) * steps);
    if (a0 == NULL || a == NULL || tau == NULL || times == NULL) {
        fprintf(stderr, "gemm_bench_geqrf: out of memory\n");
        return 1;
    }
    for (i = 0; i < (int)(complex_data ? 2 * count : count) && (size_t)i < 2 * count; i++) {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        ((double *)a0)[i] = (double)(state >> 11) / 9007199254740992.0 - 0.5;
    }
    {
        double complex query;
        if (complex_data)
            zgeqrf_(&m, &n, a, &m, tau, &query, &lwork, &info);
        else
            dgeqrf_(&m, &n, a, &m, tau, (double *)&query, &lwork, &info);
        lwork = (int)creal(query);
    }
    work = malloc(elem * (size_t)lwork);
    if (work == NULL) {
        fprintf(stderr, "gemm_bench_geqrf: out of memory\n");
        return 1;
    }

    for (step = 0; step < steps; step++) {
        double start;

        memcpy(a, a0, elem * count);
        start = now();
        if (complex_data)
            zgeqrf_(&m, &n, a, &m, tau, work, &lwork, &info);
        else
            dgeqrf_(&m, &n, a, &m, tau, work, &lwork, &info);
        times[step] = now() - start;
        if (info != 0) {
            fprintf(stderr, "gemm_bench_geqrf: xGEQRF INFO = %d\n", info);
            return 1;
        }
    }

    /* ||R||_F against ||A||_F: equal but for rounding. */
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++) {
            size_t e = (size_t)i + (size_t)j * m;
            double x = complex_data ? cabs(((double complex *)a0)[e]) : ((double *)a0)[e];
            norm_a += x * x;
            if (i <= j) {
                double r = complex_data ? cabs(((double complex *)a)[e]) : ((double *)a)[e];
                norm_r += r * r;
            }
        }
    qsort(times, steps, sizeof(double), compare);
    printf("%cGEQRF M=%d N=%d median %.6f s  ||R||/||A|| - 1 = %.1e\n", complex_data ? 'Z' : 'D',
           m, n, times[(steps - 1) / 2], sqrt(norm_r / norm_a) - 1);
    free(a0);
    free(a);
    free(tau);
    free(work);
    free(times);
    return 0;
}
