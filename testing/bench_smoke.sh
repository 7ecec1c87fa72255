#!/bin/sh
# make check: tsblas_bench --smoke runs every routine and precision in both
# storage orders on tiny sizes and exits 1 when tsblas and the BLAS disagree.
# With a GPU (CUDA builds) the same on device memory against cuBLAS; without
# one tsblas_bench --gpu exits 77, and only the host part counts.
# The host run also times each case in the caches (--in-cache; 1M, larger
# than the smoke run's operands, is left out), and every case that ran must
# have that time in the CSV: the runs behind it, at least 21.
# Every case's roof must be the host's: P is the cores' FMA rate (S and C
# twice D's, D and Z D's), the roofline min(I*b, P) (xGEMT: b), and each
# side's % is its rate over that roofline, within the CSV's rounding.
bench=./testing/tsblas_bench
csv=bench_smoke_host.csv
"$bench" --smoke --in-cache 64K,1M --csv "$csv" || exit 1
if ! awk -F, '
    function off(x, y) { return x - y > 1e-3 * y || y - x > 1e-3 * y }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["status"] != "ok" { next }
    !($col["cache_runs"] >= 21) { print "no time in cache: " $0; bad++ }
    {
      fma = $col["fma_gflops"]
      peak = $col["peak_gflops"]
      if (!(fma > 0)) next   # no FMA loop for this CPU: P is the BLAS rate
      p = $col["precision"]
      if (off(peak, (p == "S" || p == "C") ? 2 * fma : fma)) { print "P: " $0; bad++ }
      b = $col["bandwidth_gbs"]
      roof = $col["routine"] == "GEMT" ? b : $col["intensity"] * b
      if ($col["routine"] != "GEMT" && peak < roof) roof = peak
      if (off($col["roofline"], roof)) { print "roofline: " $0; bad++ }
      rate = $col["routine"] == "GEMT" ? "gbs" : "gflops"
      if (off($col["tsblas_pct_roofline"], 100 * $col["tsblas_" rate] / roof)) {
        print "% of the roofline: " $0; bad++
      }
    }
    END { exit bad > 0 }' "$csv"; then
  echo "bench_smoke.sh: wrong rows in $csv (above)"
  exit 1
fi
rm -f "$csv"
"$bench" --smoke --gpu
status=$?
case $status in
  0|77) exit 0 ;;
  *) exit "$status" ;;
esac
