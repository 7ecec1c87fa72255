/*
 * host_kernels.h: the vectorized block products of the host path, how the
 * drivers (host_tsmttsm.c, host_tsmm.c, host_mtsm.c) reach them, and the
 * regimes and block sizes of those drivers.
 *
 * Every product the drivers compute is cut into blocks of one form:
 *
 *     Out(r,c) := alpha * sum_{l < depth} X(r,l) * Y(l,c) + beta * Out(r,c)
 *
 *     X(r,l) = opx( x[r*xr + l*xl] ),   Y(l,c) = opy( y[l*yl + c*yc] ),
 *     Out(r,c) = out[r*ro + c*co],      r < rows, c < cols,
 *
 * opx, opy conjugating when conj_x, conj_y (complex only).  beta == 0
 * writes Out without reading it; stream_out asks for non-temporal stores
 * where the instruction set has them, for an Out too large to be read
 * again from the caches (xTSMM with beta == 0: its last depth block, which
 * adds to the sums of the blocks before with beta == 1).  Two kernels
 * compute such a block:
 *
 *   row_lanes    needs xr == 1: the SIMD lanes run along r, each Y value is
 *                broadcast (an outer-product register tile, as a GEMM
 *                micro-kernel).  Any Y and Out strides.
 *   depth_lanes  needs xl == 1 and yl == 1: the lanes run along l (one
 *                accumulator vector per Out entry, lanes summed at the end,
 *                in a fixed order): dot products of column-major block
 *                vectors.
 *
 * Both walk the depth in blocks of a fixed length (a cache block of the
 * instruction set's tile), each block adding into Out (the first one with
 * beta, the next ones with 1): the order of every sum depends only on the
 * shape, never on the threads, so results are reproducible.
 *
 * Two more kernels serve xGEMT: scale_copy, a vector copy, and
 * transpose_tile, the transpose of a tile into the L1 cache.
 *
 * Each kernel exists for AVX-512, AVX2+FMA and the compiler's baseline
 * (host_kernels_avx512.c, _avx2.c, _generic.c, all from
 * host_kernels_body.h); X(host_kernels)() picks one at run time.  The
 * instruction set changes the lanes, hence the rounding, but on one
 * machine (and one TSBLAS_HOST_ISA) the choice is always the same.
 */
#ifndef TSBLAS_HOST_KERNELS_H
#define TSBLAS_HOST_KERNELS_H

struct host_block {
    idx_t rows, cols, depth;
    const scalar_t *x;
    idx_t xr, xl;
    int conj_x;
    const scalar_t *y;
    idx_t yl, yc;
    int conj_y;
    scalar_t *out;
    idx_t ro, co;
    scalar_t alpha, beta;
    int stream_out;
    /* Nonzero when the memory after X(rows - 1, depth - 1) may be read (up
       to a vector of the widest instruction set, 64 bytes): a copy of X
       made with that room.  row_lanes then need not run the last step of
       the depth apart (see row_lanes_tiles). */
    int x_padded;
    /* Nonzero when the last rows may run as a tile of whole vectors wider
       than them (see row_lanes_tiles), which sums them in another order
       than the tiles before: only for callers whose blocks of rows do not
       depend on the number of threads. */
    int edge_tiles;
    /* Nonzero when X comes from memory, read once along long runs of
       rows (xTSMM's column-major tall operand, xMTSM's regular matrix
       contiguous along P): row_lanes prefetches it.
       Every one of the K columns of X is a stream of its own, more than
       the hardware prefetchers follow.
       - With more columns than a tile (Q > ROW_NR) X is read in strips:
         while a strip's first column tile runs, the rows of the next strip
         are prefetched into the L2 cache.  On the GPU machine's 16 threads
         xTSMM col, Q = 16, 48, 64, took 3-25 % less time in 11 of 12
         precision-width pairs (two runs each); a second A/B there, three
         runs each, stayed within that machine's noise (Q = 48: 0.84-1.11
         of the time); on the development machine's 2 threads Q > 8 took
         0.935 of the time (doc/host-performance.md as of 0edd6af, in git).
       - With one column tile the tiles sweep X once, and each prefetches
         the rows prefetch_x bytes ahead of its own, for a depth up to
         HOST_ROW_PREFETCH_DEPTH_MAX (host_kernels_body.h): xTSMM asks for
         HOST_TSMM_PREFETCH_AHEAD_BYTES, xMTSM, whose runs are shorter,
         HOST_MTSM_PREFETCH_AHEAD_BYTES.
       depth_lanes (xTSMTTSM's column-major block vectors, one stream a
       column of X and of Y): nonzero, the first tile of a depth block that
       reads a row of X (a column of Y) prefetches the next depth block of
       it into the L2 cache. */
    idx_t prefetch_x;
};

struct host_kernels {
    const char *isa;
    /* Rows of a row_lanes tile (its vectors times their elements): rows
       are computed tile by tile from the start of a block, so blocks that
       depend on the number of threads are multiples of it, and a row is
       computed by the same tile in any block. */
    idx_t row_tile;
    /* xTSMM with a column-major tall operand of LONG_RUN_K columns or
       more and a C of at most LONG_RUN_Q columns (one row_lanes column
       tile) takes the long runs, where that was measured faster; else
       LONG_RUN_Q is 0 (then only Q <= HOST_TSMM_DEPTH_LANES_Q does).
       HOST_TSMM_LONG_RUN_K below. */
    int long_run_k, long_run_q;
    void (*row_lanes)(const struct host_block *block);
    void (*depth_lanes)(const struct host_block *block);
    /* dst[i] := alpha*opx(src[i]) for i < n (opx conjugating when asked),
       non-temporal where stream asks and the instruction set has them;
       then store_fence() orders those stores before the caller's next. */
    void (*scale_copy)(scalar_t *dst, const scalar_t *src, idx_t n, scalar_t alpha,
                       int conjugate, int stream);
    /* image[j + i*cols] = a[i + j*lda] for i < rows, j < cols: the
       transpose of a tile, its columns contiguous (xGEMT;
       host_kernels_transpose.h). */
    void (*transpose_tile)(scalar_t *restrict image, const scalar_t *a, idx_t lda, idx_t rows,
                           idx_t cols);
    void (*store_fence)(void);
};

/* The kernels of one instruction set (NULL members where the compiler or
   the target cannot build them: only the generic table is always full). */
extern const struct host_kernels X(host_kernels_avx512);
extern const struct host_kernels X(host_kernels_avx2);
extern const struct host_kernels X(host_kernels_generic);

/* The best table this CPU runs.  The environment variable TSBLAS_HOST_ISA
   (avx512, avx2 or generic) asks for a lesser one, so that every variant
   can be tested on one machine. */
const struct host_kernels *X(host_kernels)(void);

/* ------------------------------------------------------------------------
 * Regimes and block sizes of the drivers.
 *
 * The regime limits were measured on the development machine (2 Sapphire
 * Rapids cores, OpenMP 2 threads, OpenBLAS 0.3.21 as the BLAS) with a
 * scratch program that times each routine against xGEMM on the same shape
 * (the least of up to 300 calls each, D, op pairs T,N and N,T for xTSMTTSM,
 * N,N both forms for xTSMM, N,N and T,N for xMTSM; widths 1, 4, 16, 64;
 * the long dimension from 64 up).  Each limit is where the kernels became
 * faster than the BLAS at the narrowest width; below it the fixed costs of
 * a call (the partial sums, the OpenMP team, the kernel choice) dominate.
 * ---------------------------------------------------------------------- */

/* The small dimensions the kernels take (M, N of TSMTTSM; K and the short
   side of TSMM; the skinny side of MTSM).  Beyond them the BLAS's blocking
   of large GEMMs is the better tool. */
#define HOST_SKINNY_MAX 64

/* TSMTTSM: (M + N) * K, the elements of A and B, from which the kernels
   are faster (measured break-even: K = 1024..2048 for M = N = 1, 256..512
   for 4, 64..128 for 16, below 64 for 64). */
#define HOST_TSMTTSM_SIZE_MIN 4096

/* TSMM: (K + the short side) * the long side, the elements of the tall
   operands read and written, from which the kernels are faster (measured
   break-even: long side 256..1024 for width 1, 64..256 for 4, below 64 for
   16 and 64). */
#define HOST_TSMM_SIZE_MIN 1024

/* MTSM: the long dimensions (rows of the regular matrix, and K) from which
   the kernels are run; they were faster than the BLAS at every measured
   size (64 to 2048), 64 is the smallest measured. */
#define HOST_MTSM_LONG_MIN 64

/* TSMTTSM cuts K into chunks of about this many bytes of A and B together,
   between the two row counts below: the unit of the partial sums (the
   kernels block each chunk for the caches). */
#define HOST_TSMTTSM_CHUNK_BYTES (1024 * 1024)
#define HOST_TSMTTSM_CHUNK_ROWS_MIN 256
#define HOST_TSMTTSM_CHUNK_ROWS_MAX 65536

/* TSMTTSM sums the chunks in at most this many groups (each summed in
   order by one thread into its own partial C), and spends at most this
   many bytes on the groups' partials. */
#define HOST_TSMTTSM_GROUPS_MAX 256
#define HOST_TSMTTSM_PARTIAL_BYTES (4 * 1024 * 1024)

/* TSMM: the long dimension is cut into blocks of about this many bytes of
   the tall operand. */
#define HOST_TSMM_BLOCK_BYTES (64 * 1024)

/* TSMM, from this many columns (K) on with Q <= HOST_TSMM_DEPTH_LANES_Q:
   with a column-major tall operand, the depth runs in blocks of
   HOST_LONG_RUN_DEPTH columns over runs of HOST_LONG_RUN_BYTES, as xMTSM
   does (otherwise all K columns are read at once over blocks of
   HOST_TSMM_BLOCK_BYTES); with an interleaved one, the lanes
   run along K (depth_lanes: dot products of the rows of T with the
   columns of S) rather than along Q, which leaves most lanes idle.
   Measured on the development machine (tall operand 256 MiB), K = 64,
   Q = 1: column-major S 34 -> 71 % of the copy roofline (0.64x -> 1.23x
   OpenBLAS), interleaved D 20 -> 50 % (0.69x -> 1.72x); for Q = 4, K = 32
   the depth blocks gained a little (D 65 -> 69 %) and depth_lanes lost
   (D 38 -> 33 %), for Q >= 16 the depth blocks lost half their speed. */
#define HOST_TSMM_DEEP_K 16
#define HOST_TSMM_DEPTH_LANES_Q 2

/* HOST_TSMM_LONG_RUN_K, in each kernel file: TSMM with a column-major tall
   operand, from this many columns (K) on: the depth blocks of
   HOST_LONG_RUN_DEPTH columns over runs of HOST_LONG_RUN_BYTES also where
   Q is wider than HOST_TSMM_DEPTH_LANES_Q, up to the kernels' long_run_q,
   the columns of one row_lanes tile.  K columns read at once are K
   streams, more than the hardware prefetchers follow; eight are fewer.
   Measured on the development machine (Zen 4, 2 threads, 256 MiB, three
   runs each way, medians): AVX-512, K = 20-64 and Q = 3-8 (real) or 3-6
   (complex) took 0.26-0.86 of the time, K >= 24 0.26-0.81 (Z 48 x 4 from
   0.51x OpenBLAS to 1.85x, D 64 x 5 from 0.76x to 1.36x); K = 16 with Q =
   3, 6 0.97-1.37 and complex Q = 7, 8 (two column tiles) 0.90-1.53 of the
   time, so they keep the plain blocks: K = 20.  AVX2 (TSBLAS_HOST_ISA=avx2,
   one column tile: 6 columns real, 3 complex; the long runs from K = 20
   against none, three runs each way): K = 40-64 took 0.24-0.43 of the
   time (D 64 x 4 from 0.51x OpenBLAS to 1.83x); K = 24-32 with C of 3
   columns 0.47-0.64, but real C of 4-6 columns 1.20-1.86: K = 40. */

/* TSMM with beta = 0 writes C with non-temporal stores from this size of C
   on: such a C leaves the caches before anyone reads it again, and the
   stores then skip reading each line before writing it (write-allocate). */
#define HOST_TSMM_STREAM_BYTES (32 * 1024 * 1024)

/* GEMT writes B with non-temporal stores from this size of B on (as TSMM
   does its C). */
#define HOST_GEMT_STREAM_BYTES (32 * 1024 * 1024)

/* MTSM, regular matrix contiguous along its long side (column-major with
   the rows long), and TSMM with a column-major tall operand of
   HOST_TSMM_DEEP_K columns or more and Q <= HOST_TSMM_DEPTH_LANES_Q: blocks
   of about this many bytes of each column (runs of
   contiguous memory), by this many columns, read straight from the matrix
   by row_lanes, each depth block adding into C (L1-resident for a run).
   Measured on the development machine (2 threads, 31.6 GB/s read
   bandwidth; D 8192 x 8192 times 8192 x k), against copying blocks of
   8 KB of 128 columns into a padded buffer first, as this path did
   before: k = 1, 2, 4 reached 99, 88, 78 % of the read roofline instead
   of 61, 55, 59 %.  Runs of 8 to 32 KB and 4 to 32 columns were within
   the noise (10 %) for D and S; Z did best with 8 columns. */
#define HOST_LONG_RUN_BYTES (16 * 1024)
#define HOST_LONG_RUN_DEPTH 8

/* xMTSM on that path from Q = HOST_LONG_RUN_WIDE_Q on: depth blocks of
   HOST_LONG_RUN_WIDE_DEPTH columns, so that each block of C, read and
   written at every depth block, serves more flops.  Measured at Q = 16
   (tall operand 256 MiB, two runs each): on the development machine's 2
   threads 8 -> 16 columns took S, D, C, Z in both orders from 108-198 %
   to 133-248 % of the roofline; on the GPU machine's 16 threads (1 GiB)
   from 18-47 % to 27-51 %. */
#define HOST_LONG_RUN_WIDE_Q 16
#define HOST_LONG_RUN_WIDE_DEPTH 16

/* xMTSM from Q = HOST_MTSM_BLAS_Q on is left to the BLAS: there the product
   is bound by the arithmetic on both machines measured, and a packed GEMM
   does that better than these kernels on many cores.  On the GPU machine's
   16 threads (its OpenBLAS, 1 GiB) the best of five blockings (depth
   blocks of 8 to 64 columns, runs of 2 to 16 KB) stayed under 0.97x
   OpenBLAS in 5 of the 8 precision-order pairs at Q = 32 (0.54-0.85x)
   and in 7 of 8 at Q = 64 (0.57-0.96x); on the development machine's 2
   threads they were 1.6-3.0x faster than its OpenBLAS 0.3.21
   (doc/tuning/host-2core-*mtsm-gemt.csv as of f5382dc, in git), which
   this gives up. */
#define HOST_MTSM_BLAS_Q 32

/* How far ahead of its rows a tile of a one-column-tile sweep over X
   prefetches (host_block prefetch_x) in xTSMM.  Measured on the
   development machine's 2 threads, xTSMM D col K = Q = 1 (256 MiB, a
   scaled copy): without it 0.67-0.80 of the rate of a plain scaled copy
   with non-temporal stores in the same program (five runs), with 8, 16
   and 32 KiB ahead 0.82-0.94, 0.85-0.97 and 0.83-0.95 (three to five runs
   each).  With 16 KiB, xTSMM col S, D, Z against the library without it
   (1 GiB on the GPU machine's 16 threads, 256 MiB on 2 threads, three
   runs each): K = 1 took 0.66-0.83 of the time, K = 2-4 0.73-0.98 on 16
   threads and 0.86-1.06 on 2 (Z K = 4: 1.19, in a second run 0.94), K = 6
   and 8 0.82-1.15; but K = 32 (Q = 4) 0.77-1.36, D at 1.36 on 16 threads,
   and K = 64 (Q = 1) 0.91-1.11: so many streams, each prefetched 16 KiB
   ahead, are more than the caches hold for them (hence
   HOST_ROW_PREFETCH_DEPTH_MAX). */
#define HOST_TSMM_PREFETCH_AHEAD_BYTES (16 * 1024)

/* The same in xMTSM with its regular matrix contiguous along P, whose
   runs (HOST_LONG_RUN_BYTES) are as long as the xTSMM distance: 16 KiB
   ahead would fetch rows of another task.  On the GPU machine's 16
   threads (1 GiB, S D C Z, Q = 1, 2, 4, 8, 16, three runs each over two
   boots, median bandwidth against the library without the prefetch) 1 KiB
   ahead, with the strip prefetch for Q above a register tile, reached
   1.08 times the bandwidth in geometric mean (0.97-1.26; 18 of 20 cases
   at 1.0 or more), 4 KiB ahead 1.00 (0.82-1.12). */
#define HOST_MTSM_PREFETCH_AHEAD_BYTES 1024

/* MTSM, regular matrix contiguous along its long side: K is cut into
   groups of at most this many columns, each summed by a task of its own
   (host_mtsm.c), so that many threads keep long runs. */
#define HOST_MTSM_GROUP_DEPTH 1024

/* ... and the groups' sums take at most this many bytes: fewer groups for
   a longer P or a wider Q, none once C takes more than half of it. */
#define HOST_MTSM_GROUP_BYTES (64 * 1024 * 1024)

/* MTSM, regular matrix contiguous along K: row blocks and depth blocks
   such that the skinny operand's slab stays in the L2 cache. */
#define HOST_MTSM_ROW_BLOCK 192
#define HOST_MTSM_DEPTH_BLOCK 1024

#endif
