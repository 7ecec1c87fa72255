#!/bin/sh
# Installs what building and testing tsblas needs on Debian or Ubuntu:
# compilers (gfortran for the Fortran module and tests), the autotools that
# ./bootstrap runs, pkg-config, OpenBLAS, and OpenMPI for libtsblas_mpi and
# its tests, and the programs that the tests of libtsblas_gemm (the xGEMM
# interposer) preload it into: the reference BLAS and LAPACK testers and
# NumPy.  The CUDA toolkit is optional and not installed here: with nvcc
# on PATH or in /usr/local/cuda, configure builds the GPU path too.
set -e
packages="build-essential gfortran autoconf automake libtool pkg-config libopenblas-dev libopenmpi-dev openmpi-bin libblas-test liblapack-test python3-numpy"
missing=
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then sudo=; else sudo=sudo; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing
