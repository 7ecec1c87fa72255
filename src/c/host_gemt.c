/* TEMPORARY scaffold, replaced by the host-kernel work before commit. */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"

int X(host_gemt)(enum tsblas_op op, idx_t m, idx_t n, scalar_t alpha, const scalar_t *a,
                 idx_t lda, scalar_t *b, idx_t ldb)
{
    idx_t i, j;
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++) {
            scalar_t x = alpha * a[i + j * lda];
            if (op == TSBLAS_OP_N) b[i + j * ldb] = x;
            else b[j + i * ldb] = op == TSBLAS_OP_C ? alpha * CONJ(a[i + j * lda]) : x;
        }
    return 0;
}
