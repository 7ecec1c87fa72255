/*
 * bench.h: what the parts of tsblas_bench share.
 *
 * tsblas_bench times the tsblas routines against a baseline (the BLAS's
 * xGEMM on the host, cuBLAS on the GPU; a plain transpose loop or
 * cublasXgeam for xGEMT) on the same shapes and inputs, measures the
 * machine's bandwidths and peak rates in the same run, and prints each case
 * against the roofline min(I*b, P).  See doc/benchmark.md.
 *
 * The parts:
 *   tsblas_bench.c        options, the sweep, the summary
 *   bench_plan.c          which cases a sweep holds, and their shapes
 *   bench_run.c           timing one case on a target and checking it
 *   bench_report.c        the table, the CSV file, the geometric means
 *   bench_machine.c       host timer, read, copy and write bandwidth, FMA rate, P
 *   bench_host.c          the host as a target: timing, baselines, buffers
 *   bench_watchdog.c      ending a step that hangs
 *   bench_precision.c     per precision (compiled once per S/D/C/Z):
 *                         fill, our routine, the BLAS, the loop, compare
 *   bench_gpu.c           device set-up, bandwidth, buffers (CUDA builds)
 *   bench_gpu_precision.c per precision on the device: cuBLAS calls
 */
#ifndef TSBLAS_BENCH_H
#define TSBLAS_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "tsblas.h"

enum bench_routine { BENCH_TSMTTSM, BENCH_TSMM, BENCH_MTSM, BENCH_GEMT, BENCH_NROUTINES };

/* Storage order of the block vectors (the skinny operands). */
enum bench_order { BENCH_COLMAJOR, BENCH_INTERLEAVED, BENCH_NORDERS };

enum { BENCH_NPRECISIONS = 4 };     /* S, D, C, Z, in that index order */

extern const char *const bench_routine_names[BENCH_NROUTINES];  /* "TSMTTSM", ... */
extern const char *const bench_order_names[BENCH_NORDERS];      /* "col", "int" */

/*
 * One call in BLAS terms.  For the GEMM-shaped routines it is
 *   C := alpha*op(A)*op(B) + beta*C,  op(A) M-by-K, op(B) K-by-N;
 * for xGEMT it is B := alpha*op(A) with A M-by-N at A, the output at C with
 * leading dimension LDC (TRANSB, K, B, LDB and BETA unused).  Complex
 * precisions use alpha + 0i and beta + 0i.  The output is contiguous:
 * LDC equals its number of rows.
 */
struct bench_call {
    enum bench_routine routine;
    int precision;              /* index into bench_precisions */
    char transa, transb;
    int64_t m, n, k;
    const void *a;
    int64_t lda;
    const void *b;
    int64_t ldb;
    void *c;
    int64_t ldc;
    double alpha, beta;
};

/* Rows and columns of the output of CALL. */
int64_t bench_output_rows(const struct bench_call *call);
int64_t bench_output_cols(const struct bench_call *call);

/*
 * Everything that depends on the precision, on the host.  Each member is
 * defined in bench_precision.c, compiled once per precision.
 */
struct bench_precision {
    char letter;                /* 'S', 'D', 'C', 'Z' */
    size_t elemsize;            /* bytes of one element */
    size_t realsize;            /* bytes of its real type */
    int is_complex;
    double eps;                 /* unit roundoff of the real type */
    /* X(0 .. COUNT-1) := elements FIRST .. FIRST+COUNT-1 of the sequence
       of SEED: reproducible values in [-1, 1] (each real and imaginary
       part), whichever thread or chunk computes them. */
    void (*fill)(void *x, size_t count, uint64_t seed, size_t first);
    /* The tsblas C entry on CALL (host or device pointers alike): INFO. */
    tsblas_int (*run_tsblas)(const struct bench_call *call);
    /* The BLAS's xGEMM on CALL (GEMM-shaped routines). */
    void (*run_blas_gemm)(const struct bench_call *call);
    /* xGEMT's baseline: a plain OpenMP loop, B(i,j) := alpha*op(A)(i,j). */
    void (*run_transpose_loop)(const struct bench_call *call);
    /* max |x(i) - y(i)| over COUNT elements; NaN when any difference is. */
    double (*max_abs_diff)(const void *x, const void *y, size_t count);
    /* Best rate in Gflop/s of the BLAS's xGEMM on N-by-N matrices over
       RUNS runs; a negative value when the memory is not there. */
    double (*blas_gemm_rate)(int n, int runs);
};

extern const struct bench_precision bench_precision_s, bench_precision_d,
    bench_precision_c, bench_precision_z;
/* Indexed S, D, C, Z. */
extern const struct bench_precision *const bench_precisions[BENCH_NPRECISIONS];

/* ---------------------------------------------------------------- the plan */

/* One case of a sweep: a routine, a precision, an order and the widths.
 *   TSMTTSM  C (P-by-Q) := A**T * B, A L-by-P and B L-by-Q block vectors
 *   TSMM     C (L-by-Q) := A * B, A an L-by-P block vector, B P-by-Q
 *   MTSM     C (S-by-Q) := A * B, A S-by-S, B an S-by-Q block vector
 *   GEMT     B := A**T, A an L-by-Q block vector (to interleaved, or back)
 * L and S follow from the size of the largest tall operand.            */
struct bench_case {
    enum bench_routine routine;
    int precision;              /* index into bench_precisions */
    enum bench_order order;
    int p, q;
    char gemt_trans;            /* GEMT's TRANS: 'T' (the sweeps), 'N' or 'C' */
    int square;                 /* GEMT: the square matrix of the largest order
                                   within the buffers (P, Q unused) */
};

/* The four buffers a sweep needs, each BYTES long, on one target. */
struct bench_buffers {
    void *a, *b, *c_tsblas, *c_baseline;
    size_t bytes;
    int rows_multiple;  /* the long dimension a multiple of it (0, 1: any) */
    int rows_remainder; /* plus this (0 .. rows_multiple - 1) */
};

/* The call of CASE on BUFS with scalars ALPHA, BETA; 0, or -1 when the
   buffers are too small for its shape (with a message in WHY). */
int bench_make_call(const struct bench_case *bcase, const struct bench_buffers *bufs,
                    double alpha, double beta, struct bench_call *call,
                    char *why, size_t whylen);

/* Bytes moved (inputs read once, output written once, read too when
   beta != 0), the bytes of them written (the output once), and flops
   (2MNK, complex 8MNK; 0 for xGEMT) of CALL. */
double bench_call_bytes(const struct bench_call *call, size_t elemsize);
double bench_call_written_bytes(const struct bench_call *call, size_t elemsize);
double bench_call_flops(const struct bench_call *call, int is_complex);

/* A set of cases: for each routine, the precisions (bit i = precision i),
   the orders (bit o = order o), the widths P = Q and the pairs (P, Q). */
enum { BENCH_MAX_WIDTHS = 128 };
struct bench_sweep_spec {
    unsigned precisions[BENCH_NROUTINES];
    unsigned orders[BENCH_NROUTINES];
    int nwidths[BENCH_NROUTINES];
    int widths[BENCH_NROUTINES][BENCH_MAX_WIDTHS];
    int npairs[BENCH_NROUTINES];
    int pairs[BENCH_NROUTINES][BENCH_MAX_WIDTHS][2];
    char gemt_trans;
    int gemt_square;            /* GEMT also on the square matrix (col only) */
};

void bench_spec_default(struct bench_sweep_spec *spec);
void bench_spec_full(struct bench_sweep_spec *spec);
void bench_spec_smoke(struct bench_sweep_spec *spec);

/* The cases of SPEC, ordered by real type then precision (so that buffers
   are filled once per real type), then routine, order and width.  Returns
   the number of cases; *CASES is malloc'ed (NULL when out of memory). */
int bench_spec_cases(const struct bench_sweep_spec *spec, struct bench_case **cases);

/* ------------------------------------------------------------- the machine */

double bench_now(void);                          /* seconds, monotonic */
size_t bench_largest_cache_bytes(void);          /* 0 when unknown */
/* Best host read bandwidth (sum of an array of BYTES) and copy bandwidth
   (a = b over two arrays of BYTES/2, read + write bytes counted) in GB/s
   over RUNS runs of each kernel tried, OpenMP threads; negative when the
   memory is not there.  HOW receives each kernel's rate, for the report. */
double bench_host_read_bandwidth(size_t bytes, int runs, char *how, size_t how_size);
double bench_host_copy_bandwidth(size_t bytes, int runs, char *how, size_t how_size);
/* Best host write bandwidth (streaming stores over an array of BYTES), as
   the read bandwidth. */
double bench_host_write_bandwidth(size_t bytes, int runs, char *how, size_t how_size);
/* D flops per second of fused multiply-adds on registers, summed over the
   OpenMP threads (best of RUNS); 0 when the CPU has no FMA loop here. */
double bench_host_fma_rate(int runs, char *how, size_t how_size);
/* The host's P of PRECISION (S, D, C, Z) in Gflop/s from FMA_RATE_D, the
   D rate of bench_host_fma_rate. */
double bench_host_fma_peak(double fma_rate_d, int precision);

/* What a roofline needs: bandwidths in GB/s, peaks in Gflop/s, and how
   each was measured, for the report. */
struct bench_machine {
    /* Read only, copy (read + write bytes, as many of each) and write
       only; WRITE_BW 0 when not measured. */
    double read_bw, copy_bw, write_bw;
    /* P: on the host the cores' FMA rate (the BLAS's xGEMM rate where the
       CPU has no FMA loop here), on the GPU cuBLAS's xGEMM rate; 0 when
       not measured. */
    double peak[BENCH_NPRECISIONS];
    char read_how[320], copy_how[240], write_how[160];
    char peak_how[BENCH_NPRECISIONS][80];
    /* Host: the BLAS's square xGEMM rate, reported beside P; 0 when not
       measured (on the GPU, where P itself is cuBLAS's rate). */
    double blas_gemm[BENCH_NPRECISIONS];
    char blas_gemm_how[BENCH_NPRECISIONS][80];
    double fma_rate;                    /* D, host only; 0 when not measured */
    char fma_how[120];
    /* Host: a case above its roofline says why on its line (the GPU's P,
       cuBLAS's rate, is no physical limit and its rows carry no note);
       CACHE_BYTES is the largest cache, 0 when unknown. */
    int explain_above_roof;
    size_t cache_bytes;
};

/* The b of the roofline of a call that reads READ_BYTES and writes
   WRITTEN_BYTES, in GB/s: the time a byte takes interpolated linearly in
   the written share f of the bytes between the three measured patterns,
   read only (f = 0), copy (f = 1/2) and write only (f = 1; the copy where
   WRITE_BW is 0).  xTSMTTSM (f near 0) gets the read bandwidth, xMTSM
   nearly (f = Q/(S + 2Q), at most 1.5 % in the sweeps), xGEMT and xTSMM
   of a square product with beta = 0 (f = 1/2) the copy bandwidth, and the
   rest what lies between: a DTSMM that reads 64 columns for each it
   writes moved 1 % more than the copy bandwidth (H100, 4 GiB), which is no
   bound on a stream that mostly reads, nor on one that mostly writes. */
double bench_roof_bandwidth(const struct bench_machine *m, double read_bytes,
                            double written_bytes);


/* The watchdog (bench_watchdog.c): after bench_watchdog_start(SECONDS),
   a task (a case, a measurement) or a step of it (one side of a case) that
   takes longer than SECONDS ends the program with status 124 and a message
   naming both.  SECONDS = 0 disables it. */
void bench_watchdog_start(unsigned seconds);
void bench_watchdog_task(const char *task);
void bench_watchdog_step(const char *step);
void bench_watchdog_stop(void);

/* ----------------------------------------------------------- one case run */

/* Runs one call on a target; 0 or a nonzero error code. */
typedef int (*bench_fn)(void *ctx, const struct bench_call *call);

/*
 * A place where cases run: the host or the GPU.  Buffers given to it live
 * there.  Each function returns 0, or -1 after printing what failed.
 */
struct bench_target {
    const char *name;                   /* "host", "gpu" */
    const char *baseline_gemm_name;     /* "BLAS", "cuBLAS" */
    const char *baseline_gemt_name;     /* "loop", "geam" */
    void *ctx;                          /* handed to every bench_fn */
    /* Seconds to wait before timing a side that runs OpenMP threads (tsblas
       on the host, the transpose loop): the BLAS's worker threads spin for
       a while after each call and would take their cores. */
    double settle;
    /* FN(ctx, CALL) once; its time in seconds in *SECONDS, its code in *CODE */
    int (*time)(struct bench_target *t, bench_fn fn, const struct bench_call *call,
                double *seconds, int *code);
    bench_fn baseline_gemm, baseline_gemt;
    /* A and B of BUFS := values of PRECISION in [-1, 1]; both C := A */
    int (*fill)(struct bench_target *t, int precision, struct bench_buffers *bufs);
    int (*copy)(struct bench_target *t, void *dst, const void *src, size_t bytes);
    /* *DIFF := max |x(i) - y(i)| over COUNT elements; X may be overwritten */
    int (*max_abs_diff)(struct bench_target *t, int precision, void *x, const void *y,
                        size_t count, double *diff);
    /* 0 while the target can go on after a failed case, else -1 */
    int (*healthy)(struct bench_target *t);
    /* The threads tsblas runs on (the host's OpenMP threads; 1 on the GPU),
       and, where there are several, a way to run on N of them (NULL on the
       GPU): the in-cache side (--in-cache) runs on one. */
    int threads;
    void (*use_threads)(struct bench_target *t, int n);
};

/* The host target; its buffers come from bench_host_alloc. */
void bench_host_target(struct bench_target *t);
int bench_host_alloc(size_t bytes, struct bench_buffers *bufs);
void bench_host_free(struct bench_buffers *bufs);

/* The result of one case; times are medians in seconds. */
struct bench_result {
    struct bench_case bcase;
    struct bench_call call;
    double bytes, flops;
    double intensity;                   /* flops / bytes; 0 for xGEMT */
    double bandwidth;                   /* b of the roofline, GB/s */
    double roofline;                    /* min(I*b, P) in Gflop/s; b for xGEMT */
    double t_tsblas, t_baseline;        /* 0 when not measured */
    int runs_tsblas, runs_baseline;     /* timed runs behind each median */
    /* The same case with its tall operands cut to fit the caches
       (--in-cache), run on one thread, at the size of those given where it
       ran fastest: the call, its bytes and flops, the median time of tsblas
       on it and the runs behind it; t_cache is 0 when not measured.  Its
       rate times the target's threads is what the arithmetic allows them
       (bench_cache_percent_of_roofline). */
    struct bench_call cache_call;
    double cache_bytes, cache_flops;
    double t_cache;
    int runs_cache;
    int cache_threads;                  /* the threads its rate is scaled to */
    double check_ratio;                 /* difference / rounding bound */
    /* Why a side is above 100 % of the roofline (machine's
       explain_above_roof), else empty. */
    char roof_note[120];
    enum { BENCH_OK, BENCH_MISMATCH, BENCH_ERROR, BENCH_SKIPPED } status;
    char message[200];
};

/* The sizes of --in-cache, at most this many, ended by a 0. */
enum { BENCH_MAX_CACHE_SIZES = 4 };

/* Runs BCASE on T with the buffers BUFS: warm-up, REPS timed runs of each
   side, the median, the check against the baseline, the roofline of
   MACHINE.  CACHE_SIZES (NULL, or sizes ended by a 0): tsblas is also timed
   on the same case with tall operands of each of these sizes, the fastest
   kept (see --in-cache).  The result is in RES. */
void bench_run_case(struct bench_target *t, const struct bench_case *bcase,
                    struct bench_buffers *bufs, const struct bench_machine *machine,
                    int reps, double alpha, double beta, const size_t *cache_sizes,
                    struct bench_result *res);

/* Rate and percent of the roofline of one side of RES (T = its time). */
double bench_gbs(const struct bench_result *res, double t);
double bench_gflops(const struct bench_result *res, double t);
double bench_percent_of_roofline(const struct bench_result *res, double t);
/* The rate of tsblas in the caches (Gflop/s; GB/s for xGEMT), one thread's
   times the target's threads, as a percent of the case's own roofline; 0
   when not measured. */
double bench_cache_percent_of_roofline(const struct bench_result *res);

/* ------------------------------------------------------------------ report */

void bench_print_machine(FILE *out, const struct bench_target *t,
                         const struct bench_machine *machine, unsigned precisions);
/* IN_CACHE: the rows have the column of --in-cache. */
void bench_print_table_header(FILE *out, const struct bench_target *t, int in_cache);
void bench_print_row(FILE *out, const struct bench_target *t, const struct bench_result *res);
void bench_print_summary(FILE *out, const struct bench_target *t,
                         const struct bench_result *res, int nres);
void bench_csv_header(FILE *csv);
void bench_csv_row(FILE *csv, const struct bench_target *t, const struct bench_machine *m,
                   const struct bench_result *res);

/* ---------------------------------------------------------------- the GPU */

/* Exit status of tsblas_bench --gpu without a usable GPU (automake's SKIP). */
enum { BENCH_NO_GPU = 77 };

#if TSBLAS_BUILT_WITH_CUDA

/* Per precision on the device (bench_gpu_precision.c); CTX is a cuBLAS
   handle, every function returns 0 or a nonzero cuBLAS/CUDA code. */
struct bench_gpu_precision {
    bench_fn gemm;                      /* cublasXgemm on the call */
    bench_fn geam_transpose;            /* cublasXgeam, B := alpha*op(A) */
    /* *DIFF := max |x(i) - y(i)|, through x := x - y on the device */
    int (*max_abs_diff)(void *ctx, void *x, const void *y, size_t count, double *diff);
    /* best cublasXgemm rate on N-by-N matrices, Gflop/s */
    int (*gemm_rate)(void *ctx, int n, int runs, double *gflops);
};
extern const struct bench_gpu_precision bench_gpu_precision_s, bench_gpu_precision_d,
    bench_gpu_precision_c, bench_gpu_precision_z;
extern const struct bench_gpu_precision *const bench_gpu_precisions[BENCH_NPRECISIONS];

/* Opens the current device as a target: 0, BENCH_NO_GPU when there is no
   usable GPU (said on stderr), or -1 on a failure. */
int bench_gpu_open(struct bench_target *t, FILE *out);
void bench_gpu_close(struct bench_target *t);
/* Device read bandwidth (the best of cuBLAS's and tsblas's read-only
   kernels), copy bandwidth (cudaMemcpy device to device) and write
   bandwidth (cudaMemset) over BW_BYTES, peak of cublasXgemm at N = PEAK_N
   for each precision in PRECISIONS. */
int bench_gpu_measure(struct bench_target *t, size_t bw_bytes, int peak_n, int runs,
                      unsigned precisions, struct bench_machine *machine);
int bench_gpu_alloc(struct bench_target *t, size_t bytes, struct bench_buffers *bufs);
/* Device array DEV(0 .. COUNT-1) of PRECISION := the values the host's
   fill gives for SEED (through a pinned staging buffer); 0 or -1. */
int bench_gpu_fill(void *dev, size_t count, int precision, uint64_t seed);
void bench_gpu_free(struct bench_buffers *bufs);
#endif

#endif
