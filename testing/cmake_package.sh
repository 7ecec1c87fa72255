#!/bin/sh
# make installcheck: CMake projects find the installed tsblas
# ($(libdir)/cmake/tsblas; README.md, "Using tsblas from CMake").  Builds and
# runs testing/cmake/c (tsblas::tsblas) and, when libtsblasf is installed
# and FC runs, testing/cmake/fortran (tsblas::tsblasf):
#   1. against the installed tree, its libraries as installed (shared when
#      there are shared ones);
#   2. when the static libraries are installed, against a copy of the tree
#      elsewhere without the shared ones: the prefix is found from where
#      tsblasConfig.cmake lies, and the static targets carry the BLAS,
#      OpenMP and CUDA flags of tsblas.pc's Libs.private;
# then checks that find_package(tsblas <next major version>) fails.
# Exit 0 pass, 1 fail, 77 skipped (no cmake on PATH).
# Environment (testing/cmake.mk): CC, FC, srcdir, PACKAGE_VERSION, and
# TSBLAS_PREFIX, TSBLAS_LIBDIR, the installed prefix and libdir (with
# DESTDIR).

src=${srcdir:-.}/testing/cmake
if ! command -v cmake > /dev/null 2>&1; then
  echo "no cmake on PATH: skipped"
  exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tsblas-cmake.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
status=0

with_fortran=no
if ls "$TSBLAS_LIBDIR"/libtsblasf.* > /dev/null 2>&1 && command -v "${FC:-no}" > /dev/null 2>&1; then
  with_fortran=yes
fi

# run_project NAME DIR PROGRAM PREFIX: configure and build testing/cmake/DIR
# against the tree at PREFIX, asking for this version, and run its PROGRAM;
# the log in $work/NAME.log.
run_project() {
  log=$work/$1.log
  if cmake -S "$src/$2" -B "$work/$1" -DCMAKE_PREFIX_PATH="$4" \
       -DTSBLAS_WANTED_VERSION="$PACKAGE_VERSION" > "$log" 2>&1 \
     && cmake --build "$work/$1" >> "$log" 2>&1 \
     && sed -n 's/^-- \(tsblas.*\)/  \1/p' "$log" \
     && "$work/$1/$3"; then
    echo "PASS: $1"
  else
    cat "$log"
    echo "FAIL: $1"
    status=1
  fi
}

# both LABEL PREFIX: the C project and, where it can, the Fortran one.
both() {
  run_project "c-$1" c check_tsmttsm "$2"
  if [ $with_fortran = yes ]; then
    run_project "fortran-$1" fortran check_tsmttsm_f "$2"
  else
    echo "no libtsblasf installed or no Fortran compiler (FC=$FC): Fortran project skipped"
  fi
}

both installed "$TSBLAS_PREFIX"

case $TSBLAS_LIBDIR in
  "$TSBLAS_PREFIX"/*) copied_libdir=$work/moved/${TSBLAS_LIBDIR#"$TSBLAS_PREFIX"/} ;;
  *) copied_libdir= ;;
esac
if [ ! -f "$TSBLAS_LIBDIR/libtsblas.a" ]; then
  echo "no static libtsblas installed: static targets not tested"
elif [ -z "$copied_libdir" ]; then
  echo "libdir $TSBLAS_LIBDIR is outside the prefix: the moved static tree not tested"
else
  cp -R "$TSBLAS_PREFIX" "$work/moved" && chmod -R u+w "$work/moved" \
    && rm -f "$copied_libdir"/lib*.so* || exit 99
  both moved-static "$work/moved"
fi

next_major=$(( ${PACKAGE_VERSION%%.*} + 1 )).0
if cmake -S "$src/c" -B "$work/c-version" -DCMAKE_PREFIX_PATH="$TSBLAS_PREFIX" \
     -DTSBLAS_WANTED_VERSION="$next_major" > "$work/c-version.log" 2>&1; then
  cat "$work/c-version.log"
  echo "FAIL: find_package(tsblas $next_major) took version $PACKAGE_VERSION"
  status=1
else
  echo "PASS: find_package(tsblas $next_major) refuses version $PACKAGE_VERSION"
fi
exit $status
