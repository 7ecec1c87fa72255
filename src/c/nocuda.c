/*
 * nocuda.c: the GPU-facing entries of a build without CUDA.  Every array
 * is host memory, the work runs on the host, and the device-memory helpers
 * say clearly that there is no GPU path (API.md: "nothing fails for want of
 * a GPU" concerns the routines, which all run here).
 */
#include <config.h>
#include "tsblas_internal.h"

#if !defined(TSBLAS_HAVE_CUDA)

enum tsblas_memory tsblas_memory_of(const void *p)
{
    (void)p;
    return TSBLAS_MEM_HOST;
}

static int no_cuda(const char *what)
{
    return tsblas_set_error(TSBLAS_ERR_NO_CUDA, "%s: tsblas was built without CUDA", what);
}

int tsblas_gpu_available(void)
{
    return 0;
}

int tsblas_set_stream(void *stream)
{
    if (stream != NULL)
        return no_cuda("tsblas_set_stream");
    return tsblas_set_error(0, NULL);
}

void *tsblas_get_stream(void)
{
    return NULL;
}

int tsblas_device_malloc(void **ptr, size_t bytes)
{
    (void)bytes;
    if (ptr != NULL)
        *ptr = NULL;
    return no_cuda("tsblas_device_malloc");
}

int tsblas_device_free(void *ptr)
{
    if (ptr == NULL)
        return tsblas_set_error(0, NULL);
    return no_cuda("tsblas_device_free");
}

int tsblas_set_matrix(tsblas_int rows, tsblas_int cols, size_t elemsize, const void *host,
                      tsblas_int ldh, void *device, tsblas_int ldd)
{
    (void)rows; (void)cols; (void)elemsize; (void)host; (void)ldh; (void)device; (void)ldd;
    return no_cuda("tsblas_set_matrix");
}

int tsblas_get_matrix(tsblas_int rows, tsblas_int cols, size_t elemsize, const void *device,
                      tsblas_int ldd, void *host, tsblas_int ldh)
{
    (void)rows; (void)cols; (void)elemsize; (void)device; (void)ldd; (void)host; (void)ldh;
    return no_cuda("tsblas_get_matrix");
}

#endif
