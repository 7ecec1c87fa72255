#!/bin/sh
# mpi_launch.sh TEST: runs one MPI test of make check (testing/mpi.mk).
#
# TEST is a .mpitest file: a line "processes P", then one "run PROGRAM"
# line per program (a path in the build tree), each launched in turn on P
# processes with $MPIEXEC.  Exit status: 0 when every program passed, 77
# (skipped) without a launcher, else 1.
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
programs=$(sed -n 's/^run  *//p' "$test_file")
if [ -z "$processes" ] || [ -z "$programs" ]; then
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

status=0
for program in $programs; do
    echo "== $MPIEXEC $launcher_options -np $processes $program"
    $time_limit "$MPIEXEC" $launcher_options -np "$processes" "./$program" || {
        echo "== $program FAILED on $processes processes"
        status=1
    }
done
exit $status
