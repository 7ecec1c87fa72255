/*
 * bench_machine.c: the host machine as the roofline sees it: a timer, the
 * size of the largest cache, and the read and copy bandwidth of memory
 * measured with OpenMP threads on arrays much larger than the caches.
 */
#include <config.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "bench.h"

/* Keeps the sums of the read kernel alive. */
static volatile double bench_sink;

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

size_t bench_largest_cache_bytes(void)
{
    long largest = 0;
#if defined(_SC_LEVEL4_CACHE_SIZE)
    if (sysconf(_SC_LEVEL4_CACHE_SIZE) > largest)
        largest = sysconf(_SC_LEVEL4_CACHE_SIZE);
#endif
#if defined(_SC_LEVEL3_CACHE_SIZE)
    if (sysconf(_SC_LEVEL3_CACHE_SIZE) > largest)
        largest = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
#if defined(_SC_LEVEL2_CACHE_SIZE)
    if (sysconf(_SC_LEVEL2_CACHE_SIZE) > largest)
        largest = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return largest > 0 ? (size_t)largest : 0;
}

/* Every thread touches first the part of X it reads later (static
   schedule, as in the kernels), so pages land near the thread using them. */
static void first_touch(double *x, int64_t n, double value)
{
    int64_t i;
#pragma omp parallel for schedule(static)
    for (i = 0; i < n; i++)
        x[i] = value;
}

double bench_host_read_bandwidth(size_t bytes, int runs)
{
    const int64_t n = (int64_t)(bytes / sizeof(double));
    double *x = malloc((size_t)n * sizeof(double));
    double best = -1.0;
    int r;

    if (x == NULL)
        return -1.0;
    first_touch(x, n, 1.0);
    for (r = 0; r < runs; r++) {
        double sum = 0.0, t = bench_now();
        int64_t i;
#pragma omp parallel for simd reduction(+ : sum) schedule(static)
        for (i = 0; i < n; i++)
            sum += x[i];
        t = bench_now() - t;
        bench_sink = sum;
        if (t > 0 && (double)n * sizeof(double) / t * 1e-9 > best)
            best = (double)n * sizeof(double) / t * 1e-9;
    }
    free(x);
    return best;
}

double bench_host_copy_bandwidth(size_t bytes, int runs)
{
    const int64_t n = (int64_t)(bytes / 2 / sizeof(double));
    double *x = malloc((size_t)n * sizeof(double));
    double *y = malloc((size_t)n * sizeof(double));
    double best = -1.0;
    int r;

    if (x != NULL && y != NULL) {
        first_touch(x, n, 1.0);
        first_touch(y, n, 0.0);
        for (r = 0; r < runs; r++) {
            double t = bench_now();
            int64_t i;
#pragma omp parallel for simd schedule(static)
            for (i = 0; i < n; i++)
                y[i] = x[i];
            t = bench_now() - t;
            bench_sink = y[n / 2];
            if (t > 0 && 2.0 * (double)n * sizeof(double) / t * 1e-9 > best)
                best = 2.0 * (double)n * sizeof(double) / t * 1e-9;
        }
    }
    free(x);
    free(y);
    return best;
}
