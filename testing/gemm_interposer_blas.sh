#!/bin/sh
# make check: the reference BLAS Level-3 testers (Debian's libblas-test,
# xblat3s/d/c/z) with libtsblas_gemm preloaded and every tall & skinny
# xGEMM call sent to tsblas (TSBLAS_GEMM=all).  Each tester runs with its
# own input file (sizes to 9: tsblas's general path, and the error exits
# through the program's XERBLA as xGEMM), then with that file's sizes
# raised to 0 1 3 9 17 33 47 64 65 and only xGEMM tested, so that the
# calls reach tsblas's own kernels.  Passes when every xGEMM test passes and
# the verbose report shows calls sent to tsblas.  Skipped (77) without
# libblas-test or without the shared library.
. "${srcdir:-.}/testing/gemm_interposer_env.sh"
gemm_interposer_find blas xblat3d || exit 77

status=0
run_tester() {
  p=$1 input=$2 label=$3
  out=$work/${p}blat3.out
  rm -f "$out"
  (cd "$work" && env TSBLAS_GEMM=all TSBLAS_GEMM_VERBOSE=1 $gemm_preload \
     "$gemm_dir/xblat3$p" < "$input" > "$work/stdout" 2> "$work/stderr")
  passed=$(grep -c "GEMM  PASSED THE" "$out" 2>/dev/null)
  failed=$(grep -c "FAIL\|\*\*\*\*\*\*" "$out" 2>/dev/null)
  routed=$(gemm_interposer_routed "$work/stderr")
  verdict=ok
  if [ "${passed:-0}" -ne 2 ] || [ "${failed:-0}" -ne 0 ] || [ "$routed" -eq 0 ]; then
    verdict=FAILED
    status=1
    cat "$out" "$work/stderr"
  fi
  printf '%-6s %-28s xGEMM lines passed %s, failed %s, calls to tsblas %7s  %s\n' \
    "xblat3$p" "$label" "${passed:-0}" "${failed:-0}" "$routed" "$verdict"
}

echo "% tester input                       results"
for p in s d c z; do
  run_tester $p "$gemm_dir/${p}blat3.in" "${p}blat3.in"
  # Nine sizes up to the tester's NMAX (65); every routine but xGEMM off.
  sed -e 's/^[0-9][0-9]* *NUMBER OF VALUES OF N/9                 NUMBER OF VALUES OF N/' \
      -e 's/^[0-9 ][0-9 ]* VALUES OF N/0 1 3 9 17 33 47 64 65   VALUES OF N/' \
      -e '/^[SDCZ]GEMM /!s/^\([SDCZ][A-Z0-9]\{2,5\} *\)T/\1F/' \
      "$gemm_dir/${p}blat3.in" > "$work/${p}big.in"
  if ! grep -q "^0 1 3 9 17 33 47 64 65 " "$work/${p}big.in"; then
    echo "the sizes of ${p}blat3.in could not be raised: its format changed"
    status=1
    continue
  fi
  run_tester $p "$work/${p}big.in" "sizes to 65, xGEMM only"
done
exit $status
