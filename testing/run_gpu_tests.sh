#!/bin/sh
# run_gpu_tests.sh: runs the GPU tests, compute-sanitizer and the benchmark
# of a tsblas build on a host with a GPU, and writes the logs to a folder.
#
# Usage: testing/run_gpu_tests.sh [options] BUILD_DIR LOG_DIR
#   BUILD_DIR  a build configured with --disable-shared (the test programs
#              are then plain executables, which compute-sanitizer can run;
#              a shared build has libtool wrapper scripts instead), after
#              `make check` has built the test programs (it may have run
#              them too).
#   LOG_DIR    created if needed; gets one log per run and summary.txt.
# Options:
#   --no-sanitize  skip compute-sanitizer
#   --no-bench     skip tsblas_bench
#   --bench-args "ARGS"  arguments of tsblas_bench (default: --gpu)
#   --mpi-only     only the MPI tests (no other test, sanitizer or bench)
#
# The tests: testing/gpu_*, gpu_semantics again with each path of
# xTSMTTSM and xTSMM forced (TSBLAS_GPU_TSM_PATH, quick case sets), and,
# when present, the harness's device inputs (testing/test_tsblas
# testing/test_device.in, and testing/test_device_tensor.in and
# test_device_fma.in with the tensor and the fma path forced); in a build
# with MPI, xTSMTTSM_MPI with its block vectors in device memory on 1, 2
# and 4 processes sharing the GPU
# (testing/mpi_tsmttsm_gpu_np*.mpitest, launched by testing/mpi_launch.sh
# with the build's MPIEXEC).  compute-sanitizer runs the GPU tests with
# TSBLAS_GPU_TEST_QUICK=1 (reduced case sets): memcheck on
# all of them, racecheck, initcheck and synccheck on gpu_semantics and
# gpu_placement, and racecheck and synccheck on gpu_semantics again with
# the tensor and the fma path forced (the chunk kernels, whose stages and
# sums of k-groups go through shared memory between barriers, take only
# some of the table's calls), all runs at once.  Exit status: 0 when
# every test passed (or skipped) and every sanitizer run reported no
# error, 1 otherwise.
set -u

sanitize=yes
bench=yes
bench_args=--gpu
single_process=yes
while test $# -gt 0; do
  case $1 in
    --no-sanitize) sanitize=no; shift ;;
    --no-bench) bench=no; shift ;;
    --bench-args) bench_args=$2; shift 2 ;;
    --mpi-only) single_process=no; sanitize=no; bench=no; shift ;;
    -*) echo "run_gpu_tests.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
if test $# -ne 2; then
  sed -n '2,34p' "$0" >&2
  exit 2
fi
build=$1
logs=$2
mkdir -p "$logs" || exit 2
logs=`cd "$logs" && pwd`
cd "$build" || exit 2
summary=$logs/summary.txt
: > "$summary"
status=0

say() {
  echo "$*" | tee -a "$summary"
}

# run_logged NAME COMMAND...: runs COMMAND, its output in LOGS/NAME.log;
# sets result (PASS, SKIP for exit 77, else FAIL, and then status=1) and
# seconds.
run_logged() {
  name=$1
  shift
  start=`date +%s`
  "$@" > "$logs/$name.log" 2>&1
  case $? in
    0) result=PASS ;;
    77) result=SKIP ;;
    *) result=FAIL; status=1 ;;
  esac
  seconds=$((`date +%s` - start))
}

gpu_tests=
single_process_tests=
if test $single_process = yes; then
  single_process_tests="gpu_semantics gpu_placement gpu_concurrency gpu_indexing64 gpu_gemm_interposer"
fi
for t in $single_process_tests; do
  if test -x "testing/$t"; then
    if head -c 2 "testing/$t" | grep -q '#!'; then
      say "testing/$t is a libtool wrapper: configure the build with --disable-shared"
      exit 2
    fi
    gpu_tests="$gpu_tests $t"
  else
    say "testing/$t missing: run 'make check' (or make -C BUILD_DIR check TESTS=) first"
    status=1
  fi
done

say "== device"
(nvidia-smi -L 2>&1 || echo "nvidia-smi not available") | tee -a "$summary"

if test $single_process = yes; then
  say "== GPU tests"
fi
for t in $gpu_tests; do
  run_logged $t "testing/$t"
  say "$result: $t ($seconds s) `tail -n 1 "$logs/$t.log"`"
done
# Each path of xTSMTTSM and xTSMM forced on every call (quick case sets):
# the table sends only some widths to each, and each must be right on all.
if test $single_process = yes && test -x testing/gpu_semantics; then
  for path in direct staged-small staged-large tensor tensor-rows fma; do
    run_logged gpu_semantics-$path env TSBLAS_GPU_TSM_PATH=$path TSBLAS_GPU_TEST_QUICK=1 \
      testing/gpu_semantics
    say "$result: gpu_semantics, path $path forced `tail -n 1 "$logs/gpu_semantics-$path.log"`"
  done
fi
srcdir=`sed -n 's/^abs_top_srcdir = //p' Makefile`
# The harness on INPUT (a file of testing/), in the environment of the
# assignments after it.
run_harness() {
  input=$1
  shift
  if test ! -x testing/test_tsblas || test ! -f "$srcdir/testing/$input"; then
    say "SKIP: $input (no harness or input file)"
    return
  fi
  run_logged "${input%.in}" env "$@" testing/test_tsblas "$srcdir/testing/$input"
  say "$result: test_tsblas $input${*:+ $*} ($seconds s) `tail -n 1 "$logs/${input%.in}.log"`"
}
if test $single_process = yes; then
  run_harness test_device.in
  run_harness test_device_tensor.in TSBLAS_GPU_TSM_PATH=tensor
  run_harness test_device_fma.in TSBLAS_GPU_TSM_PATH=fma
fi

say "== MPI tests on the GPU"
if test ! -f libtsblas_mpi.la; then
  say "SKIP: MPI tests (this build has no MPI)"
elif test ! -x testing/mpi_tsmttsm_s || test ! -x testing/mpi_tsmttsm_z; then
  say "testing/mpi_tsmttsm_* missing: run 'make check' (or make -C BUILD_DIR check TESTS=) first"
  status=1
else
  mpiexec=`sed -n 's/^MPIEXEC = //p' Makefile`
  for processes in 1 2 4; do
    t=mpi_tsmttsm_gpu_np$processes
    run_logged $t env MPIEXEC="$mpiexec" sh "$srcdir/testing/mpi_launch.sh" \
      "$srcdir/testing/$t.mpitest"
    say "$result: $t ($seconds s)" \
      "`grep -c 'all tests passed' "$logs/$t.log"` of 4 precisions passed"
  done
fi

if test $sanitize = yes; then
  say "== compute-sanitizer (TSBLAS_GPU_TEST_QUICK=1, the runs side by side)"
  if command -v compute-sanitizer > /dev/null 2>&1; then
    runs=
    for tool in memcheck racecheck initcheck synccheck; do
      case $tool in
        memcheck) programs=$gpu_tests ;;
        racecheck|synccheck) programs="gpu_semantics gpu_placement gpu_semantics:tensor gpu_semantics:fma" ;;
        *) programs="gpu_semantics gpu_placement" ;;
      esac
      # PROGRAM or PROGRAM:PATH, the path of xTSMTTSM and xTSMM forced
      for run in $programs; do
        t=${run%%:*}
        case $run in
          *:*) path=${run#*:}; name=$t-$path ;;
          *) path=; name=$t ;;
        esac
        test -x "testing/$t" || continue
        log=$logs/sanitize-$tool-$name.log
        (env TSBLAS_GPU_TEST_QUICK=1 ${path:+TSBLAS_GPU_TSM_PATH=$path} \
           compute-sanitizer --tool $tool --error-exitcode 3 \
           "testing/$t" > "$log" 2>&1; echo $? > "$log.rc") &
        runs="$runs $tool:$name"
      done
    done
    wait
    for run in $runs; do
      tool=${run%%:*}
      t=${run#*:}
      log=$logs/sanitize-$tool-$t.log
      rc=`cat "$log.rc"`
      rm -f "$log.rc"
      case $rc in
        0|77) result=CLEAN ;;
        *) result="ERRORS (exit $rc)"; status=1 ;;
      esac
      say "$tool $t: $result: `grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -n 1`"
    done
  else
    say "compute-sanitizer not found: skipped"
  fi
fi

if test $bench = yes; then
  say "== benchmark"
  if test -x testing/tsblas_bench; then
    testing/tsblas_bench $bench_args > "$logs/bench.txt" 2>&1
    rc=$?
    test $rc -eq 0 || status=1
    say "tsblas_bench $bench_args: exit $rc, log bench.txt"
  else
    say "testing/tsblas_bench not built: skipped"
  fi
fi

say "== overall: `test $status -eq 0 && echo PASS || echo FAIL`"
exit $status
