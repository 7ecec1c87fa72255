/*
 * gpu_tsm_dmma.cuh: the FP64 tensor-core product that the tensor kernels
 * of xTSMTTSM (gpu_tsmttsm_tensor.cu) and of DTSMM
 * and ZTSMM (gpu_tsmm_tensor.cu) share: the stages and chunk sizes, one
 * 16x8x8 mma of doubles, the planes of an element, a fragment load, and
 * op C as a flip of a sign bit.
 */
#ifndef TSBLAS_GPU_TSM_DMMA_CUH
#define TSBLAS_GPU_TSM_DMMA_CUH

#include "gpu_tsmttsm_chunks.cuh"

namespace tsblas {

/* Stages of shared memory per block of the xTSMM kernel (one chunk
   computed while the next is copied; the xTSMTTSM kernel has a ring of
   its own, TENSOR_RING), the bytes of one chunk aimed at, and the shared
   memory of a block at most (less where the device has less).  Measured on the H100
   with DTSMTTSM and ZTSMTTSM (git log doc/gpu-performance.md): chunks of 64 KiB
   in two stages, one block per multiprocessor, beat 16 and 32 KiB in two
   to four stages with two blocks, most at the widest complex products. */
const int TENSOR_STAGES = 2;
const int TENSOR_STAGE_BYTES = 64 * 1024;
const int TENSOR_SHARED_MAX = 200 * 1024;
const int TENSOR_WARPS = TSM_THREADS / 32;

/* The warps of a block that only copy (the copiers), besides the
   TENSOR_WARPS that multiply, and the stages of shared memory they fill
   ahead of them (chunk_ring_loop), each of about TENSOR_STAGE_BYTES.
   Two copying warps cannot copy an interleaved chunk whose lines start on
   alternate halves of 16 bytes (odd LD: a line's copies take 64 threads,
   and the lines of a pass must be even in number, chunk_make_plan); two
   or four stages, or chunks of 32 KiB, measured lower in the mean (H100,
   xTSMTTSM, doc/gpu-performance.md). */
const int TENSOR_COPY_WARPS = 4;
const int TENSOR_RING = 3;
/* The shared memory of a block with copiers at most: three stages of 64
   KiB, and their padding, need more than TENSOR_SHARED_MAX; the H100 and
   H200 allow 227 KiB, less the mbarriers. */
const int TENSOR_RING_SHARED_MAX = 220 * 1024;

/* How a block of a tensor kernel copies its chunks: with COPIERS, its
   last TENSOR_COPY_WARPS warps copy into a ring of TENSOR_RING stages
   (chunk_ring_loop); else all its warps copy, in TENSOR_STAGES stages
   (chunk_loop).  COPY_THREADS copy; a block has THREADS, SHARED_MAX bytes
   of shared memory at most. */
template <bool COPIERS>
struct tensor_copying {
    static constexpr bool copiers = COPIERS;
    static constexpr int copy_threads = COPIERS ? 32 * TENSOR_COPY_WARPS : TSM_THREADS;
    static constexpr int threads = COPIERS ? TSM_THREADS + copy_threads : TSM_THREADS;
    static constexpr int stages = COPIERS ? TENSOR_RING : TENSOR_STAGES;
    static constexpr int shared_max = COPIERS ? TENSOR_RING_SHARED_MAX : TENSOR_SHARED_MAX;
    /* An interleaved line's vectors (at most 64) in one pass of the
       copiers, an even number of lines a pass (chunk_make_plan's odd
       lines). */
    static_assert(copy_threads >= 128, "too few copying threads");
};

/* ---- one 16x8x8 double mma, D += A*B ----
 * Lane (g, t) = (lane / 4, lane % 4) holds
 *   a[0] = A(g, t), a[1] = A(g + 8, t), a[2] = A(g, t + 4), a[3] = A(g + 8, t + 4),
 *   b[0] = B(t, g), b[1] = B(t + 4, g),
 *   d[0] = D(g, 2t), d[1] = D(g, 2t + 1), d[2] = D(g + 8, 2t), d[3] = D(g + 8, 2t + 1).
 * sm_80 has only m8n8k4 for doubles (a = A(g, t), b = B(t, g), d = D(g, 2t..2t+1)):
 * the same product is four of them. */
__device__ inline void dmma_16x8x8(double d[4], const double a[4], const double b[2])
{
#if __CUDA_ARCH__ >= 900
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
                 : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
#elif __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                 : "+d"(d[0]), "+d"(d[1]) : "d"(a[0]), "d"(b[0]));
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                 : "+d"(d[0]), "+d"(d[1]) : "d"(a[2]), "d"(b[1]));
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                 : "+d"(d[2]), "+d"(d[3]) : "d"(a[1]), "d"(b[0]));
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                 : "+d"(d[2]), "+d"(d[3]) : "d"(a[3]), "d"(b[1]));
#endif
}

/* The real planes of one element (1 for float and double, 2 for the
   complex types) and the type of a plane's units in shared memory:
   STSMTTSM and CTSMTTSM keep their chunks as floats, half the bytes, and
   multiply them as doubles. */
template <typename T> struct tensor_planes;
template <> struct tensor_planes<float> { static const int count = 1; typedef float unit; };
template <> struct tensor_planes<double> { static const int count = 1; typedef double unit; };
template <> struct tensor_planes<cuFloatComplex> {
    static const int count = 2;
    typedef float unit;
};
template <> struct tensor_planes<cuDoubleComplex> {
    static const int count = 2;
    typedef double unit;
};

/* The unit U at shared-memory address ADDRESS as a double, one load of U:
   the fragments are loaded element by element. */
template <typename U = double>
__device__ inline double tensor_load(unsigned address)
{
    if constexpr (sizeof(U) == 4) {
        float x;
        asm volatile("ld.shared.f32 %0, [%1];\n" : "=f"(x) : "r"(address));
        return (double)x;
    } else {
        double x;
        asm volatile("ld.shared.f64 %0, [%1];\n" : "=d"(x) : "r"(address));
        return x;
    }
}

/* X with its sign bit flipped where FLIP has it: an integer operation,
   not a multiply on the FP64 pipe that the mma shares. */
__device__ inline double tensor_flip(double x, unsigned flip)
{
    return __hiloint2double(__double2hiint(x) ^ (int)flip, __double2loint(x));
}

} /* namespace tsblas */

#endif
