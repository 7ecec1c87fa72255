/*
 * test_tsblas.h: what the parts of the test harness share, whatever the
 * precision.
 *
 * The harness is one program, testing/test_tsblas, that reads an input file
 * in the manner of BLAS/TESTING/dblat3.in: settings (precisions, memory,
 * faces, thresholds, TRANS values, ALPHA and BETA values, LD paddings,
 * thread counts) that hold until changed, and action lines (TSMTTSM, TSMM,
 * MTSM, GEMT with their sizes; ERRORS) that run the cases of the current
 * settings.  The precision-dependent drivers (test_gemm.c, test_gemt.c,
 * test_errors.c and their helpers) are compiled once per precision from one
 * source, with the macros of test_precision.h.
 */
#ifndef TEST_TSBLAS_H
#define TEST_TSBLAS_H

#include <stddef.h>
#include <stdint.h>
#include "tsblas.h"

#define TEST_MAX_LIST 64

enum test_routine { TEST_TSMTTSM, TEST_TSMM, TEST_MTSM, TEST_GEMT, TEST_NROUTINES };
enum test_face { TEST_FACE_C = 0, TEST_FACE_F77 = 1 };
enum test_memory { TEST_HOST = 0, TEST_DEVICE = 1 };

/* A scalar as the input file gives it: a real number or (re,im). */
struct test_complex {
    double re, im;
};

/* LD padding: LDX = rows of X as stored + pad. */
struct test_pad {
    long a, b, c;
};

/* The current settings of the input file. */
struct test_settings {
    int precisions[4];          /* S D C Z selected */
    enum test_memory memory;    /* where A, B and C live */
    enum test_memory small;     /* with MEMORY DEVICE: where the small operand
                                   lives (C of xTSMTTSM, the short operand of
                                   xTSMM); the library moves it */
    int faces[2];               /* C entry, Fortran symbol */
    double threshold;           /* GEMM-shaped ratio that fails */
    double gemt_threshold;      /* one rounded product: xGEMT, C = beta*C */
    double full_reference;      /* largest M*N*K checked element by element */
    int threads[TEST_MAX_LIST];
    int nthreads;
    char transa[TEST_MAX_LIST];         /* TRANSA; xGEMT's TRANS */
    int ntransa;
    char transb[TEST_MAX_LIST];
    int ntransb;
    struct test_trans_pair {            /* what the GEMM-shaped lines run */
        char a, b;
    } pairs[TEST_MAX_LIST];
    int npairs;
    struct test_complex alpha[TEST_MAX_LIST];
    int nalpha;
    struct test_complex beta[TEST_MAX_LIST];
    int nbeta;
    struct test_pad pad[TEST_MAX_LIST];
    int npad;
};

/* The sizes of an action line: the cases are their cartesian product. */
struct test_sizes {
    long m[TEST_MAX_LIST], n[TEST_MAX_LIST], k[TEST_MAX_LIST];
    int nm, nn, nk;
};

/* One line of the summary table: a group of cases of one shape. */
struct test_group {
    long cases, failed;
    double max_ratio;
};

/* An action line of the input file. */
enum test_action_kind { TEST_ACTION_NONE, TEST_ACTION_GEMM, TEST_ACTION_GEMT, TEST_ACTION_ERRORS };
struct test_action {
    enum test_action_kind kind;
    enum test_routine routine;      /* TEST_ACTION_GEMM */
    struct test_sizes sizes;        /* TEST_ACTION_GEMM, TEST_ACTION_GEMT */
    int routines[TEST_NROUTINES];   /* TEST_ACTION_ERRORS */
};

/* ---- the input file (test_input.c) ---- */
void test_default_settings(struct test_settings *s);
/* Applies one line (comments stripped) to S, or describes its action in
   ACTION; returns 0, or -1 with a message in ERROR. */
int test_parse_line(char *line, struct test_settings *s, struct test_action *action,
                    char *error, size_t error_size);

/* ---- results (test_main.c) ----
 * test_record counts one case in GROUP and in the program's totals. */
extern const char *const test_routine_names[TEST_NROUTINES];
extern const char *const test_face_names[2];
void test_record(struct test_group *group, int passed, double ratio);
void test_print_table_header(void);
/* A negative size prints as '-'. */
void test_print_table_row(const char *routine, long m, long n, long k,
                          const struct test_group *group);

/* ---- the test XERBLA (test_xerbla.c) ---- */
struct test_xerbla_record {
    int calls;
    char name[32];
    tsblas_int info;
};
extern struct test_xerbla_record test_xerbla_seen;
void test_xerbla_reset(void);

/* ---- the message of a failing case (test_reasons.c) ---- */
void test_add_reason(char *reasons, size_t size, const char *reason);
void test_add_call_reasons(char *reasons, size_t size, long info, int last_error);

/* ---- guarded, padded arrays on the host or the device (test_array.c) ----
 * The buffer holds TEST_GUARD elements, the LD-by-COLS matrix, TEST_GUARD
 * elements.  Guards and the padding rows below ROWS hold a sentinel, a
 * signaling NaN with every payload bit set in each real part (REALSIZE
 * bytes): a routine that reads it spreads NaN into its result, and one that
 * writes it changes its bits, even when it writes back what arithmetic made
 * of it (arithmetic returns a quiet NaN).
 *
 * HOST is the buffer as the test filled it.  test_array_put hands it to the
 * routine: an input on the host is read in place, WORK getting a copy to
 * compare with; an output on the host is a fresh copy in WORK each time
 * (HOST stays the one to compare with); an array on the device gets the
 * whole buffer, guards included, through tsblas_set_matrix, and
 * test_array_get brings it back into WORK (tsblas_get_matrix).
 * test_array_result_matrix is what the routine left, on the host. */
#define TEST_GUARD 64
struct test_array {
    size_t elemsize;
    long rows, cols, ld;
    size_t total;               /* elements in the whole buffer */
    enum test_memory memory;
    int is_output;
    unsigned char *host;
    unsigned char *work;
    void *device;
};
int test_array_alloc(struct test_array *x, long rows, long cols, long ld, size_t elemsize,
                     size_t realsize, enum test_memory memory, int is_output);
void test_array_free(struct test_array *x);
void *test_array_host_matrix(const struct test_array *x);
void *test_array_routine_matrix(const struct test_array *x);
const void *test_array_result_matrix(const struct test_array *x);
int test_array_put(struct test_array *x);
int test_array_get(struct test_array *x);
/* 1 when the routine left the whole buffer bit for bit as it was put. */
int test_array_unchanged(struct test_array *x);
/* The first element of the buffer (counted from its start, guards
   included) that the routine changed outside rows ROW0..ROW0+ROWS-1 of
   columns 0..COLS-1 of the matrix, or -1; after test_array_get. */
long test_array_first_change_outside(const struct test_array *x, long row0, long rows,
                                     long cols);
/* Where buffer element ELEMENT is: "(i,j)" of the LD-by-COLS matrix
   (1-based), or in which guard. */
void test_array_locate(const struct test_array *x, long element, char *out, size_t size);

/* ---- deterministic data (test_data.c) ---- */
double test_uniform(uint64_t seed, uint64_t i, uint64_t j);

/* ---- the precision-dependent drivers, one set per precision ---- */
#define TEST_DECLARE_DRIVERS(p)                                                        \
    void test_gemm_line_##p(const struct test_settings *s, enum test_routine routine, \
                            const struct test_sizes *sizes);                           \
    void test_gemt_line_##p(const struct test_settings *s, const struct test_sizes *sizes); \
    void test_errors_##p(const struct test_settings *s, const int *routines);
TEST_DECLARE_DRIVERS(s)
TEST_DECLARE_DRIVERS(d)
TEST_DECLARE_DRIVERS(c)
TEST_DECLARE_DRIVERS(z)

#endif
