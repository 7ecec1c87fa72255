/*
 * test_errors.c: illegal arguments, overlapping and misplaced operands, in
 * one precision (the driver of an ERRORS line of the input file), as
 * CHKXER in BLAS/TESTING/dblat3.f.
 *
 * Purpose
 * =======
 * Every illegal argument of API.md, for each routine and face: INFO 1, 2,
 * 3, 4, 5, 8, 10, 13 of the GEMM-shaped routines, 1, 2, 3, 6, 8 of xGEMT,
 * each alone and in combinations that show the order of the checks, and
 * bad leading dimensions with M = 0, N = 0 or ALPHA = 0, BETA = 1, which
 * must be found before the quick return.  An output that shares an element
 * with an input is INFO 12 (C over A or B) or 7 (xGEMT's B over A).  With
 * MEMORY DEVICE, operands in different memories are errors too (the number
 * of the misplaced argument).  Such a case passes when the test XERBLA was
 * called once with the routine's name ('DTSMTTSM', ...) and the INFO, the C
 * entry returned -INFO, tsblas_last_error() is -INFO, and no array changed
 * (whole buffers, guards included, bit for bit).
 *
 * Legal calls on one shared array are not errors: C in the rows below A
 * (or below B), xGEMT's B below A, with the same leading dimension and no
 * element in common.  They must succeed, give the product (ratio below
 * THRESHOLD, or GEMT_THRESHOLD) and change nothing but C's block.
 */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include "test_precision.h"

/* The arrays of the error calls: big enough for every size used below, so
   that a routine that failed to reject a call still stays in bounds. */
#define BUF_LD 12
#define BUF_COLS 10

struct gemm_error {
    char transa, transb;
    int m, n, k, lda, ldb, ldc;
    int quick;      /* ALPHA = 0, BETA = 1: a quick return, were it legal */
    int info;
    const char *what;
};

static const struct gemm_error gemm_errors[] = {
    { '/', 'N', 2, 3, 4, 2, 4, 2, 0, 1, "TRANSA = '/'" },
    { 'x', 'N', 2, 3, 4, 2, 4, 2, 0, 1, "TRANSA = 'x'" },
    { ' ', 'N', 2, 3, 4, 2, 4, 2, 0, 1, "TRANSA = ' '" },
    { 'N', 'R', 2, 3, 4, 2, 4, 2, 0, 2, "TRANSB = 'R'" },
    { 'T', 'y', 2, 3, 4, 4, 4, 2, 0, 2, "TRANSB = 'y'" },
    { 'N', 'N', -1, 3, 4, 1, 4, 1, 0, 3, "M = -1" },
    { 'N', 'N', 2, -1, 4, 2, 4, 2, 0, 4, "N = -1" },
    { 'N', 'N', 2, 3, -1, 2, 1, 2, 0, 5, "K = -1" },
    { 'N', 'N', 2, 3, 4, 1, 4, 2, 0, 8, "LDA = M-1 (TRANSA = 'N')" },
    { 'T', 'N', 2, 3, 4, 3, 4, 2, 0, 8, "LDA = K-1 (TRANSA = 'T')" },
    { 'c', 'N', 2, 3, 4, 3, 4, 2, 0, 8, "LDA = K-1 (TRANSA = 'c')" },
    { 'N', 'N', 0, 3, 4, 0, 4, 1, 0, 8, "LDA = 0 with M = 0" },
    { 'N', 'N', 2, 3, 4, 2, 3, 2, 0, 10, "LDB = K-1 (TRANSB = 'N')" },
    { 'N', 'T', 2, 3, 4, 2, 2, 2, 0, 10, "LDB = N-1 (TRANSB = 'T')" },
    { 'N', 'C', 2, 3, 4, 2, 2, 2, 0, 10, "LDB = N-1 (TRANSB = 'C')" },
    { 'N', 'N', 2, 3, 0, 2, 0, 2, 0, 10, "LDB = 0 with K = 0" },
    { 'N', 'N', 2, 3, 4, 2, 4, 1, 0, 13, "LDC = M-1" },
    { 'N', 'N', 0, 3, 4, 1, 4, 0, 0, 13, "LDC = 0 with M = 0 (before the quick return)" },
    { 'N', 'N', 2, 0, 4, 2, 4, 1, 0, 13, "LDC = M-1 with N = 0 (before the quick return)" },
    { 'N', 'N', 2, 3, 4, 2, 4, 1, 1, 13, "LDC = M-1 with ALPHA = 0, BETA = 1" },
    { 'N', 'N', 2, 3, 4, 1, 4, 2, 1, 8, "LDA = M-1 with ALPHA = 0, BETA = 1" },
    { '/', '/', -1, -1, -1, 0, 0, 0, 0, 1, "all illegal: TRANSA first" },
    { 'N', '/', -1, -1, -1, 0, 0, 0, 0, 2, "TRANSB before M" },
    { 'N', 'N', -1, -1, -1, 0, 0, 0, 0, 3, "M before N" },
    { 'N', 'N', 2, -1, -1, 0, 0, 0, 0, 4, "N before K" },
    { 'N', 'N', 2, 3, -1, 0, 0, 0, 0, 5, "K before LDA" },
    { 'N', 'N', 2, 3, 4, 1, 3, 1, 0, 8, "LDA before LDB" },
    { 'N', 'N', 2, 3, 4, 2, 3, 1, 0, 10, "LDB before LDC" },
};

struct gemt_error {
    char trans;
    int m, n, lda, ldb;
    int info;
    const char *what;
};

static const struct gemt_error gemt_errors[] = {
    { '/', 2, 3, 2, 2, 1, "TRANS = '/'" },
    { 'q', 2, 3, 2, 3, 1, "TRANS = 'q'" },
    { 'N', -1, 3, 1, 1, 2, "M = -1" },
    { 'N', 2, -1, 2, 2, 3, "N = -1" },
    { 'N', 2, 3, 1, 2, 6, "LDA = M-1" },
    { 'N', 0, 3, 0, 1, 6, "LDA = 0 with M = 0" },
    { 'N', 2, 3, 2, 1, 8, "LDB = M-1 (TRANS = 'N')" },
    { 'T', 2, 3, 2, 2, 8, "LDB = N-1 (TRANS = 'T')" },
    { 'c', 2, 3, 2, 2, 8, "LDB = N-1 (TRANS = 'c')" },
    { 'T', 0, 3, 1, 2, 8, "LDB = N-1 with M = 0 (before the quick return)" },
    { 'N', 2, 0, 2, 1, 8, "LDB = M-1 with N = 0 (before the quick return)" },
    { '/', -1, -1, 0, 0, 1, "all illegal: TRANS first" },
    { 'N', -1, -1, 0, 0, 2, "M before N" },
    { 'N', 2, -1, 0, 0, 3, "N before LDA" },
    { 'N', 2, 3, 1, 1, 6, "LDA before LDB" },
};

/* A, C (and B when B_SHARED) in one array W with leading dimension BUF_LD,
   starting at these elements of W (below BUF_LD: a row of its first
   column). */
struct gemm_overlap {
    char transa, transb;
    int m, n, k;
    int a_at, b_at, c_at, b_shared;
    int info;
    const char *what;
};

static const struct gemm_overlap gemm_overlaps[] = {
    { 'N', 'N', 3, 2, 2, 0, 0, 0, 0, 12, "C = A" },
    { 'T', 'N', 2, 2, 3, 0, 0, 1, 0, 12, "C one row below A's start, inside A" },
    { 'N', 'N', 2, 2, 3, 8, 0, 1, 1, 12, "C one row below B's start, inside B" },
    { 'N', 'N', 2, 2, 2, 13, 0, 0, 0, 12, "A starts at C's last element, one element in common" },
    { 'N', 'T', 2, 3, 2, 0, 5, 4, 1, 12, "B's first column meets C's last rows" },
    { 'N', 'N', 2, 3, 3, 0, 0, 2, 0, 0, "legal: C in the rows below A (TRANSA = 'N')" },
    { 'T', 'N', 3, 2, 4, 0, 0, 4, 0, 0, "legal: C in the rows below A (TRANSA = 'T')" },
    { 'N', 'N', 2, 3, 4, 10, 0, 6, 1, 0, "legal: B, C, A in disjoint rows of one array" },
    { 'C', 'T', 2, 3, 2, 3, 0, 5, 1, 0, "legal: B, A, C stacked in one array" },
};

/* xGEMT's A and B in one array W, starting at these elements of W. */
struct gemt_overlap {
    char trans;
    int m, n, a_at, b_at;
    int info;
    const char *what;
};

static const struct gemt_overlap gemt_overlaps[] = {
    { 'N', 3, 2, 0, 0, 7, "B = A" },
    { 'T', 2, 3, 0, 1, 7, "B one row below A's start, inside A" },
    { 'N', 2, 2, 13, 0, 7, "A starts at B's last element, one element in common" },
    { 'T', 2, 3, 0, 2, 0, "legal: B in the rows below A (TRANS = 'T')" },
    { 'N', 3, 3, 3, 0, 0, "legal: B in the rows above A (TRANS = 'N')" },
};

/* What one error test shares. */
struct context {
    const struct test_settings *s;
    struct test_group *group;
};

/* A successful call clears tsblas_last_error, so that each case shows its
   own status. */
static void clear_last_error(void)
{
    scalar_t one = 1;
    T(call_gemt)(TEST_FACE_C, 'N', 0, 0, one, NULL, 1, NULL, 1);
}

/* The checks of a call that must be rejected with INFO. */
static void expect_rejected(struct context *ctx, const char *name, enum test_face face,
                            int info, tsblas_int returned, int last_error,
                            struct test_array *const *arrays, const char *const *names,
                            int narrays, const char *what)
{
    char reasons[1024] = "", text[256];
    int i;

    if (test_xerbla_seen.calls != 1) {
        snprintf(text, sizeof text, "XERBLA called %d times, not once", test_xerbla_seen.calls);
        test_add_reason(reasons, sizeof reasons, text);
    }
    if (test_xerbla_seen.calls > 0 && strcmp(test_xerbla_seen.name, name) != 0) {
        snprintf(text, sizeof text, "XERBLA got name '%s'", test_xerbla_seen.name);
        test_add_reason(reasons, sizeof reasons, text);
    }
    if (test_xerbla_seen.calls > 0 && test_xerbla_seen.info != info) {
        snprintf(text, sizeof text, "XERBLA got INFO %ld", (long)test_xerbla_seen.info);
        test_add_reason(reasons, sizeof reasons, text);
    }
    if (face == TEST_FACE_C && returned != -info) {
        snprintf(text, sizeof text, "returned %ld", (long)returned);
        test_add_reason(reasons, sizeof reasons, text);
    }
    if (last_error != -info) {
        snprintf(text, sizeof text, "tsblas_last_error() = %d", last_error);
        test_add_reason(reasons, sizeof reasons, text);
    }
    for (i = 0; i < narrays; i++)
        if (!test_array_unchanged(arrays[i])) {
            snprintf(text, sizeof text, "%s changed", names[i]);
            test_add_reason(reasons, sizeof reasons, text);
        }
    test_record(ctx->group, reasons[0] == '\0', 0);
    if (reasons[0] != '\0')
        printf("  FAILED %s face=%s %s: expected XERBLA('%s', %d): %s\n", name,
               test_face_names[face], what, name, info, reasons);
}

/* The checks of a legal call on a shared array W: success, C's block
   (ROWS-by-COLS at row ROW0 of W) within RATIO < THRESHOLD, nothing else
   of W changed. */
static void expect_success(struct context *ctx, const char *name, enum test_face face,
                           tsblas_int returned, int last_error, struct test_array *w,
                           long row0, long rows, long cols, double ratio, double threshold,
                           const char *what)
{
    char reasons[1024] = "", text[256];
    long changed;

    test_add_call_reasons(reasons, sizeof reasons, (long)returned, last_error);
    changed = test_array_first_change_outside(w, row0, rows, cols);
    if (changed >= 0) {
        char where[96];
        test_array_locate(w, changed, where, sizeof where);
        snprintf(text, sizeof text, "the shared array changed outside the output, at %s",
                 where);
        test_add_reason(reasons, sizeof reasons, text);
    }
    if (!(ratio < threshold)) {
        snprintf(text, sizeof text, "ratio %.3g >= %g", ratio, threshold);
        test_add_reason(reasons, sizeof reasons, text);
    }
    test_record(ctx->group, reasons[0] == '\0', ratio);
    if (reasons[0] != '\0')
        printf("  FAILED %s face=%s %s: %s\n", name, test_face_names[face], what, reasons);
}

static int put_all(struct test_array *const *arrays, int narrays)
{
    int i;
    for (i = 0; i < narrays; i++)
        if (test_array_put(arrays[i]) != 0)
            return -1;
    return 0;
}

static void gemm_shaped_errors(struct context *ctx, enum test_routine routine, const char *name,
                               struct test_array *a, struct test_array *b, struct test_array *c,
                               struct test_array *w, struct test_array *bs)
{
    struct test_array *const separate[] = { a, b, c };
    static const char *const separate_names[] = { "A", "B", "C" };
    static const char *const shared_names[] = { "the shared array", "B" };
    size_t i;
    int face;

    for (face = 0; face < 2; face++) {
        if (!ctx->s->faces[face])
            continue;
        for (i = 0; i < sizeof gemm_errors / sizeof gemm_errors[0]; i++) {
            const struct gemm_error *e = &gemm_errors[i];
            const scalar_t alpha = e->quick ? 0 : 1, beta = e->quick ? 1 : 0.5f;
            tsblas_int returned;
            int last_error;

            clear_last_error();
            test_xerbla_reset();
            if (put_all(separate, 3) != 0)
                break;
            returned = T(call_gemm)((enum test_face)face, routine, e->transa, e->transb, e->m,
                                    e->n, e->k, alpha, test_array_routine_matrix(a), e->lda,
                                    test_array_routine_matrix(b), e->ldb, beta,
                                    test_array_routine_matrix(c), e->ldc);
            last_error = tsblas_last_error();
            expect_rejected(ctx, name, (enum test_face)face, e->info, returned, last_error,
                            separate, separate_names, 3, e->what);
        }
        for (i = 0; i < sizeof gemm_overlaps / sizeof gemm_overlaps[0]; i++) {
            const struct gemm_overlap *o = &gemm_overlaps[i];
            struct test_array *const shared[] = { w, bs };
            const scalar_t alpha = 1, beta = 0.5f;
            scalar_t *wm = test_array_routine_matrix(w);
            const scalar_t *bm = o->b_shared ? wm + o->b_at : test_array_routine_matrix(bs);
            const long ldb = o->b_shared ? BUF_LD : bs->ld;
            tsblas_int returned;
            int last_error;

            clear_last_error();
            test_xerbla_reset();
            if (put_all(shared, 2) != 0)
                break;
            returned = T(call_gemm)((enum test_face)face, routine, o->transa, o->transb, o->m,
                                    o->n, o->k, alpha, wm + o->a_at, BUF_LD, bm,
                                    (tsblas_int)ldb, beta, wm + o->c_at, BUF_LD);
            last_error = tsblas_last_error();
            if (o->info != 0) {
                expect_rejected(ctx, name, (enum test_face)face, o->info, returned, last_error,
                                shared, shared_names, 2, o->what);
            } else {
                const scalar_t *w0 = test_array_host_matrix(w);
                const scalar_t *b0 = o->b_shared ? w0 + o->b_at : test_array_host_matrix(bs);
                struct T(reference) ref;
                double ratio = INFINITY;
                long wi, wj;

                test_array_get(w);
                if (T(reference_compute)(&ref, INFINITY, T(parse_op)(o->transa), w0 + o->a_at,
                                         BUF_LD, T(parse_op)(o->transb), b0, ldb, o->m, o->n,
                                         o->k) == 0)
                    ratio = T(reference_ratio)(&ref, alpha, beta, w0 + o->c_at, BUF_LD,
                                               (const scalar_t *)test_array_result_matrix(w)
                                                   + o->c_at,
                                               BUF_LD, &wi, &wj);
                T(reference_free)(&ref);
                if (!test_array_unchanged(bs))
                    ratio = INFINITY;
                expect_success(ctx, name, (enum test_face)face, returned, last_error, w,
                               o->c_at, o->m, o->n, ratio, ctx->s->threshold, o->what);
            }
        }
    }
}

static void gemt_errors_and_overlaps(struct context *ctx, const char *name, struct test_array *a,
                                     struct test_array *b, struct test_array *w)
{
    struct test_array *const separate[] = { a, b };
    struct test_array *const shared[] = { w };
    static const char *const separate_names[] = { "A", "B" };
    static const char *const shared_names[] = { "the shared array" };
    size_t i;
    int face;

    for (face = 0; face < 2; face++) {
        if (!ctx->s->faces[face])
            continue;
        for (i = 0; i < sizeof gemt_errors / sizeof gemt_errors[0]; i++) {
            const struct gemt_error *e = &gemt_errors[i];
            tsblas_int returned;
            int last_error;

            clear_last_error();
            test_xerbla_reset();
            if (put_all(separate, 2) != 0)
                break;
            returned = T(call_gemt)((enum test_face)face, e->trans, e->m, e->n, 1,
                                    test_array_routine_matrix(a), e->lda,
                                    test_array_routine_matrix(b), e->ldb);
            last_error = tsblas_last_error();
            expect_rejected(ctx, name, (enum test_face)face, e->info, returned, last_error,
                            separate, separate_names, 2, e->what);
        }
        for (i = 0; i < sizeof gemt_overlaps / sizeof gemt_overlaps[0]; i++) {
            const struct gemt_overlap *o = &gemt_overlaps[i];
            const enum test_op op = T(parse_op)(o->trans);
            const long brows = op == TEST_OP_N ? o->m : o->n, bcols = op == TEST_OP_N ? o->n : o->m;
            const scalar_t alpha = -0.75f;
            scalar_t *wm = test_array_routine_matrix(w);
            tsblas_int returned;
            int last_error;

            clear_last_error();
            test_xerbla_reset();
            if (put_all(shared, 1) != 0)
                break;
            returned = T(call_gemt)((enum test_face)face, o->trans, o->m, o->n, alpha,
                                    wm + o->a_at, BUF_LD, wm + o->b_at, BUF_LD);
            last_error = tsblas_last_error();
            if (o->info != 0) {
                expect_rejected(ctx, name, (enum test_face)face, o->info, returned, last_error,
                                shared, shared_names, 1, o->what);
            } else {
                const scalar_t *a0 = (const scalar_t *)test_array_host_matrix(w) + o->a_at;
                const scalar_t *bout = (const scalar_t *)test_array_result_matrix(w) + o->b_at;
                double ratio = 0;
                long r, col;

                test_array_get(w);
                /* One rounded product per element, as in test_gemt.c. */
                for (col = 0; col < bcols; col++)
                    for (r = 0; r < brows; r++) {
                        scalar_t opa_rc = op == TEST_OP_N ? a0[r + col * BUF_LD]
                                                          : a0[col + r * BUF_LD];
                        ref_scalar_t x = op == TEST_OP_C ? CONJ(opa_rc) : opa_rc;
                        ref_scalar_t bref = (ref_scalar_t)alpha * x;
                        ref_real_t error = REF_ABS1((ref_scalar_t)bout[r + col * BUF_LD] - bref);
                        ref_real_t gauge = REF_ABS1((ref_scalar_t)alpha) * REF_ABS1(x);
                        double q;
                        if (isnan(error) || (error != 0 && gauge == 0))
                            q = INFINITY;
                        else
                            q = error == 0 ? 0 : (double)(error / ((ref_real_t)TEST_EPS * gauge));
                        if (q > ratio)
                            ratio = q;
                    }
                expect_success(ctx, name, (enum test_face)face, returned, last_error, w,
                               o->b_at, brows, bcols, ratio, ctx->s->gemt_threshold, o->what);
            }
        }
    }
}

/* MEMORY DEVICE: operands in different memories (API.md: the number of
   the misplaced argument, or of the output). */
static void placement_errors(struct context *ctx, const int *routines, struct test_array *a,
                             struct test_array *b, struct test_array *c, struct test_array *ah,
                             struct test_array *bh, struct test_array *ch)
{
    struct tsmttsm_placement {
        struct test_array *a, *b, *c;
        int info;
        const char *what;
    } const tsmttsm_cases[] = {
        { a, bh, c, 9, "A on the device, B on the host" },
        { ah, b, ch, 9, "A on the host, B on the device" },
        { ah, bh, c, 12, "A and B on the host, C on the device" },
    };
    struct gemt_placement {
        struct test_array *a, *b;
        const char *what;
    } const gemt_cases[] = {
        { a, bh, "A on the device, B on the host" },
        { ah, b, "A on the host, B on the device" },
    };
    static const char *const gemm_names[] = { "A", "B", "C" };
    static const char *const gemt_names[] = { "A", "B" };
    char name[16];
    size_t i;
    int face;

    for (face = 0; face < 2; face++) {
        if (!ctx->s->faces[face])
            continue;
        if (routines[TEST_TSMTTSM]) {
            snprintf(name, sizeof name, "%sTSMTTSM", TSBLAS_PREFIX_UPPER);
            for (i = 0; i < sizeof tsmttsm_cases / sizeof tsmttsm_cases[0]; i++) {
                const struct tsmttsm_placement *p = &tsmttsm_cases[i];
                struct test_array *const arrays[] = { p->a, p->b, p->c };
                tsblas_int returned;
                int last_error;

                clear_last_error();
                test_xerbla_reset();
                if (put_all(arrays, 3) != 0)
                    break;
                returned = T(call_gemm)((enum test_face)face, TEST_TSMTTSM, 'T', 'N', 3, 2, 4, 1,
                                        test_array_routine_matrix(p->a), BUF_LD,
                                        test_array_routine_matrix(p->b), BUF_LD, 0,
                                        test_array_routine_matrix(p->c), BUF_LD);
                last_error = tsblas_last_error();
                expect_rejected(ctx, name, (enum test_face)face, p->info, returned, last_error,
                                arrays, gemm_names, 3, p->what);
            }
        }
        if (routines[TEST_GEMT]) {
            snprintf(name, sizeof name, "%sGEMT", TSBLAS_PREFIX_UPPER);
            for (i = 0; i < sizeof gemt_cases / sizeof gemt_cases[0]; i++) {
                const struct gemt_placement *p = &gemt_cases[i];
                struct test_array *const arrays[] = { p->a, p->b };
                tsblas_int returned;
                int last_error;

                clear_last_error();
                test_xerbla_reset();
                if (put_all(arrays, 2) != 0)
                    break;
                returned = T(call_gemt)((enum test_face)face, 'T', 3, 4, 1,
                                        test_array_routine_matrix(p->a), BUF_LD,
                                        test_array_routine_matrix(p->b), BUF_LD);
                last_error = tsblas_last_error();
                expect_rejected(ctx, name, (enum test_face)face, 7, returned, last_error,
                                arrays, gemt_names, 2, p->what);
            }
        }
    }
}

static int alloc_filled(struct test_array *x, enum test_memory memory, int is_output,
                        uint64_t seed)
{
    if (test_array_alloc(x, BUF_LD, BUF_COLS, BUF_LD, sizeof(scalar_t), sizeof(real_t), memory,
                         is_output) != 0)
        return -1;
    T(fill_operand)(x, TEST_OP_N, seed);
    return 0;
}

void T(errors)(const struct test_settings *s, const int *routines)
{
    struct test_array a, b, c, w, bs, ah, bh, ch;
    struct test_group group;
    struct context ctx;
    char name[16];
    int r, ok;

    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
    memset(&w, 0, sizeof w);
    memset(&bs, 0, sizeof bs);
    memset(&ah, 0, sizeof ah);
    memset(&bh, 0, sizeof bh);
    memset(&ch, 0, sizeof ch);
    ctx.s = s;
    ctx.group = &group;
    ok = alloc_filled(&a, s->memory, 0, 1) == 0 && alloc_filled(&b, s->memory, 0, 2) == 0
         && alloc_filled(&c, s->memory, 1, 3) == 0 && alloc_filled(&w, s->memory, 1, 4) == 0
         && alloc_filled(&bs, s->memory, 0, 5) == 0;
    if (ok && s->memory == TEST_DEVICE)
        ok = alloc_filled(&ah, TEST_HOST, 0, 1) == 0 && alloc_filled(&bh, TEST_HOST, 0, 2) == 0
             && alloc_filled(&ch, TEST_HOST, 1, 3) == 0;

    test_print_table_header();
    for (r = 0; r < TEST_NROUTINES; r++) {
        if (!routines[r])
            continue;
        memset(&group, 0, sizeof group);
        snprintf(name, sizeof name, "%s%s", TSBLAS_PREFIX_UPPER, test_routine_names[r]);
        if (!ok) {
            printf("  FAILED %s: cannot allocate the arrays of the error tests\n", name);
            test_record(&group, 0, 0);
        } else if (r == TEST_GEMT) {
            gemt_errors_and_overlaps(&ctx, name, &a, &c, &w);
        } else {
            gemm_shaped_errors(&ctx, (enum test_routine)r, name, &a, &b, &c, &w, &bs);
        }
        test_print_table_row(name, -1, -1, -1, &group);
    }
    if (ok && s->memory == TEST_DEVICE) {
        memset(&group, 0, sizeof group);
        placement_errors(&ctx, routines, &a, &b, &c, &ah, &bh, &ch);
        snprintf(name, sizeof name, "placement(%s)", TSBLAS_PREFIX_UPPER);
        test_print_table_row(name, -1, -1, -1, &group);
    }
    test_array_free(&a);
    test_array_free(&b);
    test_array_free(&c);
    test_array_free(&w);
    test_array_free(&bs);
    test_array_free(&ah);
    test_array_free(&bh);
    test_array_free(&ch);
}
