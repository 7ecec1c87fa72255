/*
 * gpu_tsmttsm_tensor.cu: xTSMTTSM on the FP64 tensor cores (the tensor
 * path of gpu_tsmttsm_tsmm_common.cuh).
 *
 * Purpose
 * =======
 * tsmttsm_tensor computes, for C := alpha*op(A)*op(B) + beta*C with A, B
 * block vectors of K rows and M, N <= 64 columns, one M-by-N partial sum
 * per block of a grid sized to the device, into workspace; then, in the
 * same launch, the blocks sum the partials in a fixed order and apply
 * alpha and beta (tsm_finish_c).  For S, C and Z, where N > M makes the
 * mirror cheaper, it computes C^T = op(B)^T*op(A)^T instead, written
 * transposed (tensor_mirrored).
 *
 * Why tensor cores.  At width 64 the product needs 8 flop per byte of
 * DTSMTTSM and 16 per byte of ZTSMTTSM: at the H100's 3 TB/s that is 24 and
 * 49 Tflop/s, 70 % and 140 % of its FP64 rate on the CUDA cores, and the
 * H200 needs 1.4 times more.  The FP64 tensor cores have twice that rate,
 * and the long dimension K of this product is exactly the k of their
 * matrix multiply-accumulate: each warp keeps a block of C in the
 * accumulators of mma.sync.m16n8k8.f64 (sm_90; four m8n8k4 on sm_80) and
 * feeds it 8 rows at a time.  Every product and sum is an IEEE double
 * operation, as on the CUDA cores; only the order of the sums differs.
 *
 * STSMTTSM needs 16 flop per byte at width 64 (49 Tflop/s at 3 TB/s, 75 %
 * of the FP32 rate), more than the register tiles of gpu_tsmttsm_fma.cu
 * reach from width 50 or so.  Its chunks stay floats in shared memory and
 * each fragment is converted to a double as it is loaded: one conversion a
 * loaded element, against WM or WN mma per fragment, and every product and
 * sum then a double operation (the block's partial sums rounded to float
 * once).  CTSMTTSM likewise, its floats in two planes.  The tables take
 * this kernel for STSMTTSM and CTSMTTSM where it measured faster than the
 * fma kernel and cuBLAS (the 1 GiB sweeps of doc/gpu-performance.md; H100
 * col 64, S 92 % of the roofline, C 95 %, 1.10x cuBLAS).  Three TF32 mma
 * a product (each float split into two TF32 parts) in place of each mma of
 * doubles, though four times the rate, measured 9 to 14 points of the
 * roofline lower in the mean (H100, 1 GiB, widths 5-64; doc/gpu-performance.md).
 *
 * How a block works.  The K rows are cut into chunks of ROWS rows; block b
 * takes chunks b, b + grid, ...  The chunks of A and of B go into shared
 * memory by asynchronous copies (cp.async, coalesced in either storage
 * order, zero past K; see gpu_tsmttsm_chunks.cuh).  For S, C and Z the
 * block's last TENSOR_COPY_WARPS warps only copy, into a ring of
 * TENSOR_RING stages, and its first 8 warps (TENSOR_WARPS) only multiply,
 * each chunk once its copies have landed (chunk_ring_loop): the
 * multiplying warps never wait for the issue of copies, nor for each
 * other between chunks.  For D
 * the 8 warps copy the next chunk and multiply this one, in TENSOR_STAGES
 * stages (tsmttsm_copying says why), but on the H200 from width 41
 * (dtsmttsm_copiers).  C, padded to whole 16-by-8 tiles of
 * the mma, is cut into warp tiles of WM x WN mma tiles (16*WM by 8*WN
 * entries); multiplying warp w takes warp tile w mod T (T warp tiles) in
 * k-group w / T, so that all 8 are busy (but in FLAT, and where a chunk
 * has fewer steps than that: launch_tensor), and k-group g of a warp tile
 * of G k-groups takes the 8-row steps g, g + G, ... of each chunk
 * (tensor_tile_groups).  At
 * the end the k-groups are summed into k-group 0 in increasing order
 * through shared memory, k-group 0 writes the block's partial C, and the
 * grid finishes C from the partials (tsm_finish_c).  No atomics:
 * bit-identical run to run.
 *
 * The sum over l is free to visit the rows of a step in any order, as
 * long as A and B agree: slot k of the mma (0..7) is row k of the step for
 * both.  The shared-memory pitches are chosen so that the fragment loads
 * of a warp meet no bank conflict (see tensor_pitch).
 *
 * ZTSMTTSM and CTSMTTSM: the copies split each complex element into a
 * real and an imaginary plane (of doubles, of floats), and the complex
 * product is four real mma products into two accumulators.  With op C as
 * signs sa, sb of the imaginary parts (-1 for 'C') and s = sa*sb, Re c =
 * Re a Re b - s Im a Im b and Im c = sb (Re a Im b + s Im a Re b): the
 * loop accumulates Re a Re b + Im a (-s Im b) and Re a Im b + Im a (s Re
 * b), so only the fragments of B are scaled, and the imaginary part is
 * multiplied by sb once at the end.  Where it costs less (M, N <= 48;
 * pick_tensor_kernel), the kernel makes instead one real product of the
 * planes side by side (EMBED: rows of the real product past M read A's
 * imaginary plane, columns past N B's) and combines its four blocks at the
 * end of each block.  Gauss's three products (Re a Re b,
 * Im a Im b, (Re a + Im a)(Re b + Im b)) were no faster for CTSMTTSM
 * (H100, 1 GiB, forced: 1 to 3 points of the roofline more from width 49,
 * 5 to 9 fewer at 9-13) and weaken the imaginary part of nearly real data.
 *
 * Arguments
 * =========
 * As the staged kernel of gpu_tsmttsm.cu: op(A)(i, l) = a[i*a_si + l*a_sl],
 * op(B)(l, j) = b[l*b_sl + j*b_sj], 1 <= M, N <= 64, K >= 1; PARTIAL gets
 * grid * M * N elements, block b's at PARTIAL + b*M*N, column-major;
 * FINISH holds alpha, beta and C; FLAT, where the chunks are copied as one
 * run of memory each (tensor_can_flat), the rows from one slot of an mma
 * step to the next, else 0.
 */
#include <config.h>
#include <string.h>
#include "gpu_tsm_dmma.cuh"

namespace tsblas {

/* The kernel of T with warps that only copy (tensor_copying).  Measured
   on two H100s (tensor path forced, 1 GiB, widths 5-64, two runs in
   alternating order on each), the mean % of the roofline against the same
   kernel whose 8 warps both copy and multiply in two stages: C col 70-71
   -> 77, int 69-70 -> 76-77; Z col 89-91 -> 94-95, int 89-91 -> 94-96; S
   col 79-80 -> 82, int 81-83 -> 79-83; D col 95-96 -> 93-96, int 94 ->
   88-92 (doc/gpu-performance.md).  So S, C and Z take the copiers and D,
   whose mma take half the time of its copies, does not. */
template <typename T>
using tsmttsm_copying = tensor_copying<!std::is_same<T, double>::value>;

/* Whether the calls of T whose column-major operands do not all start
   their columns on 16 bytes (LD not a multiple of 4, or an array off 16
   bytes) copy them as shifted columns (chunk_copy_shifted_columns, the
   kernel's SHIFTED), 16 bytes at a time, not in copies of 4 or 8 bytes
   that take the copying warps four or two times the instructions:
   STSMTTSM's.  Measured (the tensor kernel forced, S col, 1 GiB, widths
   2-64, K as --bytes gives it, two runs in alternating order on one GPU;
   doc/gpu-performance.md): at the 35 widths where K is not a multiple of
   4, the mean % of the roofline 77.7 -> 82.4 on an H100 (width 5: 61 ->
   93, 9: 82 -> 93, 27: 83 -> 92) and 59.4 -> 65.6 on an H200 (5: 43 ->
   69, 7: 65 -> 85, 29: 59 -> 85); 19, 22, 25 and 41 lost 3 to 5 points.
   A first version whose copying threads took every column's extra copy
   as a vector of its own, and so half of them idle, ran at 0.5-0.8 of
   the kernel before; one that decided at each copy whether a column was
   shifted took 114 registers, not 76, at the narrowest tiles, and so one
   block a multiprocessor, not two (H200, width 8: 90 -> 73 %). */
template <typename T>
__host__ __device__ constexpr bool tensor_shifted()
{
    return std::is_same<T, float>::value;
}

/* The element of C from the planes of its accumulators, rounded once to
   T's precision (SIGN_B: see the complex product in the kernel). */
template <typename T>
__device__ inline void tensor_store(T *out, const double *acc, double sign_b)
{
    if constexpr (tensor_planes<T>::count == 1) {
        *out = (T)acc[0];
    } else {
        T z;
        z.x = (decltype(z.x))acc[0];
        z.y = (decltype(z.y))(sign_b * acc[1]);
        *out = z;
    }
}

/*
 * Shared memory holds each chunk as planes of units: one plane of floats
 * for S, of doubles for D, the real and the imaginary parts for Z (so that
 * every fragment is loaded with one load a unit, each plane straight into
 * the registers its mma reads).  A plane is column-major (COLUMNS: element
 * (l, i) at i*pitch + l, ROWS rows) or row-major (at l*pitch + i, WIDTH
 * columns), pitch in units.  A warp's fragment load reads, for lane (g,
 * t), the element (l0 + t, i0 + g): column-major g*pitch + t, row-major
 * t*pitch + g.  Doubles: half a warp (g = 0..3 or 4..7) is served per
 * shared-memory cycle from 16 banks of 8 bytes, so pitch = 4 mod 8 keeps
 * its 16 addresses apart either way.  Floats: the whole warp in one cycle
 * from 32 banks of 4 bytes, so column-major pitch = 4 mod 8 (4g + t over
 * the banks, times an odd number), row-major pitch = 8 mod 16 (8t + g,
 * likewise); both keep rows of whole 16-byte copies.  The smallest such
 * pitch at least the extent; UNIT_BYTES, the bytes of a unit.
 */
__host__ __device__ inline int tensor_pitch(bool columns, int rows, int width, int unit_bytes)
{
    /* A row-major plane has room for one more column (chunk_make_plan).
       ROWS is a multiple of 8: a column-major plane of floats has a pitch
       of ROWS + 4, room for the 16 bytes more of a shifted column
       (chunk_copy_shifted_columns). */
    const int extent = columns ? rows : width + 1;
    const int period = unit_bytes == 4 && !columns ? 16 : 8;
    return extent + ((period / 2 - extent) % period + period) % period;
}

/*
 * FLAT: STSMTTSM and DTSMTTSM with both operands interleaved without gaps
 * (LD = the width), on 16 bytes, and a width not a multiple of 4, whose
 * rows are not whole 16-byte copies (floats), or start on 16 bytes only
 * every other row or off the 32-byte sectors every other row (doubles of
 * an odd width, or of 2 mod 4): each chunk is copied as the one run of
 * memory it is (chunk_copy_flat_rows), 16 bytes a copy, into planes of
 * pitch M and N, not into padded rows one element a copy (floats) or in
 * copies cut at both ends of every row (doubles).  The fragment loads
 * then read, for lane (g, t), unit t*S*W + g of a plane of width W, S the
 * rows from one slot of an mma step to the next.  Floats (one warp a
 * shared-memory cycle, 32 banks): S = 1 puts the 4 slots of an odd W one
 * bank apart, up to four lanes a bank; the step's 8 rows spread S apart
 * put them 8*(odd) banks apart, one lane a bank, for the S with S*W = 8
 * mod 16 (W odd: 8, W = 2 mod 4: 4).  Doubles (half a warp, g = 0..3 or
 * 4..7, a cycle, 16 banks of 8 bytes): S*W = 4 mod 8 (W odd: 4, W = 2 mod
 * 4: 2).  tensor_flat_step picks the S of the fewest conflicts of the two
 * operands' loads, at most ROWS/8.  A chunk is then blocks of 8*S rows,
 * and slot c (0 .. S-1) of a block the mma step of its rows c, c + S,
 * ..., c + 7*S: the ROWS/8 steps of a chunk take each of its rows once.
 * DTSMTTSM takes it to table width 40 (dtsmttsm_flat), and no call of
 * even widths takes it where the device's table gives the code u
 * (tsm_flat_copies): on the H100 FLAT lost 5.5 to 9.5 points at STSMTTSM
 * int 14, 18, 26 and 30 and gained 14 to 17 at 6, on the H200 it gained 7
 * at 26.  The kernel of
 * single-element copies (G = 1) holds FLAT, so that the others keep their
 * loop of steps as it was: in every kernel of floats, each step's first
 * row worked out from its index, the widths that do not take it lost 3 to
 * 5 points of the roofline from width 36 (H200, 1 GiB, the tensor kernel
 * forced, two runs).
 */
template <typename T, int G>
__host__ __device__ constexpr bool tensor_can_flat()
{
    return (std::is_same<T, float>::value || std::is_same<T, double>::value) && G == 1;
}

/* The shared-memory cycles of a fragment load of a plane of UNIT_BYTES
   units of pitch W, slots S rows apart: over the lanes a cycle serves
   (128 bytes of them), the most on one bank. */
static int tensor_flat_conflicts(int w, int slot_rows, int unit_bytes)
{
    const int banks = 128 / unit_bytes;
    int cycles = 0;

    for (int first = 0; first < 32; first += banks) {
        int lanes[32] = {}, most = 0;
        for (int lane = first; lane < first + banks; lane++) {
            const int bank = ((lane % 4) * slot_rows * w + lane / 4) % banks;
            if (++lanes[bank] > most)
                most = lanes[bank];
        }
        cycles += most;
    }
    return cycles;
}

/* The S of FLAT for widths M and N in chunks of ROWS rows, units of
   UNIT_BYTES. */
static int tensor_flat_step(int m, int n, int rows, int unit_bytes)
{
    int best = 1, least = 0;

    for (int s = 1; s <= 8 && 8 * s <= rows; s *= 2) {
        const int conflicts = tensor_flat_conflicts(m, s, unit_bytes)
                              + tensor_flat_conflicts(n, s, unit_bytes);
        if (s == 1 || conflicts < least) {
            best = s;
            least = conflicts;
        }
    }
    return best;
}

/* Whether a DTSMTTSM call that qualifies for FLAT takes it: up to table
   width 40.  Measured (H200, 1 GiB, the tensor kernel forced, widths
   5-64, two runs alternating with the copies by rows;
   doc/data/gpu-h200-dtsmttsm-flat-*.csv): at 5-40 the mean % of the
   roofline of the odd widths 68.8-69.1 -> 88.5-88.6, of 2 mod 4
   74.6-74.9 -> 87.3-87.6 (5: 56 -> 86, 6: 55 -> 93, 14: 68 -> 96, 21: 66
   -> 86, 33: 59 -> 75), but 18 79 -> 72 and 34 79 -> 76; at 41-64, where
   the H200 takes the copying warps (dtsmttsm_copiers), every such width
   0.1 to 13 points lower (mean 81-83 -> 76; 42: 88 -> 75).  The H100,
   which has not run it, keeps its copies by rows at 41-64 too. */
static bool dtsmttsm_flat(idx_t m, idx_t n)
{
    return tsm_table_width(m, n) <= 40;
}

/* The shape of a call's warp tiles (host and device agree on it). */
struct tensor_shape {
    int tiles_m, tiles_n;   /* warp tiles along M and N */
    int width_a, width_b;   /* M and N padded to whole warp tiles */
    int groups;             /* the most k-groups of a warp tile (tensor_tile_groups) */
};

__host__ __device__ inline tensor_shape tensor_make_shape(int m, int n, int wm, int wn)
{
    tensor_shape s;
    s.tiles_m = (m + 16 * wm - 1) / (16 * wm);
    s.tiles_n = (n + 8 * wn - 1) / (8 * wn);
    s.width_a = s.tiles_m * 16 * wm;
    s.width_b = s.tiles_n * 8 * wn;
    s.groups = (TENSOR_WARPS + s.tiles_m * s.tiles_n - 1) / (s.tiles_m * s.tiles_n);
    return s;
}

/* The k-groups of warp tile TILE of S: multiplying warp w takes warp tile
   w mod T (T warp tiles) in k-group w / T, so that where T does not divide
   TENSOR_WARPS the first TENSOR_WARPS mod T warp tiles have one k-group
   more than the others and no multiplying warp is idle (FLAT, whose loop
   of steps needs as many in every warp tile, leaves the others idle:
   launch_tensor).  Measured against TENSOR_WARPS / T k-groups a warp tile
   and the rest idle (H100, 1 GiB, the tensor kernel forced, two runs
   alternating; doc/data/gpu-h100-tsmttsm-kgroups-ab-*.csv), % of the
   roofline: CTSMTTSM 33-36 (six warp tiles of 48 x 24) 45-51 -> 53-60,
   ZTSMTTSM 33-36 col 91-95 -> 93-96, int 86-94 -> 93-96, CTSMTTSM 17 x 33
   66 -> 71, DTSMTTSM col 17 x 33 81 -> 84, int 49 x 41 80 -> 84,
   STSMTTSM col 49 x 33 and 49 x 41 62-68 -> 64-71; DTSMTTSM 33-40 (five
   of 48 x 8, its warps copying too) within a point; the calls whose warp
   tiles divide TENSOR_WARPS within 1 % of their time (ZTSMTTSM's 1.0 %
   longer in the median). */
__host__ __device__ inline int tensor_tile_groups(const tensor_shape &s, int tile)
{
    return (TENSOR_WARPS - 1 - tile) / (s.tiles_m * s.tiles_n) + 1;
}

/*
 * One mma step (8 rows l0 .. l0 + 7 of the chunk) of a warp tile.  STEP_A,
 * STEP_B: shared-memory addresses of row l0 + q of the (first) planes of A
 * and B; A_STEP_L, B_STEP_L: units from one row to the next; A_COL,
 * B_COL: the units from a row's start to the lane's fragment columns.
 *
 * Real: the fragments of A for all WM tiles, then those of B one tile at a
 * time, each used WM times.
 */
template <typename U, int WM, int WN>
__device__ inline void tensor_step_real(double (&acc)[WM][WN][1][4], unsigned step_a,
                                        unsigned step_b, int a_step_l, int b_step_l,
                                        const int (&a_col)[WM][2], const int (&b_col)[WN])
{
    double af[WM][4];
#pragma unroll
    for (int mi = 0; mi < WM; mi++)
#pragma unroll
        for (int e = 0; e < 4; e++)
            af[mi][e] = tensor_load<U>(
                step_a + (unsigned)((4 * (e / 2) * a_step_l + a_col[mi][e % 2]) * sizeof(U)));
#pragma unroll
    for (int nj = 0; nj < WN; nj++) {
        double bf[2];
#pragma unroll
        for (int e = 0; e < 2; e++)
            bf[e] = tensor_load<U>(step_b + (unsigned)((4 * e * b_step_l + b_col[nj]) * sizeof(U)));
#pragma unroll
        for (int mi = 0; mi < WM; mi++)
            dmma_16x8x8(acc[mi][nj][0], af[mi], bf);
    }
}

/* Complex: four real products per pair of tiles (the complex product
   above), with B's fragments -s*Im b and s*Re b made as they are loaded
   (FLIP_IM, FLIP_RE: the sign bits that make them); A_PLANE, B_PLANE:
   bytes from the real to the imaginary plane.  One tile of A at a time,
   B's fragments loaded again for each (WM times the loads of B): the
   accumulators take 64 registers, which leaves too few for all of A's
   fragments.  The two products into an accumulator are WN mma apart, so
   that each waits less for the one before. */
template <typename U, int WM, int WN>
__device__ inline void tensor_step_complex(double (&acc)[WM][WN][2][4], unsigned step_a,
                                           unsigned step_b, int a_step_l, int b_step_l,
                                           const int (&a_col)[WM][2], const int (&b_col)[WN],
                                           unsigned a_plane, unsigned b_plane, unsigned flip_im,
                                           unsigned flip_re)
{
#pragma unroll
    for (int mi = 0; mi < WM; mi++) {
        double af[2][4], bf[WN][4][2];
#pragma unroll
        for (int e = 0; e < 4; e++)
#pragma unroll
            for (int p = 0; p < 2; p++)
                af[p][e] = tensor_load<U>(
                    step_a + p * a_plane
                    + (unsigned)((4 * (e / 2) * a_step_l + a_col[mi][e % 2]) * sizeof(U)));
#pragma unroll
        for (int nj = 0; nj < WN; nj++) {
#pragma unroll
            for (int e = 0; e < 2; e++) {
#pragma unroll
                for (int p = 0; p < 2; p++)
                    bf[nj][p][e] = tensor_load<U>(
                        step_b + p * b_plane
                        + (unsigned)((4 * e * b_step_l + b_col[nj]) * sizeof(U)));
                bf[nj][2][e] = tensor_flip(bf[nj][1][e], flip_im);
                bf[nj][3][e] = tensor_flip(bf[nj][0][e], flip_re);
            }
        }
#pragma unroll
        for (int nj = 0; nj < WN; nj++) {
            dmma_16x8x8(acc[mi][nj][0], af[0], bf[nj][0]);
            dmma_16x8x8(acc[mi][nj][1], af[0], bf[nj][1]);
        }
#pragma unroll
        for (int nj = 0; nj < WN; nj++) {
            dmma_16x8x8(acc[mi][nj][0], af[1], bf[nj][2]);
            dmma_16x8x8(acc[mi][nj][1], af[1], bf[nj][3]);
        }
    }
}

/* Row and column of C of accumulator E of the mma tile whose first row
   is I0 and first column J0, for the calling lane (the layout of
   dmma_16x8x8). */
__device__ inline int tensor_acc_row(int i0, int e)
{
    return i0 + (int)(threadIdx.x % 32) / 4 + 8 * (e / 2);
}
__device__ inline int tensor_acc_col(int j0, int e)
{
    return j0 + 2 * ((int)(threadIdx.x % 32) % 4) + e % 2;
}

/* A warp's accumulators and SCRATCH, PLANES arrays of WIDTH_A x WIDTH_B
   doubles in shared memory (mma tile (MI, NJ) at rows TILE_I[MI], columns
   TILE_J[NJ]): ADD adds scratch into the accumulators, else they are
   stored there. */
template <int WM, int WN, int PLANES>
__device__ inline void tensor_exchange(double (&acc)[WM][WN][PLANES][4], double *scratch,
                                       int width_a, int width_b, const int (&tile_i)[WM],
                                       const int (&tile_j)[WN], bool add)
{
#pragma unroll
    for (int mi = 0; mi < WM; mi++)
#pragma unroll
        for (int nj = 0; nj < WN; nj++)
#pragma unroll
            for (int p = 0; p < PLANES; p++)
#pragma unroll
                for (int e = 0; e < 4; e++) {
                    double &s = scratch[(p * width_b + tensor_acc_col(tile_j[nj], e)) * width_a
                                        + tensor_acc_row(tile_i[mi], e)];
                    if (add)
                        acc[mi][nj][p][e] += s;
                    else
                        s = acc[mi][nj][p][e];
                }
}

/* The kernel of FLAT (tensor_can_flat) with one mma tile a warp is held to
   the registers of two blocks a multiprocessor (STSMTTSM's, with its
   copying warps, at most 85 a thread: it takes 80, without spills,
   against 95 unbounded; DTSMTTSM's, without, at most 128: it takes 83):
   the stages of the narrowest widths leave room for two, as the kernel
   before FLAT (72 and 76 registers) had. */
template <typename T, int WM, int WN, int G, bool SHIFTED, bool EMBED, bool COPIERS>
__global__ void __launch_bounds__(tensor_copying<COPIERS>::threads,
                                  tensor_can_flat<T, G>() && WM * WN == 1 ? 2 : 1)
tsmttsm_tensor_kernel(int m, int n, idx_t k, int rows, int groups, int flat, const T *a,
                      idx_t a_si, idx_t a_sl, const T *b, idx_t b_sl, idx_t b_sj,
                      double sign_ab, double sign_b, T *partial, tsm_finish<T> finish)
{
    typedef typename tensor_planes<T>::unit U;
    constexpr int PLANES = tensor_planes<T>::count;
    /* The planes of the accumulators: EMBED's real product has one. */
    constexpr int ACC_PLANES = EMBED ? 1 : PLANES;
    /* Copies of G elements (16 bytes, or 8 bytes of floats; 1: one
       element, or one plane's part of it); a column-major line's vectors
       16 bytes all the same, an interleaved one's G elements (as the fma
       kernel's: vectors longer than the copies put a row's lanes apart on
       the banks). */
    constexpr int EC = G > 1 ? 16 / (int)sizeof(U) : 1, ER = G;
    const tensor_shape shape =
        EMBED ? tensor_make_shape(2 * m, 2 * n, WM, WN) : tensor_make_shape(m, n, WM, WN);
    const bool a_columns = a_sl == 1, b_columns = b_sl == 1;
    /* FLAT (tensor_can_flat): both operands interleaved without gaps, as
       one run of memory each, in planes of pitch M and N; the 8 rows of an
       mma step FLAT rows apart. */
    constexpr bool CAN_FLAT = tensor_can_flat<T, G>();
    const bool is_flat = CAN_FLAT && flat > 0;
    const int slot_rows = is_flat ? flat : 1;
    const int pitch_a = is_flat ? m : tensor_pitch(a_columns, rows, m, sizeof(U));
    const int pitch_b = is_flat ? n : tensor_pitch(b_columns, rows, n, sizeof(U));
    /* Element (l, i) of a plane at unit l*step_l + i*step_i. */
    const int a_step_l = a_columns ? 1 : pitch_a, a_step_i = a_columns ? pitch_a : 1;
    const int b_step_l = b_columns ? 1 : pitch_b, b_step_j = b_columns ? pitch_b : 1;
    /* Units from one slot of a step to the next (slot k of the mma is
       row k of the step in A and B alike). */
    const int a_slot = slot_rows * a_step_l, b_slot = slot_rows * b_step_l;
    const unsigned plane_a = (unsigned)((a_columns ? m : rows) * pitch_a * sizeof(U));
    const unsigned plane_b = (unsigned)((b_columns ? n : rows) * pitch_b * sizeof(U));
    const unsigned bytes_a = PLANES * plane_a, stage_bytes = bytes_a + PLANES * plane_b;
    /* -s*Im b and s*Re b (s = SIGN_AB) as sign flips. */
    const unsigned flip_im = sign_ab > 0 ? 0x80000000u : 0, flip_re = sign_ab < 0 ? 0x80000000u : 0;
    const idx_t nchunks = (k + rows - 1) / rows;
    const int t = threadIdx.x, warp = t / 32, lane = t % 32;
    const int g = lane / 4, q = lane % 4;
    const int warp_tiles = shape.tiles_m * shape.tiles_n;
    /* The copying warps are past the last k-group.  The warp tile's
       k-groups: those of tensor_tile_groups, at most GROUPS. */
    const int tile = warp % warp_tiles,
              group = warp < TENSOR_WARPS ? warp / warp_tiles : TENSOR_WARPS;
    const int tile_groups = min(tensor_tile_groups(shape, tile), groups);
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    const unsigned stages_shared = (unsigned)__cvta_generic_to_shared(shared_bytes);
    /* Interleaved doubles of odd LD: pairs shifted (chunk_make_plan);
       floats take copies of G only where LD is a multiple of G.  With
       SHIFTED, column-major operands as shifted columns (tensor_shifted). */
    const bool a_odd = ER == 2 && !a_columns && a_sl % 2 != 0;
    const bool b_odd = ER == 2 && !b_columns && b_sl % 2 != 0;
    typedef tensor_copying<COPIERS> copying;
    /* The copying threads' plans (with copiers, negative in a multiplying
       warp, which makes no copy). */
    const int copier = copying::copiers ? t - TSM_THREADS : t;
    auto make_plan = [&](bool columns, idx_t line, int width, int pitch, bool odd) {
        if (is_flat)
            return chunk_flat_plan<T>(copier, copying::copy_threads);
        if (SHIFTED && columns)
            return chunk_make_plan<16 / sizeof(U), sizeof(U)>(line, rows, pitch, false, copier,
                                                              copying::copy_threads);
        return columns ? chunk_make_plan<EC, sizeof(U)>(line, rows, pitch, false, copier,
                                                        copying::copy_threads)
                       : chunk_make_plan<ER, sizeof(U)>(line, width, pitch, odd, copier,
                                                        copying::copy_threads);
    };
    const chunk_copy_plan plan_a =
        make_plan(a_columns, a_columns ? a_si : a_sl, m, pitch_a, a_odd);
    const chunk_copy_plan plan_b =
        make_plan(b_columns, b_columns ? b_sj : b_sl, n, pitch_b, b_odd);
    auto copy_operand = [&](const chunk_copy_plan &plan, const T *x, idx_t x_sl, idx_t x_si,
                            bool columns, int width, idx_t l0, unsigned to, unsigned plane) {
        if (SHIFTED && columns)
            chunk_copy_shifted_columns<T>(plan, x, x_si, width, l0, rows, k, to);
        else if (columns)
            chunk_copy_operand<T, EC, PLANES, G>(plan, x, x_sl, true, width, l0, rows, k, to,
                                                 plane);
        else
            chunk_copy_operand<T, ER, PLANES, G>(plan, x, x_sl, false, width, l0, rows, k, to,
                                                 plane);
    };
    /* The first row and column of each mma tile of the warp. */
    int tile_i[WM], tile_j[WN];
    /* Offsets of this lane's fragment columns in a chunk.  The rows and
       columns of the mma tiles beyond M and N read the last column instead
       of padding: their sums are never written, and the chunk in shared
       memory holds only the M + N columns that memory has. */
    int a_col[WM][2], b_col[WN];
    double acc[WM][WN][ACC_PLANES][4] = {};

#pragma unroll
    for (int mi = 0; mi < WM; mi++)
        tile_i[mi] = (tile % shape.tiles_m) * 16 * WM + mi * 16;
#pragma unroll
    for (int nj = 0; nj < WN; nj++)
        tile_j[nj] = (tile / shape.tiles_m) * 8 * WN + nj * 8;
    /* The lane's rows, l0 + q and l0 + q + 4, are odd where q is: shifted
       by one element where the lines of odd length are (chunk_make_plan).
       Shifted columns start their column's shift into their line. */
    auto a_line = [&](int i) {
        return i * a_step_i
               + (SHIFTED && a_columns ? chunk_line_shift(a + i * a_si) : a_odd ? q & 1 : 0);
    };
    auto b_line = [&](int j) {
        return j * b_step_j
               + (SHIFTED && b_columns ? chunk_line_shift(b + j * b_sj) : b_odd ? q & 1 : 0);
    };
    /* EMBED: row v of the real product is column v of A's real plane for
       v < M, column v - M of its imaginary plane else; likewise B's. */
    auto a_virtual = [&](int v) {
        v = min(v, 2 * m - 1);
        return v < m ? a_line(v) : (int)(plane_a / sizeof(U)) + a_line(v - m);
    };
    auto b_virtual = [&](int v) {
        v = min(v, 2 * n - 1);
        return v < n ? b_line(v) : (int)(plane_b / sizeof(U)) + b_line(v - n);
    };
#pragma unroll
    for (int mi = 0; mi < WM; mi++)
#pragma unroll
        for (int h = 0; h < 2; h++)
            a_col[mi][h] = EMBED ? a_virtual(tile_i[mi] + g + 8 * h)
                                 : a_line(min(tile_i[mi] + g + 8 * h, m - 1));
#pragma unroll
    for (int nj = 0; nj < WN; nj++)
        b_col[nj] = EMBED ? b_virtual(tile_j[nj] + g) : b_line(min(tile_j[nj] + g, n - 1));

    /* The steps of k-group GROUP in the chunk in STAGE (none past the
       last k-group of the warp tile). */
    auto compute = [&](int stage) {
        if (group >= tile_groups)
            return;
        const unsigned sa_shared = stages_shared + stage * stage_bytes;
        const unsigned sb_shared = sa_shared + bytes_a;
        auto step = [&](int l0) {
            const unsigned step_a =
                sa_shared + (unsigned)((l0 * a_step_l + q * a_slot) * sizeof(U));
            const unsigned step_b =
                sb_shared + (unsigned)((l0 * b_step_l + q * b_slot) * sizeof(U));
            if constexpr (ACC_PLANES == 1)
                tensor_step_real<U, WM, WN>(acc, step_a, step_b, a_slot, b_slot, a_col, b_col);
            else
                tensor_step_complex<U, WM, WN>(acc, step_a, step_b, a_slot, b_slot, a_col, b_col,
                                               plane_a, plane_b, flip_im, flip_re);
        };
        if constexpr (CAN_FLAT) {
            /* Step s = group + j*groups is slot s mod S of block s / S (S
               = SLOT_ROWS): a k-group takes the slots c0, c0 + groups, ...
               of every block where groups < S, else slot c0 of every
               groups/S-th block (FLAT's GROUPS, a power of two, is the
               k-groups of every warp tile). */
            const int c0 = group & (slot_rows - 1), c_step = min(tile_groups, slot_rows);
            const int block_rows = 8 * slot_rows;
            const int b_step = max(tile_groups / slot_rows, 1) * block_rows;
#pragma unroll 1
            for (int b0 = group / slot_rows * block_rows; b0 < rows; b0 += b_step)
#pragma unroll 1
                for (int c = c0; c < slot_rows; c += c_step)
                    step(b0 + c);
        } else {
#pragma unroll 1
            for (int l0 = group * 8; l0 < rows; l0 += tile_groups * 8)
                step(l0);
        }
    };
    auto copy_chunk = [&](idx_t chunk, int stage) {
        const unsigned to = stages_shared + stage * stage_bytes;
        if (is_flat) {
            chunk_copy_flat_rows(plan_a, a, m, chunk * rows, rows, k, to);
            chunk_copy_flat_rows(plan_b, b, n, chunk * rows, rows, k, to + bytes_a);
            return;
        }
        copy_operand(plan_a, a, a_sl, a_si, a_columns, m, chunk * rows, to, plane_a);
        copy_operand(plan_b, b, b_sl, b_sj, b_columns, n, chunk * rows, to + bytes_a, plane_b);
    };
    if constexpr (copying::copiers)
        chunk_ring_loop<TENSOR_RING, TENSOR_WARPS, copying::copy_threads>(nchunks, copy_chunk,
                                                                          compute);
    else
        chunk_loop<TENSOR_STAGES>(nchunks, copy_chunk, compute);

    /* k-groups 1, 2, ... into k-group 0, in that order, through shared
       memory (a width_a x width_b array of planes): 8 at most.  Summed
       as a tree (chunk_sum_groups), whose code moved this kernel's
       registers, it ran 2 to 4 % slower at CTSMTTSM 56 and 64 and
       STSMTTSM col 9 and 10 (H100, 1 GiB, five runs alternating). */
    double *scratch = reinterpret_cast<double *>(shared_bytes);
    chunk_sum_groups<false>(
        groups, group, 0,
        [&](int) {
            tensor_exchange<WM, WN, ACC_PLANES>(acc, scratch, shape.width_a, shape.width_b,
                                                tile_i, tile_j, false);
        },
        [&](int, int from) {
            if (from < tile_groups)
                tensor_exchange<WM, WN, ACC_PLANES>(acc, scratch, shape.width_a, shape.width_b,
                                                    tile_i, tile_j, true);
        });

    if constexpr (EMBED) {
        /* The real product P (2M x 2N) into scratch, then Re c = P(i, j)
           - s P(M + i, N + j) and Im c / sign_b = P(i, N + j) + s P(M + i,
           j), element by element, by every thread of the block. */
        T *out = partial + (idx_t)blockIdx.x * m * n;
        /* Scratch holds the last chunks and the k-groups' sums: the loops
           above end in a barrier, and this one keeps the exchange safe
           whatever they do. */
        __syncthreads();
        if (group == 0)
            tensor_exchange<WM, WN, 1>(acc, scratch, shape.width_a, shape.width_b, tile_i, tile_j,
                                       false);
        __syncthreads();
        for (int e = t; e < m * n; e += (int)blockDim.x) {
            const int i = e % m, j = e / m;
            auto p = [&](int r, int c) { return scratch[c * shape.width_a + r]; };
            const double planes[2] = { p(i, j) - sign_ab * p(m + i, n + j),
                                       p(i, n + j) + sign_ab * p(m + i, j) };
            tensor_store(out + e, planes, sign_b);
        }
    } else if (group == 0) {
        T *out = partial + (idx_t)blockIdx.x * m * n;
#pragma unroll
        for (int mi = 0; mi < WM; mi++) {
#pragma unroll
            for (int nj = 0; nj < WN; nj++)
#pragma unroll
                for (int e = 0; e < 4; e++) {
                    const int i = tensor_acc_row(tile_i[mi], e);
                    const int jj = tensor_acc_col(tile_j[nj], e);
                    if (i < m && jj < n) {
                        double planes[PLANES];
#pragma unroll
                        for (int p = 0; p < PLANES; p++)
                            planes[p] = acc[mi][nj][p][e];
                        tensor_store(out + i + (idx_t)jj * m, planes, sign_b);
                    }
                }
        }
    }
    tsm_finish_c(m, n, partial, finish);
}

/* ---- the warp tiles of a call ----
 * Instantiated: the warp tiles of tensor_tiles (below).  A call takes,
 * of those within 15 % of the least padded work (mma tiles, the warp
 * tiles of at most 8 warps; STSMTTSM 25 %), the one with the least work
 * a step (pick_tensor_tiles); C and Z, where it costs less, EMBED, and
 * where the busiest scheduler has less to do a step, its warp tiles of 48
 * x 24 (pick_tensor_kernel). */
template <typename T>
struct tensor_kernel {
    typedef void (*type)(int, int, idx_t, int, int, int, const T *, idx_t, idx_t, const T *,
                         idx_t, idx_t, double, double, T *, tsm_finish<T>);
};

struct tensor_tile_choice {
    int wm, wn;
};

/* The warp tiles instantiated, WM x WN mma tiles of 16 x 8: a warp's
   accumulators are WM*WN*planes*4 doubles, 32 (64 registers) at most but
   in the tenth tile, so the complex type takes the first five, and EMBED
   (whose accumulators are of one plane) the first eight and the tenth.
   The real types take the ninth, 16 x 24, too: at widths 17-24 the least
   padded work is 32 x 24, which the tiles of 16 x 8 give in six warp
   tiles (six fragment loads a tile and step; when this was measured, one
   k-group each and two of the eight warps idle, before
   tensor_tile_groups), and 16 x 24 in two, four k-groups (ten loads a
   warp tile).  Measured (H200, 1 GiB, the tensor kernel forced, widths 17-24,
   two runs alternating with the tiles before;
   doc/data/gpu-h200-tsmttsm-tiles16x24-forced-*.csv), mean % of the
   roofline: STSMTTSM col 47.5 -> 79.8, int 44.0 -> 72.9, DTSMTTSM col
   74.7 -> 90.1, int 84.0 -> 94.6 (but int 20: 87 -> 80 %).
   The tenth, 48 x 24 (TENSOR_WIDE_TILE; 36 accumulators, 160-165
   registers of the 168 of a block of 12 warps, no spills), serves the
   real types and EMBED.  C of 33-48 x 33-48 padded to 48 x 48 (STSMTTSM
   from 33, by its padding of 125 %, DTSMTTSM from 41) is two such warp
   tiles in four k-groups, every warp busy, where the warp tiles of 48 x
   16 left two of the eight warps idle and two schedulers with twice the
   others' mma (before tensor_tile_groups, as measured).  Measured (H100,
   1 GiB, the tensor kernel forced, two runs alternating with the tiles
   before;
   doc/data/gpu-h100-tsmttsm-tiles48x24-*.csv), % of the roofline:
   STSMTTSM col 33-44 63-83 -> 80-93, int 33-44 61-86 -> 77-93, DTSMTTSM
   int 41, 43, 45 85-92 -> 95-97 (the other D widths within 3 points; the
   complex types: pick_tensor_kernel). */
static const tensor_tile_choice tensor_tiles[] = {
    { 1, 1 }, { 1, 2 }, { 2, 2 }, { 3, 1 }, { 4, 1 }, { 2, 4 }, { 3, 2 }, { 4, 2 }, { 1, 3 },
    { 3, 3 }
};

template <typename T>
constexpr int tensor_tile_count()
{
    return tensor_planes<T>::count == 1 ? 10 : 5;
}

/* The warp tiles of EMBED's real product: all but the ninth, 16 x 24
   (TENSOR_REAL_ONLY_TILE), measured for the real types only; the tenth
   is TENSOR_WIDE_TILE. */
const int TENSOR_EMBED_TILE_COUNT = 10;
const int TENSOR_REAL_ONLY_TILE = 8;
const int TENSOR_WIDE_TILE = 9;

/* The choices of the complex kernel with EMBED: the real warp tiles C
   from TENSOR_EMBED_CHOICE + C. */
const int TENSOR_EMBED_CHOICE = 10;
static_assert(sizeof tensor_tiles / sizeof tensor_tiles[0] == TENSOR_EMBED_TILE_COUNT
                  && tensor_tile_count<float>() == TENSOR_EMBED_TILE_COUNT
                  && TENSOR_WIDE_TILE == TENSOR_EMBED_TILE_COUNT - 1
                  && TENSOR_EMBED_CHOICE >= TENSOR_EMBED_TILE_COUNT,
              "the choices of tensor_tiled_kernel and tensor_kernel_of");

/* The kernel of T with the warp tiles of CHOICE, one of the first COUNT
   of tensor_tiles (EMBED: the complex kernel's real product; COPIERS:
   with copying warps, tensor_copying). */
template <typename T, int G, bool SHIFTED, bool EMBED, bool COPIERS, int COUNT>
static typename tensor_kernel<T>::type tensor_tiled_kernel(int choice)
{
    switch (choice) {
    case 0:
        return tsmttsm_tensor_kernel<T, 1, 1, G, SHIFTED, EMBED, COPIERS>;
    case 1:
        return tsmttsm_tensor_kernel<T, 1, 2, G, SHIFTED, EMBED, COPIERS>;
    case 2:
        return tsmttsm_tensor_kernel<T, 2, 2, G, SHIFTED, EMBED, COPIERS>;
    case 3:
        return tsmttsm_tensor_kernel<T, 3, 1, G, SHIFTED, EMBED, COPIERS>;
    case 4:
        return tsmttsm_tensor_kernel<T, 4, 1, G, SHIFTED, EMBED, COPIERS>;
    }
    if constexpr (COUNT > 5) {
        switch (choice) {
        case 5:
            return tsmttsm_tensor_kernel<T, 2, 4, G, SHIFTED, EMBED, COPIERS>;
        case 6:
            return tsmttsm_tensor_kernel<T, 3, 2, G, SHIFTED, EMBED, COPIERS>;
        case 7:
            return tsmttsm_tensor_kernel<T, 4, 2, G, SHIFTED, EMBED, COPIERS>;
        }
    }
    if constexpr (COUNT > 8 && !EMBED)
        if (choice == 8)
            return tsmttsm_tensor_kernel<T, 1, 3, G, SHIFTED, EMBED, COPIERS>;
    if constexpr (COUNT > 9)
        if (choice == TENSOR_WIDE_TILE)
            return tsmttsm_tensor_kernel<T, 3, 3, G, SHIFTED, EMBED, COPIERS>;
    return tsmttsm_tensor_kernel<T, 1, 1, G, SHIFTED, EMBED, COPIERS>;
}

/* The kernel of T for CHOICE (pick_tensor_kernel). */
template <typename T, bool COPIERS, int G, bool SHIFTED = false>
static typename tensor_kernel<T>::type tensor_kernel_of(int choice)
{
    if constexpr (tensor_planes<T>::count == 2) {
        if (choice >= TENSOR_EMBED_CHOICE)
            return tensor_tiled_kernel<T, G, SHIFTED, true, COPIERS, TENSOR_EMBED_TILE_COUNT>(
                choice - TENSOR_EMBED_CHOICE);
    }
    return tensor_tiled_kernel<T, G, SHIFTED, false, COPIERS, tensor_tile_count<T>()>(choice);
}

/* The cost of an mma step of the block with the warp tiles of CHOICE for
   an M x N call, in cycles of a multiprocessor at full rate: 8 per 16x8x8
   mma (1024 fused multiply-adds at 128 a cycle), 2 per 8-byte fragment
   load of a warp (256 bytes at 128 a cycle). */
template <typename T>
static long tensor_step_cost(int m, int n, int choice)
{
    const int planes = tensor_planes<T>::count;
    const int wm = tensor_tiles[choice].wm, wn = tensor_tiles[choice].wn;
    const tensor_shape s = tensor_make_shape(m, n, wm, wn);
    const long tiles = s.tiles_m * s.tiles_n;
    /* complex: four mma per pair of tiles, B loaded again per tile of A */
    const long mma = tiles * wm * wn * planes * planes;
    const long loads = tiles * (4 * wm * planes + 2 * wn * planes * (planes == 2 ? wm : 1));
    return 8 * mma + 2 * loads;
}

/* The warp tiles of an M x N call, of the first COUNT of tensor_tiles.
   Of the choices that need at most TENSOR_WARPS warp tiles and pad the
   product to at most PADDING % of the mma work of the least padded one,
   the one with the least work per mma step of the block
   (tensor_step_cost); then the fewest warp tiles (the most k-groups).
   Measured on the H100 at widths 17-56: the least padded work alone lost
   at 49-56 (7 warp tiles of 64x8 against 4 of 32x32: D 0.55-0.90 of the
   roofline against 0.71-0.92), the least cycles alone at 33-40 (3 of
   48x16 against 5 of 48x8): hence TENSOR_PADDING, 115 %, but for
   STSMTTSM (tensor_padding). */
const int TENSOR_PADDING = 115;

template <typename T>
static int pick_tensor_tiles(int m, int n, int count = tensor_tile_count<T>(),
                             int padding = TENSOR_PADDING, bool embed = false)
{
    long least_work = -1, best_cost = 0, best_tiles = 0;
    int best = -1;

    for (int c = 0; c < count; c++) {
        if (embed && c == TENSOR_REAL_ONLY_TILE)
            continue;
        const tensor_shape s = tensor_make_shape(m, n, tensor_tiles[c].wm, tensor_tiles[c].wn);
        const long work = (long)s.width_a * s.width_b;
        if (s.tiles_m * s.tiles_n <= TENSOR_WARPS && (least_work < 0 || work < least_work))
            least_work = work;
    }
    for (int c = 0; c < count; c++) {
        if (embed && c == TENSOR_REAL_ONLY_TILE)
            continue;
        const tensor_shape s = tensor_make_shape(m, n, tensor_tiles[c].wm, tensor_tiles[c].wn);
        const long tiles = s.tiles_m * s.tiles_n;
        const long cost = tensor_step_cost<T>(m, n, c);
        if (tiles > TENSOR_WARPS || (long)s.width_a * s.width_b * 100 > least_work * padding)
            continue;
        if (best < 0 || cost < best_cost || (cost == best_cost && tiles < best_tiles)) {
            best = c;
            best_cost = cost;
            best_tiles = tiles;
        }
    }
    return best;
}

/* The padding (%) pick_tensor_tiles allows a call of T as it is computed:
   125 for STSMTTSM, TENSOR_PADDING for the others.  At widths 33-40 that
   admits C padded to 48 x 48 for 48 x 40: 2 warp tiles of 48 x 24 in
   four k-groups for 5 of 48 x 8 in one: with its copying warps the
   multiplying warps bind, all 8 of them busy instead of 5 (as measured,
   before tensor_tile_groups), and a step converts fewer fragments of
   floats a mma.
   Every warp tile forced in turn (H200, square widths 17-64, every
   precision, both orders, tensor forced, 1 GiB, two passes;
   doc/gpu-performance.md, "The tensor kernel's warp tiles, each
   forced"): STSMTTSM 33-40 +8.5 to +10.4 points of the roofline in 48 x
   16 against 48 x 8 (col 33: 36 -> 45 %, int 40: 46 -> 55 %), its other
   square widths the same choice as at 115 %; DTSMTTSM at 33-40, whose 8
   warps copy and multiply (no copiers below 41), 4.6 to 19.8 points
   lower in 48 x 16, so it keeps 115 % (with its copiers, from table width
   41 on the H200, 125 % changes no square width and was not measured on
   the calls it would change, of N 33-40; nor was DTSMTTSM 33-40 in the
   warp tiles of 48 x 24, which 125 % would give it). */
template <typename T>
constexpr int tensor_padding()
{
    return std::is_same<T, float>::value ? 125 : TENSOR_PADDING;
}

/* The cost a step (tensor_step_cost) of the busiest of the
   multiprocessor's four schedulers, times 840 (a multiple of every count
   of k-groups), for the warp tiles of CHOICE of an M x N product of T:
   warp w of the TENSOR_WARPS takes warp tile w mod W (W warp tiles) in one
   of its k-groups (tensor_tile_groups), that share of the steps, on
   scheduler w mod 4.  With copying warps the multiplying warps bind, and
   the busiest scheduler's mma and fragment loads are their time. */
template <typename T>
static long tensor_busiest(int m, int n, int choice)
{
    const tensor_shape s =
        tensor_make_shape(m, n, tensor_tiles[choice].wm, tensor_tiles[choice].wn);
    const int tiles = s.tiles_m * s.tiles_n;
    const long tile_cost = tensor_step_cost<T>(m, n, choice) / tiles;
    long load[4] = {}, most = 0;

    for (int w = 0; w < TENSOR_WARPS; w++)
        load[w % 4] += tile_cost * 840 / tensor_tile_groups(s, w % tiles);
    for (int q = 0; q < 4; q++)
        most = load[q] > most ? load[q] : most;
    return most;
}

/* The kernel of an M x N call: a choice of tensor_tiles or, for C and Z,
   EMBED, TENSOR_EMBED_CHOICE plus a choice of real warp tiles, those
   padded to at most PADDING %; *COST, if not null, its cost a step
   (tensor_step_cost).
   EMBED computes the complex product as one real product of the planes
   side by side, [Re A Im A]^T [Re B Im B] (2M x 2N), where that costs
   less than four products of M x N: it pads less (17 x 17: 34 x 34 in
   48 x 48 mma entries, not four times 32 x 24), but holds four sums for
   each element of C, not two.  For M, N <= 32 in any of its warp tiles; measured (H200,
   1 GiB, ZTSMTTSM through the table, two runs in alternating order with
   the library before): col 17-20 56-68 -> 67-77 % of the roofline, 21-22
   71-74 -> 84-87 %, int 17-19 56-63 -> 61-67 %, 21-23 65-72 -> 84-91 %,
   5-7 1-6 points more, 2 x 8 col 70 -> 93 %
   (doc/data/gpu-h200-tsmttsm-embed-*.csv).  Past 32 (M, N <= 48) in the
   warp tiles of 48 x 24 (TENSOR_WIDE_TILE) alone: in the others a first
   EMBED past 32 lost 0-4 points at 17 x 33.  The warp tiles of 48 x 24
   also replace the choice by cost where their product fits the 8 warps
   and leaves the busiest scheduler less to do a step (tensor_busiest:
   its mma and fragment loads).  The busiest scheduler's mma alone, with
   the k-groups of unequal counts that keep every warp busy
   (tensor_tile_groups), would give the cost's choice back to C and Z at
   17-20 and 37-40, which that measured 7 to 26 points lower (H100, 1
   GiB, tensor forced, CTSMTTSM col 17-20 83-91 -> 57-66 %, ZTSMTTSM col
   37-40 94-96 -> 86-89 %; doc/data/gpu-h100-tsmttsm-kgroups-ab-*.csv);
   with the loads counted no call changes kernel.
   So C and Z take them at 17-24 (two warp tiles, four k-groups; at 17-20
   by the busiest scheduler), 33-36 (six, the first two in two k-groups)
   and 37-48 (eight;
   at 37-40 by the busiest scheduler), not at the narrow pairs (3 x 17, 4
   x 32, 32 x 4, which forced into them lost 6 to 12 points).  Measured (H100, 1 GiB,
   the tensor kernel forced, two runs alternating with the kernels
   before; doc/data/gpu-h100-tsmttsm-tiles48x24-*.csv), % of the
   roofline: CTSMTTSM col 17-20 53-62 -> 84-94, 21-24 79-87 -> 91-95,
   33-36 36-40 -> 45-52, 37-40 42-49 -> 53-63, 41-48 51-70 -> 64-90, 17 x
   33 53 -> 67-69 (int alike); ZTSMTTSM col 33-40 76-89 -> 91-98, 41-48
   79-94 -> 95-99, 17 x 33 87-97 -> 97-99, int 33-40 74-88 -> 88-98, 41-48
   72-93 -> 94-100, 17 x 33 74-86 -> 89-97.  Of the pairs, the model of
   tensor_busiest and the cost give these warp tiles to M and N both in
   9-12, 17-24 or 33-48 (not 9-12 x 9-12): measured at 17 x 33, 33 x 40,
   37 x 48 and 48 x 37 (above). */
template <typename T>
static int pick_tensor_kernel(int m, int n, long *cost, int padding)
{
    const int tiles = pick_tensor_tiles<T>(m, n, tensor_tile_count<T>(), padding);
    const long tiles_cost = tensor_step_cost<T>(m, n, tiles);

    if constexpr (tensor_planes<T>::count == 2) {
        const tensor_tile_choice w = tensor_tiles[TENSOR_WIDE_TILE];
        const tensor_shape wide = tensor_make_shape(2 * m, 2 * n, w.wm, w.wn);
        const bool wide_fits =
            m <= 48 && n <= 48 && wide.tiles_m * wide.tiles_n <= TENSOR_WARPS;
        const int real = m <= 32 && n <= 32
                             ? pick_tensor_tiles<double>(2 * m, 2 * n, TENSOR_EMBED_TILE_COUNT,
                                                         TENSOR_PADDING, true)
                             : wide_fits ? TENSOR_WIDE_TILE : -1;
        const bool embed =
            real >= 0 && tensor_step_cost<double>(2 * m, 2 * n, real) < tiles_cost;
        const long busiest = embed ? tensor_busiest<double>(2 * m, 2 * n, real)
                                   : tensor_busiest<T>(m, n, tiles);
        if (wide_fits && tensor_busiest<double>(2 * m, 2 * n, TENSOR_WIDE_TILE) < busiest) {
            if (cost != nullptr)
                *cost = tensor_step_cost<double>(2 * m, 2 * n, TENSOR_WIDE_TILE);
            return TENSOR_EMBED_CHOICE + TENSOR_WIDE_TILE;
        }
        if (embed) {
            if (cost != nullptr)
                *cost = tensor_step_cost<double>(2 * m, 2 * n, real);
            return TENSOR_EMBED_CHOICE + real;
        }
    }
    if (cost != nullptr)
        *cost = tiles_cost;
    return tiles;
}

/* Whether an M x N call is computed as its mirror, C^T = op(B)^T*op(A)^T
   (N x M, written transposed): where N > M and the mirror costs less a
   step (pick_tensor_kernel), as it mostly does, the mma tiles being 16
   rows of C by 8 columns, for the kernels of S, C and Z.  With their
   copying warps the multiplying warps bind.  Measured (H200, 1 GiB, the
   tensor kernel forced, pairs and their mirrors, both orders): ZTSMTTSM 3
   x 17 col 72 -> 94 % of the roofline, int 71 -> 92, 17 x 33 57 -> 69 and
   55 -> 68, 8 x 40 82 -> 94 and 83 -> 92, 5 x 24 91 -> 96 and 87 -> 95; S
   and C likewise (S col 8 x 40 52 -> 82, C col 3 x 48 51 -> 81), at most 2
   points lost (S col 4 x 32 87 -> 85).  DTSMTTSM, whose 8 warps both copy
   and multiply, gained at 8 of 14 pairs and lost at 6, int 5 x 24 by 15
   points (85 -> 70; col 8 x 40 73 -> 81; doc/data/gpu-h200-tsmttsm-
   mirror-*.csv), so it keeps M x N.  The cost favours the mirror of some
   calls with M > N too (ZTSMTTSM 21 x 17): not measured, not taken.
   The costs compared are those of the kernels pick_tensor_kernel takes
   at TENSOR_PADDING (the warp tiles of 48 x 24 included): with
   the 125 % of STSMTTSM (tensor_padding), 40 x 64 and 36 x 56 took the
   mirror in warp tiles of 64 x 16, 60 and 48-49 % of the roofline
   against 74-76 and 58-61 % as given in 48 x 16 (H200, 1 GiB, tensor
   forced, both orders, two runs;
   doc/data/gpu-h200-stsmttsm-padding-mirror125-*.csv). */
template <typename T>
static bool tensor_mirrored(int m, int n)
{
    long cost, mirror_cost;

    pick_tensor_kernel<T>(m, n, &cost, TENSOR_PADDING);
    pick_tensor_kernel<T>(n, m, &mirror_cost, TENSOR_PADDING);
    return tsmttsm_copying<T>::copiers && n > m && mirror_cost < cost;
}

/* Bytes of shared memory of one stage of ROWS rows. */
template <typename T>
static size_t tensor_stage_bytes(bool a_columns, bool b_columns, int m, int n, int rows)
{
    const int unit = (int)sizeof(typename tensor_planes<T>::unit);
    const size_t units = (size_t)(a_columns ? m * tensor_pitch(true, rows, m, unit)
                                            : rows * tensor_pitch(false, rows, m, unit))
                         + (size_t)(b_columns ? n * tensor_pitch(true, rows, n, unit)
                                              : rows * tensor_pitch(false, rows, n, unit));
    return units * tensor_planes<T>::count * unit;
}

/* The kernel's launch for the M x N product as given (tsmttsm_tensor),
   with copying warps or without. */
template <typename T, bool COPIERS>
static int launch_tensor(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                         const T *a, idx_t a_si, idx_t a_sl, const T *b, idx_t b_sl, idx_t b_sj,
                         const tsm_finish<T> &finish, cudaStream_t stream, void **workspace)
{
    const int choice = pick_tensor_kernel<T>((int)m, (int)n, nullptr, tensor_padding<T>());
    const bool embed = choice >= TENSOR_EMBED_CHOICE;
    const tensor_shape shape =
        embed ? tensor_make_shape(2 * (int)m, 2 * (int)n,
                                  tensor_tiles[choice - TENSOR_EMBED_CHOICE].wm,
                                  tensor_tiles[choice - TENSOR_EMBED_CHOICE].wn)
              : tensor_make_shape((int)m, (int)n, tensor_tiles[choice].wm, tensor_tiles[choice].wn);
    const bool a_columns = a_sl == 1, b_columns = b_sl == 1;
    /* 16-byte copies of pairs of doubles need 16-byte aligned arrays
       (interleaved ones of odd LD are copied from one element earlier every
       other row), and column-major operands whose columns all start on a
       32-byte sector: where every other column starts 16 bytes past one
       (LD = 2 mod 4), each 16-byte copy of it straddles two sectors, and
       8-byte copies are faster (H100, DTSMTTSM column-major, widths 3-64
       and the pairs, 1 GiB, two runs: with 16-byte copies K = LD = 2 mod 4
       ran 2.5 points of the roofline below K = 1 mod 4 in the mean; with
       8-byte copies 2.2 points higher than before, 57 of 69 shapes at 90 %
       or more instead of 36; doc/gpu-performance.md).  16-byte copies of
       four floats need every line to start on 16 bytes: LD (STRIDE, from
       one line to the next) a multiple of 4 in either storage order; else
       8-byte copies of two, LD even, as the fma kernel's (an 8-byte copy
       never straddles a sector).  The elements a copy of X may take: */
    auto copy_elems = [](const T *x, bool columns, idx_t stride) {
        if (tensor_planes<T>::count == 2)
            return 1;
        if (std::is_same<T, float>::value)
            return chunk_copy_elems(x, stride, 4);
        return (columns ? chunk_copy_elems(x, stride, 4) == 4 : (uintptr_t)x % 16 == 0) ? 2 : 1;
    };
    const int g_a = copy_elems(a, a_columns, a_columns ? a_si : a_sl);
    const int g_b = copy_elems(b, b_columns, b_columns ? b_sj : b_sl);
    /* STSMTTSM with a column-major operand off 16 bytes: its column-major
       operands as shifted columns, in 16-byte copies, where an interleaved
       one takes them too (tensor_shifted). */
    const bool shifted = tensor_shifted<T>() && (g_a < 4 || g_b < 4)
                         && (a_columns || g_a == 4) && (b_columns || g_b == 4);
    /* FLAT (tensor_can_flat): 16-byte copies of the whole chunk, unless
       the table says copies by rows (tsm_flat_copies). */
    const bool flat = tensor_can_flat<T, 1>()
                      && (!std::is_same<T, double>::value || dtsmttsm_flat(m, n)) && !a_columns
                      && !b_columns && a_sl == m && b_sl == n && (m % 4 != 0 || n % 4 != 0)
                      && (uintptr_t)a % 16 == 0 && (uintptr_t)b % 16 == 0
                      && tsm_flat_copies(tsm_precision<T>::index, m, n);
    const int g = shifted ? 4 : flat ? 1 : g_a < g_b ? g_a : g_b;
    typename tensor_kernel<T>::type kernel = tensor_kernel_of<T, COPIERS, 1>(choice);
    if constexpr (tensor_planes<T>::count == 1) {
        if (g == 2)
            kernel = tensor_kernel_of<T, COPIERS, 2>(choice);
        if constexpr (tensor_shifted<T>())
            if (g == 4)
                kernel = shifted ? tensor_kernel_of<T, COPIERS, 4, true>(choice)
                                 : tensor_kernel_of<T, COPIERS, 4>(choice);
    }
    const double sign_a = opa == TSBLAS_OP_C ? -1.0 : 1.0, sign_b = opb == TSBLAS_OP_C ? -1.0 : 1.0;
    const idx_t row_bytes = (m + n) * (idx_t)sizeof(T);
    int shared_max, rows, groups;
    size_t shared, scratch;
    idx_t grid;
    typedef tensor_copying<COPIERS> copying;
    int status = chunk_shared_limit(copying::shared_max, 1, &shared_max);

    if (status != 0)
        return status;
    /* A chunk of about STAGE_BYTES, a power of two of rows from 8 to the
       threads of a block (a column-major line's vectors then fit in one
       pass of the block), no more than K needs, and all stages within
       SHARED_MAX (8 rows of two stages take at most 16 KiB). */
    rows = tsm_pow2_floor(TENSOR_STAGE_BYTES / row_bytes);
    if (rows > TSM_THREADS)
        rows = TSM_THREADS;
    /* A column-major line's vectors in one pass of the copying threads. */
    {
        const int unit = (int)sizeof(typename tensor_planes<T>::unit);
        const int line_elems = copying::copy_threads * (g > 1 ? 16 / unit : 1);
        if ((a_columns || b_columns) && rows > line_elems)
            rows = line_elems;
    }
    while (rows > 8 && rows / 2 >= k)
        rows /= 2;
    if (rows < 8)
        rows = 8;
    /* FLAT's planes have the pitches M and N. */
    auto stage_bytes = [&](int r) {
        return flat ? (size_t)r * (m + n) * sizeof(T)
                    : tensor_stage_bytes<T>(a_columns, b_columns, (int)m, (int)n, r);
    };
    while (rows > 8 && copying::stages * stage_bytes(rows) > (size_t)shared_max)
        rows /= 2;
    /* The most k-groups of a warp tile (tensor_tile_groups), no more than
       the steps of a chunk; FLAT's loop of steps gives every warp tile as
       many, TENSOR_WARPS / T (a power of two, as the steps). */
    groups = flat ? TENSOR_WARPS / (shape.tiles_m * shape.tiles_n) : shape.groups;
    if (groups > rows / 8)
        groups = rows / 8;
    const int flat_step = flat ? tensor_flat_step((int)m, (int)n, rows, (int)sizeof(T)) : 0;
    shared = copying::stages * stage_bytes(rows);
    scratch = (size_t)shape.width_a * shape.width_b * (embed ? 1 : tensor_planes<T>::count)
              * sizeof(double);
    if (shared < scratch)
        shared = scratch;

    status = tsm_partials_grid((const void *)kernel, shared, (k + rows - 1) / rows,
                               (size_t)(m * n) * sizeof(T), stream, &grid, workspace,
                               copying::threads);
    if (status != 0)
        return status;
    return tsm_launch_partials_of("xTSMTTSM tensor-core kernel", kernel, grid, copying::threads,
                                  shared, stream, (int)m, (int)n, k, rows, groups, flat_step, a,
                                  a_si, a_sl, b, b_sl, b_sj, sign_a * sign_b, sign_b,
                                  (T *)*workspace, finish);
}

/* Whether a DTSMTTSM call of the tensor kernel takes the copying warps
   after all: on the H200 from table width 41.  Its mma take half the time
   of its copies on the H100 (tsmttsm_copying), but the H200 reads 1.4
   times the bytes a cycle, and there the multiplying warps bind from
   width 41 or so.  Measured (H200, 1 GiB, the tensor kernel forced, widths
   2-64, two runs alternating with the kernel without): the mean % of the
   roofline at widths 41-64 col 72-74 -> 81-82, int 71 -> 80-81 (col 49-56
   66-68 -> 83), at 9-40 col 86-87 -> 80-82, int 77 -> 74 (col 10, 15, 32:
   95-96 -> 79-80 %); doc/data/gpu-h200-dtsmttsm-copiers-*.csv. */
static bool dtsmttsm_copiers(idx_t m, idx_t n)
{
    return tsm_table_width(m, n) >= 41 && strncmp(tsm_tuned_device(), "NVIDIA H200", 11) == 0;
}

template <typename T>
int tsmttsm_tensor(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                   const T *a, idx_t a_si, idx_t a_sl, const T *b, idx_t b_sl, idx_t b_sj,
                   const tsm_finish<T> &finish, cudaStream_t stream, void **workspace)
{
    /* op(B)^T(j, l) = b[j*b_sj + l*b_sl], op(A)^T(l, i) = a[l*a_sl + i*a_si]:
       plain transposes, each operand with its own op C. */
    if (tensor_mirrored<T>((int)m, (int)n)) {
        const tsm_finish<T> mirror = { finish.alpha, finish.beta, finish.c, finish.c_sj,
                                       finish.c_si };
        return launch_tensor<T, true>(opb, opa, n, m, k, b, b_sj, b_sl, a, a_sl, a_si, mirror,
                                      stream, workspace);
    }
    if constexpr (!tsmttsm_copying<T>::copiers)
        if (!dtsmttsm_copiers(m, n))
            return launch_tensor<T, false>(opa, opb, m, n, k, a, a_si, a_sl, b, b_sl, b_sj,
                                           finish, stream, workspace);
    return launch_tensor<T, true>(opa, opb, m, n, k, a, a_si, a_sl, b, b_sl, b_sj, finish, stream,
                                  workspace);
}

template int tsmttsm_tensor<float>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                   const float *, idx_t, idx_t, const float *, idx_t, idx_t,
                                   const tsm_finish<float> &, cudaStream_t, void **);
template int tsmttsm_tensor<double>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                    const double *, idx_t, idx_t, const double *, idx_t, idx_t,
                                    const tsm_finish<double> &, cudaStream_t, void **);
template int tsmttsm_tensor<cuFloatComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                            const cuFloatComplex *, idx_t, idx_t,
                                            const cuFloatComplex *, idx_t, idx_t,
                                            const tsm_finish<cuFloatComplex> &, cudaStream_t,
                                            void **);
template int tsmttsm_tensor<cuDoubleComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                             const cuDoubleComplex *, idx_t, idx_t,
                                             const cuDoubleComplex *, idx_t, idx_t,
                                             const tsm_finish<cuDoubleComplex> &, cudaStream_t,
                                             void **);

} /* namespace tsblas */
