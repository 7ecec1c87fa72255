/*
 * test_data.c: the deterministic random numbers of the tests.
 *
 * Purpose
 * =======
 * test_uniform(SEED, I, J) is a counter-based generator (the SplitMix64
 * finalizer applied to a mix of the seed and the indices): the value of
 * element (I, J) depends on nothing else, so that any storage order of an
 * operand holds the same logical matrix, and results do not depend on the
 * C library's rand().  Values are uniform in [-1, 1), 53 random bits.
 */
#include <config.h>
#include "test_tsblas.h"

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

double test_uniform(uint64_t seed, uint64_t i, uint64_t j)
{
    uint64_t z = mix64(seed * UINT64_C(0x9e3779b97f4a7c15) + i);
    z = mix64(z + j * UINT64_C(0xd1b54a32d192ed03));
    return (double)(z >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}
