/*
 * tsblas_bench: times the tsblas routines against the BLAS (and cuBLAS) on
 * the same shapes in one run, and places every case under the roofline
 * min(I*b, P) of the machine it runs on, measured by the same run.
 *
 * Usage: tsblas_bench [options]; tsblas_bench --help lists them, and
 * doc/benchmark.md says how to read the table.
 */
#include <config.h>
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include "bench.h"

#define MIB ((size_t)1 << 20)
#define GIB ((size_t)1 << 30)

struct options {
    struct bench_sweep_spec spec;
    int host, gpu, smoke, full;
    size_t bytes, bw_bytes;             /* 0: the target's default */
    int rows_multiple;                  /* 0: the long dimension as the bytes give it */
    int rows_remainder;                 /* the long dimension's remainder by it */
    int reps, peak_n;                   /* 0: the target's default */
    double beta;
    int beta_given;
    unsigned case_timeout;              /* seconds without progress; 0: none */
    double settle;                      /* < 0: the default */
    size_t cache_sizes[BENCH_MAX_CACHE_SIZES + 1];  /* --in-cache, ended by a 0 */
    const char *csv_path;
};

/* -------------------------------------------------------------- options */

static void usage(FILE *out)
{
    fprintf(out,
"Usage: tsblas_bench [OPTION]...\n"
"Times the tsblas routines and the BLAS (cuBLAS with --gpu) on the same shapes and\n"
"inputs, measures the machine's read, copy and write bandwidth and peak rate P (on the\n"
"host the cores' FMA rate, beside the BLAS's square xGEMM rate; on the GPU\n"
"cuBLAS's xGEMM rate) in the same run, and prints per case: time, GB/s, Gflop/s,\n"
"arithmetic intensity, the roofline min(I*b, P), %% of it, and the speedup over\n"
"the baseline; on the host a case above its roofline says why.\n"
"\n"
"What runs (default: a short sweep, D and Z TSMTTSM and TSMM at widths 1,4,16,64 in\n"
"both storage orders, D MTSM and GEMT at widths 4,16; under a minute on 2 cores):\n"
"  --full              the full sweep: S/D/C/Z, both orders, TSMTTSM and TSMM at\n"
"                      widths 1..64 and the pairs 1x64,64x1,4x32,32x4,3x17,17x33,2x8,\n"
"                      MTSM and GEMT at widths 1,2,4,...,64\n"
"  --smoke             tiny sizes, one run each, every routine and precision: checks\n"
"                      tsblas against the baseline and exits 1 on a mismatch\n"
"  --routines LIST     tsmttsm,tsmm,mtsm,gemt (or all)\n"
"  --precisions LIST   letters of s,d,c,z, e.g. dz (or all)\n"
"  --orders LIST       col (column-major block vectors), int (interleaved), or both\n"
"  --widths LIST       widths P = Q, e.g. 1,4,16,64 or 1-16,32 (every routine; it\n"
"                      drops the sweep's pairs), or none\n"
"  --pairs LIST        non-square PxQ for TSMTTSM and TSMM, e.g. 1x64,3x17, or none\n"
"  --gemt-trans OP     TRANS of GEMT: T (default: block vectors to the other\n"
"                      storage order), C (conjugated, complex), N (a scaled copy)\n"
"  --gemt-square       GEMT also on the square matrix of the largest order within\n"
"                      --bytes (as MTSM's; column-major, in the col order)\n"
"\n"
"Where (default: the host):\n"
"  --gpu               on device memory (cudaMalloc) against cuBLAS instead\n"
"  --host              on the host too (with --gpu)\n"
"\n"
"How:\n"
"  --bytes SIZE        size of the largest tall operand (default 64M on the host,\n"
"                      256M with --full, 4G with --gpu); suffixes K, M, G (binary)\n"
"  --rows-multiple N   round the long dimension of TSMTTSM, TSMM and GEMT (the rows\n"
"                      of the block vectors, and so the LD of column-major ones)\n"
"                      down to a multiple of N: 4 puts every column of a float\n"
"                      block vector on a 16-byte boundary (default: as --bytes\n"
"                      gives it)\n"
"  --rows-remainder R  with --rows-multiple N, the long dimension R more than a\n"
"                      multiple of N (0 <= R < N; default 0): 1 puts the columns\n"
"                      of a column-major block vector on every element boundary\n"
"  --reps N            timed runs per side after one warm-up, median reported\n"
"                      (default 5 on the host, 3 with --full; 10 on the GPU)\n"
"  --beta VALUE        beta of the GEMM-shaped calls (default 0: C not read)\n"
"  --bw-bytes SIZE     memory swept by the bandwidth kernels (default: 1G or 4 times\n"
"                      the largest cache on the host; 8G on the GPU, at most a\n"
"                      quarter of its free memory, at least 32 times L2)\n"
"  --peak-n N          order of the square xGEMM whose rate is measured (the\n"
"                      GPU's P; on the host reported beside P) (default on the\n"
"                      host 2000 real, 1400 complex on 2 threads, times the cube\n"
"                      root of threads/2; 8192 on the GPU)\n"
"  --case-timeout SEC  give up (exit 124) when one step takes longer (default 600;\n"
"                      0: never)\n"
"  --settle SEC        pause before timing OpenMP code on the host, so that the\n"
"                      BLAS's threads, which spin after each call, are idle\n"
"                      (default 0.15; 0 with --smoke)\n"
"  --in-cache LIST     on the host, also time tsblas on each case on one thread\n"
"                      with the largest tall operand cut to each size of LIST (as\n"
"                      --bytes; at most 4, e.g. 256K,1M,4M), so that the operands\n"
"                      stay in the caches, and print the fastest of them times\n"
"                      the threads as %% of the case's roofline: a case under its\n"
"                      goal in cache too is bound by arithmetic, else by memory\n"
"  --csv FILE          also write every row to FILE as CSV\n"
"  --help              this text\n"
"\n"
"Exit status: 0; 1 when a case failed or tsblas and the baseline disagree; 2 on a\n"
"usage error; 77 when --gpu finds no usable GPU (or the library has no CUDA).\n"
"See doc/benchmark.md for how to read the table.\n");
}

static int parse_size(const char *s, size_t *out)
{
    char *end;
    double v;

    errno = 0;
    v = strtod(s, &end);
    if (errno != 0 || end == s || v <= 0)
        return -1;
    switch (toupper((unsigned char)*end)) {
    case 'K': v *= 1024.0; end++; break;
    case 'M': v *= 1024.0 * 1024.0; end++; break;
    case 'G': v *= 1024.0 * 1024.0 * 1024.0; end++; break;
    default: break;
    }
    if (strcmp(end, "") != 0 && strcasecmp(end, "iB") != 0 && strcasecmp(end, "B") != 0)
        return -1;
    if (v < 1 || v > 1e15)
        return -1;
    *out = (size_t)v;
    return 0;
}

/* SIZES := the sizes of a comma-separated LIST, at most
   BENCH_MAX_CACHE_SIZES of them, then a 0. */
static int parse_size_list(const char *list, size_t *sizes)
{
    char item[64];
    int n = 0;

    while (*list != '\0') {
        size_t len = strcspn(list, ",");
        if (len == 0 || len >= sizeof item || n == BENCH_MAX_CACHE_SIZES)
            return -1;
        memcpy(item, list, len);
        item[len] = '\0';
        if (parse_size(item, &sizes[n++]) != 0)
            return -1;
        list += len + (list[len] == ',');
    }
    sizes[n] = 0;
    return n > 0 ? 0 : -1;
}

static int parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

/* "1,4,16" or "1-16,32": widths in 1..1024; "none" for none. */
static int parse_widths(const char *s, int *widths, int *n)
{
    char *copy, *save = NULL, *item;
    int count = 0, ok;

    *n = 0;
    if (strcmp(s, "none") == 0)
        return 0;
    copy = strdup(s);
    ok = copy != NULL;
    for (item = ok ? strtok_r(copy, ",", &save) : NULL; ok && item != NULL;
         item = strtok_r(NULL, ",", &save)) {
        int lo, hi, w;
        char *dash = strchr(item, '-');
        if (dash != NULL) {
            *dash = '\0';
            ok = parse_int(item, 1, 1024, &lo) == 0 && parse_int(dash + 1, lo, 1024, &hi) == 0;
        } else {
            ok = parse_int(item, 1, 1024, &lo) == 0;
            hi = lo;
        }
        for (w = lo; ok && w <= hi; w++) {
            ok = count < BENCH_MAX_WIDTHS;
            if (ok)
                widths[count++] = w;
        }
    }
    free(copy);
    *n = count;
    return ok ? 0 : -1;
}

/* "1x64,3x17" or "none". */
static int parse_pairs(const char *s, int (*pairs)[2], int *n)
{
    char *copy, *save = NULL, *item;
    int count = 0, ok;

    *n = 0;
    if (strcmp(s, "none") == 0)
        return 0;
    copy = strdup(s);
    ok = copy != NULL;
    for (item = ok ? strtok_r(copy, ",", &save) : NULL; ok && item != NULL;
         item = strtok_r(NULL, ",", &save)) {
        char *x = strchr(item, 'x');
        ok = x != NULL && count < BENCH_MAX_WIDTHS;
        if (ok) {
            *x = '\0';
            ok = parse_int(item, 1, 1024, &pairs[count][0]) == 0
                 && parse_int(x + 1, 1, 1024, &pairs[count][1]) == 0;
            count++;
        }
    }
    free(copy);
    *n = count;
    return ok ? 0 : -1;
}

/* Bit mask of the names of LIST found in NAMES (case-insensitive); "all"
   is every one.  Returns 0 when a name is unknown. */
static unsigned parse_names(const char *list, const char *const *names, int nnames)
{
    char *copy = strdup(list), *save = NULL, *item;
    unsigned mask = 0;
    int i, ok = copy != NULL;

    for (item = ok ? strtok_r(copy, ",", &save) : NULL; ok && item != NULL;
         item = strtok_r(NULL, ",", &save)) {
        if (strcasecmp(item, "all") == 0 || strcasecmp(item, "both") == 0) {
            mask |= (1u << nnames) - 1;
            continue;
        }
        for (i = 0; i < nnames && strcasecmp(item, names[i]) != 0; i++)
            ;
        ok = i < nnames;
        mask |= 1u << i;
    }
    free(copy);
    return ok ? mask : 0;
}

static unsigned parse_precisions(const char *list)
{
    static const char letters[] = "sdcz";
    unsigned mask = 0;
    const char *s;

    if (strcasecmp(list, "all") == 0)
        return 0xfu;
    for (s = list; *s != '\0'; s++) {
        const char *hit = *s == ',' ? NULL : strchr(letters, tolower((unsigned char)*s));
        if (*s == ',')
            continue;
        if (hit == NULL)
            return 0;
        mask |= 1u << (hit - letters);
    }
    return mask;
}

enum {
    OPT_FULL = 256, OPT_SMOKE, OPT_ROUTINES, OPT_PRECISIONS, OPT_ORDERS, OPT_WIDTHS,
    OPT_PAIRS, OPT_GEMT_TRANS, OPT_GEMT_SQUARE, OPT_GPU, OPT_HOST, OPT_BYTES,
    OPT_ROWS_MULTIPLE, OPT_ROWS_REMAINDER, OPT_REPS, OPT_BETA, OPT_BW_BYTES, OPT_PEAK_N,
    OPT_CASE_TIMEOUT, OPT_SETTLE, OPT_IN_CACHE, OPT_CSV, OPT_HELP
};

/* Fills OPT from the command line; returns 0, 1 after --help, or 2. */
static int parse_options(int argc, char **argv, struct options *opt)
{
    /* In the order of the OPT_ values: the error message indexes it. */
    static const struct option longopts[] = {
        { "full", no_argument, NULL, OPT_FULL },
        { "smoke", no_argument, NULL, OPT_SMOKE },
        { "routines", required_argument, NULL, OPT_ROUTINES },
        { "precisions", required_argument, NULL, OPT_PRECISIONS },
        { "orders", required_argument, NULL, OPT_ORDERS },
        { "widths", required_argument, NULL, OPT_WIDTHS },
        { "pairs", required_argument, NULL, OPT_PAIRS },
        { "gemt-trans", required_argument, NULL, OPT_GEMT_TRANS },
        { "gemt-square", no_argument, NULL, OPT_GEMT_SQUARE },
        { "gpu", no_argument, NULL, OPT_GPU },
        { "host", no_argument, NULL, OPT_HOST },
        { "bytes", required_argument, NULL, OPT_BYTES },
        { "rows-multiple", required_argument, NULL, OPT_ROWS_MULTIPLE },
        { "rows-remainder", required_argument, NULL, OPT_ROWS_REMAINDER },
        { "reps", required_argument, NULL, OPT_REPS },
        { "beta", required_argument, NULL, OPT_BETA },
        { "bw-bytes", required_argument, NULL, OPT_BW_BYTES },
        { "peak-n", required_argument, NULL, OPT_PEAK_N },
        { "case-timeout", required_argument, NULL, OPT_CASE_TIMEOUT },
        { "settle", required_argument, NULL, OPT_SETTLE },
        { "in-cache", required_argument, NULL, OPT_IN_CACHE },
        { "csv", required_argument, NULL, OPT_CSV },
        { "help", no_argument, NULL, OPT_HELP },
        { NULL, 0, NULL, 0 }
    };
    const char *routines = NULL, *precisions = NULL, *orders = NULL, *widths = NULL;
    const char *pairs = NULL, *gemt_trans = NULL;
    int c, r, timeout = 600, gemt_square = 0;

    memset(opt, 0, sizeof *opt);
    opt->settle = -1;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        int bad = 0;
        switch (c) {
        case OPT_FULL: opt->full = 1; break;
        case OPT_SMOKE: opt->smoke = 1; break;
        case OPT_ROUTINES: routines = optarg; break;
        case OPT_PRECISIONS: precisions = optarg; break;
        case OPT_ORDERS: orders = optarg; break;
        case OPT_WIDTHS: widths = optarg; break;
        case OPT_PAIRS: pairs = optarg; break;
        case OPT_GEMT_TRANS: gemt_trans = optarg; break;
        case OPT_GEMT_SQUARE: gemt_square = 1; break;
        case OPT_GPU: opt->gpu = 1; break;
        case OPT_HOST: opt->host = 1; break;
        case OPT_BYTES: bad = parse_size(optarg, &opt->bytes); break;
        case OPT_ROWS_MULTIPLE: bad = parse_int(optarg, 1, 4096, &opt->rows_multiple); break;
        case OPT_ROWS_REMAINDER: bad = parse_int(optarg, 0, 4095, &opt->rows_remainder); break;
        case OPT_REPS: bad = parse_int(optarg, 1, 1000, &opt->reps); break;
        case OPT_BETA: {
            char *end;
            opt->beta = strtod(optarg, &end);
            bad = end == optarg || *end != '\0';
            opt->beta_given = 1;
            break;
        }
        case OPT_BW_BYTES: bad = parse_size(optarg, &opt->bw_bytes); break;
        case OPT_PEAK_N: bad = parse_int(optarg, 16, 65536, &opt->peak_n); break;
        case OPT_CASE_TIMEOUT: bad = parse_int(optarg, 0, INT_MAX, &timeout); break;
        case OPT_SETTLE: {
            char *end;
            opt->settle = strtod(optarg, &end);
            bad = end == optarg || *end != '\0' || opt->settle < 0 || opt->settle > 60;
            break;
        }
        case OPT_IN_CACHE: bad = parse_size_list(optarg, opt->cache_sizes); break;
        case OPT_CSV: opt->csv_path = optarg; break;
        case OPT_HELP: usage(stdout); return 1;
        default: usage(stderr); return 2;
        }
        if (bad) {
            fprintf(stderr, "tsblas_bench: bad value '%s' of --%s\n", optarg,
                    longopts[c - OPT_FULL].name);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "tsblas_bench: unexpected argument '%s' (see --help)\n", argv[optind]);
        return 2;
    }
    if (opt->rows_remainder > 0 && opt->rows_remainder >= opt->rows_multiple) {
        fprintf(stderr, "tsblas_bench: --rows-remainder %d needs --rows-multiple above it\n",
                opt->rows_remainder);
        return 2;
    }
    opt->case_timeout = (unsigned)timeout;
    if (!opt->gpu)
        opt->host = 1;
    if (opt->smoke)
        bench_spec_smoke(&opt->spec);
    else if (opt->full)
        bench_spec_full(&opt->spec);
    else
        bench_spec_default(&opt->spec);
    if (opt->smoke && !opt->beta_given)
        opt->beta = 0.5;    /* the smoke run checks the C-reading path too */

    /* The selections replace what the sweep chose, for every routine. */
    if (precisions != NULL) {
        unsigned mask = parse_precisions(precisions);
        if (mask == 0) {
            fprintf(stderr, "tsblas_bench: bad --precisions '%s' (letters of sdcz)\n", precisions);
            return 2;
        }
        for (r = 0; r < BENCH_NROUTINES; r++)
            opt->spec.precisions[r] = mask;
    }
    if (orders != NULL) {
        unsigned mask = parse_names(orders, bench_order_names, BENCH_NORDERS);
        if (mask == 0) {
            fprintf(stderr, "tsblas_bench: bad --orders '%s' (col, int or both)\n", orders);
            return 2;
        }
        for (r = 0; r < BENCH_NROUTINES; r++)
            opt->spec.orders[r] = mask;
    }
    if (widths != NULL) {
        int list[BENCH_MAX_WIDTHS], n;
        if (parse_widths(widths, list, &n) != 0) {
            fprintf(stderr, "tsblas_bench: bad --widths '%s' (e.g. 1,4,16 or 1-64)\n", widths);
            return 2;
        }
        for (r = 0; r < BENCH_NROUTINES; r++) {
            memcpy(opt->spec.widths[r], list, (size_t)n * sizeof(int));
            opt->spec.nwidths[r] = n;
            opt->spec.npairs[r] = 0;
        }
    }
    if (pairs != NULL) {
        int list[BENCH_MAX_WIDTHS][2], n;
        if (parse_pairs(pairs, list, &n) != 0) {
            fprintf(stderr, "tsblas_bench: bad --pairs '%s' (e.g. 1x64,3x17, or none)\n", pairs);
            return 2;
        }
        for (r = BENCH_TSMTTSM; r <= BENCH_TSMM; r++) {
            memcpy(opt->spec.pairs[r], list, (size_t)n * sizeof list[0]);
            opt->spec.npairs[r] = n;
        }
    }
    if (gemt_trans != NULL) {
        if (strlen(gemt_trans) != 1 || strchr("NTC", gemt_trans[0]) == NULL) {
            fprintf(stderr, "tsblas_bench: bad --gemt-trans '%s' (N, T or C)\n", gemt_trans);
            return 2;
        }
        opt->spec.gemt_trans = gemt_trans[0];
    }
    if (gemt_square)
        opt->spec.gemt_square = 1;
    if (routines != NULL) {
        unsigned mask = parse_names(routines, bench_routine_names, BENCH_NROUTINES);
        if (mask == 0) {
            fprintf(stderr, "tsblas_bench: bad --routines '%s' (tsmttsm,tsmm,mtsm,gemt)\n",
                    routines);
            return 2;
        }
        for (r = 0; r < BENCH_NROUTINES; r++)
            if (!(mask & (1u << r)))
                opt->spec.precisions[r] = 0;
    }
    return 0;
}

/* ---------------------------------------------------------------- a sweep */

static unsigned spec_precisions(const struct bench_sweep_spec *spec)
{
    unsigned mask = 0;
    int r;
    for (r = 0; r < BENCH_NROUTINES; r++)
        mask |= spec->precisions[r];
    return mask;
}

static void print_size(FILE *out, size_t bytes)
{
    if (bytes >= GIB && bytes % (GIB / 16) == 0)
        fprintf(out, "%g GiB", (double)bytes / (double)GIB);
    else if (bytes >= MIB)
        fprintf(out, "%.4g MiB", (double)bytes / (double)MIB);
    else
        fprintf(out, "%.4g KiB", (double)bytes / 1024.0);
}

/* Runs every case of OPT on target T with buffers BUFS (and in the caches
   with tall operands of the CACHE_SIZES, unless NULL); returns the number of
   cases that failed or disagreed, or -1 when the target broke down. */
static int run_sweep(const struct options *opt, struct bench_target *t,
                     struct bench_buffers *bufs, const struct bench_machine *machine,
                     int reps, double beta, const size_t *cache_sizes, FILE *csv)
{
    struct bench_case *cases;
    struct bench_result *results;
    int ncases = bench_spec_cases(&opt->spec, &cases), i, failed = 0, filled = -1;

    results = malloc((size_t)(ncases > 0 ? ncases : 1) * sizeof *results);
    if (cases == NULL || results == NULL) {
        fprintf(stderr, "tsblas_bench: out of memory for the list of cases\n");
        free(cases);
        free(results);
        return -1;
    }
    bench_print_table_header(stdout, t, cache_sizes != NULL && cache_sizes[0] != 0);
    for (i = 0; i < ncases; i++) {
        const struct bench_case *c = &cases[i];
        char what[96];

        /* S and C share float data, D and Z double data. */
        if (filled != (int)bench_precisions[c->precision]->realsize) {
            bench_watchdog_task("filling the operands");
            if (t->fill(t, c->precision, bufs) != 0) {
                failed = -1;
                break;
            }
            filled = (int)bench_precisions[c->precision]->realsize;
        }
        if (c->square)
            snprintf(what, sizeof what, "%s %c square on the %s", bench_routine_names[c->routine],
                     bench_precisions[c->precision]->letter, t->name);
        else
            snprintf(what, sizeof what, "%s %c %s %dx%d on the %s",
                     bench_routine_names[c->routine], bench_precisions[c->precision]->letter,
                     bench_order_names[c->order], c->p, c->q, t->name);
        bench_watchdog_task(what);
        bench_run_case(t, c, bufs, machine, reps, 1.0, beta, cache_sizes, &results[i]);
        bench_print_row(stdout, t, &results[i]);
        if (csv != NULL) {
            bench_csv_row(csv, t, machine, &results[i]);
            /* A sweep stopped by a time limit keeps the rows it measured. */
            fflush(csv);
        }
        fflush(stdout);
        if (results[i].status == BENCH_MISMATCH || results[i].status == BENCH_ERROR)
            failed++;
        if (t->healthy(t) != 0) {
            fprintf(stderr, "tsblas_bench: the %s cannot go on after %s\n", t->name, what);
            failed = -1;
            i++;
            break;
        }
    }
    bench_watchdog_stop();
    bench_print_summary(stdout, t, results, i);
    free(cases);
    free(results);
    return failed;
}

/* ------------------------------------------------------------------ host */

/* The order of the BLAS's square xGEMM on the host: 2000 (real)
   on 2 threads, growing with the cube root of the threads so that each one
   keeps its share of work; complex matrices have four times the flops. */
static int default_peak_n(const struct bench_precision *prec)
{
    double threads = omp_get_max_threads() > 2 ? omp_get_max_threads() : 2;
    double n = 2000.0 * cbrt(threads / 2.0) * (prec->is_complex ? 0.7 : 1.0);
    return n < 6000 ? (int)(n / 100) * 100 : 6000;
}

/* P of precision P on the host: the cores' FMA rate, the physical limit
   (bench_host_fma_peak says why S and C get twice that of D); the BLAS's
   xGEMM rate where the CPU has no FMA loop here. */
static void set_host_peak(struct bench_machine *machine, int p)
{
    static const char *const how[BENCH_NPRECISIONS] = {
        "(twice the FMA rate: twice the lanes a vector)",
        "(the FMA rate)",
        "(as S: a complex multiply-add is 4 FMAs, 8 flops)",
        "(as D: a complex multiply-add is 4 FMAs, 8 flops)",
    };

    if (machine->fma_rate > 0) {
        machine->peak[p] = bench_host_fma_peak(machine->fma_rate, p);
        snprintf(machine->peak_how[p], sizeof machine->peak_how[p], "%s", how[p]);
    } else {
        machine->peak[p] = machine->blas_gemm[p];
        snprintf(machine->peak_how[p], sizeof machine->peak_how[p],
                 "(the BLAS's xGEMM: no FMA loop for this CPU)");
    }
}

static int run_host(const struct options *opt, FILE *csv)
{
    struct bench_target t;
    struct bench_machine machine;
    struct bench_buffers bufs;
    const unsigned precisions = spec_precisions(&opt->spec);
    /* The full sweep is long on a small host: fewer runs per case. */
    const int reps = opt->reps > 0 ? opt->reps : opt->smoke ? 1 : opt->full ? 3 : 5;
    const int runs = opt->smoke ? 1 : 5;
    size_t bytes = opt->bytes, bw_bytes = opt->bw_bytes, cache = bench_largest_cache_bytes();
    char read_rates[200], copy_rates[80], write_rates[60];
    int p, failed;

    if (bytes == 0)
        bytes = opt->smoke ? 192 * 1024 : opt->full ? 256 * MIB : 64 * MIB;
    if (bw_bytes == 0)
        bw_bytes = opt->smoke ? 4 * MIB : (4 * cache > GIB ? 4 * cache : GIB);

    bench_host_target(&t);
    t.settle = opt->settle >= 0 ? opt->settle : opt->smoke ? 0.0 : 0.15;
    memset(&machine, 0, sizeof machine);
    printf("tsblas_bench %s on the host: %d OpenMP threads, largest tall operand ", TSBLAS_VERSION,
           omp_get_max_threads());
    print_size(stdout, bytes);
    printf(", median of %d runs after a warm-up\n", reps);
    fflush(stdout);

    bench_watchdog_task("measuring the host's bandwidth");
    machine.read_bw = bench_host_read_bandwidth(bw_bytes, runs, read_rates, sizeof read_rates);
    machine.copy_bw = bench_host_copy_bandwidth(bw_bytes, runs, copy_rates, sizeof copy_rates);
    machine.write_bw =
        bench_host_write_bandwidth(bw_bytes, runs, write_rates, sizeof write_rates);
    if (machine.read_bw <= 0 || machine.copy_bw <= 0 || machine.write_bw <= 0) {
        fprintf(stderr, "tsblas_bench: no memory for the bandwidth arrays (--bw-bytes)\n");
        return 1;
    }
    snprintf(machine.read_how, sizeof machine.read_how,
             "(sum of %.0f MiB, best of %d runs of each kernel: %s; largest cache %.0f MiB)",
             (double)bw_bytes / (double)MIB, runs, read_rates, (double)cache / (double)MIB);
    snprintf(machine.copy_how, sizeof machine.copy_how,
             "(a = b over 2 x %.0f MiB, read + write bytes, best of %d runs of each: %s)",
             (double)bw_bytes / 2 / (double)MIB, runs, copy_rates);
    snprintf(machine.write_how, sizeof machine.write_how,
             "(x = 0 over %.0f MiB, best of %d runs of each: %s)", (double)bw_bytes / (double)MIB,
             runs, write_rates);
    bench_watchdog_task("measuring the cores' FMA rate");
    machine.fma_rate = bench_host_fma_rate(runs, machine.fma_how, sizeof machine.fma_how);
    for (p = 0; p < BENCH_NPRECISIONS; p++) {
        const struct bench_precision *prec = bench_precisions[p];
        int n = opt->peak_n > 0 ? opt->peak_n : opt->smoke ? 128 : default_peak_n(prec);
        if (!(precisions & (1u << p)))
            continue;
        bench_watchdog_task("measuring the BLAS's xGEMM rate");
        machine.blas_gemm[p] = prec->blas_gemm_rate(n, opt->smoke ? 1 : 3);
        if (machine.blas_gemm[p] <= 0) {
            fprintf(stderr, "tsblas_bench: no memory for the square xGEMM (--peak-n)\n");
            return 1;
        }
        snprintf(machine.blas_gemm_how[p], sizeof machine.blas_gemm_how[p],
                 "(n = %d, best of %d)", n, opt->smoke ? 1 : 3);
        set_host_peak(&machine, p);
    }
    bench_watchdog_stop();
    machine.explain_above_roof = 1;
    machine.cache_bytes = cache;
    bench_print_machine(stdout, &t, &machine, precisions);
    if (bytes < cache && !opt->smoke)
        printf("  note: the tall operands (%.0f MiB) are smaller than the largest cache\n"
               "  (%.0f MiB): part of them may come from the cache, and a case may pass its\n"
               "  roofline; --bytes %.0fM keeps them in memory.\n",
               (double)bytes / (double)MIB, (double)cache / (double)MIB,
               (double)(2 * cache) / (double)MIB);

    if (bench_host_alloc(bytes, &bufs) != 0) {
        fprintf(stderr, "tsblas_bench: cannot allocate 4 buffers of %zu bytes on the host "
                        "(try a smaller --bytes)\n", bytes);
        return 1;
    }
    bufs.rows_multiple = opt->rows_multiple;
    bufs.rows_remainder = opt->rows_remainder;
    failed = run_sweep(opt, &t, &bufs, &machine, reps, opt->beta, opt->cache_sizes, csv);
    bench_host_free(&bufs);
    return failed != 0 ? 1 : 0;
}

/* ------------------------------------------------------------------- GPU */

static int run_gpu(const struct options *opt, FILE *csv)
{
#if TSBLAS_BUILT_WITH_CUDA
    struct bench_target t;
    struct bench_machine machine;
    struct bench_buffers bufs;
    const unsigned precisions = spec_precisions(&opt->spec);
    const int reps = opt->reps > 0 ? opt->reps : opt->smoke ? 1 : 10;
    size_t bytes = opt->bytes;
    int status, failed;

    if (bytes == 0)
        bytes = opt->smoke ? MIB : 4 * GIB;
    bench_watchdog_task("opening the GPU");
    status = bench_gpu_open(&t, stdout);
    bench_watchdog_stop();
    if (status != 0)
        return status == BENCH_NO_GPU ? BENCH_NO_GPU : 1;
    printf("  largest tall operand ");
    print_size(stdout, bytes);
    printf(", median of %d runs after a warm-up, cudaEvent timing\n", reps);
    memset(&machine, 0, sizeof machine);
    bench_watchdog_task("measuring the GPU's bandwidth and peak");
    status = bench_gpu_measure(&t, opt->bw_bytes > 0 ? opt->bw_bytes : opt->smoke ? 16 * MIB : 0,
                               opt->peak_n > 0 ? opt->peak_n : opt->smoke ? 256 : 8192,
                               opt->smoke ? 1 : 5, precisions, &machine);
    bench_watchdog_stop();
    if (status != 0) {
        bench_gpu_close(&t);
        return 1;
    }
    bench_print_machine(stdout, &t, &machine, precisions);
    if (bench_gpu_alloc(&t, bytes, &bufs) != 0) {
        bench_gpu_close(&t);
        return 1;
    }
    bufs.rows_multiple = opt->rows_multiple;
    bufs.rows_remainder = opt->rows_remainder;
    failed = run_sweep(opt, &t, &bufs, &machine, reps, opt->beta, NULL, csv);
    bench_gpu_free(&bufs);
    bench_gpu_close(&t);
    return failed != 0 ? 1 : 0;
#else
    (void)opt;
    (void)csv;
    fprintf(stderr, "tsblas_bench: --gpu: this tsblas was built without CUDA "
                    "(configure found no nvcc, or was given --without-cuda)\n");
    return BENCH_NO_GPU;
#endif
}

int main(int argc, char **argv)
{
    struct options opt;
    FILE *csv = NULL;
    int status = 0, gpu_status = 0;

    switch (parse_options(argc, argv, &opt)) {
    case 0: break;
    case 1: return 0;
    default: return 2;
    }
    bench_watchdog_start(opt.case_timeout);
    if (opt.csv_path != NULL) {
        csv = fopen(opt.csv_path, "w");
        if (csv == NULL) {
            fprintf(stderr, "tsblas_bench: cannot write %s: %s\n", opt.csv_path, strerror(errno));
            return 2;
        }
        bench_csv_header(csv);
    }
    if (opt.host)
        status = run_host(&opt, csv);
    if (opt.gpu) {
        if (opt.host)
            printf("\n");
        gpu_status = run_gpu(&opt, csv);
    }
    if (csv != NULL && fclose(csv) != 0) {
        fprintf(stderr, "tsblas_bench: writing %s failed\n", opt.csv_path);
        status = 1;
    }
    return status != 0 ? status : gpu_status;
}
