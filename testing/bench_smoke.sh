#!/bin/sh
# make check: tsblas_bench --smoke runs every routine and precision in both
# storage orders on tiny sizes and exits 1 when tsblas and the BLAS disagree.
# With a GPU (CUDA builds) the same on device memory against cuBLAS; without
# one tsblas_bench --gpu exits 77, and only the host part counts.
# The host run also times each case in the caches (--in-cache; 1M, larger
# than the smoke run's operands, is left out), and every case that ran must
# have that time in the CSV: its last column, the runs behind it, at least
# 21 (column 35 is the status).
bench=./testing/tsblas_bench
csv=bench_smoke_host.csv
"$bench" --smoke --in-cache 64K,1M --csv "$csv" || exit 1
if ! awk -F, 'NR > 1 && $35 == "ok" && !($NF >= 21) { bad++ } END { exit bad > 0 }' "$csv"; then
  echo "bench_smoke.sh: cases without their time in cache in $csv"
  exit 1
fi
rm -f "$csv"
"$bench" --smoke --gpu
status=$?
case $status in
  0|77) exit 0 ;;
  *) exit "$status" ;;
esac
