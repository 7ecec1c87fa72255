/*
 * gpu_indexing64.c: 64-bit indexing on the GPU (API.md: "K*LDA beyond 2**31
 * works").
 *
 * Purpose
 * =======
 * A is K-by-2 single precision with LDA = K = 2**30 + 3, so its second
 * column ends past element 2**31: every kernel that reads or writes it must
 * index in 64 bits.  A holds one repeated value except at a few "pokes"
 * near both ends; B is zero except at the poked rows.  Each result is then
 * a short exact sum of known values, so an index that wraps at 2**31 reads
 * the wrong element and shows.  Checked:
 *   STSMTTSM('T','N') (column-major) and ('N','T') (the same memory as a
 *   2-by-K interleaved block vector), STSMM('N','N') writing a K-by-1 C,
 *   SGEMT('T') into a 2-by-K B and SGEMT('N') (copy); and
 *   tsblas_set_matrix and tsblas_get_matrix of a 3-by-2 block of a
 *   device matrix with that leading dimension (4 GiB between its columns,
 *   twice the largest pitch the device reports for its 2D copies).
 * Needs about 26 GiB of device memory: with less, or without a GPU, or with
 * TSBLAS_GPU_TEST_QUICK set (compute-sanitizer runs), it prints SKIP and
 * exits 77.
 */
#include <config.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include "gpu_common.h"

#define K_ROWS ((1L << 30) + 3)
#define NPOKES 4

/* The value memset(0x3f) leaves in every float. */
static float pattern;

struct poke {
    long row;          /* row l of A and B */
    float a0, a1;      /* A(l, 1), A(l, 2) */
    float b;           /* B(l) */
};

static const struct poke pokes[NPOKES] = {
    { 5, -1.0f, 4.0f, 1.0f },
    { 1L << 29, 0.5f, -2.5f, 2.0f },
    { K_ROWS - 1000, 7.0f, 0.25f, -1.0f },
    { K_ROWS - 1, 3.0f, 2.0f, 1.0f },
};

static int failures;

static int check(const char *what, double got, double want)
{
    int ok = fabs(got - want) <= 1e-5 * (fabs(want) + 1);
    gpu_report(ok, "%s: got %.9g, want %.9g", what, got, want);
    failures += !ok;
    return ok;
}

static float get1(const float *dev, size_t index)
{
    float v = NAN;
    cudaMemcpy(&v, dev + index, sizeof v, cudaMemcpyDeviceToHost);
    return v;
}

static void put1(float *dev, size_t index, float v)
{
    cudaMemcpy(dev + index, &v, sizeof v, cudaMemcpyHostToDevice);
}

int main(void)
{
    const size_t k = (size_t)K_ROWS;
    size_t free_bytes = 0, total_bytes = 0, need = 6 * k * sizeof(float) + (1UL << 30);
    float *a = NULL, *b = NULL, *c = NULL, *t = NULL, small[2] = { 1.0f, 10.0f }, gram[2];
    double want0 = 0, want1 = 0;
    char what[120];
    int i;

    gpu_require_device("gpu_indexing64");
    if (gpu_quick()) {
        printf("SKIP: gpu_indexing64: TSBLAS_GPU_TEST_QUICK is set\n");
        return 77;
    }
    if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess || free_bytes < need) {
        printf("SKIP: gpu_indexing64: %zu MiB of device memory free, %zu MiB needed\n",
               free_bytes >> 20, need >> 20);
        return 77;
    }
    if (cudaMalloc((void **)&a, 2 * k * sizeof(float)) != cudaSuccess
        || cudaMalloc((void **)&b, k * sizeof(float)) != cudaSuccess
        || cudaMalloc((void **)&c, k * sizeof(float)) != cudaSuccess
        || cudaMalloc((void **)&t, 2 * k * sizeof(float)) != cudaSuccess) {
        printf("SKIP: gpu_indexing64: device allocation failed\n");
        return 77;
    }
    memset(&pattern, 0x3f, sizeof pattern);
    cudaMemset(a, 0x3f, 2 * k * sizeof(float));
    cudaMemset(b, 0, k * sizeof(float));
    for (i = 0; i < NPOKES; i++) {
        put1(a, pokes[i].row, pokes[i].a0);
        put1(a, pokes[i].row + k, pokes[i].a1);
        put1(b, pokes[i].row, pokes[i].b);
        want0 += (double)pokes[i].a0 * pokes[i].b;
        want1 += (double)pokes[i].a1 * pokes[i].b;
    }

    /* Column-major: C = A**T * B, A K-by-2 (LDA = K), B K-by-1. */
    gram[0] = gram[1] = NAN;
    if (tsblas_stsmttsm('T', 'N', 2, 1, (tsblas_int)k, 1.0f, a, (tsblas_int)k, b, (tsblas_int)k,
                        0.0f, gram, 2) != 0)
        failures++;
    check("STSMTTSM('T','N') C(1)", gram[0], want0);
    check("STSMTTSM('T','N') C(2)", gram[1], want1);

    /* Interleaved: the same A read as a 2-by-(K') matrix, LDA = 2, against
       B as a 1-by-K' row: C(i) = sum_l a[i + 2l] * b[l]; the pokes of B
       meet A(l, 1) at a[2l] and a[2l+1], past 2**31 for the last ones. */
    {
        double w0 = 0, w1 = 0;
        for (i = 0; i < NPOKES; i++) {
            size_t l = (size_t)pokes[i].row;
            w0 += (double)get1(a, 2 * l) * pokes[i].b;
            w1 += (double)get1(a, 2 * l + 1) * pokes[i].b;
        }
        gram[0] = gram[1] = NAN;
        if (tsblas_stsmttsm('N', 'T', 2, 1, (tsblas_int)k, 1.0f, a, 2, b, 1, 0.0f, gram, 2) != 0)
            failures++;
        check("STSMTTSM('N','T') C(1)", gram[0], w0);
        check("STSMTTSM('N','T') C(2)", gram[1], w1);
    }

    /* STSMM: C(l) = A(l,1) + 10 A(l,2), K-by-1. */
    cudaMemset(c, 0xff, k * sizeof(float));
    if (tsblas_stsmm('N', 'N', (tsblas_int)k, 1, 2, 1.0f, a, (tsblas_int)k, small, 2, 0.0f, c,
                     (tsblas_int)k) != 0)
        failures++;
    cudaDeviceSynchronize();
    for (i = 0; i < NPOKES; i++) {
        snprintf(what, sizeof what, "STSMM C(%ld)", pokes[i].row + 1);
        check(what, get1(c, pokes[i].row), (double)pokes[i].a0 + 10.0 * pokes[i].a1);
    }
    check("STSMM C(K-2)", get1(c, k - 3), 11.0 * pattern);

    /* SGEMT('T'): T(j, l) = A(l, j), 2-by-K. */
    cudaMemset(t, 0xff, 2 * k * sizeof(float));
    if (tsblas_sgemt('T', (tsblas_int)k, 2, 1.0f, a, (tsblas_int)k, t, 2) != 0)
        failures++;
    cudaDeviceSynchronize();
    for (i = 0; i < NPOKES; i++) {
        size_t l = (size_t)pokes[i].row;
        snprintf(what, sizeof what, "SGEMT('T') B(1:2, %zu)", l + 1);
        check(what, get1(t, 2 * l), pokes[i].a0);
        check(what, get1(t, 2 * l + 1), pokes[i].a1);
    }

    /* SGEMT('N'): a scaled copy of the K-by-2 A. */
    cudaMemset(t, 0xff, 2 * k * sizeof(float));
    if (tsblas_sgemt('N', (tsblas_int)k, 2, -2.0f, a, (tsblas_int)k, t, (tsblas_int)k) != 0)
        failures++;
    cudaDeviceSynchronize();
    check("SGEMT('N') B(K, 2)", get1(t, 2 * k - 1), -2.0 * pokes[NPOKES - 1].a1);
    check("SGEMT('N') B(K-1, 2)", get1(t, 2 * k - 2), -2.0 * pattern);

    /* tsblas_set_matrix and get_matrix: rows K-3 .. K-1 of both columns
       of the device matrix T (LDD = K, 4 GiB between its columns) from and
       to a 3-by-2 host array (LDH = 3). */
    {
        const float in[6] = { 1.5f, -2.0f, 3.25f, 4.0f, -5.5f, 6.0f };
        float out[6];
        int status, j;

        cudaMemset(t, 0, 2 * k * sizeof(float));
        status = tsblas_set_matrix(3, 2, sizeof(float), in, 3, t + k - 3, (tsblas_int)k);
        gpu_report(status == 0, "tsblas_set_matrix, LDD = K: status %d (%s)", status,
                   tsblas_last_error_message());
        failures += status != 0;
        for (j = 0; j < 2; j++)
            for (i = 0; i < 3; i++) {
                snprintf(what, sizeof what, "tsblas_set_matrix T(%zu, %d)", k - 2 + i, j + 1);
                check(what, get1(t, j * k + k - 3 + i), in[j * 3 + i]);
            }
        check("tsblas_set_matrix T(K-3, 2) untouched", get1(t, 2 * k - 4), 0.0);
        memset(out, 0, sizeof out);
        status = tsblas_get_matrix(3, 2, sizeof(float), t + k - 3, (tsblas_int)k, out, 3);
        gpu_report(status == 0, "tsblas_get_matrix, LDD = K: status %d (%s)", status,
                   tsblas_last_error_message());
        failures += status != 0;
        for (i = 0; i < 6; i++) {
            snprintf(what, sizeof what, "tsblas_get_matrix element %d", i + 1);
            check(what, out[i], in[i]);
        }
    }

    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    cudaFree(t);
    return gpu_finish("gpu_indexing64") != 0 || failures != 0;
}
