/*
 * test_gemt.c: the numerical tests of xGEMT, B := alpha*op(A), in one
 * precision (the driver of a GEMT line of the input file).
 *
 * Purpose
 * =======
 * For every shape (M, N) of the line and, with the current settings, every
 * TRANS (the TRANSA list), LD padding (LDA = M + pad A, LDB = rows of B +
 * pad B), ALPHA, face and thread count, one call is one case.  A case
 * passes when XERBLA was not called, the C entry returned 0,
 * tsblas_last_error() is 0, A is bit for bit unchanged, nothing of B's
 * buffer outside its block changed, B's block was written bit for bit
 * alike with every thread count, and every element of B is alpha*op(A)
 * within one rounded product:
 *
 *     |B(i,j) - alpha*op(A)(i,j)| / (eps * |alpha| |op(A)(i,j)|) < GEMT_THRESHOLD,
 *
 * with |x| = |re| + |im|.  A complex product, two products and a sum per
 * part, stays within 1 in this measure, so the input files use
 * GEMT_THRESHOLD 1.  A real product is correctly rounded: in S and D, B
 * must moreover be alpha*op(A) exactly.
 *
 * B is output only, so its block starts as NaN, which must not survive.
 * ALPHA = 0 gives B = 0 exactly, with NaN in A (not read).  M = 0 or N = 0
 * leaves B's buffer untouched.
 */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "test_precision.h"

struct gemt_case {
    char trans;
    long m, n, lda, ldb;
    scalar_t alpha;
    enum test_face face;
    int threads;
};

/* The largest ratio of B against alpha*op(A), and where. */
static double gemt_ratio(const struct gemt_case *cs, const scalar_t *a, const scalar_t *b,
                         long *worst_i, long *worst_j)
{
    const enum test_op op = T(parse_op)(cs->trans);
    const long brows = op == TEST_OP_N ? cs->m : cs->n, bcols = op == TEST_OP_N ? cs->n : cs->m;
    const ref_scalar_t alpha = cs->alpha;
    const ref_real_t alpha_abs = REF_ABS1(alpha);
    double worst = 0;
    long i, j;

    *worst_i = *worst_j = 0;
    for (j = 0; j < bcols; j++)
        for (i = 0; i < brows; i++) {
            ref_scalar_t bref = 0, bij = b[i + j * cs->ldb];
            ref_real_t gauge = 0, error;
            double ratio;
            if (cs->alpha != 0) {
                ref_scalar_t opa_ij;
                if (op == TEST_OP_N)
                    opa_ij = a[i + j * cs->lda];
                else if (op == TEST_OP_T)
                    opa_ij = a[j + i * cs->lda];
                else
                    opa_ij = CONJ(a[j + i * cs->lda]);
                bref = alpha * opa_ij;
                gauge = alpha_abs * REF_ABS1(opa_ij);
            }
            error = REF_ABS1(bij - bref);
            if (isnan(error))
                ratio = INFINITY;
            else if (error == 0)
                ratio = 0;
            else if (gauge == 0)
                ratio = INFINITY;
            else
                ratio = (double)(error / ((ref_real_t)TEST_EPS * gauge));
            if (ratio > worst) {
                worst = ratio;
                *worst_i = i;
                *worst_j = j;
            }
        }
    return worst;
}

/* As in test_gemm.c: the content checks of B are done once per face and
   inputs, and a later call that leaves B's buffer bit for bit the same gets
   the same verdict; RESULT also serves the repeatability check. */
struct verdict {
    unsigned char *result;
    int valid;
    double ratio;
    char reasons[512];
};

/* The content checks of B after a call. */
static double check_b_content(const struct test_settings *s, const struct gemt_case *cs,
                              struct test_array *a, struct test_array *b, char *reasons,
                              size_t size)
{
    const enum test_op op = T(parse_op)(cs->trans);
    const long brows = op == TEST_OP_N ? cs->m : cs->n, bcols = op == TEST_OP_N ? cs->n : cs->m;
    const int keeps_b = cs->m == 0 || cs->n == 0;
    char text[256], where[96];
    double ratio = 0;
    long changed, wi, wj;

    reasons[0] = '\0';
    changed = keeps_b ? test_array_first_change_outside(b, 0, 0, 0)
                      : test_array_first_change_outside(b, 0, brows, bcols);
    if (changed >= 0) {
        test_array_locate(b, changed, where, sizeof where);
        snprintf(text, sizeof text, "B changed %s, at %s",
                 keeps_b ? "but must not be" : "outside its block", where);
        test_add_reason(reasons, size, text);
    }
    if (keeps_b)
        return 0;
    ratio = gemt_ratio(cs, test_array_host_matrix(a), test_array_result_matrix(b), &wi, &wj);
    if (!(ratio < s->gemt_threshold)) {
        snprintf(text, sizeof text, "ratio %.3g >= %g at B(%ld,%ld)", ratio, s->gemt_threshold,
                 wi + 1, wj + 1);
        test_add_reason(reasons, size, text);
    }
#if !TSBLAS_COMPLEX
    if (!T(exact_product)(cs->alpha, op, test_array_host_matrix(a), cs->lda,
                          test_array_result_matrix(b), cs->ldb, brows, bcols, &wi, &wj)) {
        snprintf(text, sizeof text, "B(%ld,%ld) is not alpha*op(A) exactly", wi + 1, wj + 1);
        test_add_reason(reasons, size, text);
    }
#endif
    return ratio;
}

static void run_case(const struct test_settings *s, const char *name, const struct gemt_case *cs,
                     struct test_array *a, struct test_array *b, struct verdict *verdicts,
                     struct test_group *group)
{
    const size_t bytes = b->total * b->elemsize;
    struct verdict *own = &verdicts[cs->face], *other = &verdicts[1 - cs->face];
    char reasons[1024] = "", text[256], content[512];
    double ratio;
    tsblas_int info;
    int last_error, same_as_own, same_as_other;

    test_xerbla_reset();
    if (test_array_put(b) != 0)
        test_add_reason(reasons, sizeof reasons, "cannot copy B to the device");
#ifdef _OPENMP
    omp_set_num_threads(cs->threads);
#endif
    info = T(call_gemt)(cs->face, cs->trans, (tsblas_int)cs->m, (tsblas_int)cs->n, cs->alpha,
                        test_array_routine_matrix(a), (tsblas_int)cs->lda,
                        test_array_routine_matrix(b), (tsblas_int)cs->ldb);
    last_error = tsblas_last_error();
    if (test_array_get(b) != 0)
        test_add_reason(reasons, sizeof reasons, "cannot copy B back from the device");

    test_add_call_reasons(reasons, sizeof reasons, (long)info, last_error);
    if (!test_array_unchanged(a))
        test_add_reason(reasons, sizeof reasons, "A changed");

    same_as_own = own->valid && memcmp(own->result, b->work, bytes) == 0;
    same_as_other = !same_as_own && other->valid && memcmp(other->result, b->work, bytes) == 0;
    if (same_as_own || same_as_other) {
        const struct verdict *known = same_as_own ? own : other;
        ratio = known->ratio;
        snprintf(content, sizeof content, "%s", known->reasons);
    } else {
        ratio = check_b_content(s, cs, a, b, content, sizeof content);
    }
    if (content[0] != '\0')
        test_add_reason(reasons, sizeof reasons, content);
    if (own->valid && !same_as_own) {
        snprintf(text, sizeof text, "B differs bitwise from the run with %d thread(s)",
                 s->threads[0]);
        test_add_reason(reasons, sizeof reasons, text);
    }
    if (!own->valid) {
        memcpy(own->result, b->work, bytes);
        own->ratio = ratio;
        snprintf(own->reasons, sizeof own->reasons, "%s", content);
        own->valid = 1;
    }

    test_record(group, reasons[0] == '\0', ratio);
    if (reasons[0] != '\0') {
        char alpha[64];
#if TSBLAS_COMPLEX
        snprintf(alpha, sizeof alpha, "(%g,%g)", (double)RE(cs->alpha), (double)IM(cs->alpha));
#else
        snprintf(alpha, sizeof alpha, "%g", (double)cs->alpha);
#endif
        printf("  FAILED %s face=%s trans=%c m=%ld n=%ld alpha=%s lda=%ld ldb=%ld threads=%d "
               "memory=%s: %s\n",
               name, test_face_names[cs->face], cs->trans, cs->m, cs->n, alpha, cs->lda,
               cs->ldb, cs->threads, s->memory == TEST_DEVICE ? "device" : "host", reasons);
    }
}

static void run_operands(const struct test_settings *s, const char *name, long m, long n,
                         char trans, const struct test_pad *pad, struct test_group *group)
{
    const enum test_op op = T(parse_op)(trans);
    const long brows = op == TEST_OP_N ? m : n, bcols = op == TEST_OP_N ? n : m;
    const uint64_t seed = ((uint64_t)m << 32) ^ (uint64_t)n ^ UINT64_C(0x6e3700000000000);
    struct test_array a, b;
    struct verdict verdicts[2];
    struct gemt_case cs;
    int zero_alpha, ialpha, face, ithreads;

    memset(&cs, 0, sizeof cs);
    memset(verdicts, 0, sizeof verdicts);
    cs.trans = trans;
    cs.m = m;
    cs.n = n;
    cs.lda = (m > 1 ? m : 1) + pad->a;
    cs.ldb = (brows > 1 ? brows : 1) + pad->b;
    if (test_array_alloc(&a, m, n, cs.lda, sizeof(scalar_t), sizeof(real_t), s->memory, 0) != 0
        || test_array_alloc(&b, brows, bcols, cs.ldb, sizeof(scalar_t), sizeof(real_t), s->memory,
                            1) != 0
        || (verdicts[0].result = malloc(b.total * sizeof(scalar_t))) == NULL
        || (verdicts[1].result = malloc(b.total * sizeof(scalar_t))) == NULL) {
        printf("  FAILED %s m=%ld n=%ld: out of memory for the operands\n", name, m, n);
        test_record(group, 0, 0);
        goto done;
    }
    T(fill_nan)(&b);
    for (zero_alpha = 0; zero_alpha <= 1; zero_alpha++) {
        int any = 0;
        for (ialpha = 0; ialpha < s->nalpha; ialpha++)
            any |= (T(scalar)(s->alpha[ialpha]) == 0) == zero_alpha;
        if (!any)
            continue;
        if (zero_alpha)
            T(fill_nan)(&a);
        else
            T(fill_operand)(&a, TEST_OP_N, seed);
        if (test_array_put(&a) != 0) {
            printf("  FAILED %s m=%ld n=%ld: cannot copy A to the device (%s)\n", name, m, n,
                   tsblas_last_error_message());
            test_record(group, 0, 0);
            goto done;
        }
        for (ialpha = 0; ialpha < s->nalpha; ialpha++) {
            cs.alpha = T(scalar)(s->alpha[ialpha]);
            if ((cs.alpha == 0) != zero_alpha)
                continue;
            verdicts[0].valid = verdicts[1].valid = 0;
            for (face = 0; face < 2; face++) {
                if (!s->faces[face])
                    continue;
                cs.face = (enum test_face)face;
                for (ithreads = 0; ithreads < s->nthreads; ithreads++) {
                    cs.threads = s->threads[ithreads];
                    run_case(s, name, &cs, &a, &b, verdicts, group);
                }
            }
        }
    }
done:
    free(verdicts[0].result);
    free(verdicts[1].result);
    test_array_free(&a);
    test_array_free(&b);
}

void T(gemt_line)(const struct test_settings *s, const struct test_sizes *sizes)
{
    char name[16];
    int im, in, it, ip;

    snprintf(name, sizeof name, "%sGEMT", TSBLAS_PREFIX_UPPER);
    test_print_table_header();
    for (im = 0; im < sizes->nm; im++)
        for (in = 0; in < sizes->nn; in++) {
            struct test_group group = { 0, 0, 0 };
            for (it = 0; it < s->ntransa; it++)
                for (ip = 0; ip < s->npad; ip++)
                    run_operands(s, name, sizes->m[im], sizes->n[in], s->transa[it],
                                 &s->pad[ip], &group);
            test_print_table_row(name, sizes->m[im], sizes->n[in], -1, &group);
        }
}
