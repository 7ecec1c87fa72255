#!/bin/sh
# make check: LAPACK's own test programs (Debian's liblapack-test) with
# libtsblas_gemm preloaded.  The linear-equation drivers xlintsts/d/c/z with
# their input files stest.in ... ztest.in, and xeigtstd with sep.in and
# svd.in, each run twice: as installed, and with every tall & skinny xGEMM,
# xSYRK and xHERK call sent to tsblas (TSBLAS_GEMM=all: LAPACK's test
# matrices are small, under the sizes from which the route table sends
# calls).  Both runs take the reference LAPACK that liblapack-test ships
# beside the programs where it is there: its routines call the BLAS
# through the dynamic linker, so their own xGEMM calls reach the
# interposer (OpenBLAS's LAPACK calls its xGEMM inside the library).
# Passes when each run with the interposer ran as many tests as without it,
# failed no more of them, and routed calls to tsblas (TSBLAS_GEMM_VERBOSE).
# Skipped (77) without liblapack-test or without the shared library.
. "${srcdir:-.}/testing/gemm_interposer_env.sh"
gemm_interposer_find lapack xlintstd || exit 77

# "tests run" and "N out of M tests failed" lines summed: "RUN FAILED".
count_tests() {
  awk '{
         for (i = 1; i <= NF; i++) {
           if ($i == "run)" && $(i - 1) == "tests") run += $(i - 2)
           if ($i == "out" && $(i + 1) == "of" && $(i + 3) == "tests") {
             failed += $(i - 1); run += $(i + 2)
           }
         }
       } END { print run + 0, failed + 0 }' "$1"
}

lapack_dir=
[ -f "$gemm_dir/liblapack.so.3" ] && lapack_dir=$gemm_dir

status=0
run_case() {
  program=$1 input=$2
  name=$(basename "$program")-$(basename "$input" .in)
  out_plain=$work/$name.plain out_routed=$work/$name.routed
  (cd "$work" && env LD_LIBRARY_PATH="$lapack_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
     "$program" < "$input" > "$out_plain" 2>&1)
  (cd "$work" && env TSBLAS_GEMM=all TSBLAS_GEMM_VERBOSE=1 $(gemm_preload "$lapack_dir") \
     "$program" < "$input" > "$out_routed" 2> "$out_routed.stderr")
  set -- $(count_tests "$out_plain")
  plain_run=$1 plain_failed=$2
  set -- $(count_tests "$out_routed")
  routed_run=$1 routed_failed=$2
  routed_calls=$(gemm_interposer_routed "$out_routed.stderr")
  verdict=ok
  if [ "$plain_run" -eq 0 ] || [ "$routed_run" -ne "$plain_run" ] \
     || [ "$routed_failed" -gt "$plain_failed" ] || [ "$routed_calls" -eq 0 ]; then
    verdict=FAILED
    status=1
  fi
  printf '%-22s tests %7s / %7s  failed %4s / %4s  calls to tsblas %8s  %s\n' \
    "$name" "$plain_run" "$routed_run" "$plain_failed" "$routed_failed" "$routed_calls" \
    "$verdict"
}

echo "% program-input          tests run (without / with the interposer), failed, routed calls"
for p in s d c z; do
  run_case "$gemm_dir/xlintst$p" "$gemm_dir/${p}test.in"
done
run_case "$gemm_dir/xeigtstd" "$gemm_dir/sep.in"
run_case "$gemm_dir/xeigtstd" "$gemm_dir/svd.in"
exit $status
