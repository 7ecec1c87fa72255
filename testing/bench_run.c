/*
 * bench_run.c: one case of tsblas_bench: time the tsblas routine and the
 * baseline on the same inputs (warm-up, then the median of several runs),
 * check that they agree, and place the case under its roofline.
 */
#include <config.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "bench.h"

/* Results agree when |C_tsblas - C_baseline| <= LIMIT * u * (K+2) * scale,
   u the unit roundoff, scale the typical size of alpha*op(A)*op(B) plus
   |beta| * max|C| (see check_bound). */
#define BENCH_CHECK_LIMIT 16.0

static int run_tsblas(void *ctx, const struct bench_call *call)
{
    (void)ctx;
    return (int)bench_precisions[call->precision]->run_tsblas(call);
}

static void settle(const struct bench_target *t)
{
    struct timespec ts;

    if (t->settle <= 0)
        return;
    ts.tv_sec = (time_t)t->settle;
    ts.tv_nsec = (long)((t->settle - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
}

static int compare_doubles(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The timed runs of one side stop short of REPS when they would take
   longer than this (some baseline calls take many seconds). */
#define BENCH_SIDE_SECONDS 10.0

/* Timed runs of tsblas in the caches (--in-cache), at least: each call is
   short, and its median steadier over more of them. */
#define BENCH_CACHE_REPS 21

/* One warm-up run, then REPS timed runs, fewer when the warm-up says that
   REPS would take more than BENCH_SIDE_SECONDS; *MEDIAN is their median,
   *RUNS their number.  Returns 0, or the first nonzero code of FN (-1 when
   timing failed). */
static int time_median(struct bench_target *t, bench_fn fn, const struct bench_call *call,
                       int reps, double *median, int *runs)
{
    double *times = malloc((size_t)reps * sizeof(double));
    int r, code = 0;

    if (times == NULL)
        return -1;
    for (r = -1; r < reps && code == 0; r++) {
        double seconds = 0;
        if (t->time(t, fn, call, &seconds, &code) != 0)
            code = code != 0 ? code : -1;
        else if (r >= 0)
            times[r] = seconds;
        else if (seconds * reps > BENCH_SIDE_SECONDS)
            reps = seconds >= BENCH_SIDE_SECONDS ? 1 : (int)(BENCH_SIDE_SECONDS / seconds);
    }
    if (code == 0) {
        qsort(times, (size_t)reps, sizeof(double), compare_doubles);
        *median = reps % 2 ? times[reps / 2] : 0.5 * (times[reps / 2 - 1] + times[reps / 2]);
        *runs = reps;
    }
    free(times);
    return code;
}

/*
 * The size the difference of two correct results may reach.  The inputs
 * are in [-1, 1] (each part of a complex value), of mean zero, so a sum of
 * K products is of order sqrt(K) * max|a*b|; each of the K additions of
 * either side may add a rounding error of that order.  The bound is
 * deliberately loose: this is a sanity check of the benchmark's inputs and
 * outputs, the test harness (make check) checks the routines exactly.
 */
static double check_bound(const struct bench_call *call, const struct bench_precision *p)
{
    const double amax = p->is_complex ? sqrt(2.0) : 1.0;
    double inner, product, scale;

    if (call->routine == BENCH_GEMT) {
        inner = 1.0;
        product = amax;
    } else {
        inner = (double)call->k;
        product = amax * amax;
    }
    scale = fabs(call->alpha) * sqrt(inner) * product + fabs(call->beta) * amax;
    return p->eps * (inner + 2.0) * scale;
}

double bench_roof_bandwidth(const struct bench_machine *m, double read_bytes,
                            double written_bytes)
{
    const double f = written_bytes / (read_bytes + written_bytes);
    const double per_read = 1.0 / m->read_bw, per_copy = 1.0 / m->copy_bw;
    const double per_write = m->write_bw > 0 ? 1.0 / m->write_bw : per_copy;

    return 1.0 / (f <= 0.5 ? per_read + 2.0 * f * (per_copy - per_read)
                           : per_copy + (2.0 * f - 1.0) * (per_write - per_copy));
}

double bench_gbs(const struct bench_result *res, double t)
{
    return t > 0 ? res->bytes / t * 1e-9 : 0.0;
}

double bench_gflops(const struct bench_result *res, double t)
{
    return t > 0 ? res->flops / t * 1e-9 : 0.0;
}

double bench_percent_of_roofline(const struct bench_result *res, double t)
{
    double rate = res->call.routine == BENCH_GEMT ? bench_gbs(res, t) : bench_gflops(res, t);
    return res->roofline > 0 ? 100.0 * rate / res->roofline : 0.0;
}

double bench_cache_percent_of_roofline(const struct bench_result *res)
{
    const double rate = res->call.routine == BENCH_GEMT ? res->cache_bytes : res->cache_flops;

    return res->t_cache > 0 && res->roofline > 0
               ? 100.0 * res->cache_threads * rate / res->t_cache * 1e-9 / res->roofline
               : 0.0;
}

/*
 * RES's roof_note: why a side of a case is above its roofline, when the
 * roofline is MACHINE's physical limits (explain_above_roof).  Above P, the
 * cores' FMA rate: the clock ran faster than while the FMA loop was timed.
 * Above b: operands that fit the largest cache come from it; larger ones
 * may still come from it in part (the caches keep some of a stream), or
 * memory ran faster than when b was measured (a shared machine).
 */
static void explain_above_roof(const struct bench_machine *machine, struct bench_result *res)
{
    const double pct_tsblas = bench_percent_of_roofline(res, res->t_tsblas);
    const double pct_baseline = bench_percent_of_roofline(res, res->t_baseline);
    const char *side = pct_tsblas > 100.0 && pct_baseline > 100.0 ? "both sides"
                       : pct_tsblas > 100.0                       ? "tsblas"
                                                                  : "the baseline";
    const double mib = res->bytes / (1024.0 * 1024.0);
    const double cache_mib = (double)machine->cache_bytes / (1024.0 * 1024.0);

    if (!machine->explain_above_roof || (pct_tsblas <= 100.0 && pct_baseline <= 100.0))
        return;
    if (res->call.routine != BENCH_GEMT && res->roofline < res->intensity * res->bandwidth)
        snprintf(res->roof_note, sizeof res->roof_note,
                 "%s above P: a faster clock than in the FMA loop", side);
    else if (machine->cache_bytes > 0 && res->bytes <= (double)machine->cache_bytes)
        snprintf(res->roof_note, sizeof res->roof_note,
                 "%s above b: operands in cache (%.4g MiB moved, %.0f MiB cache)", side, mib,
                 cache_mib);
    else if (machine->cache_bytes > 0)
        snprintf(res->roof_note, sizeof res->roof_note,
                 "%s above b: part from the cache (%.4g MiB moved, %.0f MiB cache), or memory "
                 "faster than when b was measured", side, mib, cache_mib);
    else
        snprintf(res->roof_note, sizeof res->roof_note,
                 "%s above b: part from the caches, or memory faster than when b was measured",
                 side);
}

/* Sets RES to an error of the tsblas side with the library's message. */
static void tsblas_failed(struct bench_result *res, int code)
{
    res->status = BENCH_ERROR;
    if (code > 0 || code < -1)
        snprintf(res->message, sizeof res->message, "tsblas returned %d: %s", code,
                 tsblas_last_error_message());
    else
        snprintf(res->message, sizeof res->message, "tsblas could not be timed");
}

void bench_run_case(struct bench_target *t, const struct bench_case *bcase,
                    struct bench_buffers *bufs, const struct bench_machine *machine,
                    int reps, double alpha, double beta, const size_t *cache_sizes,
                    struct bench_result *res)
{
    const struct bench_precision *p = bench_precisions[bcase->precision];
    const int gemt = bcase->routine == BENCH_GEMT;
    const bench_fn baseline = gemt ? t->baseline_gemt : t->baseline_gemm;
    struct bench_call base_call;
    size_t count;
    double diff = 0, bound;
    int code;

    memset(res, 0, sizeof *res);
    res->bcase = *bcase;
    if (bench_make_call(bcase, bufs, alpha, beta, &res->call, res->message,
                        sizeof res->message) != 0) {
        res->status = BENCH_SKIPPED;
        return;
    }
    base_call = res->call;
    base_call.c = bufs->c_baseline;
    count = (size_t)(bench_output_rows(&res->call) * bench_output_cols(&res->call));

    res->bytes = bench_call_bytes(&res->call, p->elemsize);
    res->flops = bench_call_flops(&res->call, p->is_complex);
    res->intensity = res->flops / res->bytes;
    {
        const double written = bench_call_written_bytes(&res->call, p->elemsize);
        res->bandwidth = bench_roof_bandwidth(machine, res->bytes - written, written);
    }
    if (gemt) {
        res->roofline = res->bandwidth;
    } else {
        res->roofline = res->intensity * res->bandwidth;
        if (machine->peak[bcase->precision] > 0 && machine->peak[bcase->precision] < res->roofline)
            res->roofline = machine->peak[bcase->precision];
    }

    settle(t);
    bench_watchdog_step("tsblas");
    code = time_median(t, run_tsblas, &res->call, reps, &res->t_tsblas, &res->runs_tsblas);
    if (code != 0) {
        tsblas_failed(res, code);
        return;
    }
    if (gemt)
        settle(t);
    bench_watchdog_step(gemt ? t->baseline_gemt_name : t->baseline_gemm_name);
    code = time_median(t, baseline, &base_call, reps, &res->t_baseline, &res->runs_baseline);
    if (code != 0) {
        res->status = BENCH_ERROR;
        snprintf(res->message, sizeof res->message, "the %s baseline failed with code %d",
                 gemt ? t->baseline_gemt_name : t->baseline_gemm_name, code);
        return;
    }

    /* With beta != 0 the timed runs kept updating C: start both sides
       again from the same C (a copy of A) for the check. */
    if (beta != 0 && !gemt) {
        double seconds;
        if (t->copy(t, res->call.c, bufs->a, count * p->elemsize) != 0
            || t->copy(t, base_call.c, bufs->a, count * p->elemsize) != 0) {
            res->status = BENCH_ERROR;
            snprintf(res->message, sizeof res->message, "resetting C for the check failed");
            return;
        }
        if (t->time(t, run_tsblas, &res->call, &seconds, &code) != 0 || code != 0) {
            tsblas_failed(res, code);
            return;
        }
        if (t->time(t, baseline, &base_call, &seconds, &code) != 0 || code != 0) {
            res->status = BENCH_ERROR;
            snprintf(res->message, sizeof res->message, "the baseline failed with code %d",
                     code);
            return;
        }
    }
    bench_watchdog_step("the check");
    if (t->max_abs_diff(t, bcase->precision, res->call.c, base_call.c, count, &diff) != 0) {
        res->status = BENCH_ERROR;
        snprintf(res->message, sizeof res->message, "comparing the results failed");
        return;
    }
    bound = check_bound(&res->call, p);
    res->check_ratio = diff / bound;
    if (!(res->check_ratio <= BENCH_CHECK_LIMIT)) {
        res->status = BENCH_MISMATCH;
        snprintf(res->message, sizeof res->message,
                 "results differ: max |C_tsblas - C_%s| = %.3e, %.1f times the bound %.3e",
                 gemt ? t->baseline_gemt_name : t->baseline_gemm_name, diff,
                 res->check_ratio, bound);
    }
    explain_above_roof(machine, res);

    /* In the caches, after the check (the calls write the start of C), on
       one thread: OpenMP threads that sleep between calls (passive wait,
       as the BLAS's spinning threads make the benchmark ask for) took up to
       0.4 ms a call to wake on the 2-core development machine, half the
       time of a call whose operands fit its caches.  The calls are short,
       so at least BENCH_CACHE_REPS of them.  Small operands stay in the L2
       cache but weigh a call's fixed costs and its edge tiles more, large
       ones leave it: each size given is tried, the fastest kept. */
    if (cache_sizes != NULL && cache_sizes[0] != 0) {
        size_t i;

        settle(t);
        bench_watchdog_step("tsblas in cache");
        if (t->use_threads != NULL)
            t->use_threads(t, 1);
        for (i = 0; cache_sizes[i] != 0; i++) {
            struct bench_buffers cached = *bufs;
            struct bench_call call;
            char why[sizeof res->message];
            double seconds, bytes, flops;
            int runs;

            /* a size past the buffers is no size in cache */
            if (cache_sizes[i] >= bufs->bytes)
                continue;
            cached.bytes = cache_sizes[i];
            if (bench_make_call(bcase, &cached, alpha, beta, &call, why, sizeof why) != 0)
                continue;
            code = time_median(t, run_tsblas, &call,
                               reps > BENCH_CACHE_REPS ? reps : BENCH_CACHE_REPS, &seconds,
                               &runs);
            if (code != 0) {
                res->t_cache = 0;
                tsblas_failed(res, code);
                break;
            }
            bytes = bench_call_bytes(&call, p->elemsize);
            flops = bench_call_flops(&call, p->is_complex);
            if (res->t_cache == 0
                || (gemt ? bytes / seconds > res->cache_bytes / res->t_cache
                         : flops / seconds > res->cache_flops / res->t_cache)) {
                res->cache_call = call;
                res->cache_bytes = bytes;
                res->cache_flops = flops;
                res->t_cache = seconds;
                res->runs_cache = runs;
            }
        }
        if (t->use_threads != NULL)
            t->use_threads(t, t->threads);
        res->cache_threads = t->threads;
    }
}
