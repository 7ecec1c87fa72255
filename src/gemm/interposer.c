/*
 * interposer.c: the state of libtsblas_gemm that every precision shares.
 *
 * Purpose
 * =======
 * Reads the environment once (TSBLAS_GEMM, TSBLAS_GEMM_VERBOSE,
 * TSBLAS_GEMM_BLAS), finds the real BLAS's symbols, keeps the per-thread
 * mark of a call inside tsblas, counts the calls per precision and
 * destination, and prints those counts at exit when TSBLAS_GEMM_VERBOSE
 * is set.  The counters are atomic: any number of threads may call.
 */
#define _GNU_SOURCE
#include <config.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "interposer.h"

static enum gemm_mode mode = GEMM_ON;
static int verbose;
static void *named_blas;            /* dlopen of TSBLAS_GEMM_BLAS, if set */
static pthread_once_t environment_once = PTHREAD_ONCE_INIT;
static __thread int inside;

static const char precision_letters[] = "SDCZ";
/* The tsblas routines of the destinations; the BLAS is named apart. */
static const char *const routine_names[GEMM_TO_BLAS] = { "TSMTTSM", "TSMM", "MTSM" };
static const char *const call_names[GEMM_CALLS] = { "GEMM", "SYRK", "HERK" };
static unsigned long calls[GEMM_CALLS][4][GEMM_DESTINATIONS];
static unsigned long nanoseconds[GEMM_CALLS][4][GEMM_DESTINATIONS];
static unsigned long failures;

static void read_environment(void)
{
    const char *value = getenv("TSBLAS_GEMM");
    const char *blas = getenv("TSBLAS_GEMM_BLAS");

    if (value != NULL && *value != '\0') {
        if (strcasecmp(value, "off") == 0 || strcmp(value, "0") == 0)
            mode = GEMM_OFF;
        else if (strcasecmp(value, "all") == 0)
            mode = GEMM_ALL;
        else if (strcasecmp(value, "on") != 0 && strcmp(value, "1") != 0)
            fprintf(stderr, "libtsblas_gemm: TSBLAS_GEMM=%s is none of off, on, all; "
                            "taken as on\n", value);
    }
    value = getenv("TSBLAS_GEMM_VERBOSE");
    verbose = value != NULL && *value != '\0' && strcmp(value, "0") != 0;
    if (blas != NULL && *blas != '\0') {
        named_blas = dlopen(blas, RTLD_NOW | RTLD_LOCAL);
        if (named_blas == NULL)
            fprintf(stderr, "libtsblas_gemm: TSBLAS_GEMM_BLAS=%s: %s\n", blas, dlerror());
    }
}

enum gemm_mode tsblas_gemm_mode(void)
{
    pthread_once(&environment_once, read_environment);
    return mode;
}

int tsblas_gemm_verbose(void)
{
    pthread_once(&environment_once, read_environment);
    return verbose;
}

int tsblas_gemm_inside(void)
{
    return inside;
}

void tsblas_gemm_enter(void)
{
    inside = 1;
}

void tsblas_gemm_leave(void)
{
    inside = 0;
}

/* The library TSBLAS_GEMM_BLAS names is asked first: it is there for link
   orders that put the BLAS before this library, where RTLD_NEXT finds
   nothing or the wrong thing. */
void *tsblas_gemm_real(const char *symbol)
{
    pthread_once(&environment_once, read_environment);
    if (named_blas != NULL)
        return dlsym(named_blas, symbol);
    return dlsym(RTLD_NEXT, symbol);
}

double tsblas_gemm_now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void tsblas_gemm_count(enum gemm_call call, int precision, enum gemm_destination destination,
                       double seconds)
{
    __atomic_fetch_add(&calls[call][precision][destination], 1, __ATOMIC_RELAXED);
    if (seconds > 0)
        __atomic_fetch_add(&nanoseconds[call][precision][destination],
                           (unsigned long)(seconds * 1e9), __ATOMIC_RELAXED);
}

void tsblas_gemm_failed(const char *routine, int code, const char *message)
{
    __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);
    fprintf(stderr, "libtsblas_gemm: %s failed (tsblas error %d: %s)\n", routine, code,
            message != NULL ? message : "no message");
}

void tsblas_gemm_no_blas(const char *symbol)
{
    static int said;

    if (__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED) == 0)
        fprintf(stderr, "libtsblas_gemm: no BLAS defines %s after libtsblas_gemm: link "
                        "-ltsblas_gemm before the BLAS, or name the BLAS in "
                        "TSBLAS_GEMM_BLAS; such calls are not computed\n", symbol);
}

/* The verbose report: one line per routine, precision and destination that
   had a call, and the failures. */
__attribute__((destructor)) static void report(void)
{
    static const char *const mode_names[] = { "off", "on", "all" };
    int r, p, d, any = 0;

    if (!tsblas_gemm_verbose())
        return;
    fprintf(stderr, "libtsblas_gemm: TSBLAS_GEMM=%s; calls by destination\n",
            mode_names[mode]);
    fprintf(stderr, "libtsblas_gemm: %-8s %-12s %12s %12s\n", "call", "sent to", "calls",
            "seconds");
    for (r = 0; r < GEMM_CALLS; r++)
        for (p = 0; p < 4; p++)
            for (d = 0; d < GEMM_DESTINATIONS; d++)
                if (calls[r][p][d] != 0) {
                    char routine[16];

                    if (d == GEMM_TO_BLAS)
                        snprintf(routine, sizeof routine, "BLAS");
                    else
                        snprintf(routine, sizeof routine, "%c%s", precision_letters[p],
                                 routine_names[d]);
                    fprintf(stderr, "libtsblas_gemm: %c%-7s %-12s %12lu %12.6f\n",
                            precision_letters[p], call_names[r], routine, calls[r][p][d],
                            1e-9 * (double)nanoseconds[r][p][d]);
                    any = 1;
                }
    if (!any)
        fprintf(stderr, "libtsblas_gemm: no calls\n");
    if (failures != 0)
        fprintf(stderr, "libtsblas_gemm: %lu routed calls failed\n", failures);
}
