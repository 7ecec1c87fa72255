/*
 * gpu_common.h: what the GPU test programs (testing/gpu_*.c) share.
 *
 * Every program: without a usable GPU it prints SKIP and exits 77 (the
 * automake code for a skipped test).  Matrices live in guarded buffers:
 * GPU_GUARD elements before and after the LD-by-COLS array, guards and the
 * padding rows below ROWS filled with a NaN sentinel (all bits set), so a
 * routine that reads them spreads NaN and one that writes them changes
 * their bits.  Or in tight buffers: the LD*(COLS-1) + ROWS elements the
 * BLAS requires and no more, so that compute-sanitizer's memcheck sees any
 * read past the array.  Results are judged by the ratio test of the BLAS testers,
 *     ratio = max |C - Cref| / (eps * gauge),
 *     gauge(i,j) = |alpha| sum_l |op(A)(i,l)| |op(B)(l,j)| + |beta| |C0(i,j)|,
 * against two references independent of the code under test: a host loop
 * in long double, and cuBLAS on the same device data (a second opinion);
 * a case fails when either ratio exceeds GPU_THRESHOLD or is NaN.
 */
#ifndef GPU_COMMON_H
#define GPU_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include "tsblas.h"

#define GPU_GUARD 64
#define GPU_THRESHOLD 16.0

/* Where a test array lives. */
enum gpu_place { GPU_ON_HOST, GPU_ON_DEVICE, GPU_ON_MANAGED, GPU_ON_PINNED };

enum gpu_routine { GPU_TSMTTSM, GPU_TSMM, GPU_MTSM };

struct gpu_prec {
    char name;          /* 's', 'd', 'c', 'z' */
    size_t size;        /* bytes of one element */
    int is_complex;
    double eps;         /* machine epsilon of the precision */
};
extern const struct gpu_prec gpu_precs[4];

/* A long double complex number: the reference arithmetic. */
struct gpu_num {
    long double re, im;
};

/* A guarded matrix.  SNAPSHOT is the buffer as filled (host), BUF the
   routine's copy: device, managed or pinned memory, or a second host
   buffer. */
struct gpu_mat {
    const struct gpu_prec *prec;
    long rows, cols, ld;
    size_t guard;                /* elements before the array: GPU_GUARD, or 0 (tight) */
    size_t total;                /* elements, guards included */
    enum gpu_place place;
    unsigned char *snapshot;
    unsigned char *buf;
};

/* Exits 77 with SKIP when no GPU can run the tests. */
void gpu_require_device(const char *program);
/* 1 when TSBLAS_GPU_TEST_QUICK is set (reduced case sets, for the slow
   compute-sanitizer tools). */
int gpu_quick(void);

int gpu_mat_alloc(struct gpu_mat *x, const struct gpu_prec *prec, long rows, long cols,
                  long ld, enum gpu_place place);
/* The same in a tight buffer (no guards, nothing after the last row of the
   last column). */
int gpu_mat_alloc_tight(struct gpu_mat *x, const struct gpu_prec *prec, long rows, long cols,
                        long ld, enum gpu_place place);
/* The same with SHIFT elements before the array (guards of a sort: the
   array starts SHIFT elements past the allocation's alignment). */
int gpu_mat_alloc_shifted(struct gpu_mat *x, const struct gpu_prec *prec, long rows, long cols,
                          long ld, enum gpu_place place, long shift);
void gpu_mat_free(struct gpu_mat *x);
/* Random entries in [-1, 1] (both parts for complex) from SEED; NaN
   sentinel in guards and padding; or NaN everywhere (an output that must
   not be read). */
void gpu_mat_fill(struct gpu_mat *x, uint64_t seed);
void gpu_mat_fill_nan(struct gpu_mat *x);
/* Copies SNAPSHOT into the routine's buffer. */
int gpu_mat_put(struct gpu_mat *x);
/* Copies the routine's buffer into OUT (x->total elements, host). */
int gpu_mat_get(const struct gpu_mat *x, unsigned char *out);
/* The address the routine gets: the array after the leading guard. */
void *gpu_mat_ptr(const struct gpu_mat *x);
struct gpu_num gpu_mat_elem(const struct gpu_mat *x, const unsigned char *buf, long i, long j);
/* 1 when OUT (a copy of the routine's buffer) equals SNAPSHOT bit for bit
   outside rows 0..ROWS-1 of columns 0..COLS-1 (ROWS = 0: everywhere). */
int gpu_mat_unchanged_outside(const struct gpu_mat *x, const unsigned char *out, long rows,
                              long cols);

/* The C entries, by precision, with scalars as gpu_num. */
tsblas_int gpu_call_gemm(enum gpu_routine routine, const struct gpu_prec *prec, char ta,
                         char tb, long m, long n, long k, struct gpu_num alpha,
                         const void *a, long lda, const void *b, long ldb,
                         struct gpu_num beta, void *c, long ldc);
tsblas_int gpu_call_gemt(const struct gpu_prec *prec, char trans, long m, long n,
                         struct gpu_num alpha, const void *a, long lda, void *b, long ldb);
/* cuBLAS xGEMM on device arrays, synchronised; 0 on success. */
int gpu_cublas_gemm(const struct gpu_prec *prec, char ta, char tb, long m, long n, long k,
                    struct gpu_num alpha, const void *a, long lda, const void *b, long ldb,
                    struct gpu_num beta, void *c, long ldc);

/* The ratio of the result C_OUT (a buffer copy of C) against the long
   double reference from A, B and the original C (snapshots); NaN or Inf
   gives a huge ratio.  REF_OUT, when not NULL, is a second result (cuBLAS)
   whose ratio to C_OUT is reported in *SECOND. */
double gpu_gemm_ratio(const struct gpu_prec *prec, char ta, char tb, long m, long n, long k,
                      struct gpu_num alpha, const struct gpu_mat *a, const struct gpu_mat *b,
                      struct gpu_num beta, const struct gpu_mat *c, const unsigned char *c_out,
                      const unsigned char *second_out, double *second);
/* xGEMT: B = alpha*op(A), one rounded product per element. */
double gpu_gemt_ratio(const struct gpu_prec *prec, char trans, long m, long n,
                      struct gpu_num alpha, const struct gpu_mat *a, const struct gpu_mat *b,
                      const unsigned char *b_out);

/* The counts of a program; gpu_report prints PASS/FAIL lines and
   gpu_finish the summary and the exit status. */
void gpu_report(int passed, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int gpu_finish(const char *program);

#endif
