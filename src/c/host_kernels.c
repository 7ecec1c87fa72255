/*
 * host_kernels.c: which instruction set's kernels the host path runs.
 *
 * The best the CPU (and the operating system's saved register state)
 * supports, as __builtin_cpu_supports reports it: AVX-512, else AVX2 with
 * FMA, else the baseline.  TSBLAS_HOST_ISA=avx2 or =generic in the
 * environment asks for a lesser set (for tests and measurements); it never
 * gets one the CPU lacks.
 */
#include <config.h>
#include <stdlib.h>
#include <string.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "host_kernels.h"

const struct host_kernels *X(host_kernels)(void)
{
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    const char *asked = getenv("TSBLAS_HOST_ISA");
    const int below_avx512 = asked != NULL && (strcmp(asked, "avx2") == 0
                                               || strcmp(asked, "generic") == 0);
    const int below_avx2 = asked != NULL && strcmp(asked, "generic") == 0;

    __builtin_cpu_init();
    if (!below_avx512 && X(host_kernels_avx512).row_lanes != NULL
        && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
        && __builtin_cpu_supports("avx512dq"))
        return &X(host_kernels_avx512);
    if (!below_avx2 && X(host_kernels_avx2).row_lanes != NULL
        && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return &X(host_kernels_avx2);
#endif
    return &X(host_kernels_generic);
}
