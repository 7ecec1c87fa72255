/*
 * bench_gpu.c: the GPU as a target of tsblas_bench (built with CUDA only):
 * finding the device, timing with CUDA events on the library's stream,
 * device buffers, and the device's read, copy and write bandwidth and peak
 * rates.
 *
 * Every CUDA and cuBLAS return code is checked; a failure is printed with
 * the CUDA message and ends the GPU part, never the program silently.
 */
#include <config.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include "bench.h"

#define MIB ((size_t)1 << 20)
#define GIB ((size_t)1 << 30)

const struct bench_gpu_precision *const bench_gpu_precisions[BENCH_NPRECISIONS] = {
    &bench_gpu_precision_s, &bench_gpu_precision_d, &bench_gpu_precision_c,
    &bench_gpu_precision_z
};

/* One GPU per run: its state is the file's. */
static struct {
    cublasHandle_t handle;
    cudaStream_t stream;
    cudaEvent_t start, stop;
    void *staging;              /* pinned host buffer for filling the device */
    size_t staging_bytes;
    size_t l2_bytes;
} gpu;

static int cuda_failed(cudaError_t err, const char *what)
{
    if (err == cudaSuccess)
        return 0;
    fprintf(stderr, "tsblas_bench: %s failed: %s (%s)\n", what, cudaGetErrorString(err),
            cudaGetErrorName(err));
    return 1;
}

static int cublas_failed(cublasStatus_t status, const char *what)
{
    if (status == CUBLAS_STATUS_SUCCESS)
        return 0;
    fprintf(stderr, "tsblas_bench: %s failed: %s (%d)\n", what, cublasGetStatusString(status),
            (int)status);
    return 1;
}

/* ---------------------------------------------------------------- target */

static int gpu_time(struct bench_target *t, bench_fn fn, const struct bench_call *call,
                    double *seconds, int *code)
{
    float ms = 0;

    if (cuda_failed(cudaEventRecord(gpu.start, gpu.stream), "cudaEventRecord"))
        return -1;
    *code = fn(t->ctx, call);
    if (cuda_failed(cudaEventRecord(gpu.stop, gpu.stream), "cudaEventRecord")
        || cuda_failed(cudaEventSynchronize(gpu.stop), "cudaEventSynchronize")
        || cuda_failed(cudaEventElapsedTime(&ms, gpu.start, gpu.stop), "cudaEventElapsedTime"))
        return -1;
    *seconds = 1e-3 * ms;
    return 0;
}

static int gpu_gemm(void *ctx, const struct bench_call *call)
{
    return bench_gpu_precisions[call->precision]->gemm(ctx, call);
}

static int gpu_geam_transpose(void *ctx, const struct bench_call *call)
{
    return bench_gpu_precisions[call->precision]->geam_transpose(ctx, call);
}

int bench_gpu_fill(void *dev, size_t count, int precision, uint64_t seed)
{
    const struct bench_precision *p = bench_precisions[precision];
    const size_t chunk = gpu.staging_bytes / p->elemsize;
    size_t first;

    for (first = 0; first < count; first += chunk) {
        size_t n = count - first < chunk ? count - first : chunk;
        p->fill(gpu.staging, n, seed, first);
        if (cuda_failed(cudaMemcpy((char *)dev + first * p->elemsize, gpu.staging,
                                   n * p->elemsize, cudaMemcpyHostToDevice),
                        "cudaMemcpy to the device"))
            return -1;
    }
    return 0;
}

/* Seeds of the operands; both outputs start as copies of A (as on the host). */
enum { SEED_A = 11, SEED_B = 12 };

static int gpu_fill(struct bench_target *t, int precision, struct bench_buffers *bufs)
{
    const size_t count = bufs->bytes / bench_precisions[precision]->elemsize;

    (void)t;
    if (bench_gpu_fill(bufs->a, count, precision, SEED_A) != 0
        || bench_gpu_fill(bufs->b, count, precision, SEED_B) != 0
        || cuda_failed(cudaMemcpy(bufs->c_tsblas, bufs->a, bufs->bytes,
                                  cudaMemcpyDeviceToDevice), "cudaMemcpy on the device")
        || cuda_failed(cudaMemcpy(bufs->c_baseline, bufs->a, bufs->bytes,
                                  cudaMemcpyDeviceToDevice), "cudaMemcpy on the device")
        || cuda_failed(cudaDeviceSynchronize(), "cudaDeviceSynchronize"))
        return -1;
    return 0;
}

static int gpu_copy(struct bench_target *t, void *dst, const void *src, size_t bytes)
{
    (void)t;
    if (cuda_failed(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, gpu.stream),
                    "cudaMemcpyAsync on the device")
        || cuda_failed(cudaStreamSynchronize(gpu.stream), "cudaStreamSynchronize"))
        return -1;
    return 0;
}

static int gpu_max_abs_diff(struct bench_target *t, int precision, void *x, const void *y,
                            size_t count, double *diff)
{
    return bench_gpu_precisions[precision]->max_abs_diff(t->ctx, x, y, count, diff) != 0
               ? -1 : 0;
}

/* After each case: a sticky CUDA error (an illegal address, say) makes
   every later call fail, so the sweep stops there.  An error that is not
   sticky has been reported by the call that met it (tsblas returns it as
   its INFO) and is cleared, so that it is not taken for the next case's. */
static int gpu_healthy(struct bench_target *t)
{
    (void)t;
    if (cuda_failed(cudaDeviceSynchronize(), "cudaDeviceSynchronize"))
        return -1;
    (void)cudaGetLastError();
    return 0;
}

int bench_gpu_open(struct bench_target *t, FILE *out)
{
    struct cudaDeviceProp prop;
    int count = 0, device = 0, runtime = 0, driver = 0;
    cudaError_t err;

    err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0) {
        fprintf(stderr, "tsblas_bench: --gpu: no usable GPU here (%s); nothing to measure\n",
                err != cudaSuccess ? cudaGetErrorString(err) : "no CUDA device");
        (void)cudaGetLastError();
        return BENCH_NO_GPU;
    }
    if (!tsblas_gpu_available()) {
        fprintf(stderr, "tsblas_bench: --gpu: CUDA sees %d device(s) but tsblas reports no "
                        "usable GPU (%s)\n", count, tsblas_last_error_message());
        return BENCH_NO_GPU;
    }
    if (cuda_failed(cudaGetDevice(&device), "cudaGetDevice")
        || cuda_failed(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties"))
        return -1;
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    fprintf(out, "tsblas_bench %s on the GPU: device %d, %s, %d SMs, %.1f GiB, L2 %.0f MiB, "
                 "CUDA runtime %d.%d, driver %d.%d\n",
            TSBLAS_VERSION, device, prop.name, prop.multiProcessorCount,
            (double)prop.totalGlobalMem / (double)GIB, (double)prop.l2CacheSize / (double)MIB,
            runtime / 1000, runtime % 1000 / 10, driver / 1000, driver % 1000 / 10);

    memset(&gpu, 0, sizeof gpu);
    gpu.l2_bytes = (size_t)prop.l2CacheSize;
    gpu.stream = (cudaStream_t)tsblas_get_stream();
    gpu.staging_bytes = 64 * MIB;
    if (cuda_failed(cudaEventCreate(&gpu.start), "cudaEventCreate")
        || cuda_failed(cudaEventCreate(&gpu.stop), "cudaEventCreate")
        || cuda_failed(cudaMallocHost(&gpu.staging, gpu.staging_bytes), "cudaMallocHost")
        || cublas_failed(cublasCreate(&gpu.handle), "cublasCreate")
        || cublas_failed(cublasSetStream(gpu.handle, gpu.stream), "cublasSetStream")) {
        bench_gpu_close(t);
        return -1;
    }

    memset(t, 0, sizeof *t);
    t->name = "gpu";
    t->baseline_gemm_name = "cuBLAS";
    t->baseline_gemt_name = "geam";
    t->ctx = gpu.handle;
    t->time = gpu_time;
    t->baseline_gemm = gpu_gemm;
    t->baseline_gemt = gpu_geam_transpose;
    t->fill = gpu_fill;
    t->copy = gpu_copy;
    t->max_abs_diff = gpu_max_abs_diff;
    t->healthy = gpu_healthy;
    t->threads = 1;
    return 0;
}

void bench_gpu_close(struct bench_target *t)
{
    (void)t;
    if (gpu.handle != NULL)
        cublasDestroy(gpu.handle);
    if (gpu.start != NULL)
        cudaEventDestroy(gpu.start);
    if (gpu.stop != NULL)
        cudaEventDestroy(gpu.stop);
    if (gpu.staging != NULL)
        cudaFreeHost(gpu.staging);
    memset(&gpu, 0, sizeof gpu);
}

/* ------------------------------------------------------------- buffers */

/* Fails with a message when BYTES more of device memory are not free. */
/* The free and total device memory in bytes; 0 or -1 (reported). */
static int device_memory(size_t *free_bytes, size_t *total)
{
    return cuda_failed(cudaMemGetInfo(free_bytes, total), "cudaMemGetInfo") ? -1 : 0;
}

static int check_free_memory(size_t bytes, const char *what)
{
    size_t free_bytes = 0, total = 0;

    if (device_memory(&free_bytes, &total) != 0)
        return -1;
    if (bytes > free_bytes) {
        fprintf(stderr, "tsblas_bench: %s needs %.2f GiB of device memory, %.2f GiB of %.2f "
                        "are free: choose a smaller size\n", what, (double)bytes / (double)GIB,
                (double)free_bytes / (double)GIB, (double)total / (double)GIB);
        return -1;
    }
    return 0;
}

int bench_gpu_alloc(struct bench_target *t, size_t bytes, struct bench_buffers *bufs)
{
    (void)t;
    memset(bufs, 0, sizeof *bufs);
    bufs->bytes = bytes;
    if (check_free_memory(4 * bytes, "the sweep (4 buffers of --bytes)") != 0)
        return -1;
    if (cuda_failed(cudaMalloc(&bufs->a, bytes), "cudaMalloc")
        || cuda_failed(cudaMalloc(&bufs->b, bytes), "cudaMalloc")
        || cuda_failed(cudaMalloc(&bufs->c_tsblas, bytes), "cudaMalloc")
        || cuda_failed(cudaMalloc(&bufs->c_baseline, bytes), "cudaMalloc")) {
        bench_gpu_free(bufs);
        return -1;
    }
    return 0;
}

void bench_gpu_free(struct bench_buffers *bufs)
{
    cudaFree(bufs->a);
    cudaFree(bufs->b);
    cudaFree(bufs->c_tsblas);
    cudaFree(bufs->c_baseline);
    bufs->a = bufs->b = bufs->c_tsblas = bufs->c_baseline = NULL;
}

/* ------------------------------------------------------------- machine */

/* The read-only kernels that may measure the read bandwidth: cuBLAS's
   three and three of tsblas's (the best read measured is the roof's b):
   its dot product (DTSMTTSM 1 x 1), which read 0.2-0.9 % faster than
   cublasDdot on the H200 over 8 GiB, and the two shapes of its tensor
   kernel that read the most (DTSMTTSM 16 x 16 of interleaved operands,
   ZTSMTTSM 12 x 12 of column-major ones), which read up to 0.6 % (H100, 4
   GiB) and 2.7 % (H200, 1 GiB) more than the best of the others. */
enum read_kernel {
    READ_DASUM,
    READ_IDAMAX,
    READ_DDOT,
    READ_TSBLAS_DOT,
    READ_TSBLAS_D16,
    READ_TSBLAS_Z12,
    NREAD_KERNELS
};
static const char *const read_kernel_names[NREAD_KERNELS] = {
    "cublasDasum", "cublasIdamax", "cublasDdot", "tsblas DTSMTTSM 1x1",
    "tsblas DTSMTTSM 16x16 int", "tsblas ZTSMTTSM 12x12 col"
};

/* Bytes of device memory for the read kernels' results: C of ZTSMTTSM 12 x
   12. */
#define READ_RESULT_BYTES (12 * 12 * 16)

/* Runs KERNEL over N doubles at X (the dot products: two halves), results
   in device memory so that nothing synchronizes inside the timed interval. */
static int run_read_kernel(enum read_kernel kernel, const double *x, int n, void *result)
{
    switch (kernel) {
    case READ_DASUM:
        return cublas_failed(cublasDasum(gpu.handle, n, x, 1, result), "cublasDasum");
    case READ_IDAMAX:
        return cublas_failed(cublasIdamax(gpu.handle, n, x, 1, result), "cublasIdamax");
    case READ_TSBLAS_DOT:
    case READ_TSBLAS_D16: {
        /* the two halves as A and B: K x 1 each, or 16 x K interleaved */
        const tsblas_int w = kernel == READ_TSBLAS_DOT ? 1 : 16, k = n / 2 / w;
        const tsblas_int info =
            kernel == READ_TSBLAS_DOT
                ? tsblas_dtsmttsm('T', 'N', 1, 1, k, 1.0, x, k, x + n / 2, k, 0.0,
                                  (double *)result, 1)
                : tsblas_dtsmttsm('N', 'T', w, w, k, 1.0, x, w, x + n / 2, w, 0.0,
                                  (double *)result, w);
        if (info != 0)
            fprintf(stderr, "tsblas_bench: %s failed (%ld)\n", read_kernel_names[kernel],
                    (long)info);
        return info != 0 ? -1 : 0;
    }
    case READ_TSBLAS_Z12: {
        /* the two halves as A and B, K x 12 complex numbers each */
        const tsblas_int k = n / 2 / 2 / 12;
        static const double one[2] = { 1.0, 0.0 }, zero[2] = { 0.0, 0.0 };
        const tsblas_int info = tsblas_ztsmttsm('T', 'N', 12, 12, k, one, x, k, x + n / 2, k,
                                                zero, result, 12);
        if (info != 0)
            fprintf(stderr, "tsblas_bench: %s failed (%ld)\n", read_kernel_names[kernel],
                    (long)info);
        return info != 0 ? -1 : 0;
    }
    default:
        return cublas_failed(cublasDdot(gpu.handle, n / 2, x, 1, x + n / 2, 1, result),
                             "cublasDdot");
    }
}

/* The kernels past the read kernels: the copy (cudaMemcpy, one half of
   the array to the other) and the write (cudaMemset of the whole array). */
enum { BANDWIDTH_COPY = NREAD_KERNELS, BANDWIDTH_WRITE, NBANDWIDTH_KERNELS };

/* Best time in seconds of RUNS runs of the read KERNEL, or of the copy or
   the write (BANDWIDTH_COPY, BANDWIDTH_WRITE); a warm-up first. */
static int time_bandwidth_kernel(int kernel, double *x, int n, void *result, int runs,
                                 double *best)
{
    int r;

    *best = INFINITY;
    for (r = -1; r < runs; r++) {
        float ms = 0;
        int failed;
        if (cuda_failed(cudaEventRecord(gpu.start, gpu.stream), "cudaEventRecord"))
            return -1;
        if (kernel == BANDWIDTH_COPY)
            failed = cuda_failed(cudaMemcpyAsync(x + n / 2, x, (size_t)(n / 2) * sizeof(double),
                                                 cudaMemcpyDeviceToDevice, gpu.stream),
                                 "cudaMemcpyAsync on the device");
        else if (kernel == BANDWIDTH_WRITE)
            failed = cuda_failed(cudaMemsetAsync(x, 0, (size_t)n * sizeof(double), gpu.stream),
                                 "cudaMemsetAsync");
        else
            failed = run_read_kernel((enum read_kernel)kernel, x, n, result);
        if (failed || cuda_failed(cudaEventRecord(gpu.stop, gpu.stream), "cudaEventRecord")
            || cuda_failed(cudaEventSynchronize(gpu.stop), "cudaEventSynchronize")
            || cuda_failed(cudaEventElapsedTime(&ms, gpu.start, gpu.stop),
                           "cudaEventElapsedTime"))
            return -1;
        if (r >= 0 && 1e-3 * ms < *best)
            *best = 1e-3 * ms;
    }
    return 0;
}

int bench_gpu_measure(struct bench_target *t, size_t bw_bytes, int peak_n, int runs,
                      unsigned precisions, struct bench_machine *machine)
{
    double *x = NULL, seconds[NBANDWIDTH_KERNELS];
    void *result = NULL;
    size_t n, used;
    int k, p, status = -1, best = 0;

    (void)t;
    if (bw_bytes == 0) {
        /* 8 GiB, or a quarter of the free memory where that is less, and
           at least 32 times L2: the rate still grows with the array at
           2 GiB (H200, cublasDdot: 2 GiB 4311, 4 GiB 4410, 8 GiB 4466,
           15 GiB 4439 GB/s; ZTSMTTSM's tensor kernel read 4485 GB/s of a
           4 GiB operand). */
        size_t free_bytes = 0, total = 0;
        if (device_memory(&free_bytes, &total) != 0)
            goto done;
        bw_bytes = free_bytes / 4 < 8 * GIB ? free_bytes / 4 : 8 * GIB;
        if (bw_bytes < 32 * gpu.l2_bytes)
            bw_bytes = 32 * gpu.l2_bytes;
    }
    /* The cuBLAS kernels take int counts. */
    n = bw_bytes / sizeof(double);
    if (n > 2147483646)
        n = 2147483646;
    /* halves that start on 256 bytes (the tensor kernels' 16-byte copies,
       ZTSMTTSM's complex numbers) */
    n -= n % 64;
    if (check_free_memory(n * sizeof(double), "the bandwidth array (--bw-bytes)") != 0
        || cuda_failed(cudaMalloc((void **)&x, n * sizeof(double)), "cudaMalloc")
        || cuda_failed(cudaMalloc(&result, READ_RESULT_BYTES), "cudaMalloc")
        || bench_gpu_fill(x, n, 1, 1) != 0
        || cublas_failed(cublasSetPointerMode(gpu.handle, CUBLAS_POINTER_MODE_DEVICE),
                         "cublasSetPointerMode"))
        goto done;
    for (k = 0; k < NBANDWIDTH_KERNELS; k++)
        if (time_bandwidth_kernel(k, x, (int)n, result, runs, &seconds[k]) != 0)
            goto done;
    for (k = 1; k < NREAD_KERNELS; k++)
        if (seconds[k] < seconds[best])
            best = k;
    machine->read_bw = (double)(n * sizeof(double)) / seconds[best] * 1e-9;
    machine->copy_bw = (double)(n * sizeof(double)) / seconds[BANDWIDTH_COPY] * 1e-9;
    machine->write_bw = (double)(n * sizeof(double)) / seconds[BANDWIDTH_WRITE] * 1e-9;
    used = (size_t)snprintf(machine->read_how, sizeof machine->read_how,
                            "(%s over %.0f MiB, best of %d; GB/s:", read_kernel_names[best],
                            (double)(n * sizeof(double)) / (double)MIB, runs);
    for (k = 0; k < NREAD_KERNELS; k++)
        used += (size_t)snprintf(machine->read_how + used,
                                 used < sizeof machine->read_how ? sizeof machine->read_how - used
                                                                 : 0,
                                 " %s %.0f%s", read_kernel_names[k],
                                 (double)(n * sizeof(double)) / seconds[k] * 1e-9,
                                 k + 1 < NREAD_KERNELS ? "," : ")");
    snprintf(machine->copy_how, sizeof machine->copy_how,
             "(cudaMemcpy device to device, 2 x %.0f MiB, read + write bytes, best of %d)",
             (double)(n / 2 * sizeof(double)) / (double)MIB, runs);
    snprintf(machine->write_how, sizeof machine->write_how,
             "(cudaMemset of %.0f MiB, best of %d)", (double)(n * sizeof(double)) / (double)MIB,
             runs);
    if (cublas_failed(cublasSetPointerMode(gpu.handle, CUBLAS_POINTER_MODE_HOST),
                      "cublasSetPointerMode"))
        goto done;
    cudaFree(x);
    x = NULL;

    for (p = 0; p < BENCH_NPRECISIONS; p++) {
        if (!(precisions & (1u << p)))
            continue;
        if (check_free_memory(3 * (size_t)peak_n * (size_t)peak_n * bench_precisions[p]->elemsize,
                              "the peak xGEMM (--peak-n)") != 0
            || bench_gpu_precisions[p]->gemm_rate(gpu.handle, peak_n, runs, &machine->peak[p]) != 0)
            goto done;
        snprintf(machine->peak_how[p], sizeof machine->peak_how[p],
                 "(cublas%cgemm, n = %d, best of %d)", bench_precisions[p]->letter, peak_n, runs);
    }
    status = 0;
done:
    cublasSetPointerMode(gpu.handle, CUBLAS_POINTER_MODE_HOST);
    cudaFree(x);
    cudaFree(result);
    return status;
}
