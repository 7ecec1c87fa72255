/*
 * gpu_tsmm_tensor.cu: xTSMM on the FP64 tensor cores (the tensor path of
 * gpu_tsmttsm_tsmm_common.cuh for xTSMM).
 *
 * Purpose
 * =======
 * tsmm_tensor computes out(r, j) := sum_l T(r, l) * alpha*S(l, j) + beta *
 * out(r, j) for the tall operand T (ROWS x K), the small S (K x W) and the
 * output of gpu_tsmm.cu (C, or C**T when C is wide), K and W <= 64, T
 * float, double, cuFloatComplex or cuDoubleComplex.
 *
 * Why tensor cores.  xTSMM moves T in and C out; at K = W = 64 DTSMM needs
 * 8 flop per byte (24 Tflop/s at the H100's 3 TB/s of copy, 70 % of its
 * FP64 rate on the CUDA cores, where the register tiles of gpu_tsmm_fma.cu
 * also spend issue slots on their loads) and ZTSMM 16 (more than the CUDA
 * cores have).  The FP64 tensor cores have twice that rate.  Every product
 * and sum is an IEEE double operation, as on the CUDA cores; only the
 * order of the sums differs.
 *
 * STSMM: at K = W = 64 it needs 16 flop per byte (48 Tflop/s, three
 * quarters of the H100's FP32 rate, where FFMA are 42 % of the
 * instructions of a step of gpu_tsmm_fma.cu's register tiles at width
 * 40); one mma is 1024 multiply-adds.  Its chunks stay floats in shared
 * memory (half the bytes); a fragment of T is converted to double as it
 * is loaded (once a step for all of a warp's tiles), alpha*op(S) is
 * formed in float as the fma kernel forms it and kept as doubles, beta*C
 * likewise, and each entry is rounded to float once, when it is stored:
 * at least as accurate as the sums in float.  H100, 1 GiB, each path
 * forced: 0.86-1.00 of the fma kernel's time at some widths from 22 (col
 * 24: 80 -> 90 % of the roofline, int 64: 66 -> 73 %), 1.03-5.2 times it
 * at 2-16, where a column-major chunk of at most a vector a thread in two
 * stages keeps too few bytes in flight (doc/gpu-performance.md).
 *
 * CTSMM: at width W it has the intensity of ZTSMM at 2W, and from width
 * 37 it needs more than cuBLAS's CGEMM rate at the H100's copy bandwidth.
 * ZTSMM's four real products on STSMM's chunks of floats: a fragment of T
 * is converted to doubles as it is loaded, alpha*op(S) and beta*C are
 * formed in float, each entry rounded to float once.  H100, the table's
 * sweep (doc/gpu-performance.md, "CTSMM on the tensor cores"): column-major
 * 23-32 and 47-64 at 64-88 % of the roofline against the fma kernel's
 * 52-74 % and cuBLAS's 51-80 %; interleaved it is ahead at few widths.
 *
 * How a block works.  As in gpu_tsmm_fma.cu: the rows of T are cut into
 * chunks, block b takes chunks b, b + grid, ..., and copies each into
 * shared memory with asynchronous copies (gpu_tsmttsm_chunks.cuh; a
 * column-major T stays column-major there, an interleaved one row-major)
 * in TENSOR_STAGES stages, so that the copies of the next chunk overlap
 * the arithmetic of this one.  The output rows of a pass are the mma's m
 * (16 a warp), the output columns its n (8 a tile), l its k (8 a step):
 * each warp keeps WN tiles of 16 x 8 in the accumulators of
 * mma.sync.m16n8k8.f64 over all of K, then writes them; the block's 8
 * warps are GROUPS_N groups along the columns (more than one only where
 * the tiles of a warp do not cover W, or a pass of 8 warps' rows would not
 * fit shared memory twice) and 8 / GROUPS_N along the rows.  The count
 * of a warp's tiles is a template parameter (NT) where the groups have
 * as many (or the last one fewer, with a loop of its own), so that a
 * step loads its fragments and makes its mma with no test of a tile
 * between them (tsmm_tensor_tiles).
 *
 * The fragments of alpha*op(S) are the same for every row: they are made
 * once, at the start, in shared memory in the order the lanes load them
 * (one 16-byte load a lane, a step and a tile; two for CTSMM and ZTSMM).
 * Those of T are 16-byte loads from the chunk, which the free order of the
 * sum allows
 * (slot k of a step must only be the same l for T and S; slot m the same
 * row for T and the output):
 *   DTSMM, column-major chunk: slots m = g and g + 8 of lane (g, t) are
 *     rows 2g and 2g + 1, adjacent, so a[0], a[1] (slot k = t) and a[2],
 *     a[3] (slot k = t + 4) are a load each;
 *   DTSMM, row-major chunk: the same rows, and slots k = t and t + 4 are
 *     l = 2t and 2t + 1, so a[0], a[2] (row 2g) and a[1], a[3] (row 2g + 1)
 *     are a load each;
 *   ZTSMM: an element is 16 bytes (its real and imaginary parts, one into
 *     each plane's fragment), slots in their plain order;
 *   CTSMM: likewise, an element of 8 bytes.
 * The accumulators of DTSMM then hold rows 2g and 2g + 1 of columns 2t and
 * 2t + 1: 16-byte stores of two rows (column-major output) or two columns
 * (interleaved).  Those pairs (PAIRS) need C aligned to 16 bytes with its
 * lines (a column-major C's columns 4 doubles apart: tsmm_tensor); where
 * it is not, DTSMM takes the plain order too (8-byte loads of
 * T) and element stores: a column-major output's by the accumulators,
 * runs of 8 rows a warp (DTSMM with beta = 0 and W = 18-56: gathered by
 * warp shuffles into runs of 16), an interleaved one's through a scratch
 * of 8 rows a warp in shared memory, stored by consecutive lanes at
 * consecutive columns (tsmm_tensor_put_rows), or, without gaps between
 * its rows, as the 16-byte vectors of those 8 rows (tsmm_tensor_put_flat).
 * The pitches in shared memory (tsmm_tensor_pitch) keep the 8 lanes of
 * each phase of a 16-byte load in distinct banks.  Each entry is summed
 * in the order of l by one warp: bit-identical run to run.
 *
 * beta != 0: a stage holds the chunk's rows of C after those of T, copied
 * with them, and the accumulators start at beta*C (as the reference xGEMM
 * scales C before it adds the products); the stores then only write.
 * Reading C from memory after the products (as gpu_tsmm_fma.cu did) left
 * each warp waiting on its loads once a pass: DTSMM 64, beta = 1, H100
 * 58 % of the roofline with those reads, 92 % with the copies.
 *
 * ZTSMM: four real products into two accumulators a tile.  With op C of T
 * as the sign s of its imaginary parts, Re c = Re t Re b - s Im t Im b and
 * Im c = Re t Im b + s Im t Re b (b = alpha*op(S)): the fragments of B are
 * Re b, Im b and -s Im b, s Re b, the last two made from the first by
 * flips of a sign bit.
 *
 * Arguments
 * =========
 * As tsmm_fma (gpu_tsmttsm_tsmm_common.cuh): T(r, l) = tall[r*t_sr +
 * l*t_sl], S(l, j) = small[l*s_sl + j*s_sw], out(r, j) = out[r*o_sr +
 * j*o_sw]; 1 <= K, W <= 64; t_sr == 1 (column-major T) or t_sl == 1
 * (interleaved); o_sr == 1 or o_sw == 1.
 */
#include <config.h>
#include "gpu_tsm_dmma.cuh"

namespace tsblas {

/* Tiles of 8 columns a warp: for STSMM and DTSMM all of W (8 tiles, 32
   accumulator doubles), for CTSMM and ZTSMM half (4 tiles of two
   planes). */
template <typename T>
__host__ __device__ constexpr int tsmm_tensor_wn()
{
    return tensor_planes<T>::count == 1 ? 8 : 4;
}

/* The pitch, in elements, of the chunk in shared memory: at least EXTENT
   (the rows of a column-major chunk, K rounded up to a step for a
   row-major one), such that the 8 lanes of a phase of the 16-byte
   fragment loads, lanes (g, t) with g = 0, 1 and t = 0..3, fall in
   distinct 16-byte banks.  DTSMM: the lane loads at 2g + t*pitch
   (column-major) or 2g*pitch + 2t doubles: pitch = 4 mod 8.  ZTSMM, in
   16-byte elements: g + t*pitch (column-major): pitch = 2 mod 4;
   g*pitch + t (row-major): pitch = 4 mod 8.  The 8-byte loads of DTSMM's
   plain order (16 lanes a phase, g = 0..3: g + t*pitch or g*pitch + t)
   are then apart too, and so are CTSMM's, whose 8-byte elements are
   loaded in that order.  STSMM, in floats (4-byte banks), its pairs 8-byte
   loads (16 lanes a phase), its plain order 4-byte loads (32 lanes):
   column-major 2g + t*pitch or g + t*pitch, pitch = 8 mod 16; row-major
   2g*pitch + 2t or g*pitch + t, pitch = 4 mod 8. */
template <typename T>
__host__ __device__ inline int tsmm_tensor_pitch(bool t_rows, int extent)
{
    const bool complex_columns = std::is_same<T, cuDoubleComplex>::value && !t_rows;
    const bool float_columns = std::is_same<T, float>::value && !t_rows;
    const int modulus = complex_columns ? 4 : float_columns ? 16 : 8;
    const int residue = complex_columns ? 2 : float_columns ? 8 : 4;
    return extent + ((residue - extent) % modulus + modulus) % modulus;
}

/* Doubles of the fragments of alpha*op(S): KSTEPS steps of 8 l, NTILES
   tiles of 8 columns, 32 lanes, 2 doubles a plane. */
template <typename T>
__host__ __device__ inline int tsmm_tensor_frag_doubles(int ksteps, int ntiles)
{
    return ksteps * ntiles * 32 * 2 * tensor_planes<T>::count;
}

/* Element E (0, 1) of a lane's fragment of alpha*op(S), X, into its planes
   at F (real at F[E], imaginary at F[64 + E]): a tile's plane is 64
   doubles, the lanes' pairs in turn, so that a warp's 16-byte loads of a
   plane meet no bank conflict (with the two planes of a lane side by side,
   32 bytes a lane, each load was two-way conflicted: H200, ZTSMM 48
   column-major, ncu, 6.3 million conflicts in 18.6 million wavefronts;
   227 in 14.4 million now). */
template <typename T>
__device__ inline void tsmm_tensor_frag_put(double *f, int e, T x)
{
    if constexpr (tensor_planes<T>::count == 1) {
        f[e] = x;
    } else {
        f[e] = x.x;
        f[64 + e] = x.y;
    }
}

/* Two consecutive elements of a real T in one load. */
template <typename T> struct tsmm_tensor_pair;
template <> struct tsmm_tensor_pair<float> { typedef float2 type; };
template <> struct tsmm_tensor_pair<double> { typedef double2 type; };

/* The fragments of a step of T for the lane, from the chunk at ST (the
   step's first l): A[p][e] is element e of the fragment of plane p, as
   dmma_16x8x8 takes it; OFFSET the lane's loads (elements from ST).
   PAIRS (STSMM, DTSMM): two loads of two elements, else four of one. */
template <bool PAIRS, bool T_ROWS, typename T>
__device__ inline void tsmm_tensor_load_a(double (&a)[1][4], const T *st,
                                          const int (&offset)[4])
{
    typedef typename tsmm_tensor_pair<T>::type pair;
    if (PAIRS) {
        const pair x = *reinterpret_cast<const pair *>(st + offset[0]);
        const pair y = *reinterpret_cast<const pair *>(st + offset[1]);
        /* column-major: x = rows 2g, 2g + 1 at slot t, y at slot t + 4;
           row-major: x = row 2g at slots t, t + 4, y row 2g + 1 */
        a[0][0] = x.x;
        a[0][1] = T_ROWS ? y.x : x.y;
        a[0][2] = T_ROWS ? x.y : y.x;
        a[0][3] = y.y;
    } else {
#pragma unroll
        for (int e = 0; e < 4; e++)
            a[0][e] = st[offset[e]];
    }
}
template <bool PAIRS, bool T_ROWS, typename Z>
__device__ inline void tsmm_tensor_load_a(double (&a)[2][4], const Z *st, const int (&offset)[4])
{
#pragma unroll
    for (int e = 0; e < 4; e++) {
        const Z x = st[offset[e]];
        a[0][e] = x.x;
        a[1][e] = x.y;
    }
}

/* Entry E of a tile's accumulators ACC (one plane, or two) rounded once
   to T. */
template <typename T>
__device__ inline T tsmm_tensor_entry(const double (&acc)[1][4], int e)
{
    return static_cast<T>(acc[0][e]);
}
template <typename T>
__device__ inline T tsmm_tensor_entry(const double (&acc)[2][4], int e)
{
    T z;
    z.x = (decltype(z.x))acc[0][e];
    z.y = (decltype(z.y))acc[1][e];
    return z;
}

/* Entry E of a tile's accumulators := X. */
template <typename T>
__device__ inline void tsmm_tensor_set(double (&acc)[1][4], int e, T x)
{
    acc[0][e] = x;
}
template <typename Z>
__device__ inline void tsmm_tensor_set(double (&acc)[2][4], int e, Z x)
{
    acc[0][e] = x.x;
    acc[1][e] = x.y;
}

/* The scratch of a warp for an interleaved output: 8 rows of the warp's
   columns, PITCH apart (conflicts of the writes at most 2-way). */
template <typename T>
__host__ __device__ constexpr int tsmm_tensor_scratch_pitch()
{
    return tsmm_tensor_wn<T>() * 8 + (tensor_planes<T>::count == 1 ? 8 : 1);
}

/* The tiles of a warp (rows R0 .. R0 + 15, tiles TILE0 .. TILE_END - 1)
   into an interleaved output (OUT(r, j) at out[r*o_sr + j]) through the
   warp's SCRATCH: 8 rows at a time, written there as the accumulators lie
   and stored with consecutive lanes at consecutive columns, so that a
   warp's element stores are runs of whole row segments whatever the
   output's alignment (from the accumulators, each store of a warp would
   leave every other element of its runs). */
template <typename T, int WN, int PLANES>
__device__ inline void tsmm_tensor_put_rows(const double (&acc)[WN][PLANES][4], T *scratch,
                                            int tile0, int tile_end, int w, idx_t r0,
                                            idx_t nrows, T *out, idx_t o_sr)
{
    constexpr int PITCH = tsmm_tensor_scratch_pitch<T>();
    const int lane = threadIdx.x % 32, g = lane / 4, q = lane % 4;
    const int c0 = 8 * tile0, cw = (8 * tile_end < w ? 8 * tile_end : w) - c0;
    const int i_step = 32 / cw, j_step = 32 % cw;

#pragma unroll
    for (int h = 0; h < 2; h++) {
#pragma unroll
        for (int nj = 0; nj < WN; nj++) {
            if (tile0 + nj >= tile_end)
                break;
            T *to = scratch + g * PITCH + nj * 8 + 2 * q;
            to[0] = tsmm_tensor_entry<T>(acc[nj], 2 * h);
            to[1] = tsmm_tensor_entry<T>(acc[nj], 2 * h + 1);
        }
        __syncwarp();
        const idx_t rh = r0 + 8 * h;
        int i = lane / cw, j = lane % cw;
        for (int p = lane; p < 8 * cw; p += 32) {
            if (rh + i < nrows)
                tsmm_put<T, 1>(out + (rh + i) * o_sr + c0 + j, { scratch[i * PITCH + j] });
            i += i_step;
            j += j_step;
            if (j >= cw) {
                j -= cw;
                i++;
            }
        }
        __syncwarp();
    }
}

/* The tiles of a warp (rows R0 .. R0 + 15, tiles TILE0 .. TILE_END - 1,
   all of W: one group of warps) into an interleaved output without gaps
   between its rows (OUT(r, j) at out[r*W + j], 16-byte aligned) through
   the warp's SCRATCH: 8 rows at a time, laid out there as in OUT, then
   stored as 16-byte vectors by consecutive lanes.  8 rows of W elements
   are a whole number of vectors that start on 16 bytes whatever W, so
   that the warp's stores fill every sector they touch in half (doubles)
   or a quarter (floats) of the stores of tsmm_tensor_put_rows, whose
   element stores, loads of the scratch and index steps made DTSMM at
   width 33 run twice the instructions of width 36 (H200, interleaved,
   256 MiB, ncu: 86.9 and 45.6 million). */
template <typename T, int WN, int PLANES>
__device__ inline void tsmm_tensor_put_flat(const double (&acc)[WN][PLANES][4], T *scratch,
                                            int tile0, int tile_end, int w, idx_t r0,
                                            idx_t nrows, T *out)
{
    constexpr int V = tsm_vector_elems<T>();
    typedef typename tsm_raw<V * sizeof(T)>::type vector;
    const int lane = threadIdx.x % 32, g = lane / 4, q = lane % 4;

#pragma unroll
    for (int h = 0; h < 2; h++) {
        const idx_t rh = r0 + 8 * h;
        if (rh >= nrows)
            break;
#pragma unroll
        for (int nj = 0; nj < WN; nj++) {
            const int j0 = 8 * (tile0 + nj) + 2 * q;
            if (tile0 + nj >= tile_end)
                break;
            /* acc[nj][0][e]: row g + 8(e/2), column j0 + e%2 */
#pragma unroll
            for (int e = 2 * h; e < 2 * h + 2; e++)
                if (j0 + e % 2 < w)
                    scratch[g * w + j0 + e % 2] = tsmm_tensor_entry<T>(acc[nj], e);
        }
        __syncwarp();
        const int elems = (int)(nrows - rh < 8 ? nrows - rh : 8) * w;
        T *to = out + rh * w;
        for (int p = lane * V; p < elems; p += 32 * V) {
            if (p + V <= elems) {
                *reinterpret_cast<vector *>(to + p) =
                    *reinterpret_cast<const vector *>(scratch + p);
            } else {
                for (int e = p; e < elems; e++)
                    to[e] = scratch[e];
            }
        }
        __syncwarp();
    }
}

/* NT: 0, each warp tests which of its tiles it has (up to
   tsmm_tensor_wn); 1 .. tsmm_tensor_wn, every warp has NT tiles
   (tsmm_tensor_tiles), its accumulators NT tiles and no test in its
   steps; with SHORT the last group of warps has NT - 1, and runs a loop of
   its own. */
template <typename T, bool T_ROWS, bool PAIRS, int G, int NT, bool SHORT>
__global__ void __launch_bounds__(TSM_THREADS, 1)
tsmm_tensor_kernel(idx_t nrows, int w, int k, int groups_n, int passes, const T *tall,
                   idx_t t_sr, idx_t t_sl, unsigned flip_im, unsigned flip_re, const T *small,
                   idx_t s_sl, idx_t s_sw, bool conj_s, T alpha, T beta, T *out, idx_t o_sr,
                   idx_t o_sw, bool flat, bool flat_out)
{
    constexpr int PLANES = tensor_planes<T>::count;
    constexpr int V = tsm_vector_elems<T>();
    const int ksteps = (k + 7) / 8, ntiles = (w + 7) / 8;
    const int pass_rows = TENSOR_WARPS / groups_n * 16, rows = passes * pass_rows;
    const int pitch = tsmm_tensor_pitch<T>(T_ROWS, T_ROWS ? 8 * ksteps : rows);
    const int frag_doubles = tsmm_tensor_frag_doubles<T>(ksteps, ntiles);
    const bool o_columns = o_sr == 1, read_c = !is_zero(beta);
    /* With beta != 0, a stage holds the chunk's rows of C after those of
       T: column-major (lines the W columns) or interleaved as C is. */
    const int pitch_c = o_columns ? rows : (w + V - 1) / V * V;
    const int t_elems = (T_ROWS ? rows : 8 * ksteps) * pitch;
    const int stage_elems = t_elems + (read_c ? (o_columns ? w : rows) * pitch_c : 0);
    /* Elements from one step of l to the next, and from one pass to the
       next, in a chunk. */
    const int step_stride = T_ROWS ? 8 : 8 * pitch;
    const int pass_stride = T_ROWS ? pass_rows * pitch : pass_rows;
    const idx_t nchunks = (nrows + rows - 1) / rows;
    const int t = threadIdx.x, warp = t / 32, lane = t % 32, g = lane / 4, q = lane % 4;
    /* Warps w and w + 4 share a scheduler: with two or four groups they
       are in different ones (where the groups' tiles differ in number, as
       3 and 2 at W = 33-40, a scheduler then gets 5, not 6 or 4). */
    const int group_n = (warp + (groups_n < TENSOR_WARPS ? warp / 4 : 0)) % groups_n;
    const int row0 = warp / groups_n * 16;
    /* The warp's tiles of 8 columns, tile0 .. tile_end - 1: the NTILES
       tiles spread evenly over the groups (at most WN each). */
    const int group_tiles = (ntiles + groups_n - 1) / groups_n, tile0 = group_n * group_tiles;
    const int tile_end = tile0 + group_tiles < ntiles ? tile0 + group_tiles : ntiles;
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    double *frags = reinterpret_cast<double *>(shared_bytes);
    T *stages = reinterpret_cast<T *>(frags + frag_doubles);
    /* after the stages, where the output is interleaved and not PAIRS */
    T *scratch = stages + TENSOR_STAGES * stage_elems
                 + warp * 8 * tsmm_tensor_scratch_pitch<T>();
    const unsigned stages_shared = (unsigned)__cvta_generic_to_shared(stages);
    /* DTSMM's column-major output without the pairs (columns off the
       32-byte sectors): in runs of 16 rows (below) for beta = 0 and W =
       18-56.  Where its columns start off the sectors, each run of 8 rows
       of a store touches more sectors than it fills, and the L2 cache
       takes a write request for each: H100, DTSMM column-major, width 40,
       M = 1 mod 4, 1 GiB, ncu: 32 million write requests against 13
       million with M a multiple of 4 and the pairs, 18 % more time.  Runs
       of 16 rows, H100, the table's paths, square widths 4-64, M = 0, 1, 2,
       3 mod 4, 1 GiB, two runs each way (doc/data/gpu-h100-dtsmm-col-gather-
       {before,after}.csv): M = 1, 3 mod 4 at 18-56 +6.4 and +5.1 points of
       the roofline in the mean (40: 75 -> 88 %, 56: 72 -> 87 %; 4 GiB,
       24-56 in steps of 8, +10: 76 -> 86 % at 24, 71 -> 88 % at 56), M =
       2 mod 4 +1.6 (-5 at 21); at 8-17 within a point but 11 (-7 to -12)
       and 12, 17 at M = 2 mod 4 (-6, -5); at 4, 60-64, with beta = 1 and
       for ZTSMM lower in an earlier trial. */
    const bool gather_out = PLANES == 1 && !read_c && w >= 18 && w <= 56;
    const chunk_copy_plan plan = chunk_make_plan<V, sizeof(T)>(T_ROWS ? t_sr : t_sl,
                                                              T_ROWS ? k : rows, pitch, false);
    const chunk_copy_plan plan_c = chunk_make_plan<V, sizeof(T)>(o_columns ? o_sw : o_sr,
                                                                o_columns ? rows : w, pitch_c,
                                                                false);
    int offset[4];
    idx_t chunk = blockIdx.x;

    /* The lane's loads of T (elements from a step's start): with PAIRS
       rows row0 + 2g and 2g + 1, else row0 + g and g + 8. */
#pragma unroll
    for (int e = 0; e < 4; e++) {
        int row, l;
        if (PAIRS) {
            row = row0 + 2 * g + (T_ROWS ? e : 0);
            l = T_ROWS ? 2 * q : q + 4 * e;
        } else {
            row = row0 + g + 8 * (e % 2);
            l = q + 4 * (e / 2);
        }
        offset[e] = T_ROWS ? row * pitch + l : l * pitch + row;
    }

    /* The fragments of alpha*op(S), zero past K and W: element e of lane
       (gs, ts) of step s and tile n is S'(l, 8n + gs), l the step's slot
       ts + 4e, or 2ts + e for PAIRS from a row-major chunk. */
    for (int i = t; i < frag_doubles / PLANES; i += TSM_THREADS) {
        const int e = i % 2, fl = i / 2 % 32, tile = i / 64;
        const int s = tile / ntiles, n = tile % ntiles;
        const int l = 8 * s + (PAIRS && T_ROWS ? 2 * (fl % 4) + e : fl % 4 + 4 * e);
        const int j = 8 * n + fl / 4;
        const T x = l < k && j < w ? mul(alpha, conj_if(small[l * s_sl + j * s_sw], conj_s))
                                   : zero<T>();
        tsmm_tensor_frag_put(frags + tile * 64 * PLANES + fl * 2, e, x);
    }
    /* What the copies never write (the lines past K of a column-major
       chunk, the ends of the rows of a row-major one) is zero once: the
       fragments of S are zero there, and 0 * 0 adds nothing. */
    for (int e = t; e < TENSOR_STAGES * stage_elems; e += TSM_THREADS)
        stages[e] = zero<T>();
    __syncthreads();

    /* The products and stores of a chunk in STAGE, for TILES (NT, or NT - 1
       in the short group) tiles a warp. */
    auto multiply = [&](int stage, auto tiles) {
        constexpr int TILES = decltype(tiles)::value;
        constexpr int WN = TILES ? TILES : tsmm_tensor_wn<T>();
        const idx_t chunk_r0 = chunk * rows;
        chunk += gridDim.x;
#pragma unroll 1
        for (int pass = 0; pass < passes; pass++) {
            const idx_t r0 = chunk_r0 + pass * pass_rows;
            const T *st = stages + stage * stage_elems + pass * pass_stride;
            const double *fb = frags + tile0 * 64 * PLANES + lane * 2;
            double acc[WN][PLANES][4] = {};
            if (r0 >= nrows)
                break;
            /* beta*C first, as the reference xGEMM scales C before it
               adds the products, from the chunk's copy of C (loads of
               C from memory here would stall the warp for each pass;
               after each store, for each element), so that the
               stores below only write. */
            if (read_c) {
                const T *sc = stages + stage * stage_elems + t_elems;
#pragma unroll
                for (int nj = 0; nj < WN; nj++) {
                    if (TILES == 0 && tile0 + nj >= tile_end)
                        break;
#pragma unroll
                    for (int e = 0; e < 4; e++) {
                        const int rc = pass * pass_rows + row0
                                       + (PAIRS ? 2 * g + e / 2 : g + 8 * (e / 2));
                        const int j = 8 * (tile0 + nj) + 2 * q + e % 2;
                        if (chunk_r0 + rc < nrows && j < w)
                            tsmm_tensor_set(
                                acc[nj], e,
                                mul(beta, sc[o_columns ? j * pitch_c + rc : rc * pitch_c + j]));
                    }
                }
            }
#pragma unroll 2
            for (int s = 0; s < ksteps; s++) {
                const double *fs = fb + s * ntiles * 64 * PLANES;
                double a[PLANES][4];
                tsmm_tensor_load_a<PAIRS, T_ROWS>(a, st + s * step_stride, offset);
                if constexpr (PLANES == 1 && TILES > 0) {
                    /* The step's fragments of S all loaded before its
                       mma, with no test between them. */
                    double b[WN][2];
#pragma unroll
                    for (int nj = 0; nj < WN; nj++) {
                        const double2 x = *reinterpret_cast<const double2 *>(fs + nj * 64);
                        b[nj][0] = x.x;
                        b[nj][1] = x.y;
                    }
#pragma unroll
                    for (int nj = 0; nj < WN; nj++)
                        dmma_16x8x8(acc[nj][0], a[0], b[nj]);
                } else if constexpr (PLANES == 1) {
#pragma unroll
                    for (int nj = 0; nj < WN; nj++) {
                        if (tile0 + nj >= tile_end)
                            break;
                        const double2 b = *reinterpret_cast<const double2 *>(fs + nj * 64);
                        const double bf[2] = { b.x, b.y };
                        dmma_16x8x8(acc[nj][0], a[0], bf);
                    }
                } else {
                    /* Two tiles at a time, so that the two products
                       into an accumulator are two mma apart. */
#pragma unroll
                    for (int nj = 0; nj < WN; nj += 2) {
                        double bf[2][4][2];
                        const int pair = TILES ? (nj + 1 < TILES ? 2 : 1)
                                            : (tile0 + nj + 1 < tile_end ? 2 : 1);
                        if (TILES == 0 && tile0 + nj >= tile_end)
                            break;
#pragma unroll
                        for (int u = 0; u < 2; u++) {
                            if (u < pair) {
                                const double *f = fs + (nj + u) * 128;
                                const double2 re = *reinterpret_cast<const double2 *>(f);
                                const double2 im = *reinterpret_cast<const double2 *>(f + 64);
                                bf[u][0][0] = re.x;
                                bf[u][0][1] = re.y;
                                bf[u][1][0] = im.x;
                                bf[u][1][1] = im.y;
                                bf[u][2][0] = tensor_flip(im.x, flip_im);
                                bf[u][2][1] = tensor_flip(im.y, flip_im);
                                bf[u][3][0] = tensor_flip(re.x, flip_re);
                                bf[u][3][1] = tensor_flip(re.y, flip_re);
                            }
                        }
#pragma unroll
                        for (int h = 0; h < 2; h++)
#pragma unroll
                            for (int u = 0; u < 2; u++)
                                if (u < pair) {
                                    dmma_16x8x8(acc[nj + u][0], a[h], bf[u][2 * h]);
                                    dmma_16x8x8(acc[nj + u][1], a[h], bf[u][2 * h + 1]);
                                }
                    }
                }
            }

            if constexpr (PLANES == 1 && !PAIRS) {
                if (flat_out) {
                    tsmm_tensor_put_flat<T, WN, PLANES>(acc, scratch, tile0, tile_end, w,
                                                        r0 + row0, nrows, out);
                    continue;
                }
            }
            if (!PAIRS && !o_columns) {
                tsmm_tensor_put_rows<T, WN, PLANES>(acc, scratch, tile0, tile_end, w,
                                                    r0 + row0, nrows, out, o_sr);
                continue;
            }
#pragma unroll
            for (int nj = 0; nj < WN; nj++) {
                const int j0 = 8 * (tile0 + nj) + 2 * q;
                if (TILES == 0 && tile0 + nj >= tile_end)
                    break;
                if constexpr (PAIRS) {
                    if (j0 >= w)
                        continue;
                    /* acc[nj][0][e]: row 2g + e/2, column j0 + e%2,
                       in stores of two rows or two columns */
                    const idx_t r = r0 + row0 + 2 * g;
                    T d[4];
#pragma unroll
                    for (int e = 0; e < 4; e++)
                        d[e] = static_cast<T>(acc[nj][0][e]);
                    if (o_columns) {
#pragma unroll
                        for (int c = 0; c < 2 && j0 + c < w; c++) {
                            T *o = out + r + (j0 + c) * o_sw;
                            if (r + 1 < nrows)
                                tsmm_put<T, 2>(o, { d[c], d[c + 2] });
                            else if (r < nrows)
                                tsmm_put<T, 1>(o, { d[c] });
                        }
                    } else {
#pragma unroll
                        for (int h = 0; h < 2 && r + h < nrows; h++) {
                            T *o = out + (r + h) * o_sr + j0;
                            if (j0 + 1 < w)
                                tsmm_put<T, 2>(o, { d[2 * h], d[2 * h + 1] });
                            else
                                tsmm_put<T, 1>(o, { d[2 * h] });
                        }
                    }
                } else if (gather_out) {
                    /* STSMM, DTSMM: acc[nj][0][e], row g + 8(e/2), column
                       j0 + e%2 of a column-major output, gathered by
                       shuffles so that lanes 0-15 store rows 0-15 of a
                       column and lanes 16-31 those of the next: two
                       runs of 16 rows a store, not four of 8 (below) */
                    if constexpr (PLANES == 1) {
                        const int r = lane % 16, half = lane / 16;
                        const int from_e = 2 * (r / 8) + half;
                        const idx_t row = r0 + row0 + r;
#pragma unroll
                        for (int c = 0; c < 4; c++) {
                            const int from_lane = 4 * (r % 8) + c;
                            const int j = 8 * (tile0 + nj) + 2 * c + half;
                            double x = 0.0;
#pragma unroll
                            for (int e = 0; e < 4; e++) {
                                const double y =
                                    __shfl_sync(0xffffffffu, acc[nj][0][e], from_lane);
                                if (e == from_e)
                                    x = y;
                            }
                            if (row < nrows && j < w)
                                tsmm_put<T, 1>(out + row + j * o_sw, { static_cast<T>(x) });
                        }
                    }
                } else {
                    /* the same from the accumulators: a warp's stores
                       are runs of 8 rows */
                    if (j0 >= w)
                        continue;
#pragma unroll
                    for (int e = 0; e < 4; e++) {
                        const idx_t r = r0 + row0 + g + 8 * (e / 2);
                        if (r < nrows && j0 + e % 2 < w)
                            tsmm_put<T, 1>(out + r * o_sr + (j0 + e % 2) * o_sw,
                                           { tsmm_tensor_entry<T>(acc[nj], e) });
                    }
                }
            }
        }
    };

    chunk_loop<TENSOR_STAGES>(
        nchunks,
        [&](idx_t c, int stage) {
            tsmm_copy_chunk<T, V, G>(
                c, rows, nrows, stages_shared + (unsigned)(stage * stage_elems * sizeof(T)),
                plan, tall, t_sr, t_sl, T_ROWS, k, flat, pitch, plan_c, out, o_sr, o_columns, w,
                read_c, t_elems);
        },
        [&](int stage) {
            if constexpr (SHORT)
                if (tile_end - tile0 < NT) {
                    multiply(stage, std::integral_constant<int, NT - 1>());
                    return;
                }
            multiply(stage, std::integral_constant<int, NT>());
        });
}

template <typename T>
struct tsmm_tensor_kernel_ptr {
    typedef void (*type)(idx_t, int, int, int, int, const T *, idx_t, idx_t, unsigned, unsigned,
                         const T *, idx_t, idx_t, bool, T, T, T *, idx_t, idx_t, bool, bool);
};

/* The largest NT instantiated: the tiles a warp of DTSMM (8) and ZTSMM
   (4) may have, none for STSMM (below) and CTSMM (its tiles tested, as
   STSMM's: the four kernels of a run-time NT instead of 32 of fixed ones
   keep the build's time). */
template <typename T>
__host__ __device__ constexpr int tsmm_tensor_nt_max()
{
    return std::is_same<T, double>::value ? 8 : std::is_same<T, cuDoubleComplex>::value ? 4 : 0;
}

/* The tiles of a warp for the kernel's NT, where every group of warps
   has as many, or for ZTSMM all but the last, which has one fewer
   (*SHORT; at W = 33-40 and 49-56, three and two tiles, four and three);
   else 0, each warp's tiles tested at run time.  With NT a step loads
   all of its fragments of S, then makes its mma, with no test of a tile
   between them, where otherwise each mma waits for the load of its
   fragment just before it: H200, the tensor kernel forced, 1 GiB, widths 5-64, two
   runs in alternating order, mean % of the roofline DTSMM col 70.4 ->
   74.4, int 73.1 -> 76.6, ZTSMM col 68.7 -> 75.5, int 60.1 -> 68.1 (of
   which the short group: col 73.1 -> 75.5, int 66.3 -> 68.1;
   doc/gpu-performance.md).  STSMM keeps the tests: it was no faster
   with the loads first. */
template <typename T>
static int tsmm_tensor_tiles(int ntiles, int groups_n, bool *short_group)
{
    const int nt = (ntiles + groups_n - 1) / groups_n;
    *short_group = false;
    if (nt > tsmm_tensor_nt_max<T>())
        return 0;
    if (ntiles % groups_n == 0)
        return nt;
    *short_group = std::is_same<T, cuDoubleComplex>::value && nt >= 2
                   && ntiles == groups_n * nt - 1;
    return *short_group ? nt : 0;
}

/* The kernel for T's storage order (T_ROWS: interleaved), with PAIRS
   (STSMM, DTSMM) or not, that copies G elements at a time (STSMM: 4, 2 or
   1; DTSMM, CTSMM: 2 or 1; ZTSMM: 1), of NT tiles a warp (SHORT: NT - 1 in the
   last group). */
template <typename T, bool T_ROWS, int NT, bool SHORT>
static typename tsmm_tensor_kernel_ptr<T>::type tsmm_tensor_kernel_of(bool pairs, int g)
{
    if constexpr (tsm_vector_elems<T>() == 4) {
        if (g == 4)
            return pairs ? tsmm_tensor_kernel<T, T_ROWS, true, 4, NT, SHORT>
                         : tsmm_tensor_kernel<T, T_ROWS, false, 4, NT, SHORT>;
        if (g == 2)
            return pairs ? tsmm_tensor_kernel<T, T_ROWS, true, 2, NT, SHORT>
                         : tsmm_tensor_kernel<T, T_ROWS, false, 2, NT, SHORT>;
        return pairs ? tsmm_tensor_kernel<T, T_ROWS, true, 1, NT, SHORT>
                     : tsmm_tensor_kernel<T, T_ROWS, false, 1, NT, SHORT>;
    }
    if constexpr (tsm_vector_elems<T>() == 2) {
        if constexpr (tensor_planes<T>::count == 1)
            if (pairs)
                return g == 2 ? tsmm_tensor_kernel<T, T_ROWS, true, 2, NT, SHORT>
                              : tsmm_tensor_kernel<T, T_ROWS, true, 1, NT, SHORT>;
        if (g == 2)
            return tsmm_tensor_kernel<T, T_ROWS, false, 2, NT, SHORT>;
    }
    return tsmm_tensor_kernel<T, T_ROWS, false, 1, NT, SHORT>;
}

/* The same for NT and a short group known at run time
   (tsmm_tensor_tiles), NT from MAX down: NT 1-8 for DTSMM, 1-4 for ZTSMM,
   a short group for ZTSMM only (DTSMM's warps are one group with beta =
   0; with beta != 0 the rows of C in the stages take two groups from
   width 41 or so, of as many tiles but at 49-56, where the tiles stay
   tested); 0 otherwise. */
template <typename T, bool T_ROWS, int MAX = tsmm_tensor_nt_max<T>()>
static typename tsmm_tensor_kernel_ptr<T>::type tsmm_tensor_kernel_of(int nt, bool short_group,
                                                                     bool pairs, int g)
{
    if constexpr (MAX == 0) {
        return tsmm_tensor_kernel_of<T, T_ROWS, 0, false>(pairs, g);
    } else {
        if (nt != MAX)
            return tsmm_tensor_kernel_of<T, T_ROWS, MAX - 1>(nt, short_group, pairs, g);
        if constexpr (std::is_same<T, cuDoubleComplex>::value) {
            /* A short group of no tiles is none: tsmm_tensor_tiles never
               asks for it. */
            if (short_group) {
                if constexpr (MAX >= 2)
                    return tsmm_tensor_kernel_of<T, T_ROWS, MAX, true>(pairs, g);
                else
                    return tsmm_tensor_kernel_of<T, T_ROWS, 0, false>(pairs, g);
            }
        }
        return tsmm_tensor_kernel_of<T, T_ROWS, MAX, false>(pairs, g);
    }
}

template <typename T>
int tsmm_tensor(idx_t nrows, idx_t w, idx_t k, const T *tall, idx_t t_sr, idx_t t_sl,
                bool conj_t, const T *small, idx_t s_sl, idx_t s_sw, bool conj_s, T alpha,
                T beta, T *out, idx_t o_sr, idx_t o_sw, cudaStream_t stream, bool *fits)
{
    const int v = tsm_vector_elems<T>();
    const bool t_rows = t_sr != 1, o_columns = o_sr == 1;
    /* The pairs of rows or columns in one store (STSMM 8 bytes, DTSMM 16)
       need the output aligned to them, and so its lines; DTSMM's also a
       column-major output's columns a multiple of 4 doubles apart, and
       its copies of 16 bytes a column-major T's
       (below; with beta != 0 C's copies are as wide):
       with columns 2 mod 4 doubles apart (every other one 16 bytes off a
       32-byte sector), the pairs and those copies ran slower than single
       elements and 8-byte copies (H100, 1 GiB, C = A*B with A and C
       column-major, M = LDA = LDC = 2 mod 4, the tensor kernel forced,
       widths 17-64: 60-84 % of the roofline before, 76-87 % now,
       doc/data/gpu-h100-dtsmm-col-m2mod4-{before,after}.csv; M a multiple
       of 4, with the pairs: 75-92 %). */
    const bool real = tensor_planes<T>::count == 1, real_doubles = std::is_same<T, double>::value;
    const bool wide_out = real && (uintptr_t)out % (2 * sizeof(T)) == 0
                          && (o_columns ? o_sw % (real_doubles ? 4 : 2) : o_sr % 2) == 0;
    const bool read_c = !is_zero(beta);
    bool flat;
    int g = tsmm_copy_width(k, tall, t_sr, t_sl, out, o_sr, o_sw, read_c, &flat);
    if (real_doubles && !t_rows && t_sl % 4 != 0)
        g = 1;
    /* An interleaved T without gaps of rows of 2 mod 4 doubles (each row
       a run of 16-byte copies, every other one off the 32-byte sectors):
       16-byte copies of the chunk as one run of memory (tsmm_copy_flat).
       H200, DTSMM interleaved, tensor forced, 1 GiB, against two runs of
       the copies by rows: widths 6-54 at 2 mod 4 +2 to +7 points of the
       roofline (10: 77 -> 84 %, 14: 77 -> 83 %), 58 and 62 -4 and -5. */
    if (real_doubles && t_rows && t_sr == k && k % 4 == 2 && k <= 54 && g == 2)
        flat = true;
    const int ksteps = (int)(k + 7) / 8, ntiles = (int)(w + 7) / 8;
    const size_t frag_bytes = (size_t)tsmm_tensor_frag_doubles<T>(ksteps, ntiles) * sizeof(double);
    /* The fragments of T of STSMM and DTSMM in pairs of rows where the
       output takes the pairs in stores of two; else single loads, and
       element stores: a column-major output's in runs of 8 rows (or 16,
       gather_out), an interleaved one's through the warps' scratch. */
    const bool pairs = real && wide_out;
    const size_t scratch_bytes = !pairs && !o_columns
                                     ? (size_t)TENSOR_WARPS * 8
                                           * tsmm_tensor_scratch_pitch<T>() * sizeof(T)
                                     : 0;
    auto shared_of = [&](int groups_n, int passes) {
        const int rows = passes * TENSOR_WARPS / groups_n * 16;
        const int pitch = tsmm_tensor_pitch<T>(t_rows, t_rows ? 8 * ksteps : rows);
        const int pitch_c = o_columns ? rows : (int)(w + v - 1) / v * v;
        const size_t c_elems = read_c ? (size_t)(o_columns ? w : rows) * pitch_c : 0;
        return frag_bytes + scratch_bytes
               + TENSOR_STAGES * ((size_t)(t_rows ? rows : 8 * ksteps) * pitch + c_elems)
                     * sizeof(T);
    };
    int shared_max, groups_n = 1, passes, status;

    *fits = false;
    status = chunk_shared_limit(TENSOR_SHARED_MAX + (int)scratch_bytes, 1, &shared_max);
    if (status != 0)
        return status;
    /* Warp groups along the columns: as many as W needs, more where a
       pass of 16 rows a warp would not fit shared memory in its stages. */
    while (groups_n * tsmm_tensor_wn<T>() < ntiles)
        groups_n *= 2;
    while (groups_n < TENSOR_WARPS && shared_of(groups_n, 1) > (size_t)shared_max)
        groups_n *= 2;
    if (shared_of(groups_n, 1) > (size_t)shared_max)
        return 0;
    /* An interleaved output without gaps that does not take the pairs
       (rows of an odd number of elements), in one group of warps (a warp
       stores whole rows: all of W in its tiles): stored 8 rows at a time
       as 16-byte vectors through the warps' scratch (tsmm_tensor_put_flat).
       H200, STSMM and DTSMM interleaved, widths 5-64, the tensor kernel
       forced, 1 GiB, two runs in alternating order: at the odd widths the
       mean % of the roofline S 32.2 -> 39.5, D 57.0 -> 63.7 (D 31: 61 ->
       76, 47: 62 -> 74); rows of 2 mod 4 doubles or 4 mod 8 floats, with
       the pairs, lost 6 to 7 points so (D 72.7 -> 65.7). */
    const bool flat_out = real && !pairs && !o_columns && o_sr == w
                          && (uintptr_t)out % 16 == 0 && groups_n == 1;
    /* Chunks of about TENSOR_STAGE_BYTES of T (and C), of whole passes;
       a column-major chunk's lines of at most a vector a thread
       (chunk_make_plan). */
    const int pass_rows = TENSOR_WARPS / groups_n * 16;
    passes = (int)(TENSOR_STAGE_BYTES / ((size_t)pass_rows * (k + (read_c ? w : 0)) * sizeof(T)));
    if ((!t_rows || (read_c && o_columns)) && passes > TSM_THREADS * v / pass_rows)
        passes = TSM_THREADS * v / pass_rows;
    if ((idx_t)passes * pass_rows > nrows)
        passes = (int)((nrows + pass_rows - 1) / pass_rows);
    if (passes < 1)
        passes = 1;
    while (passes > 1 && shared_of(groups_n, passes) > (size_t)shared_max)
        passes--;
    const size_t shared = shared_of(groups_n, passes);
    bool short_group;
    const int nt = tsmm_tensor_tiles<T>(ntiles, groups_n, &short_group);
    const typename tsmm_tensor_kernel_ptr<T>::type kernel =
        t_rows ? tsmm_tensor_kernel_of<T, true>(nt, short_group, pairs, g)
               : tsmm_tensor_kernel_of<T, false>(nt, short_group, pairs, g);
    *fits = true;

    int blocks_per_sm = 0;
    status = tsm_blocks_per_sm((const void *)kernel, shared, &blocks_per_sm);
    if (status != 0)
        return status;
    const idx_t rows = (idx_t)passes * pass_rows;
    const idx_t grid = fill_grid(blocks_per_sm, (nrows + rows - 1) / rows);
    kernel<<<(unsigned)grid, TSM_THREADS, shared, stream>>>(
        nrows, (int)w, (int)k, groups_n, passes, tall, t_sr, t_sl,
        conj_t ? 0u : 0x80000000u, conj_t ? 0x80000000u : 0u, small, s_sl, s_sw, conj_s, alpha,
        beta, out, o_sr, o_sw, flat, flat_out);
    return launch_status("xTSMM tensor-core kernel");
}

template int tsmm_tensor<float>(idx_t, idx_t, idx_t, const float *, idx_t, idx_t, bool,
                                const float *, idx_t, idx_t, bool, float, float, float *, idx_t,
                                idx_t, cudaStream_t, bool *);
template int tsmm_tensor<double>(idx_t, idx_t, idx_t, const double *, idx_t, idx_t, bool,
                                 const double *, idx_t, idx_t, bool, double, double, double *,
                                 idx_t, idx_t, cudaStream_t, bool *);
template int tsmm_tensor<cuFloatComplex>(idx_t, idx_t, idx_t, const cuFloatComplex *, idx_t,
                                         idx_t, bool, const cuFloatComplex *, idx_t, idx_t,
                                         bool, cuFloatComplex, cuFloatComplex,
                                         cuFloatComplex *, idx_t, idx_t, cudaStream_t, bool *);
template int tsmm_tensor<cuDoubleComplex>(idx_t, idx_t, idx_t, const cuDoubleComplex *, idx_t,
                                          idx_t, bool, const cuDoubleComplex *, idx_t, idx_t,
                                          bool, cuDoubleComplex, cuDoubleComplex,
                                          cuDoubleComplex *, idx_t, idx_t, cudaStream_t, bool *);

} /* namespace tsblas */
