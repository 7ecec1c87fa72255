/*
 * prof.c: the scratch driver of the A/B runs in this folder.  It times one
 * tsblas call, xTSMM or xMTSM, repeated: the median of REPS calls after a
 * warm-up, with no BLAS call beside it (tsblas_bench times the BLAS too,
 * which made a case of 1 GiB take seconds).  Built against each library
 * to compare:
 *
 *     gcc -O2 -fopenmp -I src/c -I BUILD/src/c -I BUILD prof.c \
 *         BUILD/.libs/libtsblas.a -lopenblas -lm -o prof
 *
 * Usage: prof tsmm|mtsm s|d|c|z col|int W MIB REPS [K]
 *   xTSMM: C (P x W, col; or W x P, int) = T (P x K) * S (K x W), K = W
 *          unless given, T of MIB MiB; xMTSM: a P x P regular matrix of
 *          MIB MiB times P x W.  All N, N: col is column-major block
 *          vectors, int the interleaved ones (C = S**T-like, LD = W).
 * Environment: ALIGN set: the arrays 64-byte aligned (as tsblas_bench has
 * them), else from malloc (16 bytes past a line when large); HASH set: an
 * FNV-1a hash of C's bytes, to compare two libraries' results bit by bit.
 * Prints the hash (0 unless HASH), the time, GB/s (inputs read once, C
 * written once) and Gflop/s.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include "tsblas.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void *allocate(size_t bytes)
{
    void *p = NULL;
    if (getenv("HUGE") != NULL) {
        if (posix_memalign(&p, 2 << 20, bytes) != 0)
            return NULL;
        madvise(p, bytes, MADV_HUGEPAGE);
        return p;
    }
    if (getenv("ALIGN") == NULL)
        return malloc(bytes);
    return posix_memalign(&p, 64, bytes) == 0 ? p : NULL;
}

int main(int argc, char **argv)
{
    static double times[100000];
    const double one[2] = { 1, 0 }, zero[2] = { 0, 0 };
    const float onef[2] = { 1, 0 }, zerof[2] = { 0, 0 };
    unsigned long long hash = 0;
    int tsmm, col, w, reps, es, complex_data, r;
    char p;
    long q, k, plen, m, n, lda, ldb, ldc, na, nb, nc, i;
    double mib, flops, bytes, median;
    void *a, *b, *c;

    if (argc < 7)
        return fprintf(stderr, "usage: prof tsmm|mtsm s|d|c|z col|int W MIB REPS [K]\n"), 2;
    tsmm = strcmp(argv[1], "tsmm") == 0;
    p = argv[2][0];
    col = strcmp(argv[3], "col") == 0;
    w = atoi(argv[4]);
    mib = atof(argv[5]);
    reps = atoi(argv[6]);
    if (reps < 1 || reps >= 100000)
        return 2;
    es = p == 's' ? 4 : p == 'd' || p == 'c' ? 8 : 16;
    complex_data = p == 'c' || p == 'z';
    q = w;
    if (tsmm) {
        k = argc > 7 ? atol(argv[7]) : w;
        plen = (long)(mib * 1048576 / (k * es));
        bytes = (double)plen * (k + q) * es;
    } else {
        plen = (long)sqrt(mib * 1048576 / es);
        k = plen;
        bytes = (double)plen * k * es;
    }
    flops = 2.0 * plen * k * q * (complex_data ? 4 : 1);
    if (col) {
        m = plen, n = q, lda = plen, ldb = k, ldc = plen;
        na = m * k, nb = k * n;
    } else {
        m = q, n = plen, lda = q, ldb = k, ldc = q;
        na = q * k, nb = k * plen;
    }
    nc = m * n;
    a = allocate((size_t)(na * es));
    b = allocate((size_t)(nb * es));
    c = allocate((size_t)(nc * es));
    if (a == NULL || b == NULL || c == NULL)
        return fprintf(stderr, "prof: out of memory\n"), 1;
#pragma omp parallel for
    for (i = 0; i < na * es / 4; i++)
        ((float *)a)[i] = (float)((i * 7919) % 1000) / 1000.f;
#pragma omp parallel for
    for (i = 0; i < nb * es / 4; i++)
        ((float *)b)[i] = (float)((i * 104729) % 1000) / 1000.f;
#pragma omp parallel for
    for (i = 0; i < nc * es / 4; i++)
        ((float *)c)[i] = 0;

#define CALL(x, alpha, beta)                                                             \
    (tsmm ? tsblas_##x##tsmm('N', 'N', m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)      \
          : tsblas_##x##mtsm('N', 'N', m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
    for (r = 0; r <= reps; r++) {
        const double t0 = now();
        long info = 0;
        switch (p) {
        case 's': info = CALL(s, 1.f, 0.f); break;
        case 'd': info = CALL(d, 1.0, 0.0); break;
        case 'c': info = CALL(c, onef, zerof); break;
        default: info = CALL(z, one, zero); break;
        }
        times[r] = now() - t0;
        if (info != 0)
            return fprintf(stderr, "prof: info %ld\n", info), 1;
    }
    qsort(times + 1, (size_t)reps, sizeof(double), by_value);
    median = times[1 + reps / 2];
    if (getenv("HASH") != NULL) {
        const unsigned char *bytes_of_c = (const unsigned char *)c;
        hash = 1469598103934665603ULL;
        for (i = 0; i < nc * es; i++) {
            hash ^= bytes_of_c[i];
            hash *= 1099511628211ULL;
        }
    }
    printf("hash %016llx %s %c %s W=%d P=%ld K=%ld: %.4f ms  %.1f GB/s  %.1f Gflop/s\n", hash,
           argv[1], p, col ? "col" : "int", w, plen, k, median * 1e3, bytes / median * 1e-9,
           flops / median * 1e-9);
    return 0;
}
