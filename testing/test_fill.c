/*
 * test_fill.c: the data of the tests, in one precision.
 *
 * Purpose
 * =======
 * Values come from a counter-based generator (test_uniform): the element
 * (i, j) of a logical matrix depends only on the seed, i and j.  So an
 * operand stored transposed, conjugated or with another leading dimension
 * holds the same logical op(X), and one reference serves every TRANS pair
 * and padding of a shape.  Values are uniform in [-1, 1) with mixed signs
 * (real and imaginary parts alike), as dblat3.f's DMAKE: sums of products
 * then grow like sqrt(K), and the error ratio stays near 1 for any K.
 */
#include <config.h>
#include <ctype.h>
#include "test_precision.h"

enum test_op T(parse_op)(char trans)
{
    switch (toupper((unsigned char)trans)) {
    case 'T':
        return TEST_OP_T;
    case 'C':
        return TSBLAS_COMPLEX ? TEST_OP_C : TEST_OP_T;
    default:
        return TEST_OP_N;
    }
}

scalar_t T(scalar)(struct test_complex x)
{
#if TSBLAS_COMPLEX
    scalar_t z;
    __real__ z = (real_t)x.re;
    __imag__ z = (real_t)x.im;
    return z;
#else
    return (scalar_t)x.re;
#endif
}

scalar_t T(random)(uint64_t seed, long i, long j)
{
#if TSBLAS_COMPLEX
    scalar_t z;
    __real__ z = (real_t)test_uniform(seed, (uint64_t)i, (uint64_t)j);
    __imag__ z = (real_t)test_uniform(~seed, (uint64_t)i, (uint64_t)j);
    return z;
#else
    return (scalar_t)test_uniform(seed, (uint64_t)i, (uint64_t)j);
#endif
}

void T(fill_operand)(struct test_array *x, enum test_op op, uint64_t seed)
{
    scalar_t *m = test_array_host_matrix(x);
    long r, c;

    for (c = 0; c < x->cols; c++)
        for (r = 0; r < x->rows; r++) {
            scalar_t v;
            if (op == TEST_OP_N)
                v = T(random)(seed, r, c);
            else
                v = T(random)(seed, c, r);
            if (op == TEST_OP_C)
                v = CONJ(v);
            m[r + c * x->ld] = v;
        }
}

void T(fill_nan)(struct test_array *x)
{
    scalar_t *m = test_array_host_matrix(x);
    scalar_t nan_value;
    long r, c;

#if TSBLAS_COMPLEX
    __real__ nan_value = (real_t)NAN;
    __imag__ nan_value = (real_t)NAN;
#else
    nan_value = (real_t)NAN;
#endif
    for (c = 0; c < x->cols; c++)
        for (r = 0; r < x->rows; r++)
            m[r + c * x->ld] = nan_value;
}
