#!/bin/sh
# make check: the host inputs (test_s_host.in ... test_z_host.in) again
# with the lesser instruction sets' kernels, TSBLAS_HOST_ISA=avx2 and
# =generic (src/c/host_kernels.c), which the test inputs alone never reach
# on a CPU with AVX-512.  A set the CPU lacks falls back to a lesser one,
# which is then tested twice.  Exit 0 when every run passes, 1 otherwise;
# each run's last lines go to the log.
# Environment (testing/local.mk): srcdir.

src=${srcdir:-.}
status=0
for isa in avx2 generic; do
  for p in s d c z; do
    out=$(TSBLAS_HOST_ISA=$isa OMP_WAIT_POLICY=passive testing/test_tsblas \
          "$src/testing/test_${p}_host.in" 2>&1)
    rc=$?
    echo "TSBLAS_HOST_ISA=$isa test_${p}_host.in: exit $rc, $(echo "$out" | tail -n 1)"
    if [ $rc -ne 0 ]; then
      echo "$out" | grep -v " ok$" | tail -n 20
      status=1
    fi
  done
done
exit $status
