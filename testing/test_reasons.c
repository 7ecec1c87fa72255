/*
 * test_reasons.c: the message of a failing case.
 *
 * Purpose
 * =======
 * A case that fails says why in one line, its reasons joined by "; ".
 * test_add_reason appends REASON to the REASONS buffer of SIZE bytes (cut
 * where it is full).  test_add_call_reasons appends what a call that
 * should have succeeded did wrong: a call of XERBLA (test_xerbla.c
 * recorded it), a nonzero INFO returned by the C entry, a nonzero
 * tsblas_last_error() LAST_ERROR, with its message.
 */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include "test_tsblas.h"

void test_add_reason(char *reasons, size_t size, const char *reason)
{
    size_t used = strlen(reasons);
    snprintf(reasons + used, size - used, "%s%s", used > 0 ? "; " : "", reason);
}

void test_add_call_reasons(char *reasons, size_t size, long info, int last_error)
{
    char text[256];

    if (test_xerbla_seen.calls != 0) {
        snprintf(text, sizeof text, "XERBLA called (%s, INFO %ld)", test_xerbla_seen.name,
                 (long)test_xerbla_seen.info);
        test_add_reason(reasons, size, text);
    }
    if (info != 0) {
        snprintf(text, sizeof text, "returned %ld", info);
        test_add_reason(reasons, size, text);
    }
    if (last_error != 0) {
        snprintf(text, sizeof text, "tsblas_last_error() = %d (%s)", last_error,
                 tsblas_last_error_message());
        test_add_reason(reasons, size, text);
    }
}
