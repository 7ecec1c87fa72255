/*
 * gpu_tsmttsm_tsmm_path.cu: which path an xTSMTTSM or xTSMM call on the
 * GPU takes (gpu_tsmttsm_tsmm_common.cuh says what the paths are).
 *
 * Purpose
 * =======
 * tsm_choose_path returns the path of the tuned table of the device
 * (gpu_tsmttsm_tsmm_table.cu: the table that names the GPU, else the
 * first) for the routine, the precision, the storage order and the width,
 * unless the environment variable TSBLAS_GPU_TSM_PATH
 * forces one: "direct", "staged-small", "staged-large", "tensor",
 * "tensor-rows" (the tensor path without FLAT's copies of the chunk as one
 * run of memory, gpu_tsmttsm_tensor.cu), "fma" (STSMTTSM, CTSMTTSM and
 * xTSMM; elsewhere the table decides)
 * or "cublas" (the tuning sweep, testing/gpu_tune_tsm.sh, times each path
 * this way).  The table's code u is the tensor path without FLAT for
 * calls of even widths, t the tensor path with FLAT where a call
 * qualifies: tsm_flat_copies says which a call takes.
 *
 * The tensor and fma paths need sm_80 (cp.async, the FP64 mma): on an
 * older device their calls take the staged kernel with large tiles.
 * The tensor path of STSMTTSM and CTSMTTSM multiplies floats on the FP64
 * tensor cores: on a GPU whose FP64 rate is under half its FP32 rate
 * (sm_86, sm_89: 1/64) their calls take the fma kernel, unless a path is
 * forced.
 *
 * The width of the table: for an M x N result of xTSMTTSM, and for xTSMM
 * with inner dimension K and output width w, the arithmetic intensity is
 * that of the square product of width 2ab/(a+b) (a, b the two widths): the
 * table is measured on square products and this, rounded, is its index.
 *
 * The H100 table's D and Z column-major rows are swept from width 17 with
 * K a multiple of 4 (tsblas_bench --rows-multiple 4, 1 GiB): cuBLAS's
 * DGEMM and ZGEMM run much faster on columns that start on 32-byte
 * boundaries, the tensor kernels less so (H100, 1 GiB, widths 33-64, the
 * tensor kernels forced; K a multiple of 4, then K odd: cuBLAS's DTSMTTSM
 * at 47-87 and 44-87 % of the roofline, ZTSMTTSM 55-83 and 41-75 %, DTSMM
 * 56-93 and 52-70 %; ours 89-97 and 85-94 %, 61-79 and 60-80 %, 75-92 and
 * 72-78 %; doc/data/gpu-h100-dz-col-*).  So a D or Z call with a
 * column-major tall operand of odd LD (ODD_LINES) takes the tensor kernel
 * where the table gives cuBLAS from its width 17, where the sweep's K is a
 * multiple of 4 (with K odd, at widths 33-64 0.99-1.65 times cuBLAS's
 * speed on the H100, 1.02-1.67 on the H200: doc/data/gpu-h200-*-tensor-
 * forced*.csv; DTSMTTSM col 22, which the H100's sweep of 2026-12-06
 * gives cuBLAS: 97 % of the roofline with the tensor kernel, 71 % through
 * cuBLAS, 1 GiB, K odd, doc/data/gpu-h100-retune-1g-{before,sweep}.csv),
 * unless a path is forced or the device has no chunk kernels.
 *
 * STSMTTSM column-major at the table's widths 17-24 and 33-40, where the
 * tables give the fma kernel: with a tall operand of odd LD (ODD_LINES)
 * that kernel copies its columns a float at a time, the tensor kernel 16
 * bytes at a time (shifted columns), and the tensor kernel takes those
 * calls.  H200, both forced, widths 33-40, 1 and 4 GiB (doc/data/gpu-h200-
 * stsmttsm-33-40-check.csv and its runs): LD odd, the tensor kernel 1.5
 * to 6.8 points of the roofline above the fma kernel (44.9-53.8 % against
 * 41.0-47.5 %); LD 2 mod 4 0.6 to 1.9 and a multiple of 4 4.1 to 7.7
 * points below it.  H100, both forced, widths 17-24, 1 GiB (doc/data/
 * gpu-h100-tsmttsm-sc-17-40-{tensor,fma}-forced.csv): LD odd (19, 22)
 * 90 % against 75-78 %, a multiple of 4 (17, 18, 20, 21) 86-92 % against
 * 89-93 %; the library before and after, two runs each (doc/data/gpu-
 * h100-tsmttsm-sc-17-40-*): LD odd 75-78 -> 90-92 % at 1 GiB, 74-81 ->
 * 90-93 % at 4 GiB (17-21, 23), run by run; pairs of those widths with
 * LD odd 68-85 -> 85-93 % (17 x 33, 33 x 17, 12 x 40, 12 x 48, 16 x 20,
 * 16 x 40, 16 x 48, 18 x 36, 40 x 16).  Unless a path is forced or the
 * device has no chunk kernels.
 *
 * Pairs that the table, keyed by the square width of the same intensity,
 * gives to the tensor kernel, and the fma kernel runs faster (paired_path):
 * STSMTTSM interleaved with both widths multiples of 4 (whole rows of
 * 16-byte copies for the fma kernel), the shorter 16 or less, or 24 or
 * less and the longer 40 or less; CTSMTTSM at the table's widths 21-24
 * with a side past 32, where the tensor kernel cannot take the complex
 * product as one real product (EMBED, gpu_tsmttsm_tensor.cu).  H200, every
 * pair of 8-64 in steps of 4 or 8, both forced (the grid below): S
 * interleaved of those widths, the fma kernel 4 to 26 points of the
 * roofline above the table's (16 x 20 69 -> 95 %, 12 x 28 67 -> 91 %, 16 x
 * 40 74 -> 90 %), the tensor kernel ahead at 20 x 48 and 28 x 32.  H100,
 * the library before and after, 19 pairs, S and C, both orders, 1 and 4
 * GiB, three runs on two GPUs (doc/data/gpu-h100-tsmttsm-sc-pairs-*): S
 * interleaved 16 x 56, 24 x 28, 24 x 40, 32 x 20 83-90 -> 92-99 %; C 16 x
 * 40, 17 x 33 and 33 x 17, which the H100's table since its rows of
 * 2026-12-06 would give the tensor kernel (8 to 16 points lower, two runs
 * at 1 and 4 GiB), keep the fma kernel, within 3.0 points of before (the
 * H200's table gives the fma kernel at 21-24).
 *
 * STSMTTSM and CTSMTTSM of one width 25-32 and the other 48-64: the table,
 * keyed by the square width of the same intensity (33-43), gives the fma
 * kernel to many of them, which runs them far slower than the tensor
 * kernel, CTSMTTSM slower than cuBLAS (0.69-0.97x at 28 x 48-64, 32 x
 * 48-64, 48-64 x 28).  H200, 1 GiB, both forced and the table, every pair
 * of 8, 12, 16, 20, 24, 28, 32, 40, 48, 56 and 64 (doc/data/gpu-h200-
 * tsmttsm-pairs-{tensor,fma,table}.csv): at the pairs of 28 or 32 and 48,
 * 56 or 64, either way round, the tensor kernel 6 to 31 points of the
 * roofline above the fma kernel in S and C, both orders; elsewhere the
 * two cross (the fma kernel's: S interleaved mostly with a side of 24 or
 * less or of 40-56 x 40-56, C mostly with a side of 8 or 40, C 24 x 56).
 * Those calls take the tensor kernel, unless a path is forced: the
 * library before and after through their tables, 22 pairs of 25-32 and
 * 48-64 and 8 around them, S and C, both orders, 1 GiB twice and 4 GiB
 * (doc/data/gpu-h200-tsmttsm-pairs-rule-*): S col 66 -> 77 % in the mean,
 * int 68 -> 75 %, C 52 -> 71 %; 26 calls under 0.97x cuBLAS before at 1
 * GiB, 28 at 4 GiB, none after (1.09x and 1.01x the least); lower: C col
 * 25 x 48 and 48 x 25, C int 48 x 25 by up to 5.9 points (col 48 x 25 58
 * -> 52 % at 4 GiB), S col 28 x 48 at 4 GiB by 2.4; the calls around
 * within 2.6.
 *
 * Matrix-vector shapes (one width 1, the other 16 or more) of xTSMM, and
 * of real xTSMTTSM, take cuBLAS, which has kernels of its own for them: on
 * the H100, on 1x64 and 64x1, it was as fast as ours or faster (63-100 %
 * of the roofline where ours, keyed by the square width 2, reached
 * 28-98 %; git log doc/gpu-performance.md).  gpu_tsmm.cu gives some
 * interleaved ones of xTSMM to the fma kernel.  Complex xTSMTTSM: cuBLAS
 * is fast only on op(A)^H*x with A column-major (N = 1), and under 1 %
 * of the roofline on the others, so only those take it (H200, 1 GiB, M =
 * 16, 32, 64: 88-98 %, by the run, where ours reached 86-88 % in C,
 * 35-36 % in Z; the H100 at 64: 96-98 % against 88 % and the tensor
 * kernel's 90 %).  The others of ZTSMTTSM take the tensor kernel, which
 * pads the side of 1 to 8 and still draws the bandwidth (H200: 93-97 %
 * where the table's direct kernel reached 44-52 %; the H100 at 1 x 64
 * column-major 97 % against 69 %, interleaved 97 and 92 % against 96 and
 * 97 %: 5 points lost at interleaved 64 x 1 there, for 47 -> 97 % on the
 * H200;
 * doc/data/gpu-h200-tsmttsm-vector-*.csv, doc/data/gpu-h100-tsmttsm-tensor-
 * forced-1g.csv); CTSMTTSM's take the fma kernel (84-94 %), as the
 * unbalanced rule below gives it.
 *
 * Unbalanced xTSMTTSM (M and N far apart): the table, keyed by the square
 * width of the same intensity, gives the direct kernel or cuBLAS to calls
 * that the chunk kernels run much faster.  H100, 1 GiB, each path forced,
 * 29 pairs from 1 x 4 to 64 x 16 (doc/data/gpu-h100-tsmttsm-unbalanced-
 * PATH.csv): STSMTTSM and CTSMTTSM, the longer side at least 4 times the
 * shorter, direct 45-85 % of the roofline, fma 87-97 % (1 x 4 within 3
 * points; the tensor kernel, which pads both sides to its tiles, at
 * CTSMTTSM 3 x 17 interleaved 45 % against 95 %, doc/data/gpu-h100-full-
 * c-tensor-1g.csv); DTSMTTSM and ZTSMTTSM, the shorter side 2-17 and
 * the longer at least 1.9 times it, where the table gives the direct
 * kernel or cuBLAS, or column-major the staged kernels: 54-95 %, tensor
 * 84-99 % (at 24 x 48 cuBLAS, 88 % against 83 %, so not from a shorter
 * side of 24; ZTSMTTSM interleaved on the staged kernels, 2 x 8, 8 x 2,
 * 3 x 17, 3 x 48: 93-98 % against 88-94 %, so not there).  The library
 * before and after, H100 and H200 (doc/data/gpu-h*-rules-*.csv,
 * doc/gpu-performance.md "Unbalanced pairs").  Those calls take the fma
 * and tensor kernels, unless a path is forced.
 *
 * Arguments
 * =========
 * ROUTINE      TSBLAS_TSMTTSM or TSBLAS_TSMM.
 * PRECISION    0..3 for S, D, C, Z.
 * INTERLEAVED  the tall operands are interleaved (row-major) block vectors;
 *              a call that mixes the orders counts as column-major
 *              (xTSMTTSM: an operand of width 1 takes the other's order).
 * W1, W2       M and N (xTSMTTSM); K and the width of C (xTSMM); 1..64.
 * ODD_LINES    a column-major tall operand (A or B; T or C) has an odd LD.
 *
 * tsm_blocks_per_sm (the launch geometry of the staged and direct kernels)
 * lives here too: it keeps, per host thread, the last few answers of the
 * runtime's occupancy calculator; tsm_prefer_max_shared, which keeps
 * likewise the kernels whose shared-memory carveout it has set; and
 * tsm_partials_grid, the grid and workspace of the xTSMTTSM partial-sums
 * kernels.
 */
#include <config.h>
#include <stdlib.h>
#include "gpu_tsmttsm_tsmm_common.cuh"

namespace tsblas {

/* The paths TSBLAS_GPU_TSM_PATH may name: the path, and whether the
   tensor path copies with FLAT where a call qualifies (tsm_flat_copies). */
struct forced_name {
    const char *name;
    enum tsm_path path;
    bool flat;
};

/* The entry TSBLAS_GPU_TSM_PATH names, or NULL. */
static const forced_name *forced_entry()
{
    static const forced_name names[] = {
        { "direct", TSM_DIRECT, true },
        { "staged-small", TSM_STAGED_SMALL, true },
        { "staged-large", TSM_STAGED_LARGE, true },
        { "tensor", TSM_TENSOR, true },
        { "tensor-rows", TSM_TENSOR, false },
        { "fma", TSM_FMA, true },
        { "cublas", TSM_CUBLAS, true },
    };
    const char *asked = getenv("TSBLAS_GPU_TSM_PATH");

    if (asked != NULL)
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strcmp(asked, names[i].name) == 0)
                return &names[i];
    return NULL;
}

int tsm_forced_path()
{
    const forced_name *forced = forced_entry();

    return forced != NULL ? forced->path : -1;
}

bool tsm_path_forced()
{
    return tsm_forced_path() >= 0;
}

int tsm_table_width(idx_t w1, idx_t w2)
{
    const idx_t width = (4 * w1 * w2 + w1 + w2) / (2 * (w1 + w2));

    return width < 1 ? 1 : width > SKINNY_MAX ? SKINNY_MAX : (int)width;
}

/* The precisions of the tuned table, as tsm_precision indexes them. */
enum { TABLE_S, TABLE_D, TABLE_C, TABLE_Z };
static_assert(tsm_precision<float>::index == TABLE_S && tsm_precision<double>::index == TABLE_D
                  && tsm_precision<cuFloatComplex>::index == TABLE_C
                  && tsm_precision<cuDoubleComplex>::index == TABLE_Z,
              "the table's precisions are tsm_precision's indexes");

/* Whether PRECISION (an index of the tuned table) has elements of floats:
   S and C. */
static bool of_floats(int precision)
{
    return precision == TABLE_S || precision == TABLE_C;
}

/* Whether PRECISION (an index of the tuned table) is complex: C and Z. */
static bool is_complex(int precision)
{
    return precision == TABLE_C || precision == TABLE_Z;
}

/* The path of the table or of TSBLAS_GPU_TSM_PATH (tsm_choose_path). */
static enum tsm_path chosen_path(enum tsblas_routine routine, int precision, bool interleaved,
                                 idx_t w1, idx_t w2)
{
    const int forced = tsm_forced_path();

    /* The tensor path exists for every precision of both routines, the
       fma path for STSMTTSM, CTSMTTSM and xTSMM. */
    const bool has_fma = routine == TSBLAS_TSMM || of_floats(precision);

    if (forced >= 0 && (forced != TSM_FMA || has_fma))
        return (enum tsm_path)forced;
    /* Matrix-vector shapes (the comment at the top of this file). */
    if ((w1 == 1 && w2 >= 16) || (w2 == 1 && w1 >= 16)) {
        if (routine == TSBLAS_TSMM || !is_complex(precision) || (!interleaved && w2 == 1))
            return TSM_CUBLAS;
        if (precision == TABLE_Z)
            return TSM_TENSOR;
    }
    switch (tsm_tuned_path_code(routine, precision, interleaved, tsm_table_width(w1, w2))) {
    case 'd':
        return TSM_DIRECT;
    case 's':
        return TSM_STAGED_SMALL;
    case 'l':
        return TSM_STAGED_LARGE;
    case 't':
    case 'u':
        return TSM_TENSOR;
    case 'f':
        return has_fma ? TSM_FMA : TSM_CUBLAS;
    default:
        return TSM_CUBLAS;
    }
}

/* What a call needs of its device, looked up once per host thread and
   device: the table that names it, whether it has what the chunk kernels
   need (sm_80: cp.async and the FP64 mma), and whether its FP64 rate is at
   least half its FP32 rate (the A100, H100, H200; not the GPUs of sm_86
   and sm_89, 1/64). */
struct device_facts {
    bool looked_up;
    int table;
    bool chunk_kernels;
    bool fp64_half_rate;
};
const int FACT_DEVICES = 64;
static __thread device_facts facts_of_device[FACT_DEVICES];

static const device_facts *current_device_facts()
{
    static const device_facts unknown = { true, 0, false, false };
    int device = 0, fp32_per_fp64 = 0;
    cudaDeviceProp prop;

    if (cudaGetDevice(&device) != cudaSuccess || device < 0 || device >= FACT_DEVICES) {
        cudaGetLastError();
        return &unknown;
    }
    device_facts *f = &facts_of_device[device];
    if (f->looked_up)
        return f;
    f->table = 0;
    f->chunk_kernels = false;
    f->fp64_half_rate = false;
    if (cudaDeviceGetAttribute(&fp32_per_fp64, cudaDevAttrSingleToDoublePrecisionPerfRatio,
                               device)
        == cudaSuccess)
        f->fp64_half_rate = fp32_per_fp64 >= 1 && fp32_per_fp64 <= 2;
    else
        cudaGetLastError();
    if (cudaGetDeviceProperties(&prop, device) == cudaSuccess) {
        for (int i = 0; i < tsm_tuned_table_count; i++)
            if (strcmp(tsm_tuned_tables[i].device, prop.name) == 0) {
                f->table = i;
                break;
            }
        f->chunk_kernels = prop.major >= 8;
    } else {
        cudaGetLastError();
    }
    f->looked_up = true;
    return f;
}

char tsm_tuned_path_code(enum tsblas_routine routine, int precision, bool interleaved,
                         int width)
{
    return tsm_tuned_tables[current_device_facts()->table]
        .paths[routine == TSBLAS_TSMM][precision][interleaved][width - 1];
}

const char *tsm_tuned_device()
{
    return tsm_tuned_tables[current_device_facts()->table].device;
}

bool tsm_device_has_chunk_kernels()
{
    return current_device_facts()->chunk_kernels;
}

bool tsm_flat_copies(int precision, idx_t m, idx_t n)
{
    const forced_name *forced = forced_entry();

    if (forced != NULL && forced->path == TSM_TENSOR)
        return forced->flat;
    /* The table's u is measured on squares of even widths (2 mod 4); with
       an odd width FLAT's steps S rows apart ran ahead at every square
       width on the H100 (gpu-h100-tune-tensor{,-rows}.csv). */
    if (m % 2 != 0 || n % 2 != 0)
        return true;
    return tsm_tuned_path_code(TSBLAS_TSMTTSM, precision, true, tsm_table_width(m, n)) != 'u';
}

/* The paths of unbalanced xTSMTTSM (the comment at the top of this file). */
static enum tsm_path unbalanced_path(enum tsblas_routine routine, int precision,
                                     bool interleaved, enum tsm_path path, idx_t w1, idx_t w2)
{
    const idx_t shorter = w1 < w2 ? w1 : w2, longer = w1 < w2 ? w2 : w1;
    const bool staged = path == TSM_STAGED_SMALL || path == TSM_STAGED_LARGE;

    if (routine != TSBLAS_TSMTTSM || tsm_path_forced())
        return path;
    if (of_floats(precision) && (path == TSM_DIRECT || path == TSM_TENSOR)
        && longer >= 4 * shorter)
        return TSM_FMA;
    if (!of_floats(precision)
        && (path == TSM_DIRECT || path == TSM_CUBLAS || (staged && !interleaved))
        && shorter >= 2 && shorter <= 17 && 10 * longer >= 19 * shorter)
        return TSM_TENSOR;
    return path;
}

/* The paths of S and C xTSMTTSM pairs that the table's square widths do
   not carry (the comment at the top of this file): one width 25-32 and
   the other 48-64 take the tensor kernel for the fma kernel; S
   interleaved of widths multiples of 4, and C at the table's widths 21-24
   with a side past 32, the fma kernel for the tensor kernel. */
static enum tsm_path paired_path(enum tsblas_routine routine, int precision, bool interleaved,
                                 enum tsm_path path, idx_t w1, idx_t w2)
{
    const idx_t shorter = w1 < w2 ? w1 : w2, longer = w1 < w2 ? w2 : w1;
    const int width = tsm_table_width(w1, w2);

    if (routine != TSBLAS_TSMTTSM || !of_floats(precision) || tsm_path_forced())
        return path;
    if (path == TSM_FMA && shorter >= 25 && shorter <= 32 && longer >= 48)
        return TSM_TENSOR;
    if (path == TSM_TENSOR && precision == TABLE_S && interleaved && w1 % 4 == 0 && w2 % 4 == 0
        && width >= 17 && (shorter <= 16 || (shorter <= 24 && longer <= 40)))
        return TSM_FMA;
    if (path == TSM_TENSOR && precision == TABLE_C && width >= 21 && width <= 24 && longer > 32)
        return TSM_FMA;
    return path;
}

/* The path of STSMTTSM column-major of odd LD at the table's widths 17-24
   and 33-40 (the comment at the top of this file). */
static enum tsm_path odd_lines_path(enum tsblas_routine routine, int precision, bool interleaved,
                                    enum tsm_path path, idx_t w1, idx_t w2, bool odd_lines)
{
    const int width = tsm_table_width(w1, w2);

    if (path == TSM_FMA && routine == TSBLAS_TSMTTSM && precision == TABLE_S && !interleaved
        && odd_lines && ((width >= 17 && width <= 24) || (width >= 33 && width <= 40))
        && !tsm_path_forced())
        return TSM_TENSOR;
    return path;
}

enum tsm_path tsm_choose_path(enum tsblas_routine routine, int precision, bool interleaved,
                              idx_t w1, idx_t w2, bool odd_lines)
{
    enum tsm_path path = chosen_path(routine, precision, interleaved, w1, w2);

    path = unbalanced_path(routine, precision, interleaved, path, w1, w2);
    path = paired_path(routine, precision, interleaved, path, w1, w2);
    path = odd_lines_path(routine, precision, interleaved, path, w1, w2, odd_lines);

    /* The chunk kernels compile to nothing before sm_80: there the staged
       kernel with large tiles takes their calls. */
    if (!current_device_facts()->chunk_kernels)
        return path == TSM_TENSOR || path == TSM_FMA ? TSM_STAGED_LARGE : path;
    /* The tensor kernels of S and C (both routines) multiply floats as
       doubles: on a GPU whose FP64 rate is under half its FP32 rate (one
       that no table names, so it takes the H100's) the fma kernel takes
       their calls. */
    if (path == TSM_TENSOR && of_floats(precision) && !current_device_facts()->fp64_half_rate
        && !tsm_path_forced())
        return TSM_FMA;
    /* D and Z with a column-major tall operand of odd LD (the comment at
       the top of this file). */
    if (path == TSM_CUBLAS && !of_floats(precision) && !interleaved && odd_lines
        && tsm_table_width(w1, w2) >= 17 && !tsm_path_forced())
        return TSM_TENSOR;
    return path;
}

/* Occupancy answers kept per thread: kernel, shared bytes, device. */
const int OCCUPANCY_CACHE = 16;
struct occupancy_entry {
    const void *kernel;
    size_t shared;
    int device, blocks;
};
static __thread occupancy_entry occupancy_cache[OCCUPANCY_CACHE];
static __thread int occupancy_next;

int tsm_blocks_per_sm(const void *kernel, size_t shared, int *blocks, int threads)
{
    int device, i, shared_limit = 0;
    cudaFuncAttributes attributes;
    cudaError_t err = cudaGetDevice(&device);

    if (err != cudaSuccess)
        return cuda_failure("cudaGetDevice", err);
    for (i = 0; i < OCCUPANCY_CACHE; i++) {
        const occupancy_entry *e = &occupancy_cache[i];
        if (e->kernel == kernel && e->shared == shared && e->device == device) {
            *blocks = e->blocks;
            return 0;
        }
    }
    /* The kernel's limit goes to the device's largest, never down to
       SHARED: a later call of the same kernel with more shared memory
       finds its answer in the cache and sets nothing.  The largest dynamic
       size is the opt-in maximum less the kernel's static shared memory;
       asking for more is an invalid value. */
    err = cudaDeviceGetAttribute(&shared_limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
    if (err == cudaSuccess)
        err = cudaFuncGetAttributes(&attributes, kernel);
    if (err == cudaSuccess)
        err = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   shared_limit - (int)attributes.sharedSizeBytes);
    if (err == cudaSuccess)
        err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, kernel, threads, shared);
    if (err != cudaSuccess)
        return cuda_failure("kernel occupancy", err);
    occupancy_cache[occupancy_next].kernel = kernel;
    occupancy_cache[occupancy_next].shared = shared;
    occupancy_cache[occupancy_next].device = device;
    occupancy_cache[occupancy_next].blocks = *blocks;
    occupancy_next = (occupancy_next + 1) % OCCUPANCY_CACHE;
    return 0;
}

/* Kernels whose carveout this thread has set: kernel, device.  Room for
   every kernel that asks on one device (xMTSM's 22 and xGEMT's 8 skinny
   transposes), so that none is set twice. */
const int CARVEOUT_CACHE = 32;
struct carveout_entry {
    const void *kernel;
    int device;
};
static __thread carveout_entry carveout_cache[CARVEOUT_CACHE];
static __thread int carveout_next;

int tsm_prefer_max_shared(const void *kernel, const char *what)
{
    int device;
    cudaError_t err = cudaGetDevice(&device);

    if (err != cudaSuccess)
        return cuda_failure(what, err);
    for (int i = 0; i < CARVEOUT_CACHE; i++)
        if (carveout_cache[i].kernel == kernel && carveout_cache[i].device == device)
            return 0;
    err = cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                               cudaSharedmemCarveoutMaxShared);
    if (err != cudaSuccess)
        return cuda_failure(what, err);
    carveout_cache[carveout_next].kernel = kernel;
    carveout_cache[carveout_next].device = device;
    carveout_next = (carveout_next + 1) % CARVEOUT_CACHE;
    return 0;
}

int tsm_partials_grid(const void *kernel, size_t shared, idx_t work_blocks, size_t block_bytes,
                      cudaStream_t stream, idx_t *grid, void **workspace, int threads)
{
    int blocks_per_sm = 0;
    const int status = tsm_blocks_per_sm(kernel, shared, &blocks_per_sm, threads);

    if (status != 0)
        return status;
    *grid = fill_grid(blocks_per_sm, work_blocks);
    return workspace_acquire(workspace, (size_t)*grid * block_bytes, stream);
}

} /* namespace tsblas */
