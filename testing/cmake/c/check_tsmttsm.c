/* check_tsmttsm: C = A**T*B by tsblas_dtsmttsm, compared with a naive loop;
   built by testing/cmake/c/CMakeLists.txt through tsblas::tsblas.  The
   entries are small integers, so every sum is exact in any order and the
   results must be equal. */
#include <stdio.h>
#include <tsblas.h>

enum { M = 3, N = 2, K = 1000 };

int main(void)
{
  static double a[K * M], b[K * N], c[M * N];
  tsblas_int info;
  int i, j, l;

  for (i = 0; i < M; i++)
    for (l = 0; l < K; l++)
      a[l + i * K] = (l + i) % 7 - 3;
  for (j = 0; j < N; j++)
    for (l = 0; l < K; l++)
      b[l + j * K] = (l * (j + 2)) % 5 - 2;

  info = tsblas_dtsmttsm('T', 'N', M, N, K, 1.0, a, K, b, K, 0.0, c, M);
  if (info != 0) {
    printf("tsblas_dtsmttsm: info = %ld\n", (long)info);
    return 1;
  }
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      double sum = 0;
      for (l = 0; l < K; l++)
        sum += a[l + i * K] * b[l + j * K];
      if (c[i + j * M] != sum) {
        printf("tsblas_dtsmttsm: C(%d,%d) = %g, the loop gives %g\n", i + 1, j + 1,
               c[i + j * M], sum);
        return 1;
      }
    }
  printf("tsblas %s: tsblas_dtsmttsm C = A**T*B (%d x %d, K = %d) equals the naive loop\n",
         TSBLAS_VERSION, M, N, K);
  return 0;
}
