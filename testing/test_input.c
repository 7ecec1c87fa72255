/*
 * test_input.c: the input files of the test harness.
 *
 * Purpose
 * =======
 * An input file, like BLAS/TESTING/dblat3.in, says what to test.  Each
 * line is a keyword and its values; '#' starts a comment.  Settings hold
 * until a later line changes them; action lines run the cases of the
 * current settings:
 *
 *   PRECISIONS S D C Z        which precisions the actions test
 *   MEMORY HOST | DEVICE      where A, B and C live (DEVICE: allocated with
 *                             tsblas_device_malloc; skip without a GPU)
 *   SMALL HOST | DEVICE       with MEMORY DEVICE, where the small operand
 *                             lives (C of xTSMTTSM, the short one of xTSMM)
 *   FACES C F77               the C entries and/or the Fortran symbols
 *   THRESHOLD x               GEMM-shaped error ratio that fails
 *   GEMT_THRESHOLD x          ratio that fails for one rounded product
 *                             (xGEMT; C = beta*C when ALPHA = 0 or K = 0)
 *   FULL_REFERENCE x          largest M*N*K compared element by element;
 *                             beyond it the random-vector test
 *   THREADS t ...             thread counts; C must be bit-identical
 *   TRANSA c ... / TRANSB c ...   N, T, C in either case; the GEMM-shaped
 *                             lines run every pair (xGEMT's TRANS: TRANSA)
 *   TRANSAB ab ...            just these pairs, e.g. TN NT (TRANSA becomes
 *                             their first letters)
 *   ALPHA x ... / BETA x ...  real numbers or (re,im)
 *   PAD p ... | pa:pb:pc ...  LDA = rows of A as stored + pa, likewise
 *                             LDB (pb) and LDC (pc); p alone pads all three
 *
 *   TSMTTSM | TSMM | MTSM  M m ...  N n ...  K k ...
 *                             the cartesian product of the sizes
 *   GEMT  M m ...  N n ...    likewise, A M-by-N
 *   ERRORS [routine ...]      illegal arguments and overlaps (default: all)
 *
 * Sizes and numbers may be written 1000000 or 1e6.
 */
#include <config.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test_tsblas.h"

void test_default_settings(struct test_settings *s)
{
    memset(s, 0, sizeof *s);
    s->precisions[1] = 1;
    s->memory = TEST_HOST;
    s->small = TEST_DEVICE;
    s->faces[TEST_FACE_C] = s->faces[TEST_FACE_F77] = 1;
    s->threshold = 16;
    s->gemt_threshold = 1;
    s->full_reference = 1e7;
    s->threads[0] = 1;
    s->nthreads = 1;
    s->transa[0] = s->transb[0] = 'N';
    s->ntransa = s->ntransb = 1;
    s->pairs[0].a = s->pairs[0].b = 'N';
    s->npairs = 1;
    s->alpha[0].re = 1;
    s->nalpha = 1;
    s->nbeta = 1;
    s->npad = 1;
}

static int same_word(const char *a, const char *b)
{
    for (; *a != '\0' && *b != '\0'; a++, b++)
        if (toupper((unsigned char)*a) != toupper((unsigned char)*b))
            return 0;
    return *a == *b;
}

static int parse_number(const char *token, double *value)
{
    char *end;
    *value = strtod(token, &end);
    return end != token && *end == '\0';
}

/* A nonnegative size, 1000000 or 1e6. */
static int parse_size(const char *token, long *value)
{
    double x;
    if (!parse_number(token, &x) || x < 0 || x != (double)(long)x)
        return 0;
    *value = (long)x;
    return 1;
}

/* A real number, or (re,im) with no blanks. */
static int parse_scalar(const char *token, struct test_complex *x)
{
    char buffer[128], *comma;
    size_t len = strlen(token);

    x->im = 0;
    if (token[0] != '(')
        return parse_number(token, &x->re);
    if (len < 5 || len >= sizeof buffer || token[len - 1] != ')')
        return 0;
    memcpy(buffer, token + 1, len - 2);
    buffer[len - 2] = '\0';
    comma = strchr(buffer, ',');
    if (comma == NULL)
        return 0;
    *comma = '\0';
    return parse_number(buffer, &x->re) && parse_number(comma + 1, &x->im);
}

static int parse_pad(const char *token, struct test_pad *pad)
{
    if (strchr(token, ':') == NULL) {
        if (!parse_size(token, &pad->a))
            return 0;
        pad->b = pad->c = pad->a;
        return 1;
    }
    return sscanf(token, "%ld:%ld:%ld", &pad->a, &pad->b, &pad->c) == 3 && pad->a >= 0
           && pad->b >= 0 && pad->c >= 0;
}

static int routine_of(const char *word)
{
    int r;
    for (r = 0; r < TEST_NROUTINES; r++)
        if (same_word(word, test_routine_names[r]))
            return r;
    return -1;
}

/* "M 1 2 N 3 K 4 5": the lists of a size line (K only when WITH_K). */
static int parse_sizes(char **tokens, int ntokens, int with_k, struct test_sizes *sizes,
                       char *error, size_t error_size)
{
    long *list = NULL;
    int *count = NULL, i;

    memset(sizes, 0, sizeof *sizes);
    for (i = 0; i < ntokens; i++) {
        if (same_word(tokens[i], "M")) {
            list = sizes->m;
            count = &sizes->nm;
        } else if (same_word(tokens[i], "N")) {
            list = sizes->n;
            count = &sizes->nn;
        } else if (with_k && same_word(tokens[i], "K")) {
            list = sizes->k;
            count = &sizes->nk;
        } else if (list == NULL || *count >= TEST_MAX_LIST
                   || !parse_size(tokens[i], &list[*count])) {
            snprintf(error, error_size, "bad size '%s' (expected M ... N ...%s)", tokens[i],
                     with_k ? " K ..." : "");
            return -1;
        } else {
            (*count)++;
        }
    }
    if (sizes->nm == 0 || sizes->nn == 0 || (with_k && sizes->nk == 0)) {
        snprintf(error, error_size, "sizes M, N%s are all needed", with_k ? ", K" : "");
        return -1;
    }
    return 0;
}

int test_parse_line(char *line, struct test_settings *s, struct test_action *action,
                    char *error, size_t error_size)
{
    char *tokens[4 * TEST_MAX_LIST], *key, *save = NULL, *token;
    int ntokens = 0, i, routine;

    memset(action, 0, sizeof *action);
    for (token = strtok_r(line, " \t\r\n", &save); token != NULL;
         token = strtok_r(NULL, " \t\r\n", &save)) {
        if ((size_t)ntokens >= sizeof tokens / sizeof tokens[0]) {
            snprintf(error, error_size, "too many values");
            return -1;
        }
        tokens[ntokens++] = token;
    }
    if (ntokens == 0)
        return 0;
    key = tokens[0];
    ntokens--;
    if (ntokens > TEST_MAX_LIST && !same_word(key, "TSMTTSM") && !same_word(key, "TSMM")
        && !same_word(key, "MTSM") && !same_word(key, "GEMT")) {
        snprintf(error, error_size, "%s: at most %d values", key, TEST_MAX_LIST);
        return -1;
    }

    if (same_word(key, "PRECISIONS")) {
        memset(s->precisions, 0, sizeof s->precisions);
        for (i = 1; i <= ntokens; i++) {
            const char *p = strchr("SDCZ", toupper((unsigned char)tokens[i][0]));
            if (p == NULL || tokens[i][1] != '\0' || tokens[i][0] == '\0')
                goto bad_value;
            s->precisions[p - "SDCZ"] = 1;
        }
    } else if (same_word(key, "MEMORY") || same_word(key, "SMALL")) {
        enum test_memory m;
        i = 1;
        if (ntokens != 1)
            goto bad_value;
        if (same_word(tokens[1], "HOST"))
            m = TEST_HOST;
        else if (same_word(tokens[1], "DEVICE"))
            m = TEST_DEVICE;
        else
            goto bad_value;
        if (same_word(key, "MEMORY"))
            s->memory = m;
        else
            s->small = m;
    } else if (same_word(key, "FACES")) {
        s->faces[0] = s->faces[1] = 0;
        for (i = 1; i <= ntokens; i++) {
            if (same_word(tokens[i], "C"))
                s->faces[TEST_FACE_C] = 1;
            else if (same_word(tokens[i], "F77"))
                s->faces[TEST_FACE_F77] = 1;
            else
                goto bad_value;
        }
    } else if (same_word(key, "THRESHOLD") || same_word(key, "GEMT_THRESHOLD")
               || same_word(key, "FULL_REFERENCE")) {
        double x;
        i = 1;
        if (ntokens != 1 || !parse_number(tokens[1], &x) || !(x >= 0))
            goto bad_value;
        if (same_word(key, "THRESHOLD"))
            s->threshold = x;
        else if (same_word(key, "GEMT_THRESHOLD"))
            s->gemt_threshold = x;
        else
            s->full_reference = x;
    } else if (same_word(key, "THREADS")) {
        for (i = 1; i <= ntokens; i++) {
            long t;
            if (!parse_size(tokens[i], &t) || t < 1)
                goto bad_value;
            s->threads[i - 1] = (int)t;
        }
        s->nthreads = ntokens;
    } else if (same_word(key, "TRANSA") || same_word(key, "TRANSB")) {
        char *list = same_word(key, "TRANSA") ? s->transa : s->transb;
        for (i = 1; i <= ntokens; i++) {
            if (tokens[i][1] != '\0' || strchr("NTCntc", tokens[i][0]) == NULL)
                goto bad_value;
            list[i - 1] = tokens[i][0];
        }
        if (list == s->transa)
            s->ntransa = ntokens;
        else
            s->ntransb = ntokens;
        if (s->ntransa * s->ntransb > TEST_MAX_LIST) {
            snprintf(error, error_size, "more than %d TRANSA, TRANSB pairs", TEST_MAX_LIST);
            return -1;
        }
        s->npairs = 0;
        for (i = 0; i < s->ntransa * s->ntransb; i++) {
            s->pairs[i].a = s->transa[i / s->ntransb];
            s->pairs[i].b = s->transb[i % s->ntransb];
            s->npairs++;
        }
    } else if (same_word(key, "TRANSAB")) {
        s->ntransa = 0;
        for (i = 1; i <= ntokens; i++) {
            const char *t = tokens[i];
            if (strlen(t) != 2 || strchr("NTCntc", t[0]) == NULL
                || strchr("NTCntc", t[1]) == NULL)
                goto bad_value;
            s->pairs[i - 1].a = t[0];
            s->pairs[i - 1].b = t[1];
            if (memchr(s->transa, t[0], (size_t)s->ntransa) == NULL)
                s->transa[s->ntransa++] = t[0];
        }
        s->npairs = ntokens;
    } else if (same_word(key, "ALPHA") || same_word(key, "BETA")) {
        struct test_complex *list = same_word(key, "ALPHA") ? s->alpha : s->beta;
        for (i = 1; i <= ntokens; i++)
            if (!parse_scalar(tokens[i], &list[i - 1]))
                goto bad_value;
        if (list == s->alpha)
            s->nalpha = ntokens;
        else
            s->nbeta = ntokens;
    } else if (same_word(key, "PAD")) {
        for (i = 1; i <= ntokens; i++)
            if (!parse_pad(tokens[i], &s->pad[i - 1]))
                goto bad_value;
        s->npad = ntokens;
    } else if (same_word(key, "ERRORS")) {
        action->kind = TEST_ACTION_ERRORS;
        for (i = 1; i <= ntokens; i++) {
            routine = routine_of(tokens[i]);
            if (routine < 0)
                goto bad_value;
            action->routines[routine] = 1;
        }
        if (ntokens == 0)
            for (i = 0; i < TEST_NROUTINES; i++)
                action->routines[i] = 1;
        return 0;
    } else if ((routine = routine_of(key)) >= 0) {
        action->kind = routine == TEST_GEMT ? TEST_ACTION_GEMT : TEST_ACTION_GEMM;
        action->routine = (enum test_routine)routine;
        return parse_sizes(tokens + 1, ntokens, routine != TEST_GEMT, &action->sizes, error,
                           error_size);
    } else {
        snprintf(error, error_size, "unknown keyword '%s'", key);
        return -1;
    }
    if (ntokens == 0) {
        snprintf(error, error_size, "%s needs at least one value", key);
        return -1;
    }
    return 0;

bad_value:
    snprintf(error, error_size, "%s: bad value '%s'", key, i <= ntokens ? tokens[i] : "");
    return -1;
}
