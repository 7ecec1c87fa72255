/*
 * test_main.c: the test program of tsblas, test_tsblas.
 *
 * Purpose
 * =======
 * test_tsblas [INPUT] reads an input file (standard input without one; see
 * test_input.c for the format), echoes each line, applies the settings and
 * runs each action line in every selected precision.  Each action prints a
 * table, one row per group of cases (a shape, or a routine's error tests),
 * preceded by a line for every failing case with its parameters and what
 * failed.  The last line is "N passed, N failed", counting cases.
 *
 * Exit status, as automake's test driver reads it: 0 when every case
 * passed, 1 when one failed, 77 (skip) when the file asks for MEMORY DEVICE
 * and tsblas_gpu_available() is 0 (nothing failed before), 99 (hard error)
 * for a bad input file or one that ran no case.
 */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "test_tsblas.h"

const char *const test_routine_names[TEST_NROUTINES] = { "TSMTTSM", "TSMM", "MTSM", "GEMT" };
const char *const test_face_names[2] = { "C", "F77" };

static long total_passed, total_failed;

void test_record(struct test_group *group, int passed, double ratio)
{
    group->cases++;
    if (passed) {
        total_passed++;
    } else {
        group->failed++;
        total_failed++;
    }
    if (ratio > group->max_ratio || ratio != ratio)
        group->max_ratio = ratio;
}

void test_print_table_header(void)
{
    printf("%% %-10s %7s %7s %9s %8s %7s %10s  %s\n", "routine", "M", "N", "K", "cases",
           "failed", "max ratio", "status");
}

static void format_size(char *out, size_t size, long x)
{
    if (x < 0)
        snprintf(out, size, "-");
    else
        snprintf(out, size, "%ld", x);
}

void test_print_table_row(const char *routine, long m, long n, long k,
                          const struct test_group *group)
{
    char ms[24], ns[24], ks[24];

    format_size(ms, sizeof ms, m);
    format_size(ns, sizeof ns, n);
    format_size(ks, sizeof ks, k);
    printf("  %-10s %7s %7s %9s %8ld %7ld %10.3g  %s\n", routine, ms, ns, ks, group->cases,
           group->failed, group->max_ratio, group->failed == 0 ? "ok" : "FAILED");
    fflush(stdout);
}

static int finish(int status)
{
    printf("%ld passed, %ld failed\n", total_passed, total_failed);
    return status;
}

static void run_action(const struct test_settings *s, const struct test_action *action)
{
    static void (*const gemm_line[4])(const struct test_settings *, enum test_routine,
                                      const struct test_sizes *) = {
        test_gemm_line_s, test_gemm_line_d, test_gemm_line_c, test_gemm_line_z
    };
    static void (*const gemt_line[4])(const struct test_settings *, const struct test_sizes *) = {
        test_gemt_line_s, test_gemt_line_d, test_gemt_line_c, test_gemt_line_z
    };
    static void (*const errors[4])(const struct test_settings *, const int *) = {
        test_errors_s, test_errors_d, test_errors_c, test_errors_z
    };
    int p;

    for (p = 0; p < 4; p++) {
        if (!s->precisions[p])
            continue;
        switch (action->kind) {
        case TEST_ACTION_GEMM:
            gemm_line[p](s, action->routine, &action->sizes);
            break;
        case TEST_ACTION_GEMT:
            gemt_line[p](s, &action->sizes);
            break;
        case TEST_ACTION_ERRORS:
            errors[p](s, action->routines);
            break;
        default:
            break;
        }
    }
}

int main(int argc, char **argv)
{
    struct test_settings settings;
    struct test_action action;
    char line[4096], echo[4096], error[256];
    FILE *input = stdin;
    long lineno = 0;

    if (argc > 2) {
        fprintf(stderr, "usage: %s [INPUT]\n", argv[0]);
        return 99;
    }
    if (argc == 2 && (input = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 99;
    }
    printf("tsblas test harness, input %s\n", argc == 2 ? argv[1] : "(standard input)");
    test_default_settings(&settings);
    while (fgets(line, sizeof line, input) != NULL) {
        char *comment = strchr(line, '#');
        struct timespec start, end;

        lineno++;
        if (comment != NULL)
            *comment = '\0';
        line[strcspn(line, "\r\n")] = '\0';
        if (line[strspn(line, " \t")] == '\0')
            continue;
        memcpy(echo, line, sizeof echo);
        printf("# %s\n", echo + strspn(echo, " \t"));
        if (test_parse_line(line, &settings, &action, error, sizeof error) != 0) {
            printf("input line %ld: %s\n", lineno, error);
            return finish(99);
        }
        if (settings.memory == TEST_DEVICE && !tsblas_gpu_available()) {
            printf("SKIP: MEMORY DEVICE, but no usable GPU here (tsblas_gpu_available() = 0)\n");
            return finish(total_failed > 0 ? 1 : 77);
        }
        if (action.kind == TEST_ACTION_NONE)
            continue;
        clock_gettime(CLOCK_MONOTONIC, &start);
        run_action(&settings, &action);
        clock_gettime(CLOCK_MONOTONIC, &end);
        printf("# (%.2f s)\n",
               (double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec));
        fflush(stdout);
    }
    if (total_passed + total_failed == 0) {
        printf("the input ran no case\n");
        return finish(99);
    }
    return finish(total_failed > 0 ? 1 : 0);
}
