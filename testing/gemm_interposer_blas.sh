#!/bin/sh
# make check: the reference BLAS Level-3 testers (Debian's libblas-test,
# xblat3s/d/c/z) with libtsblas_gemm preloaded and every tall & skinny
# xGEMM, xSYRK and xHERK call sent to tsblas (TSBLAS_GEMM=all).  Each
# tester runs with its own input file (every routine, sizes to 9, the
# error exits through the program's XERBLA), then with that file's sizes
# raised to 0 1 3 9 17 33 47 64 65 and only xGEMM, xSYRK and xHERK tested,
# so that the calls reach tsblas's own kernels.  Passes when every routine
# tested passes both its error exits and its computational tests and the
# verbose report shows xGEMM and xSYRK (and xHERK) calls sent to tsblas.
# Skipped (77) without libblas-test or without the shared library.
. "${srcdir:-.}/testing/gemm_interposer_env.sh"
gemm_interposer_find blas xblat3d || exit 77

status=0
run_tester() {
  p=$1 input=$2 label=$3
  out=$work/${p}blat3.out
  rm -f "$out"
  (cd "$work" && env TSBLAS_GEMM=all TSBLAS_GEMM_VERBOSE=1 $(gemm_preload) \
     "$gemm_dir/xblat3$p" < "$input" > "$work/stdout" 2> "$work/stderr")
  # Two PASSED lines (error exits, computational tests) per routine tested.
  want=$(awk '/^[SDCZ][A-Z0-9]+ +T/ { n += 2 } END { print n + 0 }' "$input")
  passed=$(grep -c "PASSED THE" "$out" 2>/dev/null)
  failed=$(grep -c "FAIL\|\*\*\*\*\*\*" "$out" 2>/dev/null)
  routed=$(gemm_interposer_routed "$work/stderr")
  verdict=ok
  if [ "${passed:-0}" -ne "$want" ] || [ "${failed:-0}" -ne 0 ] || [ "$routed" -eq 0 ]; then
    verdict=FAILED
  fi
  for call in GEMM SYRK $4; do
    if ! awk -v c="$call" '$1 == "libtsblas_gemm:" && substr($2, 2) == c && $3 != "BLAS" \
                             { found = 1 } END { exit !found }' "$work/stderr"; then
      echo "no x$call call sent to tsblas"
      verdict=FAILED
    fi
  done
  if [ "$verdict" = FAILED ]; then
    status=1
    cat "$out" "$work/stderr"
  fi
  printf '%-7s %-25s PASSED lines %2s of %2s, failures %s, calls to tsblas %7s  %s\n' \
    "xblat3$p" "$label" "${passed:-0}" "$want" "${failed:-0}" "$routed" "$verdict"
}

echo "% tester input                    results"
for p in s d c z; do
  herk=
  case $p in c|z) herk=HERK ;; esac
  run_tester $p "$gemm_dir/${p}blat3.in" "${p}blat3.in" $herk
  # Nine sizes up to the tester's NMAX (65); every routine but xGEMM,
  # xSYRK and xHERK off.
  sed -e 's/^[0-9][0-9]* *NUMBER OF VALUES OF N/9                 NUMBER OF VALUES OF N/' \
      -e 's/^[0-9 ][0-9 ]* VALUES OF N/0 1 3 9 17 33 47 64 65   VALUES OF N/' \
      -e '/^[SDCZ]\(GEMM\|SYRK\|HERK\) /!s/^\([SDCZ][A-Z0-9]\{2,5\} *\)T/\1F/' \
      "$gemm_dir/${p}blat3.in" > "$work/${p}big.in"
  if ! grep -q "^0 1 3 9 17 33 47 64 65 " "$work/${p}big.in"; then
    echo "the sizes of ${p}blat3.in could not be raised: its format changed"
    status=1
    continue
  fi
  run_tester $p "$work/${p}big.in" "sizes to 65, GEMM SYRK HERK" $herk
done
exit $status
