/*
 * device_memory.cu: device memory for callers without the CUDA headers
 * (tsblas.h): tsblas_device_malloc, tsblas_device_free, tsblas_set_matrix,
 * tsblas_get_matrix.
 *
 * Purpose
 * =======
 * device_malloc/free wrap cudaMalloc/cudaFree on the current device.
 * set_matrix copies a ROWS-by-COLS matrix of ELEMSIZE-byte elements from
 * host memory (leading dimension LDH, in elements) to device memory (LDD);
 * get_matrix copies the other way.  The copies are ordered on the calling
 * thread's stream (tsblas_set_stream) and complete before they return, so
 * the host array may be reused at once.  The direction of each copy is
 * found from the addresses (unified addressing), so pinned, pageable and
 * managed memory all serve.
 *
 * Each returns 0, TSBLAS_ERR_NO_CUDA without a usable GPU, or
 * TSBLAS_ERR_ALLOC / TSBLAS_ERR_CUDA with the CUDA message in
 * tsblas_last_error_message.  An illegal size (ROWS or COLS < 0, a leading
 * dimension < max(1, ROWS), ELEMSIZE 0) is TSBLAS_ERR_CUDA with the
 * message of cudaErrorInvalidValue, and nothing is copied.
 */
#include <config.h>
#include "cuda_internal.cuh"

static int no_cuda(const char *what)
{
    return tsblas_set_error(TSBLAS_ERR_NO_CUDA, "%s: no usable CUDA device", what);
}

extern "C" int tsblas_device_malloc(void **ptr, size_t bytes)
{
    cudaError_t err;

    if (ptr == NULL)
        return tsblas::cuda_failure("tsblas_device_malloc", cudaErrorInvalidValue);
    *ptr = NULL;
    if (!tsblas::cuda_usable())
        return no_cuda("tsblas_device_malloc");
    err = cudaMalloc(ptr, bytes);
    if (err != cudaSuccess) {
        *ptr = NULL;
        return tsblas::cuda_failure("tsblas_device_malloc", err);
    }
    return tsblas_set_error(0, NULL);
}

extern "C" int tsblas_device_free(void *ptr)
{
    cudaError_t err;

    if (ptr == NULL)
        return tsblas_set_error(0, NULL);
    if (!tsblas::cuda_usable())
        return no_cuda("tsblas_device_free");
    err = cudaFree(ptr);
    return err == cudaSuccess ? tsblas_set_error(0, NULL)
                              : tsblas::cuda_failure("tsblas_device_free", err);
}

/* The 2D copy both directions share: SRC (leading dimension LDS) to DST
   (LDD), ROWS-by-COLS elements, on the thread's stream, then waits. */
static int copy_matrix(const char *what, tsblas_int rows, tsblas_int cols, size_t elemsize,
                       const void *src, tsblas_int lds, void *dst, tsblas_int ldd)
{
    cudaStream_t stream;
    cudaError_t err;

    if (!tsblas::cuda_usable())
        return no_cuda(what);
    if (rows < 0 || cols < 0 || elemsize == 0 || lds < (rows > 1 ? rows : 1)
        || ldd < (rows > 1 ? rows : 1))
        return tsblas::cuda_failure(what, cudaErrorInvalidValue);
    if (rows == 0 || cols == 0)
        return tsblas_set_error(0, NULL);
    stream = tsblas::current_stream();
    err = cudaMemcpy2DAsync(dst, (size_t)ldd * elemsize, src, (size_t)lds * elemsize,
                            (size_t)rows * elemsize, (size_t)cols, cudaMemcpyDefault, stream);
    if (err == cudaSuccess)
        err = cudaStreamSynchronize(stream);
    return err == cudaSuccess ? tsblas_set_error(0, NULL) : tsblas::cuda_failure(what, err);
}

extern "C" int tsblas_set_matrix(tsblas_int rows, tsblas_int cols, size_t elemsize,
                                 const void *host, tsblas_int ldh, void *device,
                                 tsblas_int ldd)
{
    return copy_matrix("tsblas_set_matrix", rows, cols, elemsize, host, ldh, device, ldd);
}

extern "C" int tsblas_get_matrix(tsblas_int rows, tsblas_int cols, size_t elemsize,
                                 const void *device, tsblas_int ldd, void *host,
                                 tsblas_int ldh)
{
    return copy_matrix("tsblas_get_matrix", rows, cols, elemsize, device, ldd, host, ldh);
}
