/*
 * gemm_driver.c: what the GEMM-shaped routines (xTSMTTSM, xTSMM, xMTSM)
 * share: the checks of API.md in the reference-BLAS order, the quick
 * returns, and the choice between the GPU and the host path.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"

/* Argument numbers of API.md. */
enum { ARG_A = 7, ARG_B = 9, ARG_C = 12 };

struct operand {
    const void *p;
    int arg;
};

/*
 * Where the work runs: the tall operands must all live in one memory, which
 * picks the path.  The small operand may also be in host memory when the
 * work runs on the GPU (the GPU path moves it), but not in device memory
 * when it runs on the host.  Returns 0 and sets *on_gpu, or the number of
 * the misplaced argument.
 */
static tsblas_int place_work(const struct operand *tall, int ntall,
                             const struct operand *small, int *on_gpu)
{
    enum tsblas_memory place = tsblas_memory_of(tall[0].p);
    int i;

    if (place == TSBLAS_MEM_OTHER)
        return tall[0].arg;
    for (i = 1; i < ntall; i++)
        if (tsblas_memory_of(tall[i].p) != place)
            return tall[i].arg;
    if (small != NULL && place == TSBLAS_MEM_HOST
        && tsblas_memory_of(small->p) != TSBLAS_MEM_HOST)
        return small->arg;
    *on_gpu = place == TSBLAS_MEM_DEVICE;
    return 0;
}

tsblas_int X(gemm_driver)(enum tsblas_routine routine, const char *name, char transa,
                          char transb, tsblas_int m, tsblas_int n, tsblas_int k,
                          scalar_t alpha, const scalar_t *a, tsblas_int lda,
                          const scalar_t *b, tsblas_int ldb, scalar_t beta,
                          scalar_t *c, tsblas_int ldc)
{
    enum tsblas_op opa = TSBLAS_OP_N, opb = TSBLAS_OP_N;
    tsblas_int info;
    int reads_ab, on_gpu = 0, status;

    info = tsblas_check_gemm_args(transa, transb, m, n, k, lda, ldb, ldc,
                                  TSBLAS_COMPLEX, &opa, &opb);
    if (info != 0) {
        tsblas_report_illegal(name, info);
        return -info;
    }
    if (m == 0 || n == 0)
        return tsblas_set_error(0, NULL);
    reads_ab = alpha != 0 && k != 0;
    if (!reads_ab && beta == 1)
        return tsblas_set_error(0, NULL);

    if (reads_ab) {
        idx_t arows = opa == TSBLAS_OP_N ? m : k, acols = opa == TSBLAS_OP_N ? k : m;
        idx_t brows = opb == TSBLAS_OP_N ? k : n, bcols = opb == TSBLAS_OP_N ? n : k;
        struct operand opnd_a = { a, ARG_A }, opnd_b = { b, ARG_B }, opnd_c = { c, ARG_C };
        struct operand tall[3];
        const struct operand *small = NULL;
        int ntall = 0;

        if (tsblas_arrays_overlap(c, m, n, ldc, a, arows, acols, lda, sizeof(scalar_t))
            || tsblas_arrays_overlap(c, m, n, ldc, b, brows, bcols, ldb, sizeof(scalar_t))) {
            tsblas_report_illegal(name, ARG_C);
            return -ARG_C;
        }
        switch (routine) {
        case TSBLAS_TSMTTSM:    /* block vectors A and B, small Gram-type C */
            tall[ntall++] = opnd_a;
            tall[ntall++] = opnd_b;
            small = &opnd_c;
            break;
        case TSBLAS_TSMM:       /* block vectors C and the longer of op(A), op(B) */
            tall[ntall++] = opnd_c;
            if (m >= n) {
                tall[ntall++] = opnd_a;
                small = &opnd_b;
            } else {
                tall[ntall++] = opnd_b;
                small = &opnd_a;
            }
            break;
        case TSBLAS_MTSM:       /* the regular matrix, the skinny one and C */
            tall[ntall++] = opnd_a;
            tall[ntall++] = opnd_b;
            tall[ntall++] = opnd_c;
            break;
        }
        info = place_work(tall, ntall, small, &on_gpu);
    } else {
        /* C := beta*C: A and B are not referenced, C alone says where. */
        struct operand opnd_c = { c, ARG_C };
        info = place_work(&opnd_c, 1, NULL, &on_gpu);
    }
    if (info != 0) {
        tsblas_report_illegal(name, info);
        return -info;
    }

#if defined(TSBLAS_HAVE_CUDA)
    if (on_gpu) {
        status = X(gpu_gemm_shaped)(routine, opa, opb, m, n, k, &alpha, a, lda, b, ldb,
                                    &beta, c, ldc);
        return status != 0 ? status : tsblas_set_error(0, NULL);
    }
#endif
    if (!reads_ab) {
        X(host_scale)(m, n, beta, c, ldc);
        return tsblas_set_error(0, NULL);
    }
    switch (routine) {
    case TSBLAS_TSMTTSM:
        status = X(host_tsmttsm)(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
        break;
    case TSBLAS_TSMM:
        status = X(host_tsmm)(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
        break;
    default:
        status = X(host_mtsm)(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
        break;
    }
    return status != 0 ? status : tsblas_set_error(0, NULL);
}
