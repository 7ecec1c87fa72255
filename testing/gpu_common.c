/*
 * gpu_common.c: guarded matrices in every memory, the calls by precision,
 * the references (long double host loops, cuBLAS) and the ratio test of
 * the GPU test programs.  See gpu_common.h.
 */
#include <config.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include <cublas_v2.h>
#include "gpu_common.h"

const struct gpu_prec gpu_precs[4] = {
    { 's', 4, 0, FLT_EPSILON },
    { 'd', 8, 0, DBL_EPSILON },
    { 'c', 8, 1, FLT_EPSILON },
    { 'z', 16, 1, DBL_EPSILON },
};

static long cases_run, cases_failed;

void gpu_require_device(const char *program)
{
    int count = 0;

    if (!tsblas_gpu_available() || cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
        cudaGetLastError();
        printf("SKIP: %s: no usable GPU\n", program);
        exit(77);
    }
}

int gpu_quick(void)
{
    const char *v = getenv("TSBLAS_GPU_TEST_QUICK");
    return v != NULL && *v != '\0' && strcmp(v, "0") != 0;
}

/* A buffer of TOTAL elements whose array starts GUARD elements in. */
static int mat_alloc(struct gpu_mat *x, const struct gpu_prec *prec, long rows, long cols,
                     long ld, enum gpu_place place, size_t guard, size_t total)
{
    size_t bytes;
    cudaError_t err = cudaSuccess;

    memset(x, 0, sizeof *x);
    x->prec = prec;
    x->rows = rows;
    x->cols = cols;
    x->ld = ld;
    x->place = place;
    x->guard = guard;
    x->total = total;
    bytes = x->total * prec->size;
    x->snapshot = malloc(bytes);
    if (x->snapshot == NULL)
        return 1;
    switch (place) {
    case GPU_ON_HOST:
        x->buf = malloc(bytes);
        break;
    case GPU_ON_DEVICE:
        err = cudaMalloc((void **)&x->buf, bytes);
        break;
    case GPU_ON_MANAGED:
        err = cudaMallocManaged((void **)&x->buf, bytes, cudaMemAttachGlobal);
        break;
    case GPU_ON_PINNED:
        err = cudaMallocHost((void **)&x->buf, bytes);
        break;
    }
    if (err != cudaSuccess || x->buf == NULL) {
        cudaGetLastError();
        x->buf = NULL;
        free(x->snapshot);
        x->snapshot = NULL;
        return 1;
    }
    return 0;
}

int gpu_mat_alloc(struct gpu_mat *x, const struct gpu_prec *prec, long rows, long cols,
                  long ld, enum gpu_place place)
{
    return mat_alloc(x, prec, rows, cols, ld, place, GPU_GUARD,
                     (size_t)ld * (size_t)(cols > 0 ? cols : 1) + 2 * GPU_GUARD);
}

int gpu_mat_alloc_tight(struct gpu_mat *x, const struct gpu_prec *prec, long rows, long cols,
                        long ld, enum gpu_place place)
{
    const size_t total = cols > 0 && rows > 0 ? (size_t)ld * (size_t)(cols - 1) + (size_t)rows : 1;
    return mat_alloc(x, prec, rows, cols, ld, place, 0, total);
}

int gpu_mat_alloc_shifted(struct gpu_mat *x, const struct gpu_prec *prec, long rows, long cols,
                          long ld, enum gpu_place place, long shift)
{
    const size_t total = cols > 0 && rows > 0 ? (size_t)ld * (size_t)(cols - 1) + (size_t)rows : 1;
    return mat_alloc(x, prec, rows, cols, ld, place, (size_t)shift, (size_t)shift + total);
}

void gpu_mat_free(struct gpu_mat *x)
{
    if (x->buf != NULL) {
        switch (x->place) {
        case GPU_ON_HOST:
            free(x->buf);
            break;
        case GPU_ON_DEVICE:
        case GPU_ON_MANAGED:
            cudaFree(x->buf);
            break;
        case GPU_ON_PINNED:
            cudaFreeHost(x->buf);
            break;
        }
    }
    free(x->snapshot);
    memset(x, 0, sizeof *x);
}

/* splitmix64: deterministic data, independent of the library. */
static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double uniform(uint64_t seed, uint64_t i)
{
    return (double)(mix(seed * 0x632be59bd9b4e019ULL + i) >> 11) * 0x1p-52 - 1.0;
}

static void store(const struct gpu_prec *prec, unsigned char *p, double re, double im)
{
    float f[2] = { (float)re, (float)im };
    double d[2] = { re, im };

    if (prec->name == 's' || prec->name == 'c')
        memcpy(p, f, prec->size);
    else
        memcpy(p, d, prec->size);
}

void gpu_mat_fill(struct gpu_mat *x, uint64_t seed)
{
    size_t s = x->prec->size;
    long i, j;

    memset(x->snapshot, 0xff, x->total * s);
    for (j = 0; j < x->cols; j++)
        for (i = 0; i < x->rows; i++) {
            uint64_t e = (uint64_t)j * (uint64_t)x->rows + (uint64_t)i;
            store(x->prec, x->snapshot + (x->guard + i + (size_t)j * x->ld) * s,
                  uniform(seed, 2 * e), x->prec->is_complex ? uniform(seed, 2 * e + 1) : 0.0);
        }
}

void gpu_mat_fill_nan(struct gpu_mat *x)
{
    memset(x->snapshot, 0xff, x->total * x->prec->size);
}

int gpu_mat_put(struct gpu_mat *x)
{
    cudaError_t err = cudaMemcpy(x->buf, x->snapshot, x->total * x->prec->size, cudaMemcpyDefault);
    if (err != cudaSuccess) {
        fprintf(stderr, "cudaMemcpy: %s\n", cudaGetErrorString(err));
        return 1;
    }
    return 0;
}

int gpu_mat_get(const struct gpu_mat *x, unsigned char *out)
{
    cudaError_t err = cudaDeviceSynchronize();
    if (err == cudaSuccess)
        err = cudaMemcpy(out, x->buf, x->total * x->prec->size, cudaMemcpyDefault);
    if (err != cudaSuccess) {
        fprintf(stderr, "cudaMemcpy: %s\n", cudaGetErrorString(err));
        return 1;
    }
    return 0;
}

void *gpu_mat_ptr(const struct gpu_mat *x)
{
    return x->buf + x->guard * x->prec->size;
}

struct gpu_num gpu_mat_elem(const struct gpu_mat *x, const unsigned char *buf, long i, long j)
{
    const unsigned char *p = buf + (x->guard + i + (size_t)j * x->ld) * x->prec->size;
    struct gpu_num v = { 0, 0 };
    float f[2];
    double d[2];

    if (x->prec->name == 's' || x->prec->name == 'c') {
        memcpy(f, p, x->prec->size);
        v.re = f[0];
        v.im = x->prec->is_complex ? f[1] : 0;
    } else {
        memcpy(d, p, x->prec->size);
        v.re = d[0];
        v.im = x->prec->is_complex ? d[1] : 0;
    }
    return v;
}

int gpu_mat_unchanged_outside(const struct gpu_mat *x, const unsigned char *out, long rows,
                              long cols)
{
    size_t s = x->prec->size, e;

    for (e = 0; e < x->total; e++) {
        long idx = (long)e - (long)x->guard;
        if (idx >= 0 && idx % x->ld < rows && idx / x->ld < cols)
            continue;
        if (memcmp(out + e * s, x->snapshot + e * s, s) != 0)
            return 0;
    }
    return 1;
}

/* ---- calls ---- */

tsblas_int gpu_call_gemm(enum gpu_routine routine, const struct gpu_prec *prec, char ta,
                         char tb, long m, long n, long k, struct gpu_num alpha,
                         const void *a, long lda, const void *b, long ldb,
                         struct gpu_num beta, void *c, long ldc)
{
    float fa[2] = { (float)alpha.re, (float)alpha.im }, fb[2] = { (float)beta.re, (float)beta.im };
    double da[2] = { (double)alpha.re, (double)alpha.im };
    double db[2] = { (double)beta.re, (double)beta.im };
    tsblas_int M = (tsblas_int)m, N = (tsblas_int)n, K = (tsblas_int)k;
    tsblas_int LDA = (tsblas_int)lda, LDB = (tsblas_int)ldb, LDC = (tsblas_int)ldc;

#define GPU_CALL(fn)                                                                         \
    switch (prec->name) {                                                                    \
    case 's':                                                                                \
        return tsblas_s##fn(ta, tb, M, N, K, fa[0], a, LDA, b, LDB, fb[0], c, LDC);        \
    case 'd':                                                                                \
        return tsblas_d##fn(ta, tb, M, N, K, da[0], a, LDA, b, LDB, db[0], c, LDC);        \
    case 'c':                                                                                \
        return tsblas_c##fn(ta, tb, M, N, K, fa, a, LDA, b, LDB, fb, c, LDC);              \
    default:                                                                                 \
        return tsblas_z##fn(ta, tb, M, N, K, da, a, LDA, b, LDB, db, c, LDC);              \
    }
    switch (routine) {
    case GPU_TSMTTSM:
        GPU_CALL(tsmttsm)
    case GPU_TSMM:
        GPU_CALL(tsmm)
    default:
        GPU_CALL(mtsm)
    }
#undef GPU_CALL
}

tsblas_int gpu_call_gemt(const struct gpu_prec *prec, char trans, long m, long n,
                         struct gpu_num alpha, const void *a, long lda, void *b, long ldb)
{
    float fa[2] = { (float)alpha.re, (float)alpha.im };
    double da[2] = { (double)alpha.re, (double)alpha.im };
    tsblas_int M = (tsblas_int)m, N = (tsblas_int)n;
    tsblas_int LDA = (tsblas_int)lda, LDB = (tsblas_int)ldb;

    switch (prec->name) {
    case 's':
        return tsblas_sgemt(trans, M, N, fa[0], a, LDA, b, LDB);
    case 'd':
        return tsblas_dgemt(trans, M, N, da[0], a, LDA, b, LDB);
    case 'c':
        return tsblas_cgemt(trans, M, N, fa, a, LDA, b, LDB);
    default:
        return tsblas_zgemt(trans, M, N, da, a, LDA, b, LDB);
    }
}

static cublasOperation_t cublas_op(char t)
{
    return t == 'N' || t == 'n' ? CUBLAS_OP_N : t == 'T' || t == 't' ? CUBLAS_OP_T : CUBLAS_OP_C;
}

int gpu_cublas_gemm(const struct gpu_prec *prec, char ta, char tb, long m, long n, long k,
                    struct gpu_num alpha, const void *a, long lda, const void *b, long ldb,
                    struct gpu_num beta, void *c, long ldc)
{
    static cublasHandle_t handle;
    float fa[2] = { (float)alpha.re, (float)alpha.im }, fb[2] = { (float)beta.re, (float)beta.im };
    double da[2] = { (double)alpha.re, (double)alpha.im };
    double db[2] = { (double)beta.re, (double)beta.im };
    cublasOperation_t oa = cublas_op(ta), ob = cublas_op(tb);
    cublasStatus_t st;

    if (handle == NULL && cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS)
        return 1;
    switch (prec->name) {
    case 's':
        st = cublasSgemm_64(handle, oa, ob, m, n, k, fa, a, lda, b, ldb, fb, c, ldc);
        break;
    case 'd':
        st = cublasDgemm_64(handle, oa, ob, m, n, k, da, a, lda, b, ldb, db, c, ldc);
        break;
    case 'c':
        st = cublasCgemm_64(handle, oa, ob, m, n, k, (const cuComplex *)fa, a, lda, b, ldb,
                            (const cuComplex *)fb, c, ldc);
        break;
    default:
        st = cublasZgemm_64(handle, oa, ob, m, n, k, (const cuDoubleComplex *)da, a, lda, b,
                            ldb, (const cuDoubleComplex *)db, c, ldc);
        break;
    }
    return st != CUBLAS_STATUS_SUCCESS || cudaDeviceSynchronize() != cudaSuccess;
}

/* ---- references ---- */

static struct gpu_num num_mul(struct gpu_num a, struct gpu_num b)
{
    struct gpu_num r = { a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re };
    return r;
}

static long double num_abs1(struct gpu_num a)
{
    return fabsl(a.re) + fabsl(a.im);
}

static int is_n(char t) { return t == 'N' || t == 'n'; }
static int is_c(char t) { return t == 'C' || t == 'c'; }

/* op(X)(i, l) from the snapshot of X. */
static struct gpu_num op_elem(const struct gpu_mat *x, char t, long i, long l)
{
    struct gpu_num v = is_n(t) ? gpu_mat_elem(x, x->snapshot, i, l)
                               : gpu_mat_elem(x, x->snapshot, l, i);
    if (is_c(t))
        v.im = -v.im;
    return v;
}

/* The ratio of |got - ref| to eps*gauge, with NaN or Inf as failure. */
static double ratio_of(struct gpu_num got, struct gpu_num ref, long double gauge, double eps)
{
    long double err = num_abs1((struct gpu_num){ got.re - ref.re, got.im - ref.im });

    if (!isfinite((double)got.re) || !isfinite((double)got.im))
        return INFINITY;
    if (gauge == 0)
        return err == 0 ? 0.0 : INFINITY;
    return (double)(err / (eps * gauge));
}

double gpu_gemm_ratio(const struct gpu_prec *prec, char ta, char tb, long m, long n, long k,
                      struct gpu_num alpha, const struct gpu_mat *a, const struct gpu_mat *b,
                      struct gpu_num beta, const struct gpu_mat *c, const unsigned char *c_out,
                      const unsigned char *second_out, double *second)
{
    int reads_ab = (alpha.re != 0 || alpha.im != 0) && k > 0;
    int reads_c = beta.re != 0 || beta.im != 0;
    double worst = 0, worst2 = 0;
    long i, j, l;

    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++) {
            struct gpu_num sum = { 0, 0 }, ref, got;
            long double gauge = 0;
            double r;

            if (reads_ab) {
                for (l = 0; l < k; l++) {
                    struct gpu_num p = num_mul(op_elem(a, ta, i, l), op_elem(b, tb, l, j));
                    sum.re += p.re;
                    sum.im += p.im;
                    gauge += num_abs1(op_elem(a, ta, i, l)) * num_abs1(op_elem(b, tb, l, j));
                }
                sum = num_mul(alpha, sum);
                gauge *= num_abs1(alpha);
            }
            ref = sum;
            if (reads_c) {
                struct gpu_num c0 = gpu_mat_elem(c, c->snapshot, i, j);
                struct gpu_num bc = num_mul(beta, c0);
                ref.re += bc.re;
                ref.im += bc.im;
                gauge += num_abs1(beta) * num_abs1(c0);
            }
            /* The complex product rounds each part of each term: a few
               roundings more than the real one. */
            if (prec->is_complex)
                gauge *= 2;
            got = gpu_mat_elem(c, c_out, i, j);
            r = ratio_of(got, ref, gauge, prec->eps);
            if (!(r <= worst))
                worst = r;
            if (second_out != NULL) {
                r = ratio_of(got, gpu_mat_elem(c, second_out, i, j), gauge, prec->eps);
                if (!(r <= worst2))
                    worst2 = r;
            }
        }
    if (second != NULL)
        *second = worst2;
    return worst;
}

double gpu_gemt_ratio(const struct gpu_prec *prec, char trans, long m, long n,
                      struct gpu_num alpha, const struct gpu_mat *a, const struct gpu_mat *b,
                      const unsigned char *b_out)
{
    double worst = 0;
    long i, j;

    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++) {
            struct gpu_num v = gpu_mat_elem(a, a->snapshot, i, j), ref, got;
            double r;

            if (is_c(trans))
                v.im = -v.im;
            if (alpha.re == 0 && alpha.im == 0)
                v.re = v.im = 0;
            ref = num_mul(alpha, v);
            got = is_n(trans) ? gpu_mat_elem(b, b_out, i, j) : gpu_mat_elem(b, b_out, j, i);
            r = ratio_of(got, ref, num_abs1(alpha) * num_abs1(v) * 2, prec->eps);
            if (!(r <= worst))
                worst = r;
        }
    return worst;
}

/* ---- reporting ---- */

void gpu_report(int passed, const char *format, ...)
{
    va_list ap;

    cases_run++;
    if (passed && !getenv("TSBLAS_GPU_TEST_VERBOSE"))
        return;
    if (!passed)
        cases_failed++;
    printf("%s: ", passed ? "PASS" : "FAIL");
    va_start(ap, format);
    vprintf(format, ap);
    va_end(ap);
    printf("\n");
}

int gpu_finish(const char *program)
{
    printf("%s: %ld cases, %ld failed\n", program, cases_run, cases_failed);
    return cases_failed == 0 && cases_run > 0 ? 0 : 1;
}
