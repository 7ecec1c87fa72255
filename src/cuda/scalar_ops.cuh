/*
 * scalar_ops.cuh: the arithmetic the GPU kernels need, written once for the
 * four BLAS types (float, double, cuFloatComplex, cuDoubleComplex), so that
 * every kernel is one template instantiated four times.
 *
 * Complex products use the textbook formula (no scaling against overflow),
 * as reference BLAS and cuBLAS do.  conj_if(x, flag) applies op C to one
 * element of an operand; for the real types it is the identity.
 */
#ifndef TSBLAS_SCALAR_OPS_CUH
#define TSBLAS_SCALAR_OPS_CUH

#include <cuComplex.h>

namespace tsblas {

template <typename T> struct scalar_info;
template <> struct scalar_info<float> {
    typedef float real;
    static const bool is_complex = false;
};
template <> struct scalar_info<double> {
    typedef double real;
    static const bool is_complex = false;
};
template <> struct scalar_info<cuFloatComplex> {
    typedef float real;
    static const bool is_complex = true;
};
template <> struct scalar_info<cuDoubleComplex> {
    typedef double real;
    static const bool is_complex = true;
};

__host__ __device__ inline float zero_of(float) { return 0.0f; }
__host__ __device__ inline double zero_of(double) { return 0.0; }
__host__ __device__ inline cuFloatComplex zero_of(cuFloatComplex)
{
    return make_cuFloatComplex(0.0f, 0.0f);
}
__host__ __device__ inline cuDoubleComplex zero_of(cuDoubleComplex)
{
    return make_cuDoubleComplex(0.0, 0.0);
}

template <typename T> __host__ __device__ inline T zero() { return zero_of(T()); }

__host__ __device__ inline bool is_zero(float x) { return x == 0.0f; }
__host__ __device__ inline bool is_zero(double x) { return x == 0.0; }
__host__ __device__ inline bool is_zero(cuFloatComplex x) { return x.x == 0.0f && x.y == 0.0f; }
__host__ __device__ inline bool is_zero(cuDoubleComplex x) { return x.x == 0.0 && x.y == 0.0; }

__host__ __device__ inline float add(float a, float b) { return a + b; }
__host__ __device__ inline double add(double a, double b) { return a + b; }
__host__ __device__ inline cuFloatComplex add(cuFloatComplex a, cuFloatComplex b)
{
    return make_cuFloatComplex(a.x + b.x, a.y + b.y);
}
__host__ __device__ inline cuDoubleComplex add(cuDoubleComplex a, cuDoubleComplex b)
{
    return make_cuDoubleComplex(a.x + b.x, a.y + b.y);
}

__host__ __device__ inline float mul(float a, float b) { return a * b; }
__host__ __device__ inline double mul(double a, double b) { return a * b; }
__host__ __device__ inline cuFloatComplex mul(cuFloatComplex a, cuFloatComplex b)
{
    return make_cuFloatComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__host__ __device__ inline cuDoubleComplex mul(cuDoubleComplex a, cuDoubleComplex b)
{
    return make_cuDoubleComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

/* acc + a*b, with fused multiply-adds where the type allows. */
__device__ inline float fma_acc(float acc, float a, float b) { return fmaf(a, b, acc); }
__device__ inline double fma_acc(double acc, double a, double b) { return fma(a, b, acc); }
__device__ inline cuFloatComplex fma_acc(cuFloatComplex acc, cuFloatComplex a, cuFloatComplex b)
{
    acc.x = fmaf(a.x, b.x, acc.x);
    acc.x = fmaf(-a.y, b.y, acc.x);
    acc.y = fmaf(a.x, b.y, acc.y);
    acc.y = fmaf(a.y, b.x, acc.y);
    return acc;
}
__device__ inline cuDoubleComplex fma_acc(cuDoubleComplex acc, cuDoubleComplex a, cuDoubleComplex b)
{
    acc.x = fma(a.x, b.x, acc.x);
    acc.x = fma(-a.y, b.y, acc.x);
    acc.y = fma(a.x, b.y, acc.y);
    acc.y = fma(a.y, b.x, acc.y);
    return acc;
}

__host__ __device__ inline float conj_if(float x, bool) { return x; }
__host__ __device__ inline double conj_if(double x, bool) { return x; }
__host__ __device__ inline cuFloatComplex conj_if(cuFloatComplex x, bool flag)
{
    return flag ? make_cuFloatComplex(x.x, -x.y) : x;
}
__host__ __device__ inline cuDoubleComplex conj_if(cuDoubleComplex x, bool flag)
{
    return flag ? make_cuDoubleComplex(x.x, -x.y) : x;
}

/* alpha*x + beta*y, with y not read when beta == 0 (BLAS: NaN in the
   output must not survive a zero beta). */
template <typename T>
__device__ inline T scale_add(T alpha, T x, T beta, const T *y)
{
    T r = mul(alpha, x);
    return is_zero(beta) ? r : add(r, mul(beta, *y));
}

} /* namespace tsblas */

#endif
