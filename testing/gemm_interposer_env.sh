# Sourced by the tests of libtsblas_gemm (testing/gemm_interposer_*.sh):
# where the built interposer and Debian's test programs are, a scratch
# folder, and how many calls a verbose run sent to tsblas.

# The shared library as built (libtool's .libs of the build folder).
builddir=$(pwd)
gemm_library=$builddir/.libs/libtsblas_gemm.so

# gemm_preload [DIR]: the environment that preloads it, with the build's
# libtsblas ahead of any installed one, and DIR's libraries ahead of the
# system's.
gemm_preload() {
  echo "LD_PRELOAD=$gemm_library LD_LIBRARY_PATH=$builddir/.libs${1:+:$1}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
}
# Sleeping OpenMP threads: make -j2 runs tests side by side on two cores.
OMP_WAIT_POLICY=passive
export OMP_WAIT_POLICY

# gemm_interposer_find KIND PROGRAM: sets gemm_dir to the folder of
# Debian's libKIND-test that holds PROGRAM and makes the scratch folder
# $work; fails (with a line saying why) when either is missing.
gemm_interposer_find() {
  if [ ! -f "$gemm_library" ]; then
    echo "no $gemm_library (a build without shared libraries): skipped"
    return 1
  fi
  gemm_dir=
  for d in /usr/lib/*/"$1" /usr/lib64/"$1" /usr/lib/"$1"; do
    if [ -x "$d/$2" ]; then gemm_dir=$d; break; fi
  done
  if [ -z "$gemm_dir" ]; then
    echo "no $2 (Debian's lib$1-test, which tools/debian-deps.sh installs): skipped"
    return 1
  fi
  work=$(mktemp -d "${TMPDIR:-/tmp}/tsblas-gemm.XXXXXX") || return 1
  trap 'rm -rf "$work"' EXIT
}

# gemm_interposer_routed FILE: the calls that the verbose report in FILE
# (stderr of a run with TSBLAS_GEMM_VERBOSE=1) sent to a tsblas routine.
gemm_interposer_routed() {
  awk '$1 == "libtsblas_gemm:" && $2 ~ /^[SDCZ](GEMM|SYRK|HERK)$/ && $3 != "BLAS" { n += $4 }
       END { print n + 0 }' "$1"
}

# gemm_interposer_every_route FILE [off]: fails, saying what is missing,
# unless the verbose report in FILE shows calls of every precision sent to
# each destination of the route table: xGEMM to xTSMTTSM, xTSMM, xMTSM and
# the BLAS, xSYRK (and for C and Z xHERK) to xTSMTTSM and the BLAS; with
# off (TSBLAS_GEMM=off), calls sent to the BLAS and none to tsblas.
gemm_interposer_every_route() {
  every_route_status=0
  for p in S D C Z; do
    routes="GEMM:TSMTTSM GEMM:TSMM GEMM:MTSM GEMM:BLAS SYRK:TSMTTSM SYRK:BLAS"
    case $p in C|Z) routes="$routes HERK:TSMTTSM HERK:BLAS" ;; esac
    for route in $routes; do
      call=$p${route%:*} to=${route#*:}
      [ "$to" = BLAS ] && sent=BLAS || sent=$p$to
      calls=$(awk -v call="$call" -v sent="$sent" \
                '$1 == "libtsblas_gemm:" && $2 == call && $3 == sent { print $4 }' "$1")
      want_calls=yes
      [ "${2:-}" = off ] && [ "$to" != BLAS ] && want_calls=no
      if { [ "$want_calls" = yes ] && [ -z "$calls" ]; } \
         || { [ "$want_calls" = no ] && [ -n "$calls" ]; }; then
        echo "$call calls sent to $sent: ${calls:-none} (want $want_calls)"
        every_route_status=1
      fi
    done
  done
  return $every_route_status
}
