/*
 * overlap.c: does an output array share an element with an input array?
 *
 * API.md makes overlap an argument error.  A test on the bounding address
 * ranges would reject legal calls (A in rows 1..K of a work array, C in the
 * rows below it), so the test is exact: each column of the array with fewer
 * columns is an address interval, and the columns of the other array that
 * could meet it form a range found by division.  The cost is O(columns),
 * nothing beside the product itself.
 */
#include "tsblas_internal.h"

/* Floor division for a possibly negative numerator and positive d. */
static idx_t floor_div(idx_t x, idx_t d)
{
    idx_t q = x / d;
    return (x % d != 0 && x < 0) ? q - 1 : q;
}

/* Does [lo, hi) (bytes, relative to P2's base) meet a column of array 2? */
static int interval_meets_columns(idx_t lo, idx_t hi, idx_t colbytes, idx_t ldbytes,
                                  idx_t cols)
{
    /* Column j covers [j*ldbytes, j*ldbytes + colbytes); it meets [lo, hi)
       when j*ldbytes < hi and j*ldbytes + colbytes > lo. */
    idx_t jmax = floor_div(hi - 1, ldbytes);
    idx_t jmin = floor_div(lo - colbytes, ldbytes) + 1;

    if (jmin < 0)
        jmin = 0;
    if (jmax > cols - 1)
        jmax = cols - 1;
    return jmin <= jmax;
}

int tsblas_arrays_overlap(const void *p1, idx_t rows1, idx_t cols1, idx_t ld1,
                          const void *p2, idx_t rows2, idx_t cols2, idx_t ld2,
                          size_t elemsize)
{
    idx_t es = (idx_t)elemsize;
    idx_t j;

    if (rows1 <= 0 || cols1 <= 0 || rows2 <= 0 || cols2 <= 0)
        return 0;
    /* Walk the columns of the array with fewer of them. */
    if (cols1 > cols2) {
        const void *pt = p1;
        idx_t t;
        p1 = p2; p2 = pt;
        t = rows1; rows1 = rows2; rows2 = t;
        t = cols1; cols1 = cols2; cols2 = t;
        t = ld1; ld1 = ld2; ld2 = t;
    }
    {
        /* Byte offset of array 1 from array 2, as an integer difference. */
        idx_t base = (idx_t)((intptr_t)p1 - (intptr_t)p2);
        idx_t end2 = ((cols2 - 1) * ld2 + rows2) * es;
        idx_t end1 = base + ((cols1 - 1) * ld1 + rows1) * es;

        if (end1 <= 0 || base >= end2)
            return 0;
        for (j = 0; j < cols1; j++) {
            idx_t lo = base + j * ld1 * es;
            if (interval_meets_columns(lo, lo + rows1 * es, rows2 * es, ld2 * es, cols2))
                return 1;
        }
    }
    return 0;
}
