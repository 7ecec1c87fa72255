/*
 * host_kernels_avx512.c: the block kernels of host_kernels.h compiled for
 * AVX-512 (F, VL, DQ with FMA): 32 vector registers of 64 bytes.
 *
 * Register tiles (measured, single core, data in L2: the best of 3x8,
 * 4x6, 2x12 real and 2x6, 3x4, 4x3 complex for row_lanes; of 4x4, 8x2,
 * 4x2, 6x4, 4x6 real and 2x4, 3x4, 4x3, 3x3 complex for depth_lanes):
 * row_lanes keeps 3 vectors of rows by 8 columns (24 accumulators;
 * complex: 2 by 6, two accumulators each); depth_lanes 6 by 4 Out entries
 * (complex 4 by 3, two each).  The depth blocks keep the rows of X
 * of a tile (or of the block, when fewer) within 24 KiB of the L1 cache.
 */
#include <config.h>
#include <stddef.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "host_kernels.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 7

#include <immintrin.h>

#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx2,fma")

#define HOST_KERNELS_TABLE X(host_kernels_avx512)
#define HOST_ISA_NAME "avx512"
#define HOST_VECTOR_BYTES 64
#define HOST_ROW_MR_REAL 3
#define HOST_ROW_NR_REAL 8
#define HOST_ROW_MR_COMPLEX 2
#define HOST_ROW_NR_COMPLEX 6
#define HOST_DEPTH_MR_REAL 6
#define HOST_DEPTH_NR_REAL 4
#define HOST_DEPTH_MR_COMPLEX 4
#define HOST_DEPTH_NR_COMPLEX 3
#define HOST_ROW_DEPTH_BLOCK_BYTES (24 * 1024)
#define HOST_DEPTH_DEPTH_BLOCK_BYTES 4096
#define HOST_TSMM_LONG_RUN_K 20
#define HOST_STREAM_STORE(p, v) _mm512_stream_si512((void *)(p), (__m512i)(v))
#define HOST_STREAM_FENCE() _mm_sfence()
#include "host_kernels_body.h"

#pragma GCC pop_options

#else

const struct host_kernels X(host_kernels_avx512) = { "avx512", 0, 0, NULL, NULL, NULL, NULL, NULL };

#endif
