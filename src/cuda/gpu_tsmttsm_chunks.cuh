/*
 * gpu_tsmttsm_chunks.cuh: the copies of chunks of the tall operands into
 * shared memory that the chunk kernels share: the FP64 tensor-core
 * kernels of S/D/ZTSMTTSM (gpu_tsmttsm_tensor.cu) and of DTSMM
 * and ZTSMM (gpu_tsmm_tensor.cu), the register-tile kernels of STSMTTSM
 * and CTSMTTSM (gpu_tsmttsm_fma.cu) and of xTSMM (gpu_tsmm_fma.cu); and
 * what the two xTSMM kernels share besides: the flat copy of interleaved
 * rows without gaps, and the store of an output vector.
 *
 * The xTSMTTSM kernels cut the K rows into chunks of ROWS rows and copy a
 * chunk of A and of B into shared memory with asynchronous copies
 * (cp.async) while they compute the previous one (the xTSMM kernels so
 * the rows of their one tall operand).  A block vector stored column-major
 * (lines = columns, contiguous along l) is kept column-major in shared
 * memory, an interleaved one row-major (lines = rows, contiguous along
 * i), so that every copy is a straight run of memory, coalesced across the
 * threads of a warp whatever the storage order.  The kernels choose the
 * pitches; these helpers move the bytes.  They need sm_80 (cp.async):
 * tsm_choose_path sends the calls of these kernels elsewhere on older
 * devices, for which their copies compile to nothing.
 */
#ifndef TSBLAS_GPU_TSMTTSM_CHUNKS_CUH
#define TSBLAS_GPU_TSMTTSM_CHUNKS_CUH

#include "gpu_tsmttsm_tsmm_common.cuh"

namespace tsblas {

/*
 * The copies of one operand's chunks into shared memory.  Along the
 * operand's contiguous direction ("fast") a chunk has FAST elements;
 * across it ("slow") its lines, line s at SRC + s*SRC_SLOW in memory and
 * at unit s*DST_SLOW of its plane(s) in shared memory.  An element is
 * PLANES units of UNIT bytes in shared memory: one plane for a plain copy,
 * or the real and the imaginary parts split into two planes.  The plan
 * hands each thread vectors of E consecutive elements; chunk_copy moves a
 * vector in copies of G elements (the caller guarantees the addresses
 * aligned to G elements, and so a line's stride in memory a multiple of G
 * and at least its length).  What does not exist (past K, past the width)
 * is never read and lands as zeros: by copies of source size 0 from the
 * chunk's first element, and at the end of a line cut inside a copy by
 * that copy's shorter source size (its bytes past the line lie in the
 * next line, which exists except at the array's end; see chunk_copy).
 * The vectors of a line are spread over as many consecutive threads (at
 * most THREADS, those that copy: the block, or the warps of a block that
 * only copy, THREAD counted from their first; a power of two where lines
 * are shifted, below), so that the loads of a warp are coalesced in
 * either storage order and few threads idle; each thread keeps one vector
 * position for every chunk, and steps over lines by a constant, so the
 * plan is made once and a copy costs a few instructions.
 */
struct chunk_copy_plan {
    idx_t from, from_step;  /* elements from the chunk's start: first copy, between copies */
    unsigned to, to_step;   /* the same in bytes of shared memory */
    int first, step;        /* the first line, lines between copies */
    int offset;             /* elements from a line's start to this thread's vector */
    int count;              /* elements of the vector within FAST; -1: no vector */
};

template <int E, int UNIT>
__device__ inline chunk_copy_plan chunk_make_plan(idx_t src_slow, int fast, int dst_slow,
                                                  bool odd_lines, int thread = threadIdx.x,
                                                  int threads = TSM_THREADS)
{
    /* ODD_LINES: pairs of doubles along lines of odd length in memory
       (interleaved, odd LD), so that every other line starts 8 bytes past
       a 16-byte boundary.  Such a line is copied from one element earlier,
       the last one of the line before (never used), and lands one element
       later in shared memory, so its pairs stay aligned at both ends; the
       lines a thread copies are all odd or all even (its step of lines is
       even: the lanes of a line are a power of two).  The plane then needs
       room for one more element a line. */
    const int lanes_for = (fast + (odd_lines ? 1 : 0) + E - 1) / E;
    int lanes = odd_lines ? 1 : lanes_for;
    chunk_copy_plan plan;

    while (lanes < lanes_for)
        lanes *= 2;
    const int v = thread % lanes;
    plan.first = thread / lanes;
    plan.step = threads / lanes;
    const int shift = odd_lines ? plan.first & 1 : 0;
    const int extent = fast + shift, vectors = (extent + E - 1) / E;
    plan.offset = v * E;
    /* The threads past the last whole set of lanes copy nothing. */
    plan.count = v >= vectors || plan.first >= plan.step ? -1
                 : extent - v * E < E                    ? extent - v * E
                                                         : E;
    plan.from = v * E - shift + plan.first * src_slow;
    plan.from_step = plan.step * src_slow;
    plan.to = (unsigned)((v * E + plan.first * dst_slow) * UNIT);
    plan.to_step = (unsigned)(plan.step * dst_slow * UNIT);
    return plan;
}

/* One copy of G elements of PLANES planes (units of UNIT bytes) from SRC
   to AT, of which SRC_BYTES a plane are read and the rest zero: a 16-byte
   copy cached in L2 only where it is one plane of 16 bytes, else one .ca
   copy a plane. */
#if __CUDA_ARCH__ >= 800
template <int G, int UNIT, int PLANES>
__device__ inline void chunk_copy_piece(unsigned at, const char *src, unsigned plane_bytes,
                                        int src_bytes)
{
    if constexpr (PLANES == 1 && G * UNIT == 16) {
        cp_async_cg16(at, src, src_bytes);
    } else {
        for (int p = 0; p < PLANES; p++)
            cp_async_ca<G * UNIT>(at + p * plane_bytes, src + p * UNIT, src_bytes);
    }
}
#endif

/* The copies of one chunk that start at SRC in memory and at TO in shared
   memory (PLANE_BYTES from one plane to the next): lines PLAN.first,
   + PLAN.step, ... below SLOW, those from SLOW_VALID on zero, COUNT
   elements of each vector copied and the rest zero.  A vector goes in
   E/G copies of G elements (G = E where the addresses allow whole
   vectors; G < E keeps the plan, and so the chunk, of E-element vectors
   for arrays aligned only to G elements).  With CUT, a copy cut short
   (part of it past what exists) goes element by element, so that nothing
   past an array is read, not even by a copy whose source size stops short
   of its size (compute-sanitizer counts the whole copy); what does not
   exist is zero-filled by copies of source size 0 from SRC (the chunk's
   first element, which exists). */
template <typename T, int E, int PLANES, int G, bool CUT>
__device__ inline void chunk_copy_lines(const chunk_copy_plan &plan, const T *src, unsigned to,
                                        unsigned plane_bytes, int slow, idx_t slow_valid,
                                        int count)
{
    constexpr int UNIT = (int)sizeof(T) / PLANES;
    const T *from = src + plan.from;

    to += plan.to;
#pragma unroll 4
    for (int s = plan.first; s < slow; s += plan.step) {
        const int valid = s < slow_valid ? count : 0;
#pragma unroll
        for (int g = 0; g < E; g += G) {
            const int bytes = (valid - g < 0 ? 0 : valid - g < G ? valid - g : G) * UNIT;
            const char *units = reinterpret_cast<const char *>(bytes > 0 ? from + g : src);
            const unsigned at = to + g * UNIT;
#if __CUDA_ARCH__ >= 800
            if (CUT && bytes > 0 && bytes < G * UNIT) {
#pragma unroll
                for (int e = 0; e < G; e++) {
                    const int element_bytes = e * UNIT < bytes ? UNIT : 0;
                    const char *element = element_bytes > 0 ? units + e * sizeof(T) : units;
                    for (int p = 0; p < PLANES; p++)
                        cp_async_ca<UNIT>(at + e * UNIT + p * plane_bytes, element + p * UNIT,
                                          element_bytes);
                }
            } else {
                chunk_copy_piece<G, UNIT, PLANES>(at, units, plane_bytes, bytes);
            }
#endif
        }
        from += plan.from_step;
        to += plan.to_step;
    }
}

/* The copies of a chunk that ends inside the array (every line of the
   plan exists), the same copies as chunk_copy_lines makes, in fewer
   instructions: what each copy of a vector takes (COUNT elements, the
   rest zero) depends on the thread only, so it is worked out once, and a
   line costs its copies and the steps of two addresses.  A copy of
   nothing reads from past its vector's line, in the next line, which
   exists before the array's end.  Measured on the H100 against
   chunk_copy_lines (which works the sizes and guards out again for every
   line), 1 GiB, the table's paths: DTSMTTSM interleaved at widths 33-53
   from 78-92 % of the roofline to 90-95 %, ZTSMTTSM interleaved 17-47
   and CTSMTTSM interleaved 13-21 from 2 to 7 points more; no case
   measured lower beyond the noise of two runs. */
template <typename T, int E, int PLANES, int G>
__device__ inline void chunk_copy_whole_lines(const chunk_copy_plan &plan, const T *src,
                                              unsigned to, unsigned plane_bytes, int slow,
                                              int count)
{
    constexpr int UNIT = (int)sizeof(T) / PLANES;
    int bytes[E / G];
    const T *from = src + plan.from;

#pragma unroll
    for (int g = 0; g < E; g += G)
        bytes[g / G] = (count - g < 0 ? 0 : count - g < G ? count - g : G) * UNIT;
    to += plan.to;
#pragma unroll 4
    for (int s = plan.first; s < slow; s += plan.step) {
#pragma unroll
        for (int g = 0; g < E; g += G) {
#if __CUDA_ARCH__ >= 800
            chunk_copy_piece<G, UNIT, PLANES>(to + g * UNIT,
                                              reinterpret_cast<const char *>(from + g),
                                              plane_bytes, bytes[g / G]);
#endif
        }
        from += plan.from_step;
        to += plan.to_step;
    }
}

/* The copies of one chunk (chunk_copy_lines).  A copy cut short that
   ends inside the array reads, by its source size, only what exists, the
   rest of its 16 bytes being the next line's; only the chunk AT_END, the
   one with the array's last line, has copies cut short at the array's
   end (a vector that COUNT ends inside, not at a copy's end), and only
   there do they go element by element.  A thread with no vector copies
   nothing (not even zeros: they would land in the next line). */
template <typename T, int E, int PLANES, int G = E>
__device__ inline void chunk_copy(const chunk_copy_plan &plan, const T *src, unsigned to,
                                  unsigned plane_bytes, int slow, idx_t slow_valid, int count,
                                  bool at_end)
{
    if (plan.count < 0)
        return;
    if (!at_end)
        chunk_copy_whole_lines<T, E, PLANES, G>(plan, src, to, plane_bytes, slow, count);
    else if (G > 1 && count % G != 0)
        chunk_copy_lines<T, E, PLANES, G, true>(plan, src, to, plane_bytes, slow, slow_valid,
                                                count);
    else
        chunk_copy_lines<T, E, PLANES, G, false>(plan, src, to, plane_bytes, slow, slow_valid,
                                                 count);
}

/* The copies of the chunk of rows L0 .. L0 + ROWS - 1 of one operand X
   (element (l, i) at x[l*x_sl + i*x_si]; COLUMNS when x_sl == 1, WIDTH
   its columns) into shared memory at TO, by PLAN (made for ROWS, or WIDTH
   elements a line).  Only the last chunk ends past K: a column-major
   line has its vectors cut there, an interleaved chunk its lines. */
template <typename T, int E, int PLANES, int G = E>
__device__ inline void chunk_copy_operand(const chunk_copy_plan &plan, const T *x, idx_t x_sl,
                                          bool columns, int width, idx_t l0, int rows, idx_t k,
                                          unsigned to, unsigned plane_bytes)
{
    const idx_t left = k - l0;
    const bool at_end = l0 + rows >= k;

    if (columns) {
        const idx_t cut = left - plan.offset;
        chunk_copy<T, E, PLANES, G>(plan, x + l0, to, plane_bytes, width, width,
                                    !at_end   ? plan.count
                                    : cut < 0 ? 0
                                    : cut < E ? (int)cut
                                              : E,
                                    at_end);
    } else {
        chunk_copy<T, E, PLANES, G>(plan, x + l0 * x_sl, to, plane_bytes, rows, left,
                                    plan.count, at_end);
    }
}

/*
 * The copies of the chunk of rows L0 .. L0 + ROWS - 1 of a column-major
 * operand X (column i at x + i*X_SI, WIDTH columns) as shifted columns, in
 * 16-byte copies (E elements) whatever the alignment of its columns: a
 * column whose chunk starts SHIFT elements past a 16-byte boundary
 * (chunk_line_shift) is copied from that boundary and lands at the start
 * of its line in shared memory, so that row l0 + r of it is at unit SHIFT
 * + r there; the SHIFT elements before it (the end of the column before,
 * or of the 16 bytes the array starts in) are never read from shared
 * memory.  Such a column takes ROWS/E + 1 copies: PLAN is made for ROWS
 * elements a line, as for plain columns, and the threads of its first
 * vector copy the one past them too.  Of a chunk that reaches K or comes
 * within E of it, what lies past K is zero and nothing past K is read: a
 * copy cut short goes element by element (chunk_copy_lines says why).
 */
template <typename T>
__device__ inline int chunk_line_shift(const T *line)
{
    return (int)((uintptr_t)line % 16 / sizeof(T));
}

/* The 16-byte boundary at or before X. */
template <typename T>
__device__ inline const T *chunk_boundary(const T *x)
{
    return reinterpret_cast<const T *>((uintptr_t)x & ~(uintptr_t)15);
}

/* The E elements from FROM into shared memory at TO, of which the first
   VALID exist and the rest land as zeros (X: an element that exists). */
template <typename T, int E>
__device__ inline void chunk_copy_cut(unsigned to, const T *from, idx_t valid, const T *x)
{
#if __CUDA_ARCH__ >= 800
    if (valid >= E) {
        cp_async_cg16(to, from, 16);
    } else {
#pragma unroll
        for (int e = 0; e < E; e++)
            cp_async_ca<sizeof(T)>(to + e * sizeof(T), e < valid ? from + e : x,
                                   e < valid ? (int)sizeof(T) : 0);
    }
#endif
}

template <typename T>
__device__ inline void chunk_copy_shifted_columns(const chunk_copy_plan &plan, const T *x,
                                                  idx_t x_si, int width, idx_t l0, int rows,
                                                  idx_t k, unsigned to)
{
    constexpr int E = 16 / (int)sizeof(T);
    const idx_t left = k - l0, line_step = plan.step * x_si;
    const bool first = plan.offset == 0;
    /* The thread's vector of the line, unshifted; its copy is the 16
       bytes it starts in (the vector's offset is a multiple of 16 bytes). */
    const T *vector = x + l0 + plan.first * x_si + plan.offset;

    if (plan.count < 0)
        return;
    to += plan.to;
    if (l0 + rows + E <= k) {
#pragma unroll 4
        for (int s = plan.first; s < width; s += plan.step) {
            const T *from = chunk_boundary(vector);
#if __CUDA_ARCH__ >= 800
            cp_async_cg16(to, from, 16);
            if (first && from != vector)
                cp_async_cg16(to + rows * sizeof(T), from + rows, 16);
#endif
            vector += line_step;
            to += plan.to_step;
        }
    } else {
        for (int s = plan.first; s < width; s += plan.step) {
            const T *from = chunk_boundary(vector);
            const idx_t valid = left - plan.offset + (vector - from);
            chunk_copy_cut<T, E>(to, from, valid, x);
            if (first && from != vector)
                chunk_copy_cut<T, E>(to + rows * sizeof(T), from + rows, valid - rows, x);
            vector += line_step;
            to += plan.to_step;
        }
    }
}

/*
 * The copies of the chunk of rows L0 .. L0 + ROWS - 1 of an interleaved
 * operand X without gaps between its rows (row l at x + l*WIDTH, X on 16
 * bytes) as the one run of memory it is, in 16-byte copies whatever WIDTH:
 * into shared memory at TO as it lies in memory (row pitch WIDTH), so that
 * rows of a width that is not whole 16-byte copies take neither copies of
 * one element nor copies cut at both ends of every row.  What lies past
 * row K - 1 is zero and nothing past it is read (a copy cut short goes
 * element by element).  The copying threads take the 16-byte vectors in
 * turn, consecutive threads consecutive vectors, by a plan of
 * chunk_flat_plan (a vector a "line"), so that a kernel that copies
 * either way keeps one plan an operand.
 */
template <typename T>
__device__ inline chunk_copy_plan chunk_flat_plan(int thread, int threads)
{
    constexpr int E = 16 / (int)sizeof(T);
    chunk_copy_plan plan;

    plan.first = thread;
    plan.step = threads;
    plan.from = (idx_t)thread * E;
    plan.from_step = (idx_t)threads * E;
    plan.to = (unsigned)(thread * 16);
    plan.to_step = (unsigned)(threads * 16);
    plan.offset = 0;
    plan.count = E;
    return plan;
}

template <typename T>
__device__ inline void chunk_copy_flat_rows(const chunk_copy_plan &plan, const T *x, int width,
                                            idx_t l0, int rows, idx_t k, unsigned to)
{
    constexpr int E = 16 / (int)sizeof(T);
    const int vectors = rows * width / E;
    const T *from = x + l0 * width + plan.from;

    to += plan.to;
    if (l0 + rows <= k) {
#pragma unroll 1
        for (int v = plan.first; v < vectors; v += plan.step) {
#if __CUDA_ARCH__ >= 800
            cp_async_cg16(to, from, 16);
#endif
            from += plan.from_step;
            to += plan.to_step;
        }
    } else {
        const idx_t end = k * width;
        for (int v = plan.first; v < vectors; v += plan.step) {
            chunk_copy_cut<T, E>(to, from, end - (from - x), x);
            from += plan.from_step;
            to += plan.to_step;
        }
    }
}

/* ---- what the chunk kernels of xTSMM share ---- */

/* OUT[0 .. VE-1] := VALS in one store (OUT aligned to VE elements): the
   chunk kernels' store of what they hold in registers.  With beta != 0
   their beta*C comes from the stage's copy of C, never from OUT. */
template <typename T, int VE>
__device__ inline void tsmm_put(T *out, const T (&vals)[VE])
{
    store_whole<VE * sizeof(T)>(out, vals);
}

/* The copies of the chunk of an interleaved T without gaps between its
   rows (t_sr == K): the ELEMS elements from SRC, element p = r*K + l to
   shared memory at TO + (r*PITCH + l)*sizeof(T), G consecutive elements
   a copy (K, PITCH and SRC's alignment multiples of G).  Rows of K
   elements that are not a whole number of 16-byte copies would each take
   several copies cut at both ends, a warp's copies spread over many more
   sectors than they fill; copies of consecutive elements by consecutive
   threads fill every sector they touch. */
template <typename T, int G>
__device__ inline void tsmm_copy_flat(const T *src, int elems, unsigned to, int k, int pitch)
{
    const int rows_step = TSM_THREADS * G / k, l_step = TSM_THREADS * G % k;
    int r = (int)threadIdx.x * G / k, l = (int)threadIdx.x * G % k;

#pragma unroll 4
    for (int p = threadIdx.x * G; p < elems; p += TSM_THREADS * G) {
#if __CUDA_ARCH__ >= 800
        cp_async_ca<G * sizeof(T)>(to + (unsigned)((r * pitch + l) * sizeof(T)), src + p);
#endif
        r += rows_step;
        l += l_step;
        if (l >= k) {
            l -= k;
            r++;
        }
    }
}

/* The copies of chunk C (ROWS rows from row C*ROWS) of an xTSMM chunk
   kernel into its stage at TO: the rows of the tall operand T (element
   (r, l) at tall[r*t_sr + l*t_sl]) by PLAN, or flat (tsmm_copy_flat, row
   pitch PITCH_T) where FLAT, or with SHIFTED (a column-major T) as
   shifted columns (chunk_copy_shifted_columns: 16-byte copies whatever
   the alignment of its columns); and where READ_C (beta != 0) the rows of the
   output (element (r, j) at out[r*o_sr + j*o_sw]) by PLAN_C, T_ELEMS
   elements after those of T.  Rows past NROWS are not copied: they keep
   what an earlier chunk left, and their results are never stored.  The
   output's rows are read before the block writes them (those of the
   chunk before are written by then: its copies come after its stores). */
template <typename T, int V, int G, bool SHIFTED = false>
__device__ inline void tsmm_copy_chunk(idx_t c, int rows, idx_t nrows, unsigned to,
                                       const chunk_copy_plan &plan, const T *tall, idx_t t_sr,
                                       idx_t t_sl, bool t_rows, int k, bool flat, int pitch_t,
                                       const chunk_copy_plan &plan_c, const T *out, idx_t o_sr,
                                       bool o_columns, int w, bool read_c, int t_elems)
{
    if (flat)
        tsmm_copy_flat<T, G>(tall + c * rows * k,
                          (int)((nrows - c * rows < rows ? nrows - c * rows : rows) * k), to, k,
                          pitch_t);
    else if (SHIFTED)
        chunk_copy_shifted_columns<T>(plan, tall, t_sl, k, c * rows, rows, nrows, to);
    else
        chunk_copy_operand<T, V, 1, G>(plan, tall, t_sr, !t_rows, k, c * rows, rows, nrows, to,
                                       0);
    if (read_c)
        chunk_copy_operand<T, V, 1, G>(plan_c, out, o_sr, o_columns, w, c * rows, rows, nrows,
                                       to + (unsigned)(t_elems * sizeof(T)), 0);
}

/* The elements one copy of an operand X may take: MOST (a power of two)
   halved until X is aligned to whole copies and LINE (the elements from
   one of its lines to the next) is a whole number of them, so that every
   line's copies start aligned.  The chunk kernels' copies of G elements
   need this (chunk_copy). */
template <typename T>
__host__ __device__ inline int chunk_copy_elems(const T *x, idx_t line, int most)
{
    int g = most;

    while (g > 1 && ((uintptr_t)x % (g * sizeof(T)) != 0 || line % g != 0))
        g /= 2;
    return g;
}

/* How an xTSMM chunk kernel copies the chunks of a call (tsmm_copy_chunk):
   *FLAT where the tall operand is interleaved without gaps (t_sr == K)
   and its rows are not whole 16-byte copies (tsmm_copy_flat, element by
   element); the elements of a copy, returned: 1 where *FLAT, else the
   vector of V elements halved until T and its lines (columns of a
   column-major T, rows of an interleaved one), and where READ_C the output
   and its lines, are aligned to whole copies. */
template <typename T>
inline int tsmm_copy_width(idx_t k, const T *tall, idx_t t_sr, idx_t t_sl, const T *out,
                           idx_t o_sr, idx_t o_sw, bool read_c, bool *flat)
{
    const bool t_rows = t_sr != 1;
    const idx_t line = t_rows ? t_sr : t_sl, line_c = o_sr == 1 ? o_sw : o_sr;
    int g;

    *flat = t_rows && t_sr == k && k * (idx_t)sizeof(T) % 16 != 0;
    if (*flat)
        return 1;
    g = chunk_copy_elems(tall, line, tsm_vector_elems<T>());
    return read_c ? chunk_copy_elems(out, line_c, g) : g;
}

/* Whether STSMM's fma kernel copies the tall operand T of a call as
   shifted columns (its kernel SHIFTED, chunk_copy_shifted_columns): T and
   the output column-major, T's columns not all on 16 bytes (its LD or
   address not a multiple of 4 floats), and where READ_C the output's
   columns on 16 bytes (copied with T's rows 16 bytes at a time). */
template <typename T>
inline bool tsmm_shifted_columns(const T *tall, idx_t t_sr, idx_t t_sl, const T *out, idx_t o_sr,
                                 idx_t o_sw, bool read_c)
{
    constexpr int V = tsm_vector_elems<T>();
    return std::is_same<T, float>::value && t_sr == 1 && o_sr == 1
           && chunk_copy_elems(tall, t_sl, V) < V
           && (!read_c || chunk_copy_elems(out, o_sw, V) == V);
}

/* *SHARED := bytes of shared memory a block for BLOCKS blocks a
   multiprocessor sharing WANTED: WANTED / BLOCKS, at most what one block
   may have on the current device and what a multiprocessor has for BLOCKS
   blocks (less what it reserves for each).  0 or an error code. */
inline int chunk_shared_limit(int wanted, int blocks, int *shared)
{
    int block_max = 0, sm_max = 0, reserved = 0, device, limit;
    cudaError_t err = cudaGetDevice(&device);

    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&block_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&sm_max, cudaDevAttrMaxSharedMemoryPerMultiprocessor,
                                     device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device);
    if (err != cudaSuccess)
        return cuda_failure("shared memory of the device", err);
    limit = sm_max / blocks - reserved;
    if (limit > block_max)
        limit = block_max;
    *shared = wanted / blocks < limit ? wanted / blocks : limit;
    return 0;
}

/*
 * The loop of a chunk kernel over its chunks: block b takes chunks b,
 * b + grid, ... of NCHUNKS, in STAGES stages of shared memory, so that the
 * copies of the next STAGES - 1 chunks are in flight while one is
 * computed.  COPY(chunk, stage) issues the copies of a chunk into a stage
 * (chunk_copy_operand for A and B), COMPUTE(stage) works on the stage of
 * the chunk whose copies have landed.  Every thread commits one group of
 * copies per chunk, an empty one past the last, so that the waits count
 * the same groups in every thread.  On return every copy has landed and
 * every thread is past its last COMPUTE: shared memory is free.
 */
template <int STAGES, typename Copy, typename Compute>
__device__ inline void chunk_loop(idx_t nchunks, Copy copy, Compute compute)
{
    auto issue = [&](idx_t chunk, int stage) {
        if (chunk < nchunks)
            copy(chunk, stage);
        tsm_commit_copies();
    };
    idx_t next = blockIdx.x;
    int stage_next = 0, stage = 0;

    for (int j = 0; j < STAGES - 1; j++) {
        issue(next, stage_next);
        next += gridDim.x;
        stage_next++;
    }
    for (idx_t chunk = blockIdx.x; chunk < nchunks; chunk += gridDim.x) {
        /* This chunk's copies done, those of STAGES - 2 later ones still
           in flight (a group a chunk). */
        tsm_wait_copies<STAGES - 2>();
        __syncthreads();
        /* Into the stage of the previous chunk, which every thread has
           finished with. */
        issue(next, stage_next);
        next += gridDim.x;
        stage_next = stage_next + 1 == STAGES ? 0 : stage_next + 1;
        compute(stage);
        stage = stage + 1 == STAGES ? 0 : stage + 1;
    }
    tsm_wait_copies<0>();
    __syncthreads();
}

/*
 * The same loop for a block whose last warps only copy: the first
 * COMPUTE_WARPS warps only compute and the others, COPY_THREADS threads,
 * only copy, into a ring of RING stages.  The copies of a stage land on
 * its mbarrier "full" (an arrival of each copying thread once its copies
 * have landed), and the computing warps, done with a stage, mark it on
 * its mbarrier "empty" (an arrival of each thread, which releases its own
 * reads of the stage), which the copying warps wait for before they copy
 * into it again: the computing warps never wait for
 * the issue of copies, nor for each other between chunks.  COPY(chunk,
 * stage) as for chunk_loop, called by the copying threads only (plans
 * made for them); COMPUTE(stage) by the computing warps only.  On return
 * every copy has landed and every thread is past its last COMPUTE.
 */
template <int RING, int COMPUTE_WARPS, int COPY_THREADS, typename Copy, typename Compute>
__device__ inline void chunk_ring_loop(idx_t nchunks, Copy copy, Compute compute)
{
    __shared__ __align__(8) unsigned long long rings[2 * RING];
    const unsigned full = (unsigned)__cvta_generic_to_shared(rings);
    const unsigned empty = full + RING * 8;
    const int warp = (int)threadIdx.x / 32;
    int i = 0;

    if (threadIdx.x == 0)
        for (int s = 0; s < RING; s++) {
            tsm_mbarrier_init(full + 8 * s, COPY_THREADS);
            tsm_mbarrier_init(empty + 8 * s, 32 * COMPUTE_WARPS);
        }
    __syncthreads();
    for (idx_t chunk = blockIdx.x; chunk < nchunks; chunk += gridDim.x, i++) {
        const int stage = i % RING;
        const unsigned round = (unsigned)(i / RING);
        if (warp >= COMPUTE_WARPS) {
            if (i >= RING)
                tsm_mbarrier_wait(empty + 8 * stage, (round - 1) & 1);
            copy(chunk, stage);
            tsm_mbarrier_arrive_copies(full + 8 * stage);
        } else {
            tsm_mbarrier_wait(full + 8 * stage, round & 1);
            compute(stage);
            tsm_mbarrier_arrive(empty + 8 * stage);
        }
    }
    __syncthreads();
}

/* The bytes of dynamic shared memory of the block, as launched: the
   slots of chunk_sum_groups reuse its caller's stages, done with by then,
   as many as they hold. */
__device__ inline unsigned chunk_dynamic_shared_bytes()
{
    unsigned bytes;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(bytes));
    return bytes;
}

/* The sums of the GROUPS k-groups into k-group 0 through the block's
   dynamic shared memory, which must hold one slot at least.  PUT(SLOT)
   stores the calling thread's sums in slot SLOT of SLOT_BYTES bytes (the
   first at the start of the dynamic shared memory); TAKE(SLOT, FROM) adds
   there those of k-group FROM to its own.  With TREE, in rounds d = 1, 2,
   4, ...: k-group g + d adds into k-group g, for every g a multiple of
   2d, as many pairs of a round at once as slots fit, so that a block of
   many k-groups waits at 2 ceil(log2(GROUPS)) barriers when the slots
   suffice (more passes a round where not), not at 2 GROUPS: the fma
   kernel of STSMTTSM 4 x 4 has 256 k-groups, and one after the other
   they cost 32 us a call (doc/gpu-performance.md).  Without, k-groups
   1, 2, ... in turn through slot 0 (the tensor kernel's 8 at most, its
   code as measured).  Either order is fixed: bit-identical run to run. */
template <bool TREE, typename Put, typename Take>
__device__ inline void chunk_sum_groups(int groups, int group, size_t slot_bytes, Put put,
                                        Take take)
{
    if constexpr (!TREE) {
        for (int from = 1; from < groups; from++) {
            if (group == from)
                put(0);
            __syncthreads();
            if (group == 0)
                take(0, from);
            __syncthreads();
        }
    } else {
        const int slots = max((int)(chunk_dynamic_shared_bytes() / slot_bytes), 1);
        for (int d = 1; d < groups; d *= 2) {
            /* pair p: k-group 2dp + d into 2dp, for 2dp + d < GROUPS */
            const int pairs = (groups - d + 2 * d - 1) / (2 * d);
            const int pair = group / (2 * d), role = group % (2 * d);
            for (int first = 0; first < pairs; first += slots) {
                const bool here = pair < pairs && pair >= first && pair < first + slots;
                if (here && role == d)
                    put(pair - first);
                __syncthreads();
                if (here && role == 0)
                    take(pair - first, group + d);
                __syncthreads();
            }
        }
    }
}

} /* namespace tsblas */

#endif
