#!/bin/sh
# The benchmark of libtsblas_gemm (doc/gemm-interposer.md): programs that
# know nothing of tsblas, each run without and with the interposer
# preloaded (TSBLAS_GEMM=on, the route table as shipped), in one run:
#   - a block Gram-Schmidt step in FORTRAN 77 with DGEMM
#     (testing/gemm_bench_bgs, built with Fortran),
#   - LAPACK's DGEQRF and ZGEQRF of 10^6-by-16 and 10^6-by-64 matrices
#     (testing/gemm_bench_geqrf),
#   - NumPy: X.T @ X for X of 2^24 x 16, X.T @ Y and X @ S for X, Y of
#     2^23 x 16 (skipped without python3-numpy).
# Each line: the median time without and with it, the speedup, and how many
# calls the interposer sent to tsblas.  Run from the build folder of a
# shared build:
#     sh testing/gemm_interposer_bench.sh [CSV [PARTS]]
# PARTS: which of "bgs geqrf numpy" to run (default all three).  It needs
# about 3 GiB of memory and a few minutes.
builddir=$(pwd)
library=$builddir/.libs/libtsblas_gemm.so
csv=${1:-gemm_interposer_bench.csv}
parts=${2:-bgs geqrf numpy}
wanted() {
  case " $parts " in *" $1 "*) return 0 ;; esac
  return 1
}
if [ ! -f "$library" ]; then
  echo "no $library: run from the build folder of a shared build" >&2
  exit 1
fi
preload="LD_PRELOAD=$library LD_LIBRARY_PATH=$builddir/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "case,without_s,with_s,speedup,routed_calls" > "$csv"
printf '%% %-34s %11s %11s %8s %12s\n' "case" "without (s)" "with (s)" speedup "routed calls"
# bench NAME COMMAND...: runs COMMAND (which prints its median time as the
# field after "median") without and with the interposer.
bench() {
  name=$1
  shift
  without=$("$@" | sed -n 's/.*median[^0-9]*\([0-9.]*\).*/\1/p')
  with=$(env TSBLAS_GEMM_VERBOSE=1 $preload "$@" 2> "$log" \
         | sed -n 's/.*median[^0-9]*\([0-9.]*\).*/\1/p')
  routed=$(awk '$1 == "libtsblas_gemm:" && $2 ~ /^[SDCZ](GEMM|SYRK|HERK)$/ && $3 != "BLAS" \
                  { n += $4 } END { print n + 0 }' "$log")
  speedup=$(awk -v a="$without" -v b="$with" 'BEGIN { if (b > 0) printf "%.2f", a / b }')
  printf '  %-34s %11s %11s %8s %12s\n' "$name" "$without" "$with" "$speedup" "$routed"
  echo "$name,$without,$with,$speedup,$routed" >> "$csv"
}

if wanted bgs && [ -x testing/gemm_bench_bgs ]; then
  for shape in "2097152 32 8" "2097152 48 16"; do
    set -- $shape
    bench "BGS F77 N=$1 NQ=$2 NB=$3" sh -c "echo '$shape 9' | testing/gemm_bench_bgs"
  done
fi
geqrf=
wanted geqrf && geqrf="d z"
for p in $geqrf; do
  for cols in 16 64; do
    bench "$(echo $p | tr dz DZ)GEQRF 1000000 x $cols" testing/gemm_bench_geqrf $p 1000000 $cols 5
  done
done

python=
if wanted numpy; then
  for p in /usr/bin/python3 python3; do
    if "$p" -c 'import numpy' 2>/dev/null; then python=$p; break; fi
  done
fi
if [ -n "$python" ]; then
  for case in "X.T @ X" "X.T @ Y" "X @ S"; do
    bench "NumPy $case" "$python" -c "
import time, numpy as np
rng = np.random.default_rng(1)
rows = 1 << 24 if '$case' == 'X.T @ X' else 1 << 23
X = rng.standard_normal((rows, 16))
Y = X if '$case' == 'X.T @ X' else rng.standard_normal((rows, 16))
S = rng.standard_normal((16, 16))
times = []
for _ in range(7):
    t = time.perf_counter()
    r = $case
    times.append(time.perf_counter() - t)
print('median %.6f' % sorted(times)[3])
"
  done
fi
