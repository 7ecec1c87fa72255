#!/bin/sh
# make check: the CBLAS names of 64-bit integers of libtsblas_gemm, as
# NumPy's wheels call them.  A wheel's NumPy calls scipy_cblas_dgemm64_ of
# the BLAS it bundles (scipy-openblas64), which Python loads with RTLD_LOCAL
# as a dependency of NumPy's extension module: the interposer, preloaded,
# takes the call, and must find the real routine among the loaded objects,
# outside the program's global scope.  testing/gemm_wheel_loader does the
# same with a module of the checks of gemm_interposer_check.c calling those
# names (gemm_wheel_check_scipy) and one calling OpenBLAS's names of
# SYMBOLSUFFIX=64_ (gemm_wheel_check_suffix64), whose BLAS is the stand-in
# testing/gemm_wheel_blas.c.  Each run must pass its checks, and its
# verbose report must show, for every precision, xGEMM calls sent to
# xTSMTTSM, xTSMM, xMTSM and to the BLAS, and xSYRK (xHERK) calls sent to
# xTSMTTSM and to the BLAS.
# Skipped (77) in a build without shared libraries.
. "${srcdir:-.}/testing/gemm_interposer_env.sh"
modules=$builddir/testing/.libs
if [ ! -f "$gemm_library" ] || [ ! -f "$modules/gemm_wheel_check_scipy.so" ]; then
  echo "no shared $gemm_library or test modules (a build without shared libraries): skipped"
  exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tsblas-gemm.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

status=0
for names in scipy suffix64; do
  echo "=== gemm_wheel_check_$names"
  env TSBLAS_GEMM_VERBOSE=1 $(gemm_preload "$modules") ./testing/gemm_wheel_loader \
      "$modules/gemm_wheel_check_$names.so" 2> "$work/stderr" || status=1
  cat "$work/stderr"
  if ! gemm_interposer_every_route "$work/stderr"; then
    echo "$names: calls missing"
    status=1
  fi
done
exit $status
