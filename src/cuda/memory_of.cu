/*
 * memory_of.cu: where an array lives, for the dispatch (API.md, "Where the
 * work runs").
 *
 * Purpose
 * =======
 * tsblas_memory_of returns TSBLAS_MEM_DEVICE for device or managed memory
 * of the current device, TSBLAS_MEM_OTHER for device or managed memory of
 * another device, and TSBLAS_MEM_HOST for everything else: pageable and
 * pinned host memory, and every pointer on a machine without a usable GPU
 * or driver (then no CUDA error is left behind for the program to see).
 *
 * Arguments
 * =========
 * P       Any address, NULL included.
 */
#include <config.h>
#include "cuda_internal.cuh"

extern "C" enum tsblas_memory tsblas_memory_of(const void *p)
{
    cudaPointerAttributes attr;
    int device;

    if (p == NULL || !tsblas::cuda_usable())
        return TSBLAS_MEM_HOST;
    if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
        cudaGetLastError();
        return TSBLAS_MEM_HOST;
    }
    if (attr.type != cudaMemoryTypeDevice && attr.type != cudaMemoryTypeManaged)
        return TSBLAS_MEM_HOST;
    if (cudaGetDevice(&device) != cudaSuccess) {
        cudaGetLastError();
        return TSBLAS_MEM_OTHER;
    }
    return attr.device == device ? TSBLAS_MEM_DEVICE : TSBLAS_MEM_OTHER;
}
