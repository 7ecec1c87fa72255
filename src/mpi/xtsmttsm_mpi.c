/*
 * xTSMTTSM_MPI: C := alpha*op(A)*op(B) + beta*C for block vectors whose
 * rows are distributed over the processes of an MPI communicator.
 *
 * Purpose
 * =======
 * xTSMTTSM_MPI performs, collectively over the processes p of COMM,
 *     C := alpha*( sum over p of op( A_p )*op( B_p ) ) + beta*C,
 * where op( A_p ) is the M by K_p block of op( A ) and op( B_p ) the K_p by
 * N block of op( B ) held by process p: the long dimension K of xTSMTTSM is
 * the distributed one, and C, M by N, is replicated.  Each process passes
 * its own K_p (K_LOCAL, which may differ between processes and may be 0)
 * and receives the whole C.  It is the block inner product and the Gram
 * matrix of distributed block vectors: A**T*B or A**H*B for column-major
 * blocks, A*B**T for interleaved ones.
 *
 * Arguments
 * =========
 * TRANSA   CHARACTER*1.  op( A_p ) = A_p ('N'), A_p**T ('T'), A_p**H ('C';
 *          A_p**T for S and D), either case.  Each process's own.
 * TRANSB   CHARACTER*1.  op( B_p ), as TRANSA.
 * M        INTEGER.  Rows of op( A_p ) and of C.  M >= 0, the same on every
 *          process.
 * N        INTEGER.  Columns of op( B_p ) and of C.  N >= 0, the same on
 *          every process.
 * K_LOCAL  INTEGER.  K_p: columns of op( A_p ), rows of op( B_p ).  K_p >= 0.
 * ALPHA    Scalar alpha, the same (bit for bit) on every process.  When ALPHA
 *          = 0 or every K_p = 0, no A_p or B_p is referenced.
 * A        Array of dimension ( LDA, ka ), ka = K_p when TRANSA = 'N', else M.
 * LDA      INTEGER.  LDA >= max( 1, M ) when TRANSA = 'N', else max( 1, K_p ).
 * B        Array of dimension ( LDB, kb ), kb = N when TRANSB = 'N', else K_p.
 * LDB      INTEGER.  LDB >= max( 1, K_p ) when TRANSB = 'N', else max( 1, N ).
 * BETA     Scalar beta.  When BETA = 0, C need not be set on input.
 * C        Array of dimension ( LDC, N ).  On exit the M by N part holds the
 *          result; nothing else is written.  C must not overlap A_p or B_p.
 * LDC      INTEGER.  LDC >= max( 1, M ).
 * COMM     The MPI intracommunicator over which the rows are distributed.
 *
 * Further details
 * ===============
 * Each process computes its partial op( A_p )*op( B_p ) with xTSMTTSM
 * (alpha = 1, beta = 0) into a host workspace: on the GPU when A_p and B_p
 * are in device memory, else on the host.  Only these M by N partials
 * travel, through host memory (the MPI need not be CUDA-aware); they are
 * summed in a fixed order (X(mpi_allsum)), so that C has the same bits on
 * every process (when BETA and C are the same there) and run after run for
 * a fixed number of processes.  C may be in host or, when A_p and B_p are,
 * device memory; as in xTSMTTSM.
 *
 * Every check of xTSMTTSM is made on every process, with the same argument
 * numbers; COMM is argument 14 (MPI_COMM_NULL or an intercommunicator).
 * The findings are agreed on (tsblas_mpi_agree) before any data moves, so
 * every process returns the same INFO: -i when argument i is illegal on
 * some process, or when M, N or ALPHA differ between processes (i = 3, 4,
 * 6); XERBLA('xTSMTTSM_MPI', i) is then called on every process and no
 * array touched.  A failed workspace allocation or local product on one
 * process is returned by all (its TSBLAS_ERR_* code), an MPI error as
 * TSBLAS_ERR_MPI; the message of tsblas_last_error_message() says whether
 * it happened on this process or another.  Called outside MPI_Init ..
 * MPI_Finalize, it returns TSBLAS_ERR_MPI and checks nothing.
 */
#include <config.h>
#include <stdint.h>
#include <stdlib.h>
#include "precision.h"
#include "mpi_internal.h"

/* Argument numbers of API.md, COMM added as the 14th. */
enum { ARG_A = 7, ARG_B = 9, ARG_C = 12, ARG_COMM = 14 };

/* Scalars of this file passed to an entry of tsblas.h. */
#if TSBLAS_COMPLEX
#  define TO_API_SCALAR(x) ((const void *)&(x))
#else
#  define TO_API_SCALAR(x) (x)
#endif

/*
 * The checks of xTSMTTSM beyond the argument values, as its driver makes
 * them (src/c/gemm_driver.c): when A and B are read, C must not overlap
 * them, they must live in one memory of this device, and C must be host
 * memory when they are; otherwise C alone must be usable.  Returns 0 or the
 * number of the offending argument.
 */
static tsblas_int check_operands(enum tsblas_op opa, enum tsblas_op opb, tsblas_int m,
                                 tsblas_int n, tsblas_int k, int reads_ab, const scalar_t *a,
                                 tsblas_int lda, const scalar_t *b, tsblas_int ldb,
                                 const scalar_t *c, tsblas_int ldc)
{
    enum tsblas_memory place;

    if (!reads_ab)
        return tsblas_memory_of(c) == TSBLAS_MEM_OTHER ? ARG_C : 0;
    if (tsblas_arrays_overlap(c, m, n, ldc, a, opa == TSBLAS_OP_N ? m : k,
                              opa == TSBLAS_OP_N ? k : m, lda, sizeof(scalar_t))
        || tsblas_arrays_overlap(c, m, n, ldc, b, opb == TSBLAS_OP_N ? k : n,
                                 opb == TSBLAS_OP_N ? n : k, ldb, sizeof(scalar_t)))
        return ARG_C;
    place = tsblas_memory_of(a);
    if (place == TSBLAS_MEM_OTHER)
        return ARG_A;
    if (tsblas_memory_of(b) != place)
        return ARG_B;
    if (place == TSBLAS_MEM_HOST && tsblas_memory_of(c) != TSBLAS_MEM_HOST)
        return ARG_C;
    return 0;
}

/*
 * C := alpha*SUM + beta*C for the M-by-N SUM (leading dimension M), C in
 * host or device memory; beta = 0 does not read C.  WORK holds M*N scalars.
 * Returns 0 or the TSBLAS_ERR_* code of a failed copy to or from the device.
 */
static int update_c(idx_t m, idx_t n, scalar_t alpha, scalar_t *sum, scalar_t beta,
                    scalar_t *c, idx_t ldc, scalar_t *work)
{
    int on_device = tsblas_memory_of(c) == TSBLAS_MEM_DEVICE, status;
    const scalar_t *c_in = on_device ? work : c;
    idx_t ld_in = on_device ? m : ldc, i, j;

    if (on_device && beta != 0) {
        status = tsblas_get_matrix(m, n, sizeof(scalar_t), c, ldc, work, m);
        if (status != 0)
            return status;
    }
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++) {
            scalar_t s = alpha * sum[i + j * m];
            if (beta != 0)
                s += beta * c_in[i + j * ld_in];
            if (on_device)
                sum[i + j * m] = s;
            else
                c[i + j * ldc] = s;
        }
    if (on_device)
        return tsblas_set_matrix(m, n, sizeof(scalar_t), sum, m, c, ldc);
    return 0;
}

/* The partial products and their sum: 2*M*N scalars of host memory, or NULL
   when that many bytes cannot be had. */
static scalar_t *allocate_workspace(tsblas_int m, tsblas_int n)
{
    if ((uint64_t)m > SIZE_MAX / (2 * sizeof(scalar_t)) / (uint64_t)n)
        return NULL;
    return malloc(2 * sizeof(scalar_t) * (size_t)m * (size_t)n);
}

tsblas_int API(tsmttsm_mpi)(char transa, char transb, tsblas_int m, tsblas_int n,
                            tsblas_int k_local, api_scalar_t alpha_arg, api_const_array_t a,
                            tsblas_int lda, api_const_array_t b, tsblas_int ldb,
                            api_scalar_t beta_arg, api_array_t c, tsblas_int ldc,
                            MPI_Comm comm)
{
    const char *name = ROUTINE_NAME("TSMTTSM_MPI");
    const scalar_t alpha = API_SCALAR(alpha_arg), beta = API_SCALAR(beta_arg);
    const scalar_t one = 1, zero = 0;
    enum tsblas_op opa = TSBLAS_OP_N, opb = TSBLAS_OP_N;
    struct tsblas_mpi_local local;
    struct tsblas_mpi_agreed agreed;
    scalar_t *partial = NULL;
    MPI_Comm library_comm;
    int flag, status, outcome[2], agreed_outcome[2];

    status = tsblas_mpi_ready(name);
    if (status != 0)
        return status;
    /* No collective is possible on these: the error stays on this process. */
    if (comm == MPI_COMM_NULL || MPI_Comm_test_inter(comm, &flag) != MPI_SUCCESS || flag) {
        tsblas_report_illegal(name, ARG_COMM);
        return -ARG_COMM;
    }
    status = tsblas_mpi_private_comm(comm, &library_comm);
    if (status != 0)
        return status;

    local.info = tsblas_check_gemm_args(transa, transb, m, n, k_local, lda, ldb, ldc,
                                        TSBLAS_COMPLEX, &opa, &opb);
    local.failed = 0;
    if (local.info == 0 && m > 0 && n > 0) {
        local.info = check_operands(opa, opb, m, n, k_local, alpha != 0 && k_local != 0,
                                    (const scalar_t *)a, lda, (const scalar_t *)b, ldb,
                                    (const scalar_t *)c, ldc);
        if (local.info == 0 && alpha != 0) {
            partial = allocate_workspace(m, n);
            if (partial == NULL)
                local.failed = TSBLAS_ERR_ALLOC;
        }
    }
    local.m = m;
    local.n = n;
#if TSBLAS_COMPLEX
    local.alpha_re = creal(alpha);
    local.alpha_im = cimag(alpha);
#else
    local.alpha_re = alpha;
    local.alpha_im = 0;
#endif
    local.k = k_local;
    status = tsblas_mpi_agree(&local, library_comm, name, &agreed);
    if (status != 0) {
        free(partial);
        return status;
    }
    if (agreed.info != 0) {
        free(partial);
        tsblas_report_illegal(name, agreed.info);
        if (!agreed.info_is_local)
            tsblas_set_error((int)-agreed.info,
                             "%s: argument %ld is illegal on another process or differs "
                             "between the processes", name, (long)agreed.info);
        return -agreed.info;
    }
    if (agreed.failed != 0) {
        free(partial);
        return tsblas_set_error(agreed.failed, "%s: no memory for the %ld-by-%ld partial sums %s",
                                name, (long)m, (long)n,
                                local.failed != 0 ? "here" : "on another process");
    }

    if (m == 0 || n == 0)
        return tsblas_set_error(0, NULL);
    if (alpha == 0 || !agreed.any_k) {
        /* C := beta*C, no communication: xTSMTTSM with K = 0 reads neither A
           nor B and scales C where it lives. */
        free(partial);
        if (beta == 1)
            return tsblas_set_error(0, NULL);
        return API(tsmttsm)(transa, transb, m, n, 0, alpha_arg, a, lda, b, ldb, beta_arg, c,
                            ldc);
    }

    /* The local partial; with K_LOCAL = 0 it is zero. */
    status = API(tsmttsm)(transa, transb, m, n, k_local, TO_API_SCALAR(one), a, lda, b, ldb,
                          TO_API_SCALAR(zero), partial, m);
    /* Every process learns of a failure anywhere: the largest run-time
       code, else the smallest INFO, should xTSMTTSM reject an argument that
       the checks above let pass. */
    outcome[0] = status;
    outcome[1] = -status;
    status = MPI_Allreduce(outcome, agreed_outcome, 2, MPI_INT, MPI_MIN, library_comm);
    if (status != MPI_SUCCESS) {
        free(partial);
        return tsblas_mpi_error(status, name, "MPI_Allreduce of the local outcomes");
    }
    status = -agreed_outcome[1] > 0 ? -agreed_outcome[1] : agreed_outcome[0];
    if (status != 0) {
        free(partial);
        if (outcome[0] == 0)
            tsblas_set_error(status, "%s: the local product failed on another process", name);
        return status;
    }

    status = X(mpi_allsum)(partial, (idx_t)m * n, partial + (idx_t)m * n, library_comm, name);
    if (status == 0)
        status = update_c(m, n, alpha, partial, beta, (scalar_t *)c, ldc,
                          partial + (idx_t)m * n);
    free(partial);
    return status != 0 ? status : tsblas_set_error(0, NULL);
}
