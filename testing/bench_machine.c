/*
 * bench_machine.c: the host machine as the roofline sees it: a timer, the
 * size of the largest cache, the read, copy and write bandwidth of memory
 * measured with OpenMP threads on arrays much larger than the caches, and
 * the FMA rate of the cores.
 */
#include <config.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <omp.h>
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

/*
 * The vector read kernel: the sum of x[0..n) in vectors of VECTOR_BYTES.
 * A plain loop, compiled for the baseline instruction set (SSE2 on
 * x86-64) with one chain of additions, is limited by that chain rather
 * than by memory: on the 2-core development machine it read 22 GB/s where
 * AVX-512 loads read 31 GB/s, and the library's kernels, which pick their
 * instruction set at run time, read more than the loop's "bandwidth".  So
 * each instruction set gets its own copy (target attribute) and the widest
 * the CPU runs is timed too, with WAYS = 1, 2 or 4 accumulators: with
 * RUNS 0 they take the consecutive vectors of one run of memory; with
 * RUNS nonzero each reads a run of its own, side by side (WAYS streams
 * a thread), as the library's kernels read the columns of A and B.  One
 * stream a thread drew less than memory gives: on the 2-core Zen 5
 * development machine one stream read 47-49 GB/s where two read 55-61
 * (2032 MiB, two runs).
 * The loop over the accumulators is unrolled (the pragma): without it
 * gcc -O2 kept the four accumulators in memory, a store and a load a
 * vector; WAYS is a constant in each expansion of it.
 */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#  define BENCH_VECTOR_READ 1
#  define DEFINE_VECTOR_SUM(name_, target_, bytes_)                                \
    typedef double name_##_vector __attribute__((vector_size(bytes_)));            \
    __attribute__((target(target_), always_inline)) static inline double           \
    name_##_ways(const double *x, int64_t n, const int ways, const int runs)        \
    {                                                                              \
        const int lanes = (bytes_) / (int)sizeof(double);                          \
        const int64_t vectors = n / (ways * lanes);                                \
        const int64_t step = runs ? lanes : ways * lanes;                          \
        const int64_t apart = runs ? vectors * lanes : lanes;                      \
        name_##_vector acc[4] = { { 0 } }, v;                                      \
        double sum = 0;                                                            \
        int64_t i;                                                                 \
        int q, w;                                                                  \
        for (i = 0; i < vectors; i++)                                              \
            _Pragma("GCC unroll 4") for (q = 0; q < ways; q++) {                   \
                memcpy(&v, x + i * step + q * apart, sizeof v);                    \
                acc[q] += v;                                                       \
            }                                                                      \
        for (q = 0; q < ways; q++)                                                 \
            for (w = 0; w < lanes; w++)                                            \
                sum += acc[q][w];                                                  \
        for (i = vectors * ways * lanes; i < n; i++)                               \
            sum += x[i];                                                           \
        return sum;                                                                \
    }                                                                              \
    __attribute__((target(target_))) static double name_(const double *x, int64_t n, \
                                                         int ways, int runs)       \
    {                                                                              \
        if (ways == 4)                                                             \
            return name_##_ways(x, n, 4, runs);                                    \
        if (ways == 2)                                                             \
            return name_##_ways(x, n, 2, runs);                                    \
        return name_##_ways(x, n, 1, 0);                                           \
    }
DEFINE_VECTOR_SUM(sum_avx512, "avx512f", 64)
DEFINE_VECTOR_SUM(sum_avx2, "avx2", 32)
DEFINE_VECTOR_SUM(sum_sse2, "sse2", 16)

typedef double (*vector_sum_fn)(const double *x, int64_t n, int ways, int runs);

static vector_sum_fn widest_vector_sum(const char **isa)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) {
        *isa = "avx512";
        return sum_avx512;
    }
    if (__builtin_cpu_supports("avx2")) {
        *isa = "avx2";
        return sum_avx2;
    }
    *isa = "sse2";
    return sum_sse2;
}
#else
#  define BENCH_VECTOR_READ 0
#endif

/* The read kernels: the plain loop (WAYS 0), the library's own dot product
   (WAYS -1: tsblas_dtsmttsm with M = N = 1 on the two halves of the array,
   as the GPU's read kernels count it: no roof, b is the most that any of
   them reads), and where the compiler has vector types the vector kernel
   with WAYS accumulators, on the consecutive vectors of one run of memory
   a thread or (RUNS) each on a run of its own. */
#define READ_TSBLAS_DOT (-1)
static const struct read_kernel {
    const char *name;
    int ways, runs;
} read_kernels[] = {
    { "loop", 0, 0 },
    { "tsblas DTSMTTSM 1x1", READ_TSBLAS_DOT, 0 },
    { "vector", 1, 0 },
    { "vector x4", 4, 0 },
    { "2 streams", 2, 1 },
    { "4 streams", 4, 1 },
};

/* Seconds one sweep of the read kernel KERNEL takes over x[0..n). */
static double time_read(const double *x, int64_t n, const struct read_kernel *kernel)
{
    double sum = 0.0, t = bench_now();
    int64_t i;

    if (kernel->ways == READ_TSBLAS_DOT) {
        const tsblas_int k = (tsblas_int)(n / 2);
        /* K past the integer's range (32-bit, --bw-bytes over 32 GiB):
           not measured, rather than a rate of part of the array */
        if ((int64_t)k != n / 2
            || tsblas_dtsmttsm('T', 'N', 1, 1, k, 1.0, x, k, x + k, k, 0.0, &sum, 1) != 0)
            return -1.0;
    } else if (kernel->ways == 0) {
#pragma omp parallel for simd reduction(+ : sum) schedule(static)
        for (i = 0; i < n; i++)
            sum += x[i];
    }
#if BENCH_VECTOR_READ
    else {
        const char *isa;
        const vector_sum_fn vector_sum = widest_vector_sum(&isa);
#pragma omp parallel reduction(+ : sum)
        {
            const int64_t threads = omp_get_num_threads(), id = omp_get_thread_num();
            const int64_t lo = n * id / threads, hi = n * (id + 1) / threads;
            sum += vector_sum(x + lo, hi - lo, kernel->ways, kernel->runs);
        }
    }
#endif
    t = bench_now() - t;
    bench_sink = sum;
    return t;
}

/* The best of the NKINDS rates KIND_BEST (GB/s, negative where not
   measured), each listed in HOW by its name of NAMES, "name rate, ...". */
static double best_of_kinds(const double *kind_best, const char *const *names, int nkinds,
                            char *how, size_t how_size)
{
    double best = -1.0;
    size_t used = 0;
    int k;

    for (k = 0; k < nkinds; k++) {
        if (kind_best[k] > best)
            best = kind_best[k];
        used += (size_t)snprintf(how + used, used < how_size ? how_size - used : 0, "%s%s %.1f",
                                 k ? ", " : "", names[k], kind_best[k]);
    }
    return best;
}

double bench_host_read_bandwidth(size_t bytes, int runs, char *how, size_t how_size)
{
    enum { KERNELS = sizeof read_kernels / sizeof read_kernels[0] };
    const int64_t n = (int64_t)(bytes / sizeof(double)) / 2 * 2;
    const int nkinds = BENCH_VECTOR_READ ? KERNELS : 2;
    double *x = malloc((size_t)n * sizeof(double));
    double kind_best[KERNELS];
    char labels[KERNELS][32];
    const char *names[KERNELS];
    const char *isa = "";
    int r, k;

#if BENCH_VECTOR_READ
    widest_vector_sum(&isa);
#endif
    for (k = 0; k < nkinds; k++) {
        snprintf(labels[k], sizeof labels[k], read_kernels[k].ways > 0 ? "%s %s" : "%s",
                 read_kernels[k].name, isa);
        names[k] = labels[k];
        kind_best[k] = -1.0;
    }
    if (x != NULL) {
        first_touch(x, n, 1.0);
        /* The kernels take turns, as the copy kernels. */
        for (r = 0; r < runs; r++)
            for (k = 0; k < nkinds; k++) {
                const double t = time_read(x, n, &read_kernels[k]);
                const double rate = t > 0 ? (double)n * sizeof(double) / t * 1e-9 : -1.0;
                if (rate > kind_best[k])
                    kind_best[k] = rate;
            }
    }
    free(x);
    return best_of_kinds(kind_best, names, nkinds, how, how_size);
}

/*
 * The streaming copy kernel: x to y with non-temporal stores of the widest
 * vectors the CPU has (target attributes, as the read kernel), as the
 * library writes its large outputs.  glibc's memcpy switches to such
 * stores only above a size that grows with the largest cache: on the GPU
 * machine (300 MiB L3, 16 threads copying 37 MiB each) it wrote through the
 * caches, reading every destination line first, and the library's xGEMT
 * moved up to 1.45 times its rate.
 */
#if BENCH_VECTOR_READ
#  include <immintrin.h>
#  define BENCH_STREAM_COPY 1
#  define DEFINE_STREAM_COPY(name_, target_, bytes_, store_, load_)                  \
    __attribute__((target(target_))) static void name_(double *y, const double *x,  \
                                                       int64_t n)                   \
    {                                                                               \
        const int lanes = (bytes_) / (int)sizeof(double);                           \
        int64_t i = 0;                                                              \
        for (; i < n && (uintptr_t)(y + i) % (bytes_) != 0; i++)                    \
            y[i] = x[i];                                                            \
        for (; i + 4 * lanes <= n; i += 4 * lanes) {                                \
            store_(y + i, load_(x + i));                                            \
            store_(y + i + lanes, load_(x + i + lanes));                            \
            store_(y + i + 2 * lanes, load_(x + i + 2 * lanes));                    \
            store_(y + i + 3 * lanes, load_(x + i + 3 * lanes));                    \
        }                                                                           \
        for (; i + lanes <= n; i += lanes)                                          \
            store_(y + i, load_(x + i));                                            \
        for (; i < n; i++)                                                          \
            y[i] = x[i];                                                            \
        _mm_sfence();                                                               \
    }
DEFINE_STREAM_COPY(stream_avx512, "avx512f", 64, _mm512_stream_pd, _mm512_loadu_pd)
DEFINE_STREAM_COPY(stream_avx, "avx", 32, _mm256_stream_pd, _mm256_loadu_pd)
DEFINE_STREAM_COPY(stream_sse2, "sse2", 16, _mm_stream_pd, _mm_loadu_pd)

static void stream_copy(double *y, const double *x, int64_t n)
{
    if (__builtin_cpu_supports("avx512f"))
        stream_avx512(y, x, n);
    else if (__builtin_cpu_supports("avx"))
        stream_avx(y, x, n);
    else
        stream_sse2(y, x, n);
}
#else
#  define BENCH_STREAM_COPY 0
#endif

/* Seconds one copy of x to y takes with the kernel KIND: 0 the plain
   loop, 1 memcpy, 2 the streaming kernel; each thread copies its part. */
static double time_copy(double *y, const double *x, int64_t n, int kind)
{
    double t = bench_now();
    int64_t i;

    if (kind == 0) {
#pragma omp parallel for simd schedule(static)
        for (i = 0; i < n; i++)
            y[i] = x[i];
    } else {
#pragma omp parallel
        {
            const int64_t threads = omp_get_num_threads(), id = omp_get_thread_num();
            const int64_t lo = n * id / threads, hi = n * (id + 1) / threads;
#if BENCH_STREAM_COPY
            if (kind == 2)
                stream_copy(y + lo, x + lo, hi - lo);
            else
#endif
                memcpy(y + lo, x + lo, (size_t)(hi - lo) * sizeof(double));
        }
    }
    t = bench_now() - t;
    bench_sink = y[n / 2];
    return t;
}

double bench_host_copy_bandwidth(size_t bytes, int runs, char *how, size_t how_size)
{
    static const char *const kind_names[] = { "loop", "memcpy", "stream" };
    const int64_t n = (int64_t)(bytes / 2 / sizeof(double));
    const int nkinds = BENCH_STREAM_COPY ? 3 : 2;
    double *x = malloc((size_t)n * sizeof(double));
    double *y = malloc((size_t)n * sizeof(double));
    double kind_best[3] = { -1.0, -1.0, -1.0 };
    int r, k;

    if (x != NULL && y != NULL) {
        first_touch(x, n, 1.0);
        first_touch(y, n, 0.0);
        /* The kernels take turns, so that a slow spell of the machine
           does not fall on one of them only. */
        for (r = 0; r < runs; r++)
            for (k = 0; k < nkinds; k++) {
                const double t = time_copy(y, x, n, k);
                const double rate = t > 0 ? 2.0 * (double)n * sizeof(double) / t * 1e-9 : -1.0;
                if (rate > kind_best[k])
                    kind_best[k] = rate;
            }
    }
    free(x);
    free(y);
    return best_of_kinds(kind_best, kind_names, nkinds, how, how_size);
}

/*
 * The streaming write kernel: x := 0 with non-temporal stores of the
 * widest vectors (as the copy kernel), the roof of the calls that mostly
 * write (bench_roof_bandwidth); memset takes them too, above a size.
 */
#if BENCH_STREAM_COPY
#  define DEFINE_STREAM_FILL(name_, target_, bytes_, store_, zero_)                  \
    __attribute__((target(target_))) static void name_(double *x, int64_t n)          \
    {                                                                               \
        const int lanes = (bytes_) / (int)sizeof(double);                           \
        int64_t i = 0;                                                              \
        for (; i < n && (uintptr_t)(x + i) % (bytes_) != 0; i++)                    \
            x[i] = 0.0;                                                             \
        for (; i + 4 * lanes <= n; i += 4 * lanes) {                                \
            store_(x + i, zero_());                                                 \
            store_(x + i + lanes, zero_());                                         \
            store_(x + i + 2 * lanes, zero_());                                     \
            store_(x + i + 3 * lanes, zero_());                                     \
        }                                                                           \
        for (; i < n; i++)                                                          \
            x[i] = 0.0;                                                             \
        _mm_sfence();                                                               \
    }
DEFINE_STREAM_FILL(fill_avx512, "avx512f", 64, _mm512_stream_pd, _mm512_setzero_pd)
DEFINE_STREAM_FILL(fill_avx, "avx", 32, _mm256_stream_pd, _mm256_setzero_pd)
DEFINE_STREAM_FILL(fill_sse2, "sse2", 16, _mm_stream_pd, _mm_setzero_pd)

static void stream_fill(double *x, int64_t n)
{
    if (__builtin_cpu_supports("avx512f"))
        fill_avx512(x, n);
    else if (__builtin_cpu_supports("avx"))
        fill_avx(x, n);
    else
        fill_sse2(x, n);
}
#endif

/* Seconds one write of x[0..n) takes with the kernel KIND: 0 memset, 1
   the streaming kernel; each thread writes its part. */
static double time_write(double *x, int64_t n, int kind)
{
    double t = bench_now();

#pragma omp parallel
    {
        const int64_t threads = omp_get_num_threads(), id = omp_get_thread_num();
        const int64_t lo = n * id / threads, hi = n * (id + 1) / threads;
#if BENCH_STREAM_COPY
        if (kind == 1)
            stream_fill(x + lo, hi - lo);
        else
#endif
            memset(x + lo, 0, (size_t)(hi - lo) * sizeof(double));
    }
#if !BENCH_STREAM_COPY
    (void)kind;
#endif
    t = bench_now() - t;
    bench_sink = x[n / 2];
    return t;
}

double bench_host_write_bandwidth(size_t bytes, int runs, char *how, size_t how_size)
{
    static const char *const kind_names[] = { "memset", "stream" };
    const int64_t n = (int64_t)(bytes / sizeof(double));
    const int nkinds = BENCH_STREAM_COPY ? 2 : 1;
    double *x = malloc((size_t)n * sizeof(double));
    double kind_best[2] = { -1.0, -1.0 };
    int r, k;

    if (x != NULL) {
        first_touch(x, n, 1.0);
        for (r = 0; r < runs; r++)
            for (k = 0; k < nkinds; k++) {
                const double t = time_write(x, n, k);
                const double rate = t > 0 ? (double)n * sizeof(double) / t * 1e-9 : -1.0;
                if (rate > kind_best[k])
                    kind_best[k] = rate;
            }
    }
    free(x);
    return best_of_kinds(kind_best, kind_names, nkinds, how, how_size);
}

/*
 * The FMA rate of the cores: chains of fused multiply-adds on registers
 * (no memory), as many independent chains as keep both FMA pipes busy
 * (latency 4 times 2 pipes, with room), of the widest vectors the CPU runs,
 * on every OpenMP thread.  It is the host roofline's P: what the cores can
 * compute, which no kernel passes.  The BLAS's own xGEMM is no such
 * limit: on a 2-core development machine OpenBLAS 0.3.21's DGEMM ran
 * 15-16 Gflop/s a core where this loop ran 87-88, on another 94 % of it.
 */
#if BENCH_STREAM_COPY
#  define BENCH_FMA_RATE 1
#  define DEFINE_FMA_CHAINS(name_, target_, vector_, set1_, fmadd_, add_, chains_)   \
    __attribute__((target(target_))) static double name_(int64_t iterations)        \
    {                                                                               \
        vector_ acc[chains_], x = set1_(1.0 + 1e-12), y = set1_(1e-12), total;      \
        double lanes[sizeof(vector_) / sizeof(double)], sum = 0;                    \
        int64_t it;                                                                 \
        int c;                                                                      \
        for (c = 0; c < (chains_); c++)                                             \
            acc[c] = set1_((double)c);                                              \
        for (it = 0; it < iterations; it++)                                         \
            _Pragma("GCC unroll 32") for (c = 0; c < (chains_); c++)                \
                acc[c] = fmadd_(acc[c], x, y);                                      \
        total = acc[0];                                                             \
        for (c = 1; c < (chains_); c++)                                             \
            total = add_(total, acc[c]);                                            \
        memcpy(lanes, &total, sizeof lanes);                                        \
        for (c = 0; c < (int)(sizeof lanes / sizeof lanes[0]); c++)                 \
            sum += lanes[c];                                                        \
        return sum;                                                                 \
    }
DEFINE_FMA_CHAINS(fma_chains_avx512, "avx512f", __m512d, _mm512_set1_pd, _mm512_fmadd_pd,
                  _mm512_add_pd, 24)
DEFINE_FMA_CHAINS(fma_chains_avx2, "avx2,fma", __m256d, _mm256_set1_pd, _mm256_fmadd_pd,
                  _mm256_add_pd, 12)
#else
#  define BENCH_FMA_RATE 0
#endif

double bench_host_fma_rate(int runs, char *how, size_t how_size)
{
    double best = 0.0;
#if BENCH_FMA_RATE
    const int64_t iterations = 20 * 1000 * 1000;
    const char *isa;
    double (*chains)(int64_t);
    int lanes, nchains, threads = 1, r;

    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        isa = "avx512", chains = fma_chains_avx512, lanes = 8, nchains = 24;
    else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        isa = "avx2", chains = fma_chains_avx2, lanes = 4, nchains = 12;
    else
        return 0.0;
    for (r = 0; r < runs; r++) {
        double sum = 0.0, t = bench_now();
#pragma omp parallel reduction(+ : sum)
        {
#pragma omp single
            threads = omp_get_num_threads();
            sum += chains(iterations);
        }
        t = bench_now() - t;
        bench_sink = sum;
        if (t > 0 && 2.0 * lanes * nchains * (double)iterations * threads / t * 1e-9 > best)
            best = 2.0 * lanes * nchains * (double)iterations * threads / t * 1e-9;
    }
    snprintf(how, how_size, "(%d chains of %s FMAs on registers, %d thread%s, best of %d)",
             nchains, isa, threads, threads == 1 ? "" : "s", runs);
#else
    (void)runs;
    snprintf(how, how_size, "(no FMA loop for this CPU)");
#endif
    return best;
}

/*
 * P of a precision from the D FMA rate.  S: the same FMA instructions on
 * twice the lanes a vector, twice the flops.  C and Z: a complex
 * multiply-add is 4 real FMAs, 8 flops (the flops the benchmark counts),
 * so in flops the rate of their real type, S and D.
 */
double bench_host_fma_peak(double fma_rate_d, int precision)
{
    return bench_precisions[precision]->realsize == sizeof(float) ? 2.0 * fma_rate_d
                                                                  : fma_rate_d;
}
