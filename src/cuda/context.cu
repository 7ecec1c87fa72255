/*
 * context.cu: the run-time state of the GPU path: whether CUDA is usable,
 * the calling thread's stream and cuBLAS handle, the device workspace pool,
 * and the reporting of CUDA failures.
 *
 * Thread safety.  The stream is thread-local.  The cuBLAS handle is per
 * host thread (created lazily, destroyed when the thread exits through a
 * pthread key), so concurrent calls never share one.  Device workspace
 * comes from a memory pool of the library's own per device through
 * cudaMallocFromPoolAsync/cudaFreeAsync on the caller's stream: the pool
 * hands a block to a stream only after the work that freed it is ordered
 * before, so threads on different streams can never get overlapping live
 * buffers, and a freed block is reused by the next call on its stream
 * without synchronisation.  The pool's release threshold is unlimited, so
 * it keeps the largest workspace used so far: no cudaMalloc per call in
 * steady state.  A pool of our own leaves the attributes of the device's
 * default pool, which the program may use, untouched.
 */
#include <config.h>
#include <pthread.h>
#include <stdlib.h>
#include "cuda_internal.cuh"

namespace tsblas {

/* Devices whose pools and properties are cached; more are served without
   the cache (the workspace then falls back to cudaMallocAsync). */
const int CACHED_DEVICES = 64;

static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static bool usable;

static void probe_cuda()
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);

    usable = err == cudaSuccess && count > 0;
    /* No driver or no device: clear the runtime's last error so that the
       program's own CUDA error checks never see ours. */
    cudaGetLastError();
}

bool cuda_usable()
{
    pthread_once(&probe_once, probe_cuda);
    return usable;
}

/* ---- errors ---- */

int cuda_failure(const char *what, cudaError_t err)
{
    cudaGetLastError();
    return tsblas_set_error(err == cudaErrorMemoryAllocation ? TSBLAS_ERR_ALLOC : TSBLAS_ERR_CUDA,
                            "%s: %s", what, cudaGetErrorString(err));
}

int cublas_failure(const char *what, cublasStatus_t status)
{
    return tsblas_set_error(status == CUBLAS_STATUS_ALLOC_FAILED ? TSBLAS_ERR_ALLOC
                                                                 : TSBLAS_ERR_CUDA,
                            "%s: cuBLAS: %s", what, cublasGetStatusString(status));
}

int launch_status(const char *what)
{
    cudaError_t err = cudaGetLastError();
    return err == cudaSuccess ? 0 : cuda_failure(what, err);
}

/* ---- the thread's stream and cuBLAS handle ---- */

static __thread cudaStream_t thread_stream;

cudaStream_t current_stream()
{
    return thread_stream;
}

struct thread_cublas {
    cublasHandle_t handle;
    int device;
};

static __thread struct thread_cublas *thread_cublas_state;
static pthread_key_t cublas_key;
static pthread_once_t cublas_key_once = PTHREAD_ONCE_INIT;

static void destroy_thread_cublas(void *state)
{
    struct thread_cublas *tc = (struct thread_cublas *)state;
    cublasDestroy(tc->handle);
    free(tc);
}

static void make_cublas_key()
{
    pthread_key_create(&cublas_key, destroy_thread_cublas);
}

int cublas_handle(cudaStream_t stream, cublasHandle_t *handle)
{
    struct thread_cublas *tc = thread_cublas_state;
    cublasStatus_t status;
    cudaError_t err;
    int device;

    err = cudaGetDevice(&device);
    if (err != cudaSuccess)
        return cuda_failure("cudaGetDevice", err);
    if (tc != NULL && tc->device != device) {
        /* The thread moved to another device: a handle serves the device
           that was current when it was made. */
        cublasDestroy(tc->handle);
        tc->device = -1;
    }
    if (tc == NULL) {
        tc = (struct thread_cublas *)malloc(sizeof *tc);
        if (tc == NULL)
            return tsblas_set_error(TSBLAS_ERR_ALLOC, "cuBLAS handle: out of host memory");
        tc->device = -1;
        pthread_once(&cublas_key_once, make_cublas_key);
        pthread_setspecific(cublas_key, tc);
        thread_cublas_state = tc;
    }
    if (tc->device != device) {
        status = cublasCreate(&tc->handle);
        if (status != CUBLAS_STATUS_SUCCESS)
            return cublas_failure("cublasCreate", status);
        status = cublasSetPointerMode(tc->handle, CUBLAS_POINTER_MODE_HOST);
        if (status != CUBLAS_STATUS_SUCCESS) {
            cublasDestroy(tc->handle);
            return cublas_failure("cublasSetPointerMode", status);
        }
        tc->device = device;
    }
    status = cublasSetStream(tc->handle, stream);
    if (status != CUBLAS_STATUS_SUCCESS)
        return cublas_failure("cublasSetStream", status);
    *handle = tc->handle;
    return 0;
}

/* ---- per-device properties and workspace pools ---- */

static int cached_sm_count[CACHED_DEVICES];
static cudaMemPool_t device_pool[CACHED_DEVICES];
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

int sm_count()
{
    int device = 0, count = 0;

    if (cudaGetDevice(&device) != cudaSuccess) {
        cudaGetLastError();
        return 1;
    }
    if (device < CACHED_DEVICES) {
        count = __atomic_load_n(&cached_sm_count[device], __ATOMIC_RELAXED);
        if (count > 0)
            return count;
    }
    if (cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device) != cudaSuccess
        || count < 1) {
        cudaGetLastError();
        return 1;
    }
    if (device < CACHED_DEVICES)
        __atomic_store_n(&cached_sm_count[device], count, __ATOMIC_RELAXED);
    return count;
}

/* The library's pool on DEVICE, created on first use; NULL when the device
   has no memory pools (then the device's default pool is used). */
static int workspace_pool(int device, cudaMemPool_t *pool)
{
    cudaMemPoolProps props = {};
    uint64_t keep_all = UINT64_MAX;
    cudaError_t err = cudaSuccess;
    int supported = 0;

    *pool = NULL;
    if (device >= CACHED_DEVICES)
        return 0;
    pthread_mutex_lock(&pool_lock);
    if (device_pool[device] == NULL) {
        err = cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, device);
        if (err == cudaSuccess && supported) {
            props.allocType = cudaMemAllocationTypePinned;
            props.location.type = cudaMemLocationTypeDevice;
            props.location.id = device;
            err = cudaMemPoolCreate(&device_pool[device], &props);
            if (err == cudaSuccess)
                err = cudaMemPoolSetAttribute(device_pool[device],
                                              cudaMemPoolAttrReleaseThreshold, &keep_all);
        }
    }
    *pool = device_pool[device];
    pthread_mutex_unlock(&pool_lock);
    return err == cudaSuccess ? 0 : cuda_failure("device workspace pool", err);
}

int workspace_acquire(void **ptr, size_t bytes, cudaStream_t stream)
{
    cudaMemPool_t pool;
    cudaError_t err;
    int device, status;

    *ptr = NULL;
    err = cudaGetDevice(&device);
    if (err != cudaSuccess)
        return cuda_failure("cudaGetDevice", err);
    status = workspace_pool(device, &pool);
    if (status != 0)
        return status;
    if (pool != NULL)
        err = cudaMallocFromPoolAsync(ptr, bytes, pool, stream);
    else
        err = cudaMallocAsync(ptr, bytes, stream);
    if (err != cudaSuccess) {
        *ptr = NULL;
        return cuda_failure("device workspace", err);
    }
    return 0;
}

int workspace_release(void *ptr, cudaStream_t stream)
{
    cudaError_t err;

    if (ptr == NULL)
        return 0;
    err = cudaFreeAsync(ptr, stream);
    return err == cudaSuccess ? 0 : cuda_failure("device workspace", err);
}

idx_t fill_grid(int blocks_per_sm, idx_t work_blocks)
{
    idx_t grid = (idx_t)sm_count() * (blocks_per_sm > 0 ? blocks_per_sm : 1);
    if (grid > work_blocks)
        grid = work_blocks;
    return grid > 0 ? grid : 1;
}

} /* namespace tsblas */

/* ---- public entries ---- */

extern "C" int tsblas_set_stream(void *stream)
{
    if (stream != NULL && !tsblas::cuda_usable())
        return tsblas_set_error(TSBLAS_ERR_NO_CUDA, "tsblas_set_stream: no usable CUDA device");
    tsblas::thread_stream = (cudaStream_t)stream;
    return tsblas_set_error(0, NULL);
}

extern "C" void *tsblas_get_stream(void)
{
    return (void *)tsblas::thread_stream;
}

extern "C" int tsblas_gpu_available(void)
{
    return tsblas::cuda_usable() ? 1 : 0;
}
