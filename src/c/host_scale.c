/*
 * host_scale.c: C := beta*C, the whole work of a call with alpha = 0 or
 * K = 0.  With beta = 0 C is written, never read (NaN in C does not survive).
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"

void X(host_scale)(idx_t m, idx_t n, scalar_t beta, scalar_t *c, idx_t ldc)
{
    idx_t i, j;

#pragma omp parallel for private(i) schedule(static) if (m * n > 65536)
    for (j = 0; j < n; j++) {
        scalar_t *cj = c + j * ldc;
        if (beta == 0)
            for (i = 0; i < m; i++)
                cj[i] = 0;
        else
            for (i = 0; i < m; i++)
                cj[i] *= beta;
    }
}
