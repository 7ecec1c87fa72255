/*
 * host_kernels_avx2.c: the block kernels of host_kernels.h compiled for
 * AVX2 with FMA: 16 vector registers of 32 bytes.
 *
 * Register tiles (measured as for AVX-512, among 2x6, 3x4 real and 1x6,
 * 2x3 complex for row_lanes; 2x4, 3x4, 4x3 real and 2x2, 2x3, 3x2 complex
 * for depth_lanes): row_lanes keeps 2 vectors of rows by 6 columns (12
 * accumulators; complex: 2 by 3, two accumulators each); depth_lanes 3 by
 * 4 Out entries (complex 2 by 3, two each).  The depth blocks keep the
 * rows of X of a tile (or of the block, when fewer) within 24 KiB of the
 * L1 cache.
 */
#include <config.h>
#include <stddef.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "host_kernels.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 7

#include <immintrin.h>

#pragma GCC push_options
#pragma GCC target("avx2,fma")

#define HOST_KERNELS_TABLE X(host_kernels_avx2)
#define HOST_ISA_NAME "avx2"
#define HOST_VECTOR_BYTES 32
#define HOST_ROW_MR_REAL 2
#define HOST_ROW_NR_REAL 6
#define HOST_ROW_MR_COMPLEX 2
#define HOST_ROW_NR_COMPLEX 3
#define HOST_DEPTH_MR_REAL 3
#define HOST_DEPTH_NR_REAL 4
#define HOST_DEPTH_MR_COMPLEX 2
#define HOST_DEPTH_NR_COMPLEX 3
#define HOST_ROW_DEPTH_BLOCK_BYTES (24 * 1024)
#define HOST_DEPTH_DEPTH_BLOCK_BYTES 4096
#define HOST_TSMM_LONG_RUN_K 40
#define HOST_STREAM_STORE(p, v) _mm256_stream_si256((__m256i *)(p), (__m256i)(v))
#define HOST_STREAM_FENCE() _mm_sfence()
#include "host_kernels_body.h"

#pragma GCC pop_options

#else

const struct host_kernels X(host_kernels_avx2) = { "avx2", 0, 0, NULL, NULL, NULL, NULL, NULL };

#endif
