/*
 * gpu_scale.cu: C := beta*C on the GPU, the work of the GEMM-shaped
 * routines when alpha = 0 or K = 0, and of xGEMT when alpha = 0.
 *
 * Purpose
 * =======
 * gpu_scale scales the M-by-N matrix C (leading dimension LDC) by BETA.
 * When BETA = 0, C is not read: zeros are written, so NaN or Inf in C does
 * not survive.  Only the M-by-N part is written.
 *
 * Arguments
 * =========
 * M, N    Dimensions of C, >= 1.
 * BETA    Host scalar.
 * C       Device array (LDC, N).
 * LDC     >= M.
 * STREAM  The stream the work is ordered on.
 *
 * The grid is a 2D grid-stride loop (rows in x, columns in y, each bounded
 * by the device limits), so any shape, N far beyond 65535 included, runs.
 */
#include <config.h>
#include "cuda_internal.cuh"

namespace tsblas {

const int SCALE_THREADS_X = 128;
const int SCALE_BLOCKS_Y_MAX = 65535;

template <typename T>
__global__ void __launch_bounds__(SCALE_THREADS_X)
scale_kernel(idx_t m, idx_t n, T beta, T *c, idx_t ldc)
{
    const bool zero_beta = is_zero(beta);

    for (idx_t j = blockIdx.y; j < n; j += gridDim.y) {
        T *col = c + j * ldc;
        for (idx_t i = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; i < m;
             i += (idx_t)gridDim.x * blockDim.x)
            col[i] = zero_beta ? zero<T>() : mul(beta, col[i]);
    }
}

template <typename T>
int gpu_scale(idx_t m, idx_t n, T beta, T *c, idx_t ldc, cudaStream_t stream)
{
    idx_t blocks_x = (m + SCALE_THREADS_X - 1) / SCALE_THREADS_X;
    idx_t blocks_y, target = fill_grid(16, (idx_t)1 << 30);

    if (blocks_x > target)
        blocks_x = target;
    blocks_y = target / blocks_x;
    if (blocks_y > n)
        blocks_y = n;
    if (blocks_y > SCALE_BLOCKS_Y_MAX)
        blocks_y = SCALE_BLOCKS_Y_MAX;
    if (blocks_y < 1)
        blocks_y = 1;
    scale_kernel<T><<<dim3((unsigned)blocks_x, (unsigned)blocks_y), SCALE_THREADS_X, 0, stream>>>(
        m, n, beta, c, ldc);
    return launch_status("C := beta*C kernel");
}

template int gpu_scale<float>(idx_t, idx_t, float, float *, idx_t, cudaStream_t);
template int gpu_scale<double>(idx_t, idx_t, double, double *, idx_t, cudaStream_t);
template int gpu_scale<cuFloatComplex>(idx_t, idx_t, cuFloatComplex, cuFloatComplex *, idx_t,
                                       cudaStream_t);
template int gpu_scale<cuDoubleComplex>(idx_t, idx_t, cuDoubleComplex, cuDoubleComplex *,
                                        idx_t, cudaStream_t);

} /* namespace tsblas */
