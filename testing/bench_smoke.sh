#!/bin/sh
# make check: tsblas_bench --smoke runs every routine and precision in both
# storage orders on tiny sizes and exits 1 when tsblas and the BLAS disagree.
# With a GPU (CUDA builds) the same on device memory against cuBLAS; without
# one tsblas_bench --gpu exits 77, and only the host part counts.
bench=./testing/tsblas_bench
"$bench" --smoke || exit 1
"$bench" --smoke --gpu
status=$?
case $status in
  0|77) exit 0 ;;
  *) exit "$status" ;;
esac
