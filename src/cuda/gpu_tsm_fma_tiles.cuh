/*
 * gpu_tsm_fma_tiles.cuh: the register tiles of the chunk kernels on the
 * CUDA cores: STSMTTSM and CTSMTTSM (gpu_tsmttsm_fma.cu) and xTSMM
 * (gpu_tsmm_fma.cu).
 *
 * Both multiply a chunk of a tall operand in shared memory (copied there
 * by gpu_tsmttsm_chunks.cuh) by a second operand in shared memory: a
 * thread keeps a TM x TN tile of results in registers and, a step of V
 * elements of the inner dimension at a time (V = 16 bytes of elements),
 * loads the V elements of each of its TM + TN rows and columns
 * (fma_fragment: 16-byte shared-memory loads where they are consecutive,
 * narrower ones where not) and does TM*TN*V multiply-adds.  What is here: the
 * storage orders fixed at compile time, blocks a multiprocessor, pitches,
 * the tiles of a call and the thread-to-tile map, the fragments, and op C
 * as a flip of a sign bit.
 */
#ifndef TSBLAS_GPU_TSM_FMA_TILES_CUH
#define TSBLAS_GPU_TSM_FMA_TILES_CUH

#include "gpu_tsmttsm_chunks.cuh"

namespace tsblas {

/* As the tensor kernel of DTSMTTSM (measured there): chunks of 64 KiB in
   two stages a multiprocessor, shared by its blocks. */
const int FMA_STAGES = 2;
const int FMA_STAGE_BYTES = 64 * 1024;
const int FMA_SHARED_MAX = 200 * 1024;

/* The storage orders of a kernel, fixed at compile time for the two
   common ones, so that the fragment loads of the inner loop are straight
   code: every tall array column-major (xTSMTTSM: op(A) = A^T, op(B) = B;
   xTSMM: M >= N, op(A) = A, and C), every one interleaved (xTSMTTSM:
   op(A) = A, op(B) = B^T; xTSMM: M < N, op(B) = B, whose rows are those of
   the tall operand op(B)**T, and C**T), or any mixture (the mixed calls,
   decided at run time). */
enum fma_layout { FMA_COLUMNS, FMA_ROWS, FMA_MIXED };

/* Blocks of TSM_THREADS a multiprocessor: two where a tile's accumulators
   take at most 32 registers (then 128 a thread suffice), so that each
   scheduler has four warps to switch between while one waits for its
   loads; one for the larger tiles, and for the mixed layout (its two
   kinds of fragment loads need more registers). */
__host__ __device__ constexpr int fma_blocks_per_sm(int tm, int tn, int element_bytes,
                                                    int layout)
{
    return layout != FMA_MIXED && tm * tn * (element_bytes / 4) <= 32 ? 2 : 1;
}

/* The pitch, in elements, of a chunk of ROWS rows and WIDTH (padded)
   columns in shared memory.  Column-major: ROWS rounded up to an odd
   number of 16-byte vectors, so that the 16-byte loads of eight
   consecutive columns fall in distinct banks (the eight lanes of one
   phase of a 16-byte load).  Row-major: WIDTH rounded up to 16 bytes (the
   lanes of a warp load consecutive vectors of one row). */
template <typename T>
__host__ __device__ inline int fma_pitch(bool columns, int rows, int width)
{
    const int v = tsm_vector_elems<T>();
    if (columns) {
        const int vectors = (rows + v - 1) / v;
        return (vectors % 2 == 0 ? vectors + 1 : vectors) * v;
    }
    return (width + v - 1) / v * v;
}

/* The tiles of a call: TILES_M x TILES_N tiles of TM x TN. */
struct fma_shape {
    int tiles_m, tiles_n;
    int width_a, width_b;  /* M and N padded to whole tiles */
    int tiles;
    bool paired;           /* tiles_m and tiles_n even: see fma_tile_of */
};

__host__ __device__ inline fma_shape fma_make_shape(int m, int n, int tm, int tn)
{
    fma_shape s;
    s.tiles_m = (m + tm - 1) / tm;
    s.tiles_n = (n + tn - 1) / tn;
    s.width_a = s.tiles_m * tm;
    s.width_b = s.tiles_n * tn;
    s.tiles = s.tiles_m * s.tiles_n;
    s.paired = s.tiles_m % 2 == 0 && s.tiles_n % 2 == 0;
    return s;
}

/*
 * The tile (*TILE_I, *TILE_J) of thread Q of a k-group.  A warp's 16-byte
 * shared-memory load returns 128 bytes a cycle, four cycles for 32 lanes,
 * unless lanes t and t^1, or t and t^2, all load the same address: then
 * two (the returns are packed; NVIDIA forum, "unexpected shared memory bank
 * conflict").  With an even number of tiles along both sides, thread q
 * takes tile_i = (q/2) mod tiles_m and tile_j = 2*((q/2) div tiles_m) +
 * q mod 2: lanes t and t^1 share tile_i (the loads of A), t and t^2 share
 * tile_j (the loads of B), which halves the cycles of every fragment load.
 * Other shapes take tile_i = q mod tiles_m, tile_j = q div tiles_m.
 */
__device__ inline void fma_tile_of(const fma_shape &s, int q, int *tile_i, int *tile_j)
{
    if (s.paired) {
        *tile_i = (q / 2) % s.tiles_m;
        *tile_j = 2 * ((q / 2) / s.tiles_m) + q % 2;
    } else {
        *tile_i = q % s.tiles_m;
        *tile_j = q / s.tiles_m;
    }
}

/* The column of entry W of tile TILE (of TILES along the side), VW-element
   vectors in a row-major chunk, single columns in a column-major one. */
__device__ inline int fma_column(int w, int tile, int tiles, int vw, bool columns)
{
    return columns ? w * tiles + tile : ((w / vw) * tiles + tile) * vw + w % vw;
}

/* F[w][v] := element v of the V rows at LINE[w] of entry w: one V-element
   load from LINE[w] in a column-major chunk (LINE[w] points into entry
   w's column), or in a row-major one VW-element loads from LINE[u*VW] +
   v*PITCH (LINE[u*VW] points into the first of the V rows, at entry
   u*VW's column; the other LINEs are not read). */
template <typename T, int W, int VW, int V>
__device__ inline void fma_fragment_at(T (&f)[W][V], const T *const (&line)[W], bool columns,
                                       int pitch)
{
    if (columns) {
#pragma unroll
        for (int w = 0; w < W; w++)
            tsm_load_vector<T, V>(line[w], f[w]);
    } else {
#pragma unroll
        for (int v = 0; v < V; v++)
#pragma unroll
            for (int u = 0; u < W / VW; u++) {
                T x[VW];
                tsm_load_vector<T, VW>(line[u * VW] + v * pitch, x);
#pragma unroll
                for (int e = 0; e < VW; e++)
                    f[u * VW + e][v] = x[e];
            }
    }
}

/* The LINEs of fma_fragment_at for row L0 of the chunk PLANE, entry w in
   the column at OFFSET[w] (OFFSET[w] = column*pitch in a column-major
   chunk, the column in a row-major one). */
template <typename T, int W>
__device__ inline void fma_lines(const T *(&line)[W], const T *plane, bool columns, int pitch,
                                 int l0, const int (&offset)[W])
{
#pragma unroll
    for (int w = 0; w < W; w++)
        line[w] = plane + offset[w] + (columns ? l0 : l0 * pitch);
}

/* F[w][v] := element (L0 + v, column of entry w) of the chunk PLANE, for
   the V rows of a step (fma_lines, fma_fragment_at). */
template <typename T, int W, int VW, int V>
__device__ inline void fma_fragment(T (&f)[W][V], const T *plane, bool columns, int pitch,
                                    int l0, const int (&offset)[W])
{
    const T *line[W];
    fma_lines<T, W>(line, plane, columns, pitch, l0, offset);
    fma_fragment_at<T, W, VW, V>(f, line, columns, pitch);
}

/* op C: the sign bit of the imaginary part flipped where FLIP (0 or
   0x80000000, the sign bit of a float or of a double's high word) has it. */
__device__ inline void fma_flip(float &, unsigned) {}
__device__ inline void fma_flip(double &, unsigned) {}
__device__ inline void fma_flip(cuFloatComplex &x, unsigned flip)
{
    x.y = __uint_as_float(__float_as_uint(x.y) ^ flip);
}
__device__ inline void fma_flip(cuDoubleComplex &x, unsigned flip)
{
    x.y = __hiloint2double(__double2hiint(x.y) ^ (int)flip, __double2loint(x.y));
}

/* The TM*TN*V multiply-adds of one step of V elements along the inner
   dimension into ACC, from the fragments AF and BF of the tile's TM and TN
   lines, op C as FLIP_A and FLIP_B. */
template <typename T, int TM, int TN, int V>
__device__ inline void fma_multiply(T (&acc)[TM][TN], T (&af)[TM][V], T (&bf)[TN][V],
                                    unsigned flip_a, unsigned flip_b)
{
#pragma unroll
    for (int v = 0; v < V; v++) {
#pragma unroll
        for (int w = 0; w < TM; w++)
            fma_flip(af[w][v], flip_a);
#pragma unroll
        for (int x = 0; x < TN; x++)
            fma_flip(bf[x][v], flip_b);
#pragma unroll
        for (int w = 0; w < TM; w++)
#pragma unroll
            for (int x = 0; x < TN; x++)
                acc[w][x] = fma_acc(acc[w][x], af[w][v], bf[x][v]);
    }
}

/* One step of V elements along the inner dimension, no op C: the
   fragments of the tile's TM lines in PLANE_A and TN lines in PLANE_B
   (fma_fragment, with their layouts, pitches and offsets) and their
   multiply-adds into ACC (fma_multiply). */
template <typename T, int TM, int TN, int VA, int VB, int V>
__device__ inline void fma_step(T (&acc)[TM][TN], const T *plane_a, bool a_columns, int pitch_a,
                                const int (&offset_a)[TM], const T *plane_b, bool b_columns,
                                int pitch_b, const int (&offset_b)[TN], int l0)
{
    T af[TM][V], bf[TN][V];
    fma_fragment<T, TM, VA, V>(af, plane_a, a_columns, pitch_a, l0, offset_a);
    fma_fragment<T, TN, VB, V>(bf, plane_b, b_columns, pitch_b, l0, offset_b);
    fma_multiply<T, TM, TN, V>(acc, af, bf, 0, 0);
}

} /* namespace tsblas */

#endif
