#!/bin/sh
# make check: NumPy through the preloaded libtsblas_gemm (its matmul calls
# cblas_xgemm of the system BLAS, row-major, and cblas_xsyrk for X.T @ X).
# X.T @ Y, X.T @ X and X @ S for tall X, in float64 and complex128, checked
# against np.einsum (NumPy's own loops, no BLAS) and sent to tsblas by the
# default route table (the verbose report must show xGEMM calls sent to
# xTSMTTSM and xTSMM and xSYRK calls sent to xTSMTTSM, D and Z).
# Skipped (77) without python3-numpy or without the shared library.
. "${srcdir:-.}/testing/gemm_interposer_env.sh"
# Debian's python3-numpy is for /usr/bin/python3, which may not be first
# on PATH.
python=
for p in /usr/bin/python3 python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$p; break; fi
done
if [ -z "$python" ]; then
  echo "no python3-numpy: skipped"
  exit 77
fi
gemm_interposer_find blas . || exit 77

env TSBLAS_GEMM_VERBOSE=1 $(gemm_preload) "$python" - 2> "$work/stderr" <<'PYTHON'
import sys
import numpy as np

rng = np.random.default_rng(7)
failed = 0
for dtype in (np.float64, np.complex128):
    def tall(rows, cols):
        x = rng.standard_normal((rows, cols))
        if dtype == np.complex128:
            x = x + 1j * rng.standard_normal((rows, cols))
        return x.astype(dtype)
    x, y, s = tall(200000, 8), tall(200000, 6), tall(8, 5)
    for name, got, want in (
        ("X.T @ Y", x.T @ y, np.einsum("ki,kj->ij", x, y, optimize=False)),
        ("X.T @ X", x.T @ x, np.einsum("ki,kj->ij", x, x, optimize=False)),
        ("X @ S", x @ s, np.einsum("ik,kj->ij", x, s, optimize=False)),
    ):
        error = np.max(np.abs(got - want)) / np.max(np.abs(want))
        ok = error < 1e-12
        failed += not ok
        print(f"{np.dtype(dtype).name:10s} {name:8s} relative error {error:.2e}  "
              f"{'ok' if ok else 'FAILED'}")
sys.exit(failed)
PYTHON
status=$?
cat "$work/stderr"
for route in DGEMM:DTSMTTSM DGEMM:DTSMM DSYRK:DTSMTTSM ZGEMM:ZTSMTTSM ZGEMM:ZTSMM \
             ZSYRK:ZTSMTTSM; do
  if ! awk -v call="${route%:*}" -v to="${route#*:}" \
         '$1 == "libtsblas_gemm:" && $2 == call && $3 == to { found = 1 } END { exit !found }' \
         "$work/stderr"; then
    echo "no ${route%:*} call sent to ${route#*:}"
    status=1
  fi
done
exit $status
