/*
 * test_gemm.c: the numerical tests of xTSMTTSM, xTSMM and xMTSM, in one
 * precision (the driver of one action line of the input file).
 *
 * Purpose
 * =======
 * For every shape (M, N, K) of the line and, with the current settings,
 * every TRANSA, TRANSB, LD padding, ALPHA, BETA, face (C entry, Fortran
 * symbol) and thread count, one call is one case.  A case passes when
 *
 *   - XERBLA was not called, the C entry returned 0, tsblas_last_error()
 *     is 0;
 *   - A and B are bit for bit unchanged, guards and padding included;
 *   - nothing of C's buffer outside its M-by-N block changed (padding rows
 *     between M and LDC, guards before and after);
 *   - the block holds the product: its error ratio (test_reference.c) is
 *     below THRESHOLD; or, when the call only scales (ALPHA = 0 or K = 0),
 *     C = BETA*C0: exactly in real precisions, within one rounded complex
 *     product (GEMT_THRESHOLD) in complex ones;
 *   - when no element may change (M = 0, N = 0, or ALPHA = 0 or K = 0 with
 *     BETA = 1), the whole buffer is bit for bit unchanged;
 *   - the block is bit for bit the one of the same call with the first
 *     thread count of THREADS (repeatability).
 *
 * Special values come out of the settings: with BETA = 0 the block of C0
 * is NaN (it must not be read); with ALPHA = 0 the blocks of A and B are
 * NaN (they must not be read); K = 0 leaves A and B empty, only their NaN
 * guards; the sentinel of guards and padding is a signaling NaN, so a
 * routine that reads them spreads NaN into C, and one that writes back
 * what it computed from them changes their bits.
 *
 * The reference is computed once per shape: the operands hold the same
 * logical op(A), op(B) for every TRANS and padding (test_fill.c).  The
 * content checks of C run once per face and inputs: a later call (another
 * thread count, the other face) that leaves C's buffer bit for bit as an
 * earlier one did shares its verdict.
 *
 * Prints one table row per shape and one line per failing case.
 */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "test_precision.h"

/* Everything one shape's cases share. */
struct shape {
    const struct test_settings *s;
    enum test_routine routine;
    char name[16];
    long m, n, k;
    struct T(reference) ref;
    int have_reference;
    struct test_group *group;
};

/* One call. */
struct gemm_case {
    char transa, transb;
    long lda, ldb, ldc;
    scalar_t alpha, beta;
    enum test_face face;
    int threads;
};

static uint64_t operand_seed(const struct shape *sh, char operand)
{
    return ((uint64_t)(unsigned char)operand << 48) ^ ((uint64_t)sh->routine << 40)
           ^ ((uint64_t)sh->m * 1000003u) ^ ((uint64_t)sh->n * 10007u) ^ (uint64_t)sh->k;
}

static void format_value(char *out, size_t size, scalar_t x)
{
#if TSBLAS_COMPLEX
    snprintf(out, size, "(%g,%g)", (double)RE(x), (double)IM(x));
#else
    snprintf(out, size, "%g", (double)x);
#endif
}

static void describe(char *out, size_t size, const struct shape *sh, const struct gemm_case *cs)
{
    char alpha[64], beta[64];

    format_value(alpha, sizeof alpha, cs->alpha);
    format_value(beta, sizeof beta, cs->beta);
    snprintf(out, size,
             "%s face=%s transa=%c transb=%c m=%ld n=%ld k=%ld alpha=%s beta=%s "
             "lda=%ld ldb=%ld ldc=%ld threads=%d memory=%s",
             sh->name, test_face_names[cs->face], cs->transa, cs->transb, sh->m, sh->n,
             sh->k, alpha, beta, cs->lda, cs->ldb, cs->ldc, cs->threads,
             sh->s->memory == TEST_DEVICE
                 ? (sh->s->small == TEST_HOST ? "device(small operand on host)" : "device")
                 : "host");
}

/* The checks of C's content (nothing outside the block changed, the
   block's ratio) are done once per face and inputs: a later call with the
   same inputs that leaves C's buffer bit for bit the same gets the same
   verdict.  RESULT also serves the repeatability check, which compares the
   calls of one face with its first thread count. */
struct verdict {
    unsigned char *result;      /* C's whole buffer after the face's first call */
    int valid;
    double ratio;
    char reasons[512];
};

/* The content checks of C after a call. */
static double check_c_content(struct shape *sh, const struct gemm_case *cs, struct test_array *c,
                              char *reasons, size_t size)
{
    const struct test_settings *s = sh->s;
    const long m = sh->m, n = sh->n, k = sh->k;
    const int scales_only = cs->alpha == 0 || k == 0;
    const int keeps_c = m == 0 || n == 0 || (scales_only && cs->beta == 1);
    const double threshold = scales_only ? s->gemt_threshold : s->threshold;
    char text[256], where[96];
    double ratio = 0;
    long changed, wi, wj;

    reasons[0] = '\0';
    if (keeps_c) {
        changed = test_array_first_change_outside(c, 0, 0, 0);
        if (changed >= 0) {
            test_array_locate(c, changed, where, sizeof where);
            snprintf(text, sizeof text, "C changed at %s but must not be", where);
            test_add_reason(reasons, size, text);
        }
        return 0;
    }
    changed = test_array_first_change_outside(c, 0, m, n);
    if (changed >= 0) {
        test_array_locate(c, changed, where, sizeof where);
        snprintf(text, sizeof text, "C changed outside its M-by-N block, at %s", where);
        test_add_reason(reasons, size, text);
    }
    ratio = T(reference_ratio)(&sh->ref, cs->alpha, cs->beta, test_array_host_matrix(c), cs->ldc,
                               test_array_result_matrix(c), cs->ldc, &wi, &wj);
#if !TSBLAS_COMPLEX
    /* A real C = beta*C is one correctly rounded product: exact. */
    if (scales_only
        && !T(exact_product)(cs->beta, TEST_OP_N, test_array_host_matrix(c), cs->ldc,
                             test_array_result_matrix(c), cs->ldc, m, n, &wi, &wj)) {
        snprintf(text, sizeof text, "C(%ld,%ld) is not beta*C exactly", wi + 1, wj + 1);
        test_add_reason(reasons, size, text);
    }
#endif
    if (!(ratio < threshold)) {
        if (wj >= 0)
            snprintf(text, sizeof text, "ratio %.3g >= %g at C(%ld,%ld)%s", ratio, threshold,
                     wi + 1, wj + 1, scales_only ? " (C = beta*C)" : "");
        else
            snprintf(text, sizeof text, "ratio %.3g >= %g at row %ld of C*x", ratio, threshold,
                     wi + 1);
        test_add_reason(reasons, size, text);
    }
    return ratio;
}

/* Runs one call and checks it.  VERDICTS: one per face, for these inputs. */
static void run_case(struct shape *sh, const struct gemm_case *cs, struct test_array *a,
                     struct test_array *b, struct test_array *c, struct verdict *verdicts)
{
    const struct test_settings *s = sh->s;
    const size_t bytes = c->total * c->elemsize;
    struct verdict *own = &verdicts[cs->face], *other = &verdicts[1 - cs->face];
    char reasons[1024] = "", text[256], content[512];
    double ratio;
    tsblas_int info;
    int last_error, same_as_own, same_as_other;

    test_xerbla_reset();
    if (test_array_put(c) != 0) {
        snprintf(text, sizeof text, "cannot copy C to the device (%s)",
                 tsblas_last_error_message());
        test_add_reason(reasons, sizeof reasons, text);
    }
#ifdef _OPENMP
    omp_set_num_threads(cs->threads);
#endif
    info = T(call_gemm)(cs->face, sh->routine, cs->transa, cs->transb, (tsblas_int)sh->m,
                        (tsblas_int)sh->n, (tsblas_int)sh->k, cs->alpha,
                        test_array_routine_matrix(a), (tsblas_int)cs->lda,
                        test_array_routine_matrix(b), (tsblas_int)cs->ldb, cs->beta,
                        test_array_routine_matrix(c), (tsblas_int)cs->ldc);
    last_error = tsblas_last_error();
    if (test_array_get(c) != 0)
        test_add_reason(reasons, sizeof reasons, "cannot copy C back from the device");

    test_add_call_reasons(reasons, sizeof reasons, (long)info, last_error);
    if (!test_array_unchanged(a))
        test_add_reason(reasons, sizeof reasons, "A changed");
    if (!test_array_unchanged(b))
        test_add_reason(reasons, sizeof reasons, "B changed");

    same_as_own = own->valid && memcmp(own->result, c->work, bytes) == 0;
    same_as_other = !same_as_own && other->valid && memcmp(other->result, c->work, bytes) == 0;
    if (same_as_own || same_as_other) {
        const struct verdict *known = same_as_own ? own : other;
        ratio = known->ratio;
        snprintf(content, sizeof content, "%s", known->reasons);
    } else {
        ratio = check_c_content(sh, cs, c, content, sizeof content);
    }
    if (content[0] != '\0')
        test_add_reason(reasons, sizeof reasons, content);
    if (own->valid && !same_as_own) {
        snprintf(text, sizeof text, "C differs bitwise from the run with %d thread(s)",
                 s->threads[0]);
        test_add_reason(reasons, sizeof reasons, text);
    }
    if (!own->valid) {
        memcpy(own->result, c->work, bytes);
        own->ratio = ratio;
        snprintf(own->reasons, sizeof own->reasons, "%s", content);
        own->valid = 1;
    }

    test_record(sh->group, reasons[0] == '\0', ratio);
    if (reasons[0] != '\0') {
        char what[512];
        describe(what, sizeof what, sh, cs);
        printf("  FAILED %s: %s\n", what, reasons);
    }
}

/* Where each operand lives: MEMORY, except the small operand with
   SMALL HOST (C of xTSMTTSM; the short one of xTSMM, B when M >= N). */
static void placement(const struct shape *sh, enum test_memory *mem_a, enum test_memory *mem_b,
                      enum test_memory *mem_c)
{
    const struct test_settings *s = sh->s;

    *mem_a = *mem_b = *mem_c = s->memory;
    if (s->memory != TEST_DEVICE || s->small != TEST_HOST)
        return;
    if (sh->routine == TEST_TSMTTSM)
        *mem_c = TEST_HOST;
    else if (sh->routine == TEST_TSMM && sh->m >= sh->n)
        *mem_b = TEST_HOST;
    else if (sh->routine == TEST_TSMM)
        *mem_a = TEST_HOST;
}

static void run_operands(struct shape *sh, char transa, char transb, const struct test_pad *pad)
{
    const struct test_settings *s = sh->s;
    const long m = sh->m, n = sh->n, k = sh->k;
    const enum test_op opa = T(parse_op)(transa), opb = T(parse_op)(transb);
    const long arows = opa == TEST_OP_N ? m : k, acols = opa == TEST_OP_N ? k : m;
    const long brows = opb == TEST_OP_N ? k : n, bcols = opb == TEST_OP_N ? n : k;
    struct test_array a, b, c;
    enum test_memory mem_a, mem_b, mem_c;
    struct verdict verdicts[2];
    struct gemm_case cs;
    int zero_alpha, ialpha, ibeta, face, ithreads;

    memset(&cs, 0, sizeof cs);
    memset(verdicts, 0, sizeof verdicts);
    cs.transa = transa;
    cs.transb = transb;
    cs.lda = (arows > 1 ? arows : 1) + pad->a;
    cs.ldb = (brows > 1 ? brows : 1) + pad->b;
    cs.ldc = (m > 1 ? m : 1) + pad->c;
    placement(sh, &mem_a, &mem_b, &mem_c);
    if (test_array_alloc(&a, arows, acols, cs.lda, sizeof(scalar_t), sizeof(real_t), mem_a, 0)
            != 0
        || test_array_alloc(&b, brows, bcols, cs.ldb, sizeof(scalar_t), sizeof(real_t), mem_b, 0)
               != 0
        || test_array_alloc(&c, m, n, cs.ldc, sizeof(scalar_t), sizeof(real_t), mem_c, 1) != 0
        || (verdicts[0].result = malloc(c.total * sizeof(scalar_t))) == NULL
        || (verdicts[1].result = malloc(c.total * sizeof(scalar_t))) == NULL) {
        printf("  FAILED %s m=%ld n=%ld k=%ld: out of memory for the operands\n", sh->name, m,
               n, k);
        test_record(sh->group, 0, 0);
        goto done;
    }

    /* Nonzero ALPHA values with random A and B, then ALPHA = 0 with NaN. */
    for (zero_alpha = 0; zero_alpha <= 1; zero_alpha++) {
        int any = 0;
        for (ialpha = 0; ialpha < s->nalpha; ialpha++)
            any |= (T(scalar)(s->alpha[ialpha]) == 0) == zero_alpha;
        if (!any)
            continue;
        if (zero_alpha) {
            T(fill_nan)(&a);
            T(fill_nan)(&b);
        } else {
            T(fill_operand)(&a, opa, operand_seed(sh, 'A'));
            T(fill_operand)(&b, opb, operand_seed(sh, 'B'));
            if (!sh->have_reference) {
                if (T(reference_compute)(&sh->ref, s->full_reference, opa,
                                         test_array_host_matrix(&a), cs.lda, opb,
                                         test_array_host_matrix(&b), cs.ldb, m, n, k) != 0) {
                    printf("  FAILED %s m=%ld n=%ld k=%ld: out of memory for the reference\n",
                           sh->name, m, n, k);
                    test_record(sh->group, 0, 0);
                    goto done;
                }
                sh->have_reference = 1;
            }
        }
        if (test_array_put(&a) != 0 || test_array_put(&b) != 0) {
            printf("  FAILED %s m=%ld n=%ld k=%ld: cannot copy A, B to the device (%s)\n",
                   sh->name, m, n, k, tsblas_last_error_message());
            test_record(sh->group, 0, 0);
            goto done;
        }
        for (ialpha = 0; ialpha < s->nalpha; ialpha++) {
            cs.alpha = T(scalar)(s->alpha[ialpha]);
            if ((cs.alpha == 0) != zero_alpha)
                continue;
            for (ibeta = 0; ibeta < s->nbeta; ibeta++) {
                cs.beta = T(scalar)(s->beta[ibeta]);
                if (cs.beta == 0)
                    T(fill_nan)(&c);
                else
                    T(fill_operand)(&c, TEST_OP_N, operand_seed(sh, 'C'));
                verdicts[0].valid = verdicts[1].valid = 0;
                for (face = 0; face < 2; face++) {
                    if (!s->faces[face])
                        continue;
                    cs.face = (enum test_face)face;
                    for (ithreads = 0; ithreads < s->nthreads; ithreads++) {
                        cs.threads = s->threads[ithreads];
                        run_case(sh, &cs, &a, &b, &c, verdicts);
                    }
                }
            }
        }
    }
done:
    free(verdicts[0].result);
    free(verdicts[1].result);
    test_array_free(&a);
    test_array_free(&b);
    test_array_free(&c);
}

static void run_shape(const struct test_settings *s, enum test_routine routine, long m, long n,
                      long k, struct test_group *group)
{
    struct shape sh;
    int ipair, ip;

    memset(&sh, 0, sizeof sh);
    sh.s = s;
    sh.routine = routine;
    snprintf(sh.name, sizeof sh.name, "%s%s", TSBLAS_PREFIX_UPPER, test_routine_names[routine]);
    sh.m = m;
    sh.n = n;
    sh.k = k;
    sh.group = group;
    /* Without a nonzero ALPHA no product is referenced. */
    sh.ref.m = m;
    sh.ref.n = n;
    sh.ref.k = k;
    sh.ref.full = 1;
    for (ipair = 0; ipair < s->npairs; ipair++)
        for (ip = 0; ip < s->npad; ip++)
            run_operands(&sh, s->pairs[ipair].a, s->pairs[ipair].b, &s->pad[ip]);
    T(reference_free)(&sh.ref);
}

void T(gemm_line)(const struct test_settings *s, enum test_routine routine,
                  const struct test_sizes *sizes)
{
    char name[16];
    int im, in, ik;

    snprintf(name, sizeof name, "%s%s", TSBLAS_PREFIX_UPPER, test_routine_names[routine]);
    test_print_table_header();
    for (im = 0; im < sizes->nm; im++)
        for (in = 0; in < sizes->nn; in++)
            for (ik = 0; ik < sizes->nk; ik++) {
                struct test_group group = { 0, 0, 0 };
                run_shape(s, routine, sizes->m[im], sizes->n[in], sizes->k[ik], &group);
                test_print_table_row(name, sizes->m[im], sizes->n[in], sizes->k[ik], &group);
            }
}
