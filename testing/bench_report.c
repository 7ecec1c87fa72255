/*
 * bench_report.c: what tsblas_bench prints: the machine's roofline, one
 * table row per case, the geometric-mean speedups, and the CSV file.
 */
#include <config.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include "bench.h"

static const char precision_letters[BENCH_NPRECISIONS] = { 'S', 'D', 'C', 'Z' };

static const char *baseline_name(const struct bench_target *t, enum bench_routine r)
{
    return r == BENCH_GEMT ? t->baseline_gemt_name : t->baseline_gemm_name;
}

void bench_print_machine(FILE *out, const struct bench_target *t,
                         const struct bench_machine *machine, unsigned precisions)
{
    int i;

    fprintf(out, "  read bandwidth %9.1f GB/s  %s\n", machine->read_bw, machine->read_how);
    fprintf(out, "  copy bandwidth %9.1f GB/s  %s\n", machine->copy_bw, machine->copy_how);
    if (machine->write_bw > 0)
        fprintf(out, "  write bandwidth %8.1f GB/s  %s\n", machine->write_bw, machine->write_how);
    if (machine->fma_rate > 0)
        fprintf(out, "  FMA rate D     %9.1f Gflop/s  %s\n", machine->fma_rate, machine->fma_how);
    for (i = 0; i < BENCH_NPRECISIONS; i++)
        if (precisions & (1u << i))
            fprintf(out, "  peak %c         %9.1f Gflop/s  %s\n", precision_letters[i],
                    machine->peak[i], machine->peak_how[i]);
    for (i = 0; i < BENCH_NPRECISIONS; i++)
        if ((precisions & (1u << i)) && machine->blas_gemm[i] > 0)
            fprintf(out, "  %s %cgemm    %9.1f Gflop/s  %s, %.0f %% of P\n", t->baseline_gemm_name,
                    tolower((unsigned char)precision_letters[i]), machine->blas_gemm[i],
                    machine->blas_gemm_how[i], 100.0 * machine->blas_gemm[i] / machine->peak[i]);
    fprintf(out,
            "  roofline min(I*b, P): b = the bandwidth of the case's mix of reads and writes\n"
            "  (time a byte linear in the written share between read only, copy at one half\n"
            "  and write only: TSMTTSM and MTSM about the read bandwidth, GEMT and square\n"
            "  TSMM with beta = 0 the copy bandwidth); P = the peak above.  GB/s: inputs\n"
            "  read once, output written once (and read once when beta != 0).  I =\n"
            "  flop/byte (complex: 8 flops per multiply-add).  GEMT moves data only: its\n"
            "  roof is b in GB/s, its %% of GB/s.\n"
            "  Baseline: %s xGEMM on the same call; for GEMT %s.\n",
            t->baseline_gemm_name,
            t->baseline_gemt_name[0] == 'l'
                ? "a plain OpenMP transpose loop (loop)"
                : "cublasXgeam transposing (geam)");
}

void bench_print_table_header(FILE *out, const struct bench_target *t, int in_cache)
{
    char baseline[48];

    snprintf(baseline, sizeof baseline, "%s (GEMT: %s)", t->baseline_gemm_name,
             t->baseline_gemt_name);
    fprintf(out, "\n%-64s| %-34s| %-34s|%s\n", "", "tsblas", baseline,
            in_cache ? "               | tsblas in cache" : "");
    fprintf(out, "%-7s %s %-3s %10s %10s %10s %7s %8s | %9s %7s %8s %6s | %9s %7s %8s %6s | %7s %-5s%s\n",
            "routine", "p", "ord", "M", "N", "K", "I", "roof", "ms", "GB/s", "Gflop/s", "%roof",
            "ms", "GB/s", "Gflop/s", "%roof", "speedup", "check",
            in_cache ? " | %roof" : "");
}

void bench_print_row(FILE *out, const struct bench_target *t, const struct bench_result *res)
{
    const struct bench_case *c = &res->bcase;
    const struct bench_call *call = &res->call;
    const int gemt = c->routine == BENCH_GEMT;
    char intensity[16], gflops_tsblas[16], gflops_baseline[16];

    (void)t;
    fprintf(out, "%-7s %c %-3s ", bench_routine_names[c->routine],
            precision_letters[c->precision], bench_order_names[c->order]);
    if (res->status == BENCH_SKIPPED) {
        if (c->square)
            fprintf(out, "square skipped: %s\n", res->message);
        else
            fprintf(out, "%dx%d skipped: %s\n", c->p, c->q, res->message);
        return;
    }
    if (gemt)
        fprintf(out, "%10lld %10lld %10s ", (long long)call->m, (long long)call->n, "-");
    else
        fprintf(out, "%10lld %10lld %10lld ", (long long)call->m, (long long)call->n,
                (long long)call->k);
    if (res->status == BENCH_ERROR && (res->t_tsblas <= 0 || res->t_baseline <= 0)) {
        fprintf(out, "ERROR: %s\n", res->message);
        return;
    }
    if (gemt) {
        snprintf(intensity, sizeof intensity, "-");
        snprintf(gflops_tsblas, sizeof gflops_tsblas, "-");
        snprintf(gflops_baseline, sizeof gflops_baseline, "-");
    } else {
        snprintf(intensity, sizeof intensity, "%.3g", res->intensity);
        snprintf(gflops_tsblas, sizeof gflops_tsblas, "%.1f", bench_gflops(res, res->t_tsblas));
        snprintf(gflops_baseline, sizeof gflops_baseline, "%.1f",
                 bench_gflops(res, res->t_baseline));
    }
    fprintf(out, "%7s %8.1f | %9.3f %7.1f %8s %6.1f | %9.3f %7.1f %8s %6.1f | %7.2f %-5s",
            intensity, res->roofline, 1e3 * res->t_tsblas, bench_gbs(res, res->t_tsblas),
            gflops_tsblas, bench_percent_of_roofline(res, res->t_tsblas),
            1e3 * res->t_baseline, bench_gbs(res, res->t_baseline), gflops_baseline,
            bench_percent_of_roofline(res, res->t_baseline), res->t_baseline / res->t_tsblas,
            res->status == BENCH_OK ? "ok" : res->status == BENCH_MISMATCH ? "MISMATCH" : "ERROR");
    if (res->t_cache > 0)
        fprintf(out, " | %6.1f", bench_cache_percent_of_roofline(res));
    if (res->roof_note[0] != '\0')
        fprintf(out, "  note: %s", res->roof_note);
    fputc('\n', out);
    if (res->status != BENCH_OK)
        fprintf(out, "        %s\n", res->message);
}

void bench_print_summary(FILE *out, const struct bench_target *t,
                         const struct bench_result *res, int nres)
{
    int r, i, p, counts[4] = { 0, 0, 0, 0 };

    for (i = 0; i < nres; i++)
        counts[res[i].status]++;
    fprintf(out, "\ngeometric-mean speedup of tsblas over the baseline on %s (number of cases),\n"
                 "and the %% of the roofline tsblas reaches (lowest, geometric mean):\n",
            t->name);
    for (r = 0; r < BENCH_NROUTINES; r++) {
        double log_sum_all = 0, log_pct_all = 0, min_pct = INFINITY;
        int n_all = 0;
        for (p = 0; p < BENCH_NPRECISIONS; p++) {
            double log_sum = 0;
            int n = 0;
            for (i = 0; i < nres; i++) {
                if (res[i].status != BENCH_OK || res[i].bcase.routine != (enum bench_routine)r
                    || res[i].bcase.precision != p)
                    continue;
                double pct = bench_percent_of_roofline(&res[i], res[i].t_tsblas);
                log_sum += log(res[i].t_baseline / res[i].t_tsblas);
                log_pct_all += log(pct);
                if (pct < min_pct)
                    min_pct = pct;
                n++;
            }
            if (n == 0)
                continue;
            if (n_all == 0)
                fprintf(out, "  %-7s vs %-6s", bench_routine_names[r], baseline_name(t, r));
            fprintf(out, "  %c %5.2f (%d)", precision_letters[p], exp(log_sum / n), n);
            log_sum_all += log_sum;
            n_all += n;
        }
        if (n_all > 0)
            fprintf(out, "  all %5.2f (%d);  %%roof %.0f, %.0f\n", exp(log_sum_all / n_all),
                    n_all, min_pct, exp(log_pct_all / n_all));
    }
    fprintf(out, "cases: %d ok, %d mismatched, %d failed, %d skipped\n", counts[BENCH_OK],
            counts[BENCH_MISMATCH], counts[BENCH_ERROR], counts[BENCH_SKIPPED]);
}

void bench_csv_header(FILE *csv)
{
    fprintf(csv, "target,routine,precision,order,transa,transb,m,n,k,lda,ldb,ldc,alpha,beta,"
                 "bytes,flops,intensity,bandwidth_gbs,peak_gflops,roofline,roofline_unit,"
                 "tsblas_ms,tsblas_gbs,tsblas_gflops,tsblas_pct_roofline,tsblas_runs,baseline,"
                 "baseline_ms,baseline_gbs,baseline_gflops,baseline_pct_roofline,"
                 "baseline_runs,speedup,"
                 "check_ratio,status,message,"
                 "cache_m,cache_n,cache_k,cache_ms,cache_gbs,cache_gflops,"
                 "cache_pct_roofline,cache_runs,blas_gemm_gflops,fma_gflops,roof_note\n");
}

void bench_csv_row(FILE *csv, const struct bench_target *t, const struct bench_machine *m,
                   const struct bench_result *res)
{
    static const char *const status_names[] = { "ok", "mismatch", "error", "skipped" };
    const struct bench_case *c = &res->bcase;
    const struct bench_call *call = &res->call;
    const int gemt = c->routine == BENCH_GEMT;
    const char *s;

    fprintf(csv, "%s,%s,%c,%s,", t->name, bench_routine_names[c->routine],
            precision_letters[c->precision], bench_order_names[c->order]);
    if (res->status == BENCH_SKIPPED)
        fprintf(csv, ",,,,,,,,,,,,,,,,,,,,,,,,,,,,,,");
    else
        fprintf(csv,
                "%c,%c,%lld,%lld,%lld,%lld,%lld,%lld,%g,%g,%.0f,%.0f,%.6g,%.4g,%.4g,%.6g,%s,"
                "%.6g,%.6g,%.6g,%.4g,%d,%s,%.6g,%.6g,%.6g,%.4g,%d,%.4g,%.3g,",
                call->transa, gemt ? '-' : call->transb, (long long)call->m,
                (long long)call->n, gemt ? 0LL : (long long)call->k, (long long)call->lda,
                gemt ? 0LL : (long long)call->ldb, (long long)call->ldc, call->alpha,
                gemt ? 0.0 : call->beta, res->bytes, res->flops, res->intensity,
                res->bandwidth, m->peak[c->precision], res->roofline,
                gemt ? "GB/s" : "Gflop/s", 1e3 * res->t_tsblas, bench_gbs(res, res->t_tsblas),
                bench_gflops(res, res->t_tsblas),
                bench_percent_of_roofline(res, res->t_tsblas), res->runs_tsblas,
                baseline_name(t, c->routine),
                1e3 * res->t_baseline, bench_gbs(res, res->t_baseline),
                bench_gflops(res, res->t_baseline),
                bench_percent_of_roofline(res, res->t_baseline), res->runs_baseline,
                res->t_tsblas > 0 ? res->t_baseline / res->t_tsblas : 0.0, res->check_ratio);
    fprintf(csv, "%s,\"", status_names[res->status]);
    for (s = res->message; *s != '\0'; s++)
        fputc(*s == '"' ? '\'' : *s, csv);
    fprintf(csv, "\"");
    if (res->t_cache > 0)
        fprintf(csv, ",%lld,%lld,%lld,%.6g,%.6g,%.6g,%.4g,%d",
                (long long)res->cache_call.m, (long long)res->cache_call.n,
                gemt ? 0LL : (long long)res->cache_call.k, 1e3 * res->t_cache,
                res->cache_bytes / res->t_cache * 1e-9, res->cache_flops / res->t_cache * 1e-9,
                bench_cache_percent_of_roofline(res), res->runs_cache);
    else
        fprintf(csv, ",,,,,,,,");
    /* The baseline library's square xGEMM rate: the BLAS's on the host,
       on the GPU cuBLAS's, which is P there. */
    if (res->status == BENCH_SKIPPED)
        fprintf(csv, ",,");
    else
        fprintf(csv, ",%.4g,", m->blas_gemm[c->precision] > 0 ? m->blas_gemm[c->precision]
                                                               : m->peak[c->precision]);
    if (res->status != BENCH_SKIPPED && m->fma_rate > 0)
        fprintf(csv, "%.4g", m->fma_rate);
    fprintf(csv, ",\"%s\"\n", res->roof_note);
}
