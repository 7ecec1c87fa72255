/*
 * host_kernels_generic.c: the block kernels of host_kernels.h compiled for
 * the compiler's baseline target (SSE2 on x86-64), which every CPU runs.
 *
 * The vectors are 16 bytes (GCC's vector extension lowers them to whatever
 * the target has).  Register tiles: row_lanes 2 vectors of rows by 4
 * columns (complex 1 by 4, two accumulators each); depth_lanes 2 by 4 Out
 * entries (complex 2 by 2).
 */
#include <config.h>
#include <stddef.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "host_kernels.h"

#define HOST_KERNELS_TABLE X(host_kernels_generic)
#define HOST_ISA_NAME "generic"
#define HOST_VECTOR_BYTES 16
#define HOST_ROW_MR_REAL 2
#define HOST_ROW_NR_REAL 4
#define HOST_ROW_MR_COMPLEX 1
#define HOST_ROW_NR_COMPLEX 4
#define HOST_DEPTH_MR_REAL 2
#define HOST_DEPTH_NR_REAL 4
#define HOST_DEPTH_MR_COMPLEX 2
#define HOST_DEPTH_NR_COMPLEX 2
#define HOST_ROW_DEPTH_BLOCK_BYTES (24 * 1024)
#define HOST_DEPTH_DEPTH_BLOCK_BYTES 4096
#define HOST_TSMM_LONG_RUN_K 0
#include "host_kernels_body.h"
