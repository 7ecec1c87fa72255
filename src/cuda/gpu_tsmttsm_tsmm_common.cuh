/*
 * gpu_tsmttsm_tsmm_common.cuh: what the xTSMTTSM and xTSMM kernels share:
 * the choice of path for a call (tuned table, gpu_tsmttsm_tsmm_path.cu),
 * the register-tile sizes of the staged kernels, and the device helpers that
 * stage a block of a tall operand into shared memory.
 *
 * Paths.  Each call goes one of these ways:
 *   TSM_DIRECT        the kernels of issue 4: every thread loads its operands
 *                     straight from global memory (best at widths 1-4);
 *   TSM_STAGED_SMALL  the staged kernels with small register tiles,
 *   TSM_STAGED_LARGE  the staged kernels with large register tiles: blocks
 *                     copy chunks of the tall operands into shared memory with
 *                     asynchronous copies (cp.async, two stages, so the next
 *                     chunk is in flight while the current one is computed),
 *                     and each thread computes a register tile from there;
 *   TSM_TENSOR        every precision of both routines: the chunk
 *                     kernels of gpu_tsmttsm_tensor.cu and
 *                     gpu_tsmm_tensor.cu, whose warps multiply on the FP64
 *                     tensor cores (mma.sync);
 *   TSM_FMA           STSMTTSM and CTSMTTSM, and xTSMM: the chunk kernels
 *                     of gpu_tsmttsm_fma.cu and gpu_tsmm_fma.cu, register
 *                     tiles on the CUDA cores;
 *   TSM_CUBLAS        cuBLAS xGEMM, where it is faster.
 * The choice is a table measured on the device (testing/gpu_tune_tsm.sh;
 * one per GPU, the first for any other):
 * per routine, precision, storage order and width (for a non-square call the
 * width of the square call with the same arithmetic intensity, the harmonic
 * mean 2mn/(m+n)), after one rule for matrix-vector shapes
 * (gpu_tsmttsm_tsmm_path.cu).  The environment variable
 * TSBLAS_GPU_TSM_PATH = direct, staged-small, staged-large, tensor,
 * tensor-rows, fma or cublas forces one path (for the tuning sweep; tensor
 * and fma only where they exist, the table elsewhere); anything else, or
 * unset, means the table.
 */
#ifndef TSBLAS_GPU_TSMTTSM_TSMM_COMMON_CUH
#define TSBLAS_GPU_TSMTTSM_TSMM_COMMON_CUH

#include <tuple>
#include <type_traits>
#include <cooperative_groups.h>
#include "cuda_internal.cuh"
#include "gpu_cp_async.cuh"

namespace tsblas {

/* Threads of a block of every xTSMTTSM and xTSMM kernel of ours. */
const int TSM_THREADS = 256;

enum tsm_path { TSM_DIRECT, TSM_STAGED_SMALL, TSM_STAGED_LARGE, TSM_TENSOR, TSM_FMA, TSM_CUBLAS };

/* Precision index of the tuned table: S, D, C, Z. */
template <typename T> struct tsm_precision;
template <> struct tsm_precision<float> { static const int index = 0; };
template <> struct tsm_precision<double> { static const int index = 1; };
template <> struct tsm_precision<cuFloatComplex> { static const int index = 2; };
template <> struct tsm_precision<cuDoubleComplex> { static const int index = 3; };

/* The path of ROUTINE (TSBLAS_TSMTTSM or TSBLAS_TSMM) for PRECISION on
   block vectors stored INTERLEAVED (else column-major) with the widths
   W1, W2 (xTSMTTSM: M, N; xTSMM: K and the short side of C), where
   ODD_LINES when a column-major tall operand has an odd LD. */
enum tsm_path tsm_choose_path(enum tsblas_routine routine, int precision, bool interleaved,
                              idx_t w1, idx_t w2, bool odd_lines);

/* The width of the table for the widths W1, W2 of a call: 2*W1*W2/(W1 +
   W2) rounded, within 1..64 (gpu_tsmttsm_tsmm_path.cu). */
int tsm_table_width(idx_t w1, idx_t w2);

/* Whether TSBLAS_GPU_TSM_PATH names a path (then the callers keep to
   it), and which (an enum tsm_path), or -1. */
bool tsm_path_forced();
int tsm_forced_path();

/* *BLOCKS := blocks of KERNEL (THREADS threads, SHARED bytes of dynamic
   shared memory) resident on one multiprocessor of the current device,
   after raising the kernel's limit of shared memory to the device's
   largest (launches of SHARED bytes then never fail for it).  The answer
   is kept per thread, so a repeated call asks the runtime nothing: on
   short inputs the host's time per call shows.  0 or an error code. */
int tsm_blocks_per_sm(const void *kernel, size_t shared, int *blocks, int threads = TSM_THREADS);

/* Asks for the largest shared-memory carveout of KERNEL on the current
   device (cudaSharedmemCarveoutMaxShared), so that as many blocks as its
   shared memory allows are resident; before tsm_blocks_per_sm, whose
   answer depends on it.  Set once per host thread, kernel and device: a
   repeated call asks the runtime nothing.  WHAT names the call in the
   error of a failure.  0 or an error code. */
int tsm_prefer_max_shared(const void *kernel, const char *what);

/* The grid of an xTSMTTSM partial-sums kernel (KERNEL, blocks of THREADS
   threads with SHARED bytes of dynamic shared memory): *GRID := enough
   blocks to fill the device, at most WORK_BLOCKS, and *WORKSPACE := *GRID
   * BLOCK_BYTES bytes on STREAM for their partial sums, to be released by
   the caller (also on failure).  0 or an error code. */
int tsm_partials_grid(const void *kernel, size_t shared, idx_t work_blocks, size_t block_bytes,
                      cudaStream_t stream, idx_t *grid, void **workspace,
                      int threads = TSM_THREADS);

/* What an xTSMTTSM partial-sums kernel needs to finish C itself
   (tsm_finish_c): C := alpha*(the sum of the partials) + beta*C, element
   (i, j) of the partials at C[i*C_SI + j*C_SJ]: C_SI = 1 and C_SJ = LDC,
   or C_SI = LDC and C_SJ = 1 where a kernel computes C^T (the tensor
   kernel's mirrored calls). */
template <typename T>
struct tsm_finish {
    T alpha, beta;
    T *c;
    idx_t c_si, c_sj;
};

/* Launches an xTSMTTSM partial-sums KERNEL (which ends in tsm_finish_c)
   on GRID blocks of THREADS threads (tsm_launch_partials: TSM_THREADS)
   with SHARED bytes of dynamic shared memory, as a cooperative launch:
   its blocks wait for each other in tsm_finish_c, so they must all be
   resident at once, as the grids of tsm_partials_grid are.  One launch,
   not a second kernel for the sums: the host's time per call falls by
   half (H100: 11-16 us to 6-8 us, git log doc/gpu-performance.md), which
   is what a program making many short calls waits for.  0 or an error
   code. */
template <typename... Params, typename... Args>
int tsm_launch_partials_of(const char *what, void (*kernel)(Params...), idx_t grid, int threads,
                           size_t shared, cudaStream_t stream, Args... args)
{
    std::tuple<Params...> values(args...);
    void *pointers[sizeof...(Params)];
    std::apply(
        [&pointers](Params &...value) {
            int i = 0;
            ((pointers[i++] = (void *)&value), ...);
        },
        values);
    const cudaError_t err = cudaLaunchCooperativeKernel((const void *)kernel, dim3((unsigned)grid),
                                                        dim3((unsigned)threads), pointers,
                                                        shared, stream);
    return err == cudaSuccess ? launch_status(what) : cuda_failure(what, err);
}

template <typename... Params, typename... Args>
int tsm_launch_partials(const char *what, void (*kernel)(Params...), idx_t grid, size_t shared,
                        cudaStream_t stream, Args... args)
{
    return tsm_launch_partials_of(what, kernel, grid, TSM_THREADS, shared, stream, args...);
}

/* The tuned tables (gpu_tsmttsm_tsmm_table.cu, written by the sweep), one
   per GPU named as the CUDA runtime names it ("" for any): 'd', 's', 'l',
   't', 'u', 'f' or 'c' per routine (xTSMTTSM, xTSMM), precision, storage order
   (column-major, interleaved) and width 1..64. */
struct tsm_tuned_table {
    const char *device;
    const char *paths[2][4][2];
};
extern const tsm_tuned_table tsm_tuned_tables[];
extern const int tsm_tuned_table_count;

/* The code of the tuned table of the current device (the first table for
   a device no table names, or when the device cannot be asked). */
char tsm_tuned_path_code(enum tsblas_routine routine, int precision, bool interleaved,
                         int width);

/* The GPU the tuned table of the current device names (that of the first
   table for a device no table names): the key of other per-GPU choices
   (gpu_mtsm.cu). */
const char *tsm_tuned_device();

/* Whether the current device has what the chunk kernels and xMTSM's tensor
   kernel need (sm_80: cp.async and the FP64 mma); before it they compile
   to nothing. */
bool tsm_device_has_chunk_kernels();

/* Whether an interleaved xTSMTTSM call of PRECISION (an index of the
   tuned table) and widths M, N on the tensor path may copy its chunks as
   one run of memory each (FLAT, gpu_tsmttsm_tensor.cu): with
   TSBLAS_GPU_TSM_PATH "tensor" yes, "tensor-rows" no; else yes unless
   both widths are even and the table of the device gives their width u. */
bool tsm_flat_copies(int precision, idx_t m, idx_t n);

/* STSMTTSM, DTSMTTSM or ZTSMTTSM (T float, double or cuDoubleComplex) on
   the FP64 tensor cores, in one launch: each block's M x N partial sum at
   (T *)*WORKSPACE + b*M*N, then C as FINISH says (tsm_finish_c);
   *WORKSPACE to be released by the caller (also on failure).
   gpu_tsmttsm_tensor.cu. */
template <typename T>
int tsmttsm_tensor(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                   const T *a, idx_t a_si, idx_t a_sl, const T *b, idx_t b_sl, idx_t b_sj,
                   const tsm_finish<T> &finish, cudaStream_t stream, void **workspace);

/* The same for STSMTTSM and CTSMTTSM (T float or cuFloatComplex) on the
   FP32 cores.  gpu_tsmttsm_fma.cu. */
template <typename T>
int tsmttsm_fma(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k, const T *a,
                idx_t a_si, idx_t a_sl, const T *b, idx_t b_sl, idx_t b_sj,
                const tsm_finish<T> &finish, cudaStream_t stream, void **workspace);

/* xTSMM on the chunk kernel of gpu_tsmm_fma.cu: out(r, j) := sum_l T(r, l)
   * alpha*S(l, j) + beta*out(r, j) in the notation of gpu_tsmm.cu (T ROWS
   x K, S K x W, out ROWS x W; op C of T and S as CONJ_T, CONJ_S).  *FITS
   is false when the call needs more shared memory than a block may have
   (then nothing is launched).  0 or an error code. */
template <typename T>
int tsmm_fma(idx_t rows, idx_t w, idx_t k, const T *tall, idx_t t_sr, idx_t t_sl, bool conj_t,
             const T *small, idx_t s_sl, idx_t s_sw, bool conj_s, T alpha, T beta, T *out,
             idx_t o_sr, idx_t o_sw, cudaStream_t stream, bool *fits);

/* The same on the FP64 tensor cores.  gpu_tsmm_tensor.cu. */
template <typename T>
int tsmm_tensor(idx_t rows, idx_t w, idx_t k, const T *tall, idx_t t_sr, idx_t t_sl,
                bool conj_t, const T *small, idx_t s_sl, idx_t s_sw, bool conj_s, T alpha,
                T beta, T *out, idx_t o_sr, idx_t o_sw, cudaStream_t stream, bool *fits);

/* ---- xTSMM and xMTSM as one computation on rows ----
 * Call the long dimension of C its rows r and the short one its width w:
 *   M >= N: r = i, w = N, C(i, j) = sum_l op(A)(i, l) * op(B)(l, j);
 *   M <  N: r = j, w = M, C(i, j) = sum_l op(B)**T(j, l) * op(A)**T(l, i).
 * The long operand T (op(A), or op(B)**T, ROWS x K) at T(r, l) =
 * tall[r*t_sr + l*t_sl], the short one S (op(B), or op(A)**T, K x w) at
 * S(l, j) = small[l*s_sl + j*s_sw], the output at out(r, j) =
 * c[r*o_sr + j*o_sw]; op C of either as CONJ_T, CONJ_S. */
template <typename T>
struct tsm_row_operands {
    idx_t rows, w;
    const T *tall, *small;
    idx_t t_sr, t_sl, s_sl, s_sw, o_sr, o_sw;
    bool conj_t, conj_s;
};

template <typename T>
inline tsm_row_operands<T> tsm_make_row_operands(enum tsblas_op opa, enum tsblas_op opb,
                                                 idx_t m, idx_t n, const T *a, idx_t lda,
                                                 const T *b, idx_t ldb, idx_t ldc)
{
    /* op(A)(i, l) = a[i*a_si + l*a_sl], op(B)(l, j) = b[l*b_sl + j*b_sj]. */
    const idx_t a_si = opa == TSBLAS_OP_N ? 1 : lda, a_sl = opa == TSBLAS_OP_N ? lda : 1;
    const idx_t b_sl = opb == TSBLAS_OP_N ? 1 : ldb, b_sj = opb == TSBLAS_OP_N ? ldb : 1;
    const bool tall_is_a = m >= n;
    tsm_row_operands<T> x;
    x.rows = tall_is_a ? m : n;
    x.w = tall_is_a ? n : m;
    x.tall = tall_is_a ? a : b;
    x.small = tall_is_a ? b : a;
    x.t_sr = tall_is_a ? a_si : b_sj;
    x.t_sl = tall_is_a ? a_sl : b_sl;
    x.s_sl = tall_is_a ? b_sl : a_sl;
    x.s_sw = tall_is_a ? b_sj : a_si;
    x.o_sr = tall_is_a ? 1 : ldc;
    x.o_sw = tall_is_a ? ldc : 1;
    x.conj_t = (tall_is_a ? opa : opb) == TSBLAS_OP_C;
    x.conj_s = (tall_is_a ? opb : opa) == TSBLAS_OP_C;
    return x;
}

/* ---- register tiles of the staged kernels ----
 * A thread holds a TM x TN tile (xTSMTTSM) or TR x TW tile (xTSMM) of
 * results.  The edge of a tile side is a power of two up to the largest
 * edge of its path: 4 (small) or 8 (large); for Z, whose elements take four
 * registers each, 2 or 4 (a 4 x 4 tile is 64 accumulator registers, and
 * 8 x 8 would spill). */

template <typename T>
inline int tsm_largest_edge(enum tsm_path path)
{
    const int big = sizeof(T) > 8 ? 4 : 8;
    return path == TSM_STAGED_LARGE ? big : big / 2;
}

/* The tile side for a width W: the smallest power of two >= W, at most EDGE. */
inline int tsm_tile_side(idx_t w, int edge)
{
    int side = 1;
    while (side < edge && side < w)
        side *= 2;
    return side;
}

/* ---- elements and vectors of shared memory ---- */

/* Elements of a 16-byte vector: the widest shared-memory load. */
template <typename T>
__host__ __device__ constexpr int tsm_vector_elems()
{
    return 16 / (int)sizeof(T);
}

/* Elements a thread loads at once from a run of TILE consecutive ones. */
template <typename T, int TILE>
__host__ __device__ constexpr int tsm_load_elems()
{
    return TILE < tsm_vector_elems<T>() ? TILE : tsm_vector_elems<T>();
}

template <int BYTES> struct tsm_raw;
template <> struct tsm_raw<4> { typedef unsigned int type; };
template <> struct tsm_raw<8> { typedef uint2 type; };
template <> struct tsm_raw<16> { typedef uint4 type; };

/* TO[0 .. BYTES/sizeof(T) - 1] := X[0 .. BYTES/sizeof(T) - 1] in global
   memory, TO aligned to BYTES, in one store.  One element is a plain
   store (one instruction, a double complex one too); several go through
   PTX: nvcc split a store of a vector type filled from X (uint4, or float4
   from X's reals) into X's elements' stores, or into stores of 8, 4 and 4
   bytes for two doubles, with 1.58 times the L2 write sectors (ncu, DGEMT
   'T' interleaved, width 4, H200).  No memory clobber: no thread reads
   back what a kernel stores through this, and with one the compiler kept
   loads of shared memory behind each store (DTSMM interleaved 4: 80 ->
   75-77 % of the roofline, H200). */
template <int BYTES, typename T>
__device__ inline void store_whole(T *to, const T *x)
{
    static_assert(BYTES % sizeof(T) == 0 && (BYTES == 4 || BYTES == 8 || BYTES == 16),
                  "a store of 4, 8 or 16 bytes of whole elements");
    if constexpr (BYTES == sizeof(T)) {
        *to = *x;
    } else if constexpr (BYTES == 8) {
        unsigned w[2];
        memcpy(w, x, sizeof w);
        asm volatile("st.global.v2.b32 [%0], {%1, %2};\n" ::"l"(__cvta_generic_to_global(to)),
                     "r"(w[0]), "r"(w[1]));
    } else {
        unsigned w[4];
        memcpy(w, x, sizeof w);
        asm volatile("st.global.v4.b32 [%0], {%1, %2, %3, %4};\n" ::"l"(
                         __cvta_generic_to_global(to)),
                     "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]));
    }
}

/* OUT[0 .. VE-1] := P[0 .. VE-1], one shared-memory load (P aligned to
   VE elements). */
template <typename T, int VE>
__device__ inline void tsm_load_vector(const T *p, T *out)
{
    typedef typename tsm_raw<VE * sizeof(T)>::type raw;
    const raw bits = *reinterpret_cast<const raw *>(p);
    memcpy(out, &bits, sizeof bits);
}

/* x := conj(x) when SIGN is -1 (op C); SIGN is 1 otherwise.  A multiply,
   not a branch, in the inner loops. */
__device__ inline void tsm_conj_sign(float &, float) {}
__device__ inline void tsm_conj_sign(double &, double) {}
__device__ inline void tsm_conj_sign(cuFloatComplex &x, float sign) { x.y *= sign; }
__device__ inline void tsm_conj_sign(cuDoubleComplex &x, double sign) { x.y *= sign; }

/* ---- a walk with a carry ----
 * The elements of lines of EXTENT elements laid end to end, element e at
 * (slow, fast) = (e div EXTENT, e mod EXTENT), visited from element FIRST
 * by STEP elements a turn: a turn adds STEP div EXTENT lines and STEP mod
 * EXTENT elements and carries a line where fast passes the extent, so that
 * only the start divides (with the division of FIRST's type and I's:
 * unsigned for threadIdx.x).  The order of the fields and of the
 * statements of next() is that of the loops this walk replaced in the
 * skinny transpose of gpu_gemt.cu (carry into slow, then fast): the
 * compiler's schedule follows it, and so those kernels kept their machine
 * code.  The walks still written out (scaled_copy_kernel,
 * tsm_issue_copies, tsmm_tensor_put_rows, tsmm_copy_flat) order their
 * steps or their divisions otherwise: through this struct their kernels
 * compile to other machine code. */
template <typename I>
struct tsm_wrap_walk {
    I fast, slow;
    I step_slow, step_fast;
    I extent;

    __device__ void next()
    {
        slow += step_slow;
        fast += step_fast;
        const bool carry = fast >= extent;
        slow += carry;
        fast -= carry ? extent : 0;
    }
};

template <typename I, typename F>
__device__ inline tsm_wrap_walk<I> tsm_make_wrap_walk(F first, I step, I extent)
{
    tsm_wrap_walk<I> walk;
    walk.slow = first / extent;
    walk.fast = first % extent;
    walk.step_slow = step / extent;
    walk.step_fast = step % extent;
    walk.extent = extent;
    return walk;
}

/* ---- asynchronous copies into shared memory ----
 * One element of 4, 8 or 16 bytes from global to shared memory; when VALID
 * is false nothing is read and the element becomes zero.  The copies of a
 * thread are committed as one group; tsm_wait_copies<N> waits until at most
 * N groups are in flight (gpu_cp_async.cuh).  Devices older than sm_80 copy
 * synchronously. */
template <typename T>
__device__ inline void tsm_copy_element(T *dst, const T *src, bool valid)
{
#if __CUDA_ARCH__ >= 800
    cp_async_ca<sizeof(T)>((unsigned)__cvta_generic_to_shared(dst), src,
                           valid ? (int)sizeof(T) : 0);
#else
    *dst = valid ? *src : zero<T>();
#endif
}

/*
 * How the threads of a block share the copy of a ROWS x COLS block of a
 * tall operand, element (r, c) at src[r*src_r + c*src_c], into shared
 * memory at dst[r*dst_r + c*dst_c].  Consecutive threads take consecutive
 * elements along the operand's contiguous direction (r when src_r == 1,
 * else c), so that the loads of a warp are coalesced whatever the storage
 * order.  Element e = t + p*TSM_THREADS of thread t is at (fast, slow) =
 * (e mod F, e div F); the plan keeps the position of the first one and the
 * step, so no division is left in the copy loop.
 */
struct tsm_copy_plan {
    bool rows_fast;     /* the fast direction is r */
    int fast_extent;    /* F: ROWS or COLS */
    int total;          /* ROWS * COLS */
    int fast0, slow0;   /* position of this thread's first element */
    int step_fast, step_slow;  /* TSM_THREADS = step_slow*F + step_fast */
};

__device__ inline tsm_copy_plan tsm_make_copy_plan(int rows, int cols, bool rows_fast)
{
    tsm_copy_plan plan;
    plan.rows_fast = rows_fast;
    plan.fast_extent = rows_fast ? rows : cols;
    plan.total = rows * cols;
    plan.fast0 = (int)threadIdx.x % plan.fast_extent;
    plan.slow0 = (int)threadIdx.x / plan.fast_extent;
    plan.step_fast = TSM_THREADS % plan.fast_extent;
    plan.step_slow = TSM_THREADS / plan.fast_extent;
    return plan;
}

/* Issues the copies of one block: rows R0 + r and columns C0 + c of the
   operand; an element at or beyond ROW_END or COL_END is zero. */
template <typename T>
__device__ inline void tsm_issue_copies(const tsm_copy_plan &plan, const T *src, idx_t src_r,
                                        idx_t src_c, idx_t r0, idx_t row_end, idx_t c0,
                                        idx_t col_end, T *dst, int dst_r, int dst_c)
{
    int fast = plan.fast0, slow = plan.slow0;
    /* Not unrolled: every copy is in flight at once anyway, and unrolled
       address arithmetic costs registers. */
#pragma unroll 1
    for (int e = (int)threadIdx.x; e < plan.total; e += TSM_THREADS) {
        const int r = plan.rows_fast ? fast : slow;
        const int c = plan.rows_fast ? slow : fast;
        const bool valid = r0 + r < row_end && c0 + c < col_end;
        tsm_copy_element(dst + r * dst_r + c * dst_c,
                         valid ? src + (r0 + r) * src_r + (c0 + c) * src_c : src, valid);
        fast += plan.step_fast;
        slow += plan.step_slow;
        if (fast >= plan.fast_extent) {
            fast -= plan.fast_extent;
            slow++;
        }
    }
    tsm_commit_copies();
}

/* Bytes of one stage of a staged kernel: what a block has in flight. */
const int TSM_STAGE_BYTES = 32 * 1024;

/* Largest power of two <= X (X >= 1). */
inline int tsm_pow2_floor(idx_t x)
{
    int p = 1;
    while ((idx_t)p * 2 <= x)
        p *= 2;
    return p;
}

/* ---- the end of an xTSMTTSM partial-sums kernel ---- */

__device__ inline float tsm_shfl_down(float x, int d) { return __shfl_down_sync(~0u, x, d); }
__device__ inline double tsm_shfl_down(double x, int d) { return __shfl_down_sync(~0u, x, d); }
__device__ inline cuFloatComplex tsm_shfl_down(cuFloatComplex x, int d)
{
    return make_cuFloatComplex(tsm_shfl_down(x.x, d), tsm_shfl_down(x.y, d));
}
__device__ inline cuDoubleComplex tsm_shfl_down(cuDoubleComplex x, int d)
{
    return make_cuDoubleComplex(tsm_shfl_down(x.x, d), tsm_shfl_down(x.y, d));
}

/* Called by every thread of a kernel launched by tsm_launch_partials once
   its block has written its M-by-N partial sum at PARTIAL + blockIdx.x*M*N:
   waits for all blocks (a grid-wide barrier, which also makes their
   partials visible), then C := alpha*(sum of the gridDim.x partials) +
   beta*C, C not read when beta = 0.  Each element of C has LANES
   consecutive lanes of a warp (the most, up to 32, that the grid's threads
   give every element): lane q sums partials q, q + LANES, ... in that
   order (FINISH_BATCH loads at a time, so that a lane waits for memory
   once a batch, not once a partial) and the lanes are added in a fixed
   tree, so the order of every sum depends only on the grid and the shape:
   bit-identical run to run. */
const int FINISH_BATCH = 8;

template <typename T>
__device__ void tsm_finish_c(int m, int n, const T *partial, const tsm_finish<T> &finish)
{
    const idx_t mn = (idx_t)m * n;
    const idx_t threads = (idx_t)gridDim.x * blockDim.x;
    const idx_t thread = (idx_t)blockIdx.x * blockDim.x + threadIdx.x;
    const int parts = (int)gridDim.x;
    int lanes = 32;

    cooperative_groups::this_grid().sync();
    while (lanes > 1 && lanes * mn > threads)
        lanes /= 2;
    for (idx_t first = 0; first < mn * lanes; first += threads) {
        const idx_t e = (first + thread) / lanes;
        const int lane = (int)((first + thread) % lanes);
        T s = zero<T>();
        if (e < mn)
            for (int p0 = lane; p0 < parts; p0 += FINISH_BATCH * lanes) {
                T v[FINISH_BATCH];
#pragma unroll
                for (int u = 0; u < FINISH_BATCH; u++) {
                    const int p = p0 + u * lanes;
                    v[u] = p < parts ? __ldcg(partial + p * mn + e) : zero<T>();
                }
#pragma unroll
                for (int u = 0; u < FINISH_BATCH; u++)
                    s = add(s, v[u]);
            }
        for (int d = lanes / 2; d > 0; d /= 2)
            s = add(s, tsm_shfl_down(s, d));
        if (e < mn && lane == 0) {
            T *cij = finish.c + (e % m) * finish.c_si + (e / m) * finish.c_sj;
            *cij = scale_add(finish.alpha, s, finish.beta, cij);
        }
    }
}

} /* namespace tsblas */

#endif
