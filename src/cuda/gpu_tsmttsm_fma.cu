/*
 * gpu_tsmttsm_fma.cu: STSMTTSM and CTSMTTSM on the
 * FP32 cores (the fma path of gpu_tsmttsm_tsmm_common.cuh).
 *
 * Purpose
 * =======
 * tsmttsm_fma computes, for C := alpha*op(A)*op(B) + beta*C with A, B
 * block vectors of K rows and M, N <= 64 columns, one M-by-N partial sum
 * per block of a grid sized to the device, into workspace; then, in the
 * same launch, the blocks sum the partials in a fixed order and apply
 * alpha and beta (tsm_finish_c).
 *
 * Why this kernel.  At width 64 STSMTTSM needs 16 flop per byte: at the
 * H100's 3 TB/s, 49 Tflop/s, three quarters of its FP32 rate, so the
 * kernel must keep the FMA pipes busy and spend little else; at width 16
 * it needs 12 Tflop/s and must above all keep the memory busy.  There are
 * no FP32 tensor cores that round as BLAS does (TF32 drops 13 bits of each
 * factor), so this is the register tiling of a classic SGEMM, fed by the
 * chunks of the tensor kernel of DTSMTTSM (gpu_tsmttsm_tensor.cu): the K
 * rows are cut into chunks of ROWS rows, block b takes chunks b, b + grid,
 * ..., and its 256 threads copy a chunk of A and of B into shared memory
 * with asynchronous copies (gpu_tsmttsm_chunks.cuh: 16-byte copies where
 * the arrays allow, else 8 or 4 bytes, coalesced in either storage order,
 * zero past K) in FMA_STAGES stages, so that the copies of the next chunk
 * overlap the arithmetic of this one.  Chunks of about 64 KiB a
 * multiprocessor: one block with the large tiles (8 x 8; complex 4 x 8 and
 * 8 x 4) and with the mixed storage orders, two with chunks of half that
 * size with the smaller tiles, which have registers for it.
 *
 * C, padded to whole TM x TN tiles, is cut into tiles; a thread keeps one
 * tile in registers, and the block's threads are the tiles times
 * k-groups: k-group g takes the g-th of groups runs of consecutive steps
 * of V rows each (V = 4 for float, 2 for complex: one 16-byte load of a
 * column), through pointers that advance a step at a time; the float
 * tiles of two blocks a multiprocessor take the steps g, g + groups, ...
 * through offsets (fma_line_pointers).  A step loads TM + TN vectors of 16
 * bytes (in a row-major chunk, V loads of narrower vectors along a tile
 * side shorter than V) and does TM*TN*V multiply-adds (four real ones for
 * a complex product).  In a column-major chunk a thread's columns are
 * interleaved with those of the other tiles (entry w of tile t is column
 * w*tiles + t), so that the lanes of a warp load consecutive columns,
 * whose pitch of an odd number of 16-byte vectors puts eight of them in
 * distinct banks; in a row-major chunk its vectors are (entry w is column
 * (w/VW*tiles + t)*VW + w%VW), so that the lanes load consecutive vectors
 * of one row.  Lanes with the same tile side load the same address, and
 * fma_tile_of pairs them so that the loads return twice as fast.
 *
 * op C is a flip of the sign bit of imaginary parts: of the loaded elements
 * of one side (the one with the fewer a step, fma_flips_a) where one
 * operand is conjugated, and of the block's partial sum where that moves
 * the conjugate off the other side or both are (fma_flips_a's comment).
 * At the end the k-groups are summed into k-group 0 in a fixed tree
 * through shared memory (chunk_sum_groups), k-group 0 writes the block's
 * partial C, and the grid finishes C from the partials (tsm_finish_c).
 * No atomics: bit-identical run to run.
 *
 * Arguments
 * =========
 * As the staged kernel of gpu_tsmttsm.cu: op(A)(i, l) = a[i*a_si + l*a_sl],
 * op(B)(l, j) = b[l*b_sl + j*b_sj], 1 <= M, N <= 64, K >= 1; PARTIAL gets
 * grid * M * N elements, block b's at PARTIAL + b*M*N, column-major;
 * FINISH holds alpha, beta and C.
 */
#include <config.h>
#include "gpu_tsm_fma_tiles.cuh"

namespace tsblas {

/* A k-group's loop over its steps through line pointers that advance a
   step at a time (fma_lines, fma_fragment_at), not through addresses
   made from offsets at each load (SASS of CTSMTTSM 33 col, a step of 128
   FFMA: 19 integer instructions and 16 flips before, 10 and 8 now); with
   the flips of one side only (fma_flips_a) this took CTSMTTSM 17-64 from
   36-85 % of the roofline (median 52) to 44-95 % (median 63; H100, 1 GiB,
   fma forced).  Not on the float tiles of two blocks a multiprocessor:
   there the pointers spill out of 128 registers (ptxas) and STSMTTSM 5-24
   lost 1 to 9 points, so those keep offsets and the steps g, g + groups,
   .... */
__host__ __device__ constexpr bool fma_line_pointers(int tm, int tn, int element_bytes,
                                                     int layout)
{
    return element_bytes == 8 || fma_blocks_per_sm(tm, tn, element_bytes, layout) == 1;
}

/* op C of one operand is a flip of the imaginary parts of the fragments
   of one side, A's where TM <= TN (the side with the fewer entries a
   step), B's otherwise: sum conj(a)*b = conj(sum a*conj(b)), so a
   conjugate of the other side is the flip of this one and of the block's
   partial sum; op C of both is the flip of the partial alone. */
__host__ __device__ constexpr bool fma_flips_a(int tm, int tn)
{
    return tm <= tn;
}

template <typename T, int TM, int TN, int G, int LAYOUT>
__global__ void __launch_bounds__(TSM_THREADS, fma_blocks_per_sm(TM, TN, sizeof(T), LAYOUT))
tsmttsm_fma_kernel(int m, int n, idx_t k, int rows, int groups, const T *a, idx_t a_si,
                   idx_t a_sl, const T *b, idx_t b_sl, idx_t b_sj, unsigned flip,
                   unsigned flip_partial, T *partial, tsm_finish<T> finish)
{
    constexpr int V = tsm_vector_elems<T>();
    constexpr int VA = TM < V ? TM : V, VB = TN < V ? TN : V;
    constexpr bool FLIP_A = fma_flips_a(TM, TN);
    constexpr bool LINES = fma_line_pointers(TM, TN, sizeof(T), LAYOUT);
    const fma_shape shape = fma_make_shape(m, n, TM, TN);
    const bool a_columns = LAYOUT == FMA_MIXED ? a_sl == 1 : LAYOUT == FMA_COLUMNS;
    const bool b_columns = LAYOUT == FMA_MIXED ? b_sl == 1 : LAYOUT == FMA_COLUMNS;
    const int pitch_a = fma_pitch<T>(a_columns, rows, shape.width_a);
    const int pitch_b = fma_pitch<T>(b_columns, rows, shape.width_b);
    const int plane_a = (a_columns ? shape.width_a : rows) * pitch_a;
    const int stage_elems = plane_a + (b_columns ? shape.width_b : rows) * pitch_b;
    const idx_t nchunks = (k + rows - 1) / rows;
    const int t = threadIdx.x;
    const int group = t / shape.tiles;
    /* With LINES, k-group g takes the consecutive steps [first, end) of
       a chunk's rows/V, so that its line pointers advance by a constant. */
    const int steps = rows / V;
    const int step_first = group * steps / groups, step_end = (group + 1) * steps / groups;
    int tile_i, tile_j;
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *stages = reinterpret_cast<T *>(shared_bytes);
    const unsigned stages_shared = (unsigned)__cvta_generic_to_shared(shared_bytes);
    /* A column-major chunk's plan hands each thread vectors of V
       elements, copied G at a time, so that the chunk has the same rows
       whatever G.  An interleaved chunk's plan hands it vectors of G
       elements, one copy each: copied G < V at a time, vectors of V put
       the eight lanes of a row four words apart and four rows on the same
       banks (ncu, STSMTTSM 25 interleaved: four times the wavefronts of
       width 28, long-scoreboard stalls).  Measured on the H100, 1 GiB,
       with the copies of whole lines (chunk_copy_whole_lines; without
       them the copies' instructions cost more than this saved):
       STSMTTSM interleaved 5-17 from 50-85 % of the roofline to 76-93 %,
       25-29 up to 13 points more, CTSMTTSM 5 +8, the rest within 3 points. */
    const chunk_copy_plan plan_a =
        a_columns ? chunk_make_plan<V, sizeof(T)>(a_si, rows, pitch_a, false)
                  : chunk_make_plan<G, sizeof(T)>(a_sl, m, pitch_a, false);
    const chunk_copy_plan plan_b =
        b_columns ? chunk_make_plan<V, sizeof(T)>(b_sj, rows, pitch_b, false)
                  : chunk_make_plan<G, sizeof(T)>(b_sl, n, pitch_b, false);
    auto copy_operand = [&](const chunk_copy_plan &plan, const T *x, idx_t x_sl, bool columns,
                            int width, idx_t l0, unsigned to) {
        if (columns)
            chunk_copy_operand<T, V, 1, G>(plan, x, x_sl, true, width, l0, rows, k, to, 0);
        else
            chunk_copy_operand<T, G, 1, G>(plan, x, x_sl, false, width, l0, rows, k, to, 0);
    };
    int offset_a[TM], offset_b[TN];
    const T *line_a[TM], *line_b[TN];
    T acc[TM][TN];

    fma_tile_of(shape, t % shape.tiles, &tile_i, &tile_j);
#pragma unroll
    for (int w = 0; w < TM; w++) {
        const int i = fma_column(w, tile_i, shape.tiles_m, VA, a_columns);
        offset_a[w] = a_columns ? i * pitch_a : i;
    }
#pragma unroll
    for (int x = 0; x < TN; x++) {
        const int j = fma_column(x, tile_j, shape.tiles_n, VB, b_columns);
        offset_b[x] = b_columns ? j * pitch_b : j;
    }
    /* The lines of the first step of stage 0; a stage's loop leaves them
       at the first of the next stage, as chunk_loop computes the stages
       0, 1, ..., FMA_STAGES - 1, 0, ... (only they stay in registers). */
    fma_lines<T, TM>(line_a, stages, a_columns, pitch_a, step_first * V, offset_a);
    fma_lines<T, TN>(line_b, stages + plane_a, b_columns, pitch_b, step_first * V, offset_b);
    const int advance_a = a_columns ? V : V * pitch_a;
    const int advance_b = b_columns ? V : V * pitch_b;
#pragma unroll
    for (int w = 0; w < TM; w++)
#pragma unroll
        for (int x = 0; x < TN; x++)
            acc[w][x] = zero<T>();

    /* The columns past M and N (whole lines of a column-major chunk, the
       ends of the rows of a row-major one) are never copied: zero once. */
    for (int e = t; e < FMA_STAGES * stage_elems; e += TSM_THREADS)
        stages[e] = zero<T>();
    __syncthreads();

    chunk_loop<FMA_STAGES>(
        nchunks,
        [&](idx_t chunk, int stage) {
            const unsigned to = stages_shared + (unsigned)(stage * stage_elems * sizeof(T));
            copy_operand(plan_a, a, a_sl, a_columns, m, chunk * rows, to);
            copy_operand(plan_b, b, b_sl, b_columns, n, chunk * rows,
                         to + (unsigned)(plane_a * sizeof(T)));
        },
        [&](int stage) {
            if (group >= groups)
                return;
            if constexpr (!LINES) {
                static_assert(sizeof(T) == 4, "float only: no op C to apply");
                const T *sa = stages + stage * stage_elems;
#pragma unroll 1
                for (int l0 = group * V; l0 < rows; l0 += groups * V)
                    fma_step<T, TM, TN, VA, VB, V>(acc, sa, a_columns, pitch_a, offset_a,
                                                   sa + plane_a, b_columns, pitch_b, offset_b,
                                                   l0);
            } else {
#pragma unroll 1
                for (int step = step_first; step < step_end; step++) {
                    T af[TM][V], bf[TN][V];
                    fma_fragment_at<T, TM, VA, V>(af, line_a, a_columns, pitch_a);
                    fma_fragment_at<T, TN, VB, V>(bf, line_b, b_columns, pitch_b);
                    fma_multiply<T, TM, TN, V>(acc, af, bf, FLIP_A ? flip : 0,
                                               FLIP_A ? 0 : flip);
#pragma unroll
                    for (int w = 0; w < TM; w++)
                        line_a[w] += advance_a;
#pragma unroll
                    for (int x = 0; x < TN; x++)
                        line_b[x] += advance_b;
                }
                const int next =
                    (stage + 1 == FMA_STAGES ? -(FMA_STAGES - 1) : 1) * stage_elems;
#pragma unroll
                for (int w = 0; w < TM; w++)
                    line_a[w] += next - (step_end - step_first) * advance_a;
#pragma unroll
                for (int x = 0; x < TN; x++)
                    line_b[x] += next - (step_end - step_first) * advance_b;
            }
        });

    /* The k-groups, up to 256 of them, into k-group 0 as a tree through
       shared memory (slots of a width_a x width_b array). */
    const int slot_elems = shape.width_a * shape.width_b;
    int column_a[TM], column_b[TN];
#pragma unroll
    for (int w = 0; w < TM; w++)
        column_a[w] = fma_column(w, tile_i, shape.tiles_m, VA, a_columns);
#pragma unroll
    for (int x = 0; x < TN; x++)
        column_b[x] = fma_column(x, tile_j, shape.tiles_n, VB, b_columns);
    chunk_sum_groups<true>(
        groups, group, slot_elems * sizeof(T),
        [&](int slot) {
            T *scratch = stages + slot * slot_elems;
#pragma unroll
            for (int w = 0; w < TM; w++)
#pragma unroll
                for (int x = 0; x < TN; x++)
                    scratch[column_b[x] * shape.width_a + column_a[w]] = acc[w][x];
        },
        [&](int slot, int) {
            const T *scratch = stages + slot * slot_elems;
#pragma unroll
            for (int w = 0; w < TM; w++)
#pragma unroll
                for (int x = 0; x < TN; x++)
                    acc[w][x] = add(acc[w][x], scratch[column_b[x] * shape.width_a + column_a[w]]);
        });

    if (group == 0) {
        T *out = partial + (idx_t)blockIdx.x * m * n;
#pragma unroll
        for (int w = 0; w < TM; w++)
#pragma unroll
            for (int x = 0; x < TN; x++)
                if (column_a[w] < m && column_b[x] < n) {
                    fma_flip(acc[w][x], flip_partial);
                    out[column_a[w] + (idx_t)column_b[x] * m] = acc[w][x];
                }
    }
    tsm_finish_c(m, n, partial, finish);
}

/* ---- the tiles of a call ---- */

template <typename T>
struct fma_kernel {
    typedef void (*type)(int, int, idx_t, int, int, const T *, idx_t, idx_t, const T *, idx_t,
                         idx_t, unsigned, unsigned, T *, tsm_finish<T>);
};

struct fma_tile_choice {
    int tm, tn;
};

/* The tiles instantiated.  A complex entry takes two registers: the
   complex type stops at 32 entries (4 x 8), the real at 64 (8 x 8), which
   with the fragments of a step (TM + TN vectors of 16 bytes) stays within
   the registers of one block of 256 threads a multiprocessor. */
static const fma_tile_choice fma_tiles[] = {
    { 2, 2 }, { 2, 4 }, { 4, 2 }, { 4, 4 }, { 4, 8 }, { 8, 4 }, { 8, 8 }
};

template <typename T>
constexpr int fma_tile_count()
{
    return sizeof(T) == 4 ? 7 : 6;
}

template <typename T, int G, int LAYOUT>
static typename fma_kernel<T>::type fma_kernel_of(int choice)
{
    switch (choice) {
    case 0:
        return tsmttsm_fma_kernel<T, 2, 2, G, LAYOUT>;
    case 1:
        return tsmttsm_fma_kernel<T, 2, 4, G, LAYOUT>;
    case 2:
        return tsmttsm_fma_kernel<T, 4, 2, G, LAYOUT>;
    case 3:
        return tsmttsm_fma_kernel<T, 4, 4, G, LAYOUT>;
    case 4:
        return tsmttsm_fma_kernel<T, 4, 8, G, LAYOUT>;
    case 5:
        return tsmttsm_fma_kernel<T, 8, 4, G, LAYOUT>;
    }
    if constexpr (fma_tile_count<T>() > 6)
        return tsmttsm_fma_kernel<T, 8, 8, G, LAYOUT>;
    return tsmttsm_fma_kernel<T, 2, 2, G, LAYOUT>;
}

template <typename T, int G>
static typename fma_kernel<T>::type fma_kernel_of(int choice, enum fma_layout layout)
{
    switch (layout) {
    case FMA_COLUMNS:
        return fma_kernel_of<T, G, FMA_COLUMNS>(choice);
    case FMA_ROWS:
        return fma_kernel_of<T, G, FMA_ROWS>(choice);
    default:
        return fma_kernel_of<T, G, FMA_MIXED>(choice);
    }
}

/* The kernel of tiles CHOICE and LAYOUT that copies G elements at a
   time. */
template <typename T>
static typename fma_kernel<T>::type fma_kernel_of(int choice, enum fma_layout layout, int g)
{
    if constexpr (sizeof(T) == 4)
        if (g == 4)
            return fma_kernel_of<T, 4>(choice, layout);
    return g == 2 ? fma_kernel_of<T, 2>(choice, layout) : fma_kernel_of<T, 1>(choice, layout);
}

/* The tiles of an M x N call: of those that need at most a block of
   threads, the least work per row of K, counted in units of 1/(128 V) of
   a cycle of a multiprocessor at full rate: TM*TN*V*f per tile for the
   multiply-adds (f = 1 real, 4 complex; 128 a cycle), 16*(TM + TN) for
   its 16-byte loads (a warp's load returns 512 bytes at 128 a cycle), half
   that for paired tiles (fma_tile_of); then the fewest tiles (the most
   k-groups).  The tiles of one block a multiprocessor only from
   FMA_LARGE_TILES_FROM (the width of the square product of the same
   intensity, 2mn/(m + n)): below, two blocks of smaller tiles hide the
   latencies better than the model says (measured on the H100 at 1 GiB:
   STSMTTSM 5-24 interleaved at 50-99 % of the roofline against 36-97 %;
   from 25, 8 x 8 tiles at 57-94 % against 40-91 %). */
const int FMA_LARGE_TILES_FROM[2] = { 25, 45 };  /* float, complex */

template <typename T>
static int pick_fma_tiles(int m, int n)
{
    const int v = tsm_vector_elems<T>(), f = sizeof(T) == 8 ? 4 : 1;
    const bool large = 2 * m * n >= FMA_LARGE_TILES_FROM[sizeof(T) / 8] * (m + n);
    long best_cost = 0, best_tiles = 0;
    int best = -1;

    for (int c = 0; c < fma_tile_count<T>(); c++) {
        const int tm = fma_tiles[c].tm, tn = fma_tiles[c].tn;
        const fma_shape s = fma_make_shape(m, n, tm, tn);
        const long cost = (long)s.tiles * (tm * tn * v * f + (s.paired ? 8 : 16) * (tm + tn));
        if (s.tiles > TSM_THREADS
            || (!large && fma_blocks_per_sm(tm, tn, sizeof(T), FMA_COLUMNS) == 1))
            continue;
        if (best < 0 || cost < best_cost || (cost == best_cost && s.tiles < best_tiles)) {
            best = c;
            best_cost = cost;
            best_tiles = s.tiles;
        }
    }
    return best;
}

/* Bytes of shared memory of one stage of ROWS rows. */
template <typename T>
static size_t fma_stage_bytes(bool a_columns, bool b_columns, const fma_shape &s, int rows)
{
    const size_t elems =
        (size_t)(a_columns ? s.width_a : rows) * fma_pitch<T>(a_columns, rows, s.width_a)
        + (size_t)(b_columns ? s.width_b : rows) * fma_pitch<T>(b_columns, rows, s.width_b);
    return elems * sizeof(T);
}

template <typename T>
int tsmttsm_fma(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k, const T *a,
                idx_t a_si, idx_t a_sl, const T *b, idx_t b_sl, idx_t b_sj,
                const tsm_finish<T> &finish, cudaStream_t stream, void **workspace)
{
    const int v = tsm_vector_elems<T>();
    const int choice = pick_fma_tiles<T>((int)m, (int)n);
    const fma_shape shape = fma_make_shape((int)m, (int)n, fma_tiles[choice].tm,
                                           fma_tiles[choice].tn);
    const bool a_columns = a_sl == 1, b_columns = b_sl == 1;
    /* Copies of G elements (16 or 8 bytes) need arrays aligned to them and
       lines (a column-major operand's columns, an interleaved one's rows)
       of whole copies; else one element at a time.  The chunks are the
       same either way (chunk_copy). */
    const int g = chunk_copy_elems(b, b_columns ? b_sj : b_sl,
                                   chunk_copy_elems(a, a_columns ? a_si : a_sl, v));
    const enum fma_layout layout = a_columns && b_columns     ? FMA_COLUMNS
                                   : !a_columns && !b_columns ? FMA_ROWS
                                                              : FMA_MIXED;
    typename fma_kernel<T>::type kernel = fma_kernel_of<T>(choice, layout, g);
    const int blocks =
        fma_blocks_per_sm(fma_tiles[choice].tm, fma_tiles[choice].tn, sizeof(T), layout);
    const unsigned sign_bit = sizeof(T) == 8 ? 0x80000000u : 0;
    const bool conj_a = opa == TSBLAS_OP_C, conj_b = opb == TSBLAS_OP_C;
    const bool conj_partial =
        fma_flips_a(fma_tiles[choice].tm, fma_tiles[choice].tn) ? conj_b : conj_a;
    const idx_t row_bytes = (m + n) * (idx_t)sizeof(T);
    int shared_max, rows, groups;
    size_t shared, scratch;
    idx_t grid;
    int status = chunk_shared_limit(FMA_SHARED_MAX, blocks, &shared_max);

    if (status != 0)
        return status;
    /* A chunk of about STAGE_BYTES / BLOCKS, a multiple of 8 rows; a column-major
       line's vectors within one pass of the block; no more than K needs;
       all stages within SHARED_MAX.  Not a power of two: at widths whose
       rows do not divide 64 KiB, that would leave up to half the chunk,
       and of the bytes in flight, unused. */
    rows = (int)(FMA_STAGE_BYTES / blocks / row_bytes) / 8 * 8;
    if ((a_columns || b_columns) && rows > TSM_THREADS * v)
        rows = TSM_THREADS * v;
    if (rows > k)
        rows = (int)((k + 7) / 8 * 8);
    if (rows < 8)
        rows = 8;
    while (rows > 8
           && FMA_STAGES * fma_stage_bytes<T>(a_columns, b_columns, shape, rows)
                  > (size_t)shared_max)
        rows -= 8;
    groups = TSM_THREADS / shape.tiles < rows / v ? TSM_THREADS / shape.tiles : rows / v;
    shared = FMA_STAGES * fma_stage_bytes<T>(a_columns, b_columns, shape, rows);
    scratch = (size_t)shape.width_a * shape.width_b * sizeof(T);
    if (shared < scratch)
        shared = scratch;

    status = tsm_partials_grid((const void *)kernel, shared, (k + rows - 1) / rows,
                               (size_t)(m * n) * sizeof(T), stream, &grid, workspace);
    if (status != 0)
        return status;
    return tsm_launch_partials("xTSMTTSM FP32 kernel", kernel, grid, shared, stream, (int)m,
                               (int)n, k, rows, groups, a, a_si, a_sl, b, b_sl, b_sj,
                               conj_a != conj_b ? sign_bit : 0, conj_partial ? sign_bit : 0,
                               (T *)*workspace, finish);
}

template int tsmttsm_fma<float>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                const float *, idx_t, idx_t, const float *, idx_t, idx_t,
                                const tsm_finish<float> &, cudaStream_t, void **);
template int tsmttsm_fma<cuFloatComplex>(enum tsblas_op, enum tsblas_op, idx_t, idx_t, idx_t,
                                         const cuFloatComplex *, idx_t, idx_t,
                                         const cuFloatComplex *, idx_t, idx_t,
                                         const tsm_finish<cuFloatComplex> &, cudaStream_t,
                                         void **);

} /* namespace tsblas */
