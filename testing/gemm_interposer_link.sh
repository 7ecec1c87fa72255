#!/bin/sh
# make check: libtsblas_gemm linked before the BLAS (testing/
# gemm_interposer_check, -ltsblas_gemm ... -lopenblas), not preloaded.  The
# program checks its results and error exits itself; this script runs it
# twice and reads the interposer's verbose report: with the default
# TSBLAS_GEMM=on every precision must have calls sent to xTSMTTSM, xTSMM,
# xMTSM and to the BLAS; with TSBLAS_GEMM=off, to the BLAS alone.
check=./testing/gemm_interposer_check
status=0
for mode in on off; do
  report=gemm_interposer_link.$mode
  TSBLAS_GEMM=$mode TSBLAS_GEMM_VERBOSE=1 OMP_WAIT_POLICY=passive "$check" 2> "$report" \
    || status=1
  for p in S D C Z; do
    routes="GEMM:TSMTTSM GEMM:TSMM GEMM:MTSM GEMM:BLAS SYRK:TSMTTSM SYRK:BLAS"
    case $p in C|Z) routes="$routes HERK:TSMTTSM HERK:BLAS" ;; esac
    for route in $routes; do
      call=$p${route%:*} to=${route#*:}
      [ "$to" = BLAS ] && sent=BLAS || sent=$p$to
      calls=$(awk -v call="$call" -v sent="$sent" \
                '$1 == "libtsblas_gemm:" && $2 == call && $3 == sent { print $4 }' "$report")
      want_calls=yes
      [ "$mode" = off ] && [ "$to" != BLAS ] && want_calls=no
      if { [ "$want_calls" = yes ] && [ -z "$calls" ]; } \
         || { [ "$want_calls" = no ] && [ -n "$calls" ]; }; then
        echo "TSBLAS_GEMM=$mode: $call calls sent to $sent: ${calls:-none} (want $want_calls)"
        status=1
      fi
    done
  done
  cat "$report"
  rm -f "$report"
done
exit $status
