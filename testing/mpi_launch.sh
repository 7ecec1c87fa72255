#!/bin/sh
# mpi_launch.sh TEST: runs one MPI test of make check (testing/mpi.mk).
#
# TEST is a .mpitest file: a line "processes P", then one "run PROGRAM
# [ARGUMENTS]" line per program (a path in the build tree), each launched
# in turn on P processes with $MPIEXEC.  A program that exits with 77 on
# every process (as mpi_tsmttsm --device does without a GPU) is skipped.
# Exit status: 1 when a program failed, else 77 (skipped) when one was
# skipped or there is no launcher, else 0.
#
# The processes run one thread each (OpenMP and OpenBLAS): P of them share
# the machine's cores.  OpenMPI needs --oversubscribe to start more
# processes than there are cores, and the OMPI_ALLOW_RUN_AS_ROOT variables
# to run as root (containers, CI).  A hung test is stopped after
# MPI_TEST_TIMEOUT seconds (default 120) rather than blocking make check.
test_file=$1
if [ -z "$MPIEXEC" ]; then
    echo "no MPI launcher (mpirun, mpiexec): skipped"
    exit 77
fi

processes=$(sed -n 's/^processes  *//p' "$test_file")
runs=$(sed -n 's/^run  *//p' "$test_file")
if [ -z "$processes" ] || [ -z "$runs" ]; then
    echo "$test_file: no 'processes' or 'run' line" >&2
    exit 1
fi

launcher_options=
if "$MPIEXEC" --version 2>&1 | grep -q "Open MPI"; then
    launcher_options=--oversubscribe
    OMPI_ALLOW_RUN_AS_ROOT=1
    OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
fi
OMP_NUM_THREADS=1
OPENBLAS_NUM_THREADS=1
export OMP_NUM_THREADS OPENBLAS_NUM_THREADS

time_limit=
if command -v timeout >/dev/null 2>&1; then
    time_limit="timeout ${MPI_TEST_TIMEOUT:-120}"
fi

failed=no
skipped=no
# One run line at a time: the list is split at newlines only, each line
# then into the program and its arguments.
words_ifs=$IFS
IFS='
'
for run in $runs; do
    IFS=$words_ifs
    set -- $run
    program=$1
    shift
    echo "== $MPIEXEC $launcher_options -np $processes $run"
    $time_limit "$MPIEXEC" $launcher_options -np "$processes" "./$program" "$@"
    case $? in
        0) ;;
        77) echo "== $run skipped"; skipped=yes ;;
        *) echo "== $run FAILED on $processes processes"; failed=yes ;;
    esac
done
IFS=$words_ifs
if [ $failed = yes ]; then
    exit 1
elif [ $skipped = yes ]; then
    exit 77
fi
exit 0
