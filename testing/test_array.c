/*
 * test_array.c: guarded, padded arrays in host or device memory, and the
 * bit-for-bit checks that nothing outside a routine's output changed.
 *
 * Purpose
 * =======
 * Every operand of a test call lives in one buffer: TEST_GUARD sentinel
 * elements, the LD-by-COLS matrix (rows below ROWS hold the sentinel too),
 * TEST_GUARD sentinel elements; the sentinel is a signaling NaN (see
 * test_tsblas.h).  With MEMORY DEVICE the whole buffer,
 * guards and padding included, is copied to device memory allocated with
 * tsblas_device_malloc and back with tsblas_get_matrix, so the same checks
 * hold on either memory.  See test_tsblas.h for the protocol.
 */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test_tsblas.h"

/* Device copies go in columns of this many elements, so that a buffer of
   any size fits tsblas_int arguments, 32-bit ones included. */
#define COPY_CHUNK ((size_t)1 << 28)

/* Fills BYTES at P with the sentinel of REALSIZE-byte reals: sign set,
   exponent all ones, quiet bit clear, every payload bit set. */
static void fill_sentinel(unsigned char *p, size_t bytes, size_t realsize)
{
    const uint32_t single = UINT32_C(0xffbfffff);
    const uint64_t twice = UINT64_C(0xfff7ffffffffffff);
    size_t i;

    for (i = 0; i + realsize <= bytes; i += realsize) {
        if (realsize == sizeof single)
            memcpy(p + i, &single, sizeof single);
        else
            memcpy(p + i, &twice, sizeof twice);
    }
}

int test_array_alloc(struct test_array *x, long rows, long cols, long ld, size_t elemsize,
                     size_t realsize, enum test_memory memory, int is_output)
{
    size_t bytes;

    memset(x, 0, sizeof *x);
    x->elemsize = elemsize;
    x->rows = rows;
    x->cols = cols;
    x->ld = ld;
    x->memory = memory;
    x->is_output = is_output;
    x->total = 2 * (size_t)TEST_GUARD + (size_t)ld * (size_t)(cols > 0 ? cols : 0);
    bytes = x->total * elemsize;
    x->host = malloc(bytes);
    x->work = malloc(bytes);
    if (x->host == NULL || x->work == NULL)
        return -1;
    fill_sentinel(x->host, bytes, realsize);
    if (memory == TEST_DEVICE && tsblas_device_malloc(&x->device, bytes) != 0)
        return -1;
    return 0;
}

void test_array_free(struct test_array *x)
{
    free(x->host);
    free(x->work);
    if (x->device != NULL)
        tsblas_device_free(x->device);
    memset(x, 0, sizeof *x);
}

/* An input on the host is read in place, WORK keeping the copy to compare
   with; otherwise WORK holds what the routine left and HOST the copy. */
static int read_in_place(const struct test_array *x)
{
    return x->memory == TEST_HOST && !x->is_output;
}

static const unsigned char *result_of(const struct test_array *x)
{
    return read_in_place(x) ? x->host : x->work;
}

static const unsigned char *snapshot_of(const struct test_array *x)
{
    return read_in_place(x) ? x->work : x->host;
}

void *test_array_host_matrix(const struct test_array *x)
{
    return x->host + TEST_GUARD * x->elemsize;
}

void *test_array_routine_matrix(const struct test_array *x)
{
    if (x->memory == TEST_DEVICE)
        return (unsigned char *)x->device + TEST_GUARD * x->elemsize;
    return (x->is_output ? x->work : x->host) + TEST_GUARD * x->elemsize;
}

const void *test_array_result_matrix(const struct test_array *x)
{
    return result_of(x) + TEST_GUARD * x->elemsize;
}

int test_array_put(struct test_array *x)
{
    size_t done;

    if (x->memory == TEST_HOST) {
        memcpy(x->work, x->host, x->total * x->elemsize);
        return 0;
    }
    for (done = 0; done < x->total; done += COPY_CHUNK) {
        size_t rows = x->total - done < COPY_CHUNK ? x->total - done : COPY_CHUNK;
        int status = tsblas_set_matrix((tsblas_int)rows, 1, x->elemsize,
                                       x->host + done * x->elemsize, (tsblas_int)rows,
                                       (unsigned char *)x->device + done * x->elemsize,
                                       (tsblas_int)rows);
        if (status != 0)
            return status;
    }
    return 0;
}

int test_array_get(struct test_array *x)
{
    size_t done;

    if (x->memory == TEST_HOST)
        return 0;
    for (done = 0; done < x->total; done += COPY_CHUNK) {
        size_t rows = x->total - done < COPY_CHUNK ? x->total - done : COPY_CHUNK;
        int status = tsblas_get_matrix((tsblas_int)rows, 1, x->elemsize,
                                       (unsigned char *)x->device + done * x->elemsize,
                                       (tsblas_int)rows, x->work + done * x->elemsize,
                                       (tsblas_int)rows);
        if (status != 0)
            return status;
    }
    return 0;
}

int test_array_unchanged(struct test_array *x)
{
    if (test_array_get(x) != 0)
        return 0;
    return memcmp(x->host, x->work, x->total * x->elemsize) == 0;
}

/* The first element in [FROM, TO) where A and B differ, or -1. */
static long first_difference(const unsigned char *a, const unsigned char *b, size_t es,
                             size_t from, size_t to)
{
    size_t e;

    if (to <= from || memcmp(a + from * es, b + from * es, (to - from) * es) == 0)
        return -1;
    for (e = from; e < to; e++)
        if (memcmp(a + e * es, b + e * es, es) != 0)
            return (long)e;
    return -1;
}

long test_array_first_change_outside(const struct test_array *x, long row0, long rows,
                                     long cols)
{
    const unsigned char *result = result_of(x), *snapshot = snapshot_of(x);
    size_t es = x->elemsize, ld = (size_t)x->ld;
    size_t matrix_end = x->total - TEST_GUARD;
    size_t col;
    long found;

    if (rows <= 0 || cols <= 0)
        return first_difference(result, snapshot, es, 0, x->total);
    /* The guard before, then column by column the rows outside the block,
       then the guard after. */
    found = first_difference(result, snapshot, es, 0, TEST_GUARD);
    for (col = 0; found < 0 && col < (size_t)x->cols; col++) {
        size_t start = TEST_GUARD + col * ld;
        if (col < (size_t)cols) {
            found = first_difference(result, snapshot, es, start, start + (size_t)row0);
            if (found < 0)
                found = first_difference(result, snapshot, es, start + (size_t)(row0 + rows),
                                         start + ld);
        } else {
            found = first_difference(result, snapshot, es, start, start + ld);
        }
    }
    if (found < 0)
        found = first_difference(result, snapshot, es, matrix_end, x->total);
    return found;
}

void test_array_locate(const struct test_array *x, long element, char *out, size_t size)
{
    const long matrix_end = (long)x->total - TEST_GUARD;

    if (element < TEST_GUARD)
        snprintf(out, size, "guard before the array, %ld elements ahead", TEST_GUARD - element);
    else if (element >= matrix_end)
        snprintf(out, size, "guard after the array, element %ld", element - matrix_end + 1);
    else
        snprintf(out, size, "(%ld,%ld)", (element - TEST_GUARD) % x->ld + 1,
                 (element - TEST_GUARD) / x->ld + 1);
}
