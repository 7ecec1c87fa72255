/*
 * route_gemm.c: which xGEMM calls libtsblas_gemm sends to tsblas, and the
 * sending.
 *
 * Purpose
 * =======
 * X(gemm_route) takes the arguments of a Fortran xGEMM call (scalars by
 * address) and either computes the call through tsblas's C entry and
 * returns 1, or returns 0 and leaves the call to the real BLAS.  It
 * returns 0, having touched nothing, for:
 *   - TSBLAS_GEMM=off, and calls from inside tsblas (its general path);
 *   - illegal arguments (INFO != 0 in the reference order of xGEMM): the
 *     real BLAS then reports them through XERBLA as xGEMM, unchanged;
 *   - the quick returns (M = 0, N = 0, or alpha = 0 or K = 0 with beta = 1);
 *   - shapes and sizes that the route table below leaves to the BLAS;
 *   - C overlapping A or B (an error for tsblas, none for the BLAS: such a
 *     call gets whatever the BLAS does with it);
 *   - arrays in different memories (host and device or managed memory,
 *     where the host BLAS computes a call that tsblas would reject), and
 *     device memory of another GPU than the current one.
 * A call that tsblas ran on the GPU returns once its stream has finished,
 * as a BLAS call returns with C computed.  A routed call that fails at run
 * time is said on stderr; with host data it is then computed by the real
 * BLAS (tsblas left C unchanged), with device data it is not computed.
 *
 * The route table
 * ===============
 * Arrays all in device or managed memory of the current GPU go to tsblas
 * whatever the shape (the host BLAS cannot take device memory; tsblas runs
 * the shape on the GPU, through cuBLAS where it is not tall & skinny).
 * Host arrays go by shape, W = HOST_SKINNY_MAX = 64:
 *
 *   shape                                   routine    from (host_kernels.h)
 *   M <= W and N <= W                       xTSMTTSM   (M + N)*K >= HOST_TSMTTSM_SIZE_MIN
 *   K <= W, min(M, N) <= W                  xTSMM      max(M, N)*(K + min(M, N))
 *                                                        >= HOST_TSMM_SIZE_MIN
 *   min(M, N) < HOST_MTSM_BLAS_Q, K > W     xMTSM      max(M, N) >= HOST_MTSM_LONG_MIN
 *   anything else                           the BLAS
 *
 * The limits are the host routines' own regimes (host_kernels.h says how
 * each was measured against OpenBLAS): a call the table sends to tsblas
 * runs tsblas's kernels, and a call the kernels would give back to the
 * BLAS is not routed at all.  TSBLAS_GEMM=all drops the size limits (the classes stay), so that the
 * small calls of the BLAS and LAPACK testers go through tsblas too.
 *
 * Arguments
 * =========
 * TRANSA, TRANSB, M, N, K, ALPHA, A, LDA, B, LDB, BETA, C, LDC
 *         as xGEMM's, integers by value (the caller's, 32- or 64-bit,
 *         widened; a call with one beyond tsblas_int is not routed),
 *         ALPHA and BETA by address.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "host_kernels.h"
#include "interposer.h"
#include <string.h>

#if TSBLAS_COMPLEX
#  define ENTRY_SCALAR(p) ((const void *)(p))
#else
#  define ENTRY_SCALAR(p) (*(p))
#endif

static idx_t min_idx(idx_t x, idx_t y)
{
    return x < y ? x : y;
}

static idx_t max_idx(idx_t x, idx_t y)
{
    return x > y ? x : y;
}

/* The destination of a legal, non-quick call: the table above.  ANY_SIZE
   drops the size limits (GPU data, TSBLAS_GEMM=all); then the shapes that
   are not tall & skinny go to xMTSM on the GPU and to the BLAS on the host. */
static enum gemm_destination destination(idx_t m, idx_t n, idx_t k, int any_size, int on_gpu)
{
    const idx_t w = HOST_SKINNY_MAX, q = min_idx(m, n), p = max_idx(m, n);

    if (m <= w && n <= w)
        return any_size || (m + n) * k >= HOST_TSMTTSM_SIZE_MIN ? GEMM_TO_TSMTTSM
                                                                : GEMM_TO_BLAS;
    if (k <= w && q <= w)
        return any_size || p * (k + q) >= HOST_TSMM_SIZE_MIN ? GEMM_TO_TSMM : GEMM_TO_BLAS;
    if (q <= w && (any_size || (q < HOST_MTSM_BLAS_Q && p >= HOST_MTSM_LONG_MIN)))
        return GEMM_TO_MTSM;
    return on_gpu ? GEMM_TO_MTSM : GEMM_TO_BLAS;
}

/* The tsblas C entry of a destination. */
static tsblas_int call_tsblas(enum gemm_destination to, char transa, char transb,
                              tsblas_int m, tsblas_int n, tsblas_int k,
                              const scalar_t *alpha, const scalar_t *a, tsblas_int lda,
                              const scalar_t *b, tsblas_int ldb, const scalar_t *beta,
                              scalar_t *c, tsblas_int ldc)
{
    switch (to) {
    case GEMM_TO_TSMTTSM:
        return API(tsmttsm)(transa, transb, m, n, k, ENTRY_SCALAR(alpha), a, lda, b, ldb,
                            ENTRY_SCALAR(beta), c, ldc);
    case GEMM_TO_TSMM:
        return API(tsmm)(transa, transb, m, n, k, ENTRY_SCALAR(alpha), a, lda, b, ldb,
                         ENTRY_SCALAR(beta), c, ldc);
    default:
        return API(mtsm)(transa, transb, m, n, k, ENTRY_SCALAR(alpha), a, lda, b, ldb,
                         ENTRY_SCALAR(beta), c, ldc);
    }
}

int X(gemm_route)(char transa, char transb, idx_t m, idx_t n, idx_t k,
                  const scalar_t *alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                  idx_t ldb, const scalar_t *beta, scalar_t *c, idx_t ldc)
{
    enum gemm_mode mode = tsblas_gemm_mode();
    enum tsblas_op opa, opb;
    enum tsblas_memory place;
    enum gemm_destination to;
    struct gemm_span span;
    tsblas_int info;
    int reads_ab, status = 0;

    if (mode == GEMM_OFF || tsblas_gemm_inside())
        return 0;
    if (!gemm_fits_tsblas_int(m) || !gemm_fits_tsblas_int(n) || !gemm_fits_tsblas_int(k)
        || !gemm_fits_tsblas_int(lda) || !gemm_fits_tsblas_int(ldb)
        || !gemm_fits_tsblas_int(ldc))
        return 0;
    if (tsblas_check_gemm_args(transa, transb, m, n, k, lda, ldb, ldc, TSBLAS_COMPLEX, &opa,
                               &opb) != 0)
        return 0;
    reads_ab = *alpha != 0 && k != 0;
    if (m == 0 || n == 0 || (!reads_ab && *beta == 1))
        return 0;

    /* One memory for every array read or written, else the BLAS. */
    place = tsblas_memory_of(c);
    if (place == TSBLAS_MEM_OTHER
        || (reads_ab && (tsblas_memory_of(a) != place || tsblas_memory_of(b) != place)))
        return 0;
    to = destination(m, n, k, mode == GEMM_ALL || place == TSBLAS_MEM_DEVICE,
                     place == TSBLAS_MEM_DEVICE);
    if (to == GEMM_TO_BLAS)
        return 0;
    if (reads_ab) {
        const idx_t arows = opa == TSBLAS_OP_N ? m : k, acols = opa == TSBLAS_OP_N ? k : m;
        const idx_t brows = opb == TSBLAS_OP_N ? k : n, bcols = opb == TSBLAS_OP_N ? n : k;

        if (tsblas_arrays_overlap(c, m, n, ldc, a, arows, acols, lda, sizeof(scalar_t))
            || tsblas_arrays_overlap(c, m, n, ldc, b, brows, bcols, ldb, sizeof(scalar_t)))
            return 0;
    }

    tsblas_gemm_begin(&span);
    info = call_tsblas(to, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    if (info == 0 && place == TSBLAS_MEM_DEVICE)
        status = tsblas_gemm_wait_gpu();
    tsblas_gemm_end(&span);
    if (info != 0) {
        char routine[16] = ROUTINE_NAME("");

        tsblas_gemm_failed(strcat(routine, tsblas_gemm_routine_name(to)), (int)info,
                           tsblas_last_error_message());
        if (place == TSBLAS_MEM_HOST)
            return 0;
    } else if (status != 0) {
        tsblas_gemm_failed("cudaStreamSynchronize", status, "the GPU call did not finish");
    }
    tsblas_gemm_count(CALL_GEMM, GEMM_PRECISION, to, &span);
    return 1;
}
