/*
 * interposer.c: the state of libtsblas_gemm that every precision shares.
 *
 * Purpose
 * =======
 * Reads the environment once (TSBLAS_GEMM, TSBLAS_GEMM_VERBOSE,
 * TSBLAS_GEMM_BLAS), finds the real BLAS's symbols, keeps the per-thread
 * mark of a call inside tsblas or the real BLAS, waits for the GPU after
 * a routed call that ran there, counts the calls per routine, precision
 * and destination, and prints those counts at exit when
 * TSBLAS_GEMM_VERBOSE is set.  The counters are atomic: any number of
 * threads may call.
 */
#define _GNU_SOURCE
#include <config.h>
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "tsblas.h"
#include "interposer.h"

static enum gemm_mode mode = GEMM_ON;
static int verbose;
static const char *blas_name;       /* TSBLAS_GEMM_BLAS, if set */
static void *named_blas;            /* its dlopen, at the first forwarded call */
static pthread_once_t environment_once = PTHREAD_ONCE_INIT;
static pthread_once_t named_blas_once = PTHREAD_ONCE_INIT;
static __thread int inside;

static const char precision_letters[] = "SDCZ";
/* The tsblas routines of the destinations; the BLAS is named apart. */
static const char *const routine_names[GEMM_TO_BLAS] = { "TSMTTSM", "TSMM", "MTSM" };
static const char *const call_names[GEMM_CALLS] = { "GEMM", "SYRK", "HERK" };
static unsigned long calls[GEMM_CALLS][4][GEMM_DESTINATIONS];
static unsigned long nanoseconds[GEMM_CALLS][4][GEMM_DESTINATIONS];
static unsigned long failures;

const char *tsblas_gemm_routine_name(enum gemm_destination destination)
{
    return routine_names[destination];
}

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
    if (blas != NULL && *blas != '\0')
        blas_name = blas;
}

static void open_named_blas(void)
{
    named_blas = dlopen(blas_name, RTLD_NOW | RTLD_LOCAL);
    if (named_blas == NULL)
        fprintf(stderr, "libtsblas_gemm: TSBLAS_GEMM_BLAS=%s: %s\n", blas_name, dlerror());
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

/* Seconds on a monotonic clock, for the verbose report. */
static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void tsblas_gemm_begin(struct gemm_span *span)
{
    span->mark = inside;
    inside = 1;
    span->start = tsblas_gemm_verbose() && !span->mark ? now() : 0;
    span->seconds = 0;
}

void tsblas_gemm_end(struct gemm_span *span)
{
    inside = span->mark;
    if (span->start != 0)
        span->seconds = now() - span->start;
}

/* The file names of the loaded objects but the program itself, for
   loaded_symbol (copied: dl_iterate_phdr holds a lock of the dynamic
   linker that dlopen may need, so they are opened after it returns). */
struct object_names {
    char **names;
    size_t count, size;
};

static int add_object_name(struct dl_phdr_info *info, size_t info_size, void *data)
{
    struct object_names *list = data;
    char *name;

    (void)info_size;
    if (info->dlpi_name == NULL || info->dlpi_name[0] == '\0')
        return 0;
    if (list->count == list->size) {
        size_t size = list->size != 0 ? 2 * list->size : 64;
        char **names = realloc(list->names, size * sizeof *names);

        if (names == NULL)
            return 1;
        list->names = names;
        list->size = size;
    }
    name = strdup(info->dlpi_name);
    if (name == NULL)
        return 1;
    list->names[list->count++] = name;
    return 0;
}

/* SYMBOL as a loaded object other than this library defines it, where it
   is not in the program's global scope: a library loaded with RTLD_LOCAL
   as the dependency of another, as NumPy's wheels load their BLAS
   (scipy-openblas64, whose names only NumPy's extension modules see).
   NULL when no loaded object defines it. */
static void *loaded_symbol(const char *symbol)
{
    struct object_names list = { NULL, 0, 0 };
    Dl_info own, info;
    void *fn = NULL;
    size_t i;

    if (dladdr((void *)&loaded_symbol, &own) == 0)
        return NULL;
    dl_iterate_phdr(add_object_name, &list);
    for (i = 0; i < list.count; i++) {
        void *handle = fn == NULL ? dlopen(list.names[i], RTLD_LAZY | RTLD_NOLOAD) : NULL;

        if (handle != NULL) {
            void *found = dlsym(handle, symbol);

            if (found != NULL && dladdr(found, &info) != 0 && info.dli_fbase != own.dli_fbase)
                fn = found;
            dlclose(handle);
        }
        free(list.names[i]);
    }
    free(list.names);
    return fn;
}

/* The library TSBLAS_GEMM_BLAS names is asked first: it is there for link
   orders that put the BLAS before this library, where RTLD_NEXT finds
   nothing or the wrong thing.  Then the next definition after this library
   in the global scope, then any loaded object's (loaded_symbol). */
static void *real_symbol(const char *symbol)
{
    void *fn;

    pthread_once(&environment_once, read_environment);
    if (blas_name != NULL) {
        pthread_once(&named_blas_once, open_named_blas);
        return named_blas != NULL ? dlsym(named_blas, symbol) : NULL;
    }
    fn = dlsym(RTLD_NEXT, symbol);
    return fn != NULL ? fn : loaded_symbol(symbol);
}

void *tsblas_gemm_find(struct gemm_real *real, const char *symbol, int say_missing)
{
    void *fn = __atomic_load_n(&real->fn, __ATOMIC_ACQUIRE);

    if (fn == NULL) {
        fn = real_symbol(symbol);
        if (fn != NULL)
            __atomic_store_n(&real->fn, fn, __ATOMIC_RELEASE);
        else if (say_missing && __atomic_exchange_n(&real->said, 1, __ATOMIC_RELAXED) == 0)
            fprintf(stderr, "libtsblas_gemm: no BLAS defines %s after libtsblas_gemm: link "
                            "-ltsblas_gemm before the BLAS, or name the BLAS in "
                            "TSBLAS_GEMM_BLAS; such calls are not computed\n", symbol);
    }
    return fn;
}

/* cudaStreamSynchronize of the CUDA run time that libtsblas loaded (none
   in a build without CUDA, where nothing runs on a GPU). */
int tsblas_gemm_wait_gpu(void)
{
    typedef int (*synchronize_fn)(void *);
    static synchronize_fn synchronize;
    static int looked;

    if (!__atomic_load_n(&looked, __ATOMIC_ACQUIRE)) {
        __atomic_store_n(&synchronize, (synchronize_fn)dlsym(RTLD_DEFAULT, "cudaStreamSynchronize"),
                         __ATOMIC_RELAXED);
        __atomic_store_n(&looked, 1, __ATOMIC_RELEASE);
    }
    return synchronize != NULL ? synchronize(tsblas_get_stream()) : 0;
}

void tsblas_gemm_count(enum gemm_call call, int precision, enum gemm_destination destination,
                       const struct gemm_span *span)
{
    if (span->mark)
        return;
    __atomic_fetch_add(&calls[call][precision][destination], 1, __ATOMIC_RELAXED);
    if (span->seconds > 0)
        __atomic_fetch_add(&nanoseconds[call][precision][destination],
                           (unsigned long)(span->seconds * 1e9), __ATOMIC_RELAXED);
}

void tsblas_gemm_failed(const char *routine, int code, const char *message)
{
    __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);
    fprintf(stderr, "libtsblas_gemm: %s failed (tsblas error %d: %s)\n", routine, code,
            message != NULL ? message : "no message");
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
