#!/bin/sh
# make check: libtsblas_gemm linked before the BLAS (testing/
# gemm_interposer_check, -ltsblas_gemm ... -lopenblas), not preloaded.  The
# program checks its results and error exits itself; this script runs it
# twice and reads the interposer's verbose report: with the default
# TSBLAS_GEMM=on every precision must have calls sent to xTSMTTSM, xTSMM,
# xMTSM and to the BLAS; with TSBLAS_GEMM=off, to the BLAS alone.
. "${srcdir:-.}/testing/gemm_interposer_env.sh"
check=./testing/gemm_interposer_check
status=0
for mode in on off; do
  report=gemm_interposer_link.$mode
  TSBLAS_GEMM=$mode TSBLAS_GEMM_VERBOSE=1 "$check" 2> "$report" || status=1
  if ! gemm_interposer_every_route "$report" $mode; then
    echo "TSBLAS_GEMM=$mode: calls missing or misrouted"
    status=1
  fi
  cat "$report"
  rm -f "$report"
done
exit $status
