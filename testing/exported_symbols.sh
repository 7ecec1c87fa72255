#!/bin/sh
# make check: each shared library built exports exactly its interface
# (doc/API.md, "What each library exports").  For each library:
#   1. the defined dynamic symbols (nm -D, version suffixes stripped) are
#      the names its version script lists, no more, no fewer;
#   2. the script's public names are those the sources declare:
#        libtsblas       the functions of tsblas.h, the Fortran symbols
#                        f77_api.c defines (x<routine>_ for S, D, C, Z)
#                        and xerbla_, the default XERBLA (doc/API.md);
#                        its node TSBLAS_PRIVATE apart
#        libtsblas_mpi   the functions of tsblas_mpi.h
#        libtsblasf,     the public module procedures of tsblas.F90 and
#        libtsblas_mpif  tsblas_mpi.f90: public names that are neither
#                        generic names nor bind(C) interfaces
#        libtsblas_gemm  the list of doc/gemm-interposer.md, "What it exports";
#   3. every tsblas symbol that one of them leaves undefined is exported by
#      another (the internal ones by libtsblas's TSBLAS_PRIVATE).
# Skipped (77) in a build without shared libraries, without nm, or where
# the linker takes no version script (configure says so).
# Environment (testing/local.mk): NM, TSBLAS_LD_VERSION_SCRIPT, srcdir.

libs=.libs
src=${srcdir:-.}
nm_cmd=${NM:-nm}
work=$(mktemp -d "${TMPDIR:-/tmp}/tsblas-symbols.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

if [ ! -f "$libs/libtsblas.so" ]; then
  echo "no $libs/libtsblas.so (a build without shared libraries): skipped"
  exit 77
fi
if ! $nm_cmd -D --defined-only "$libs/libtsblas.so" > /dev/null 2>&1; then
  echo "no nm that reads dynamic symbols ($nm_cmd -D): skipped"
  exit 77
fi
if [ "$TSBLAS_LD_VERSION_SCRIPT" != yes ]; then
  echo "the linker takes no version script (configure): skipped"
  exit 77
fi

# exported LIB: the names LIB's shared library defines, sorted, without
# the version nodes themselves (absolute symbols).
exported() {
  $nm_cmd -D --defined-only "$libs/$1.so" | awk 'NF == 3 && $2 != "A" { print $3 }' \
    | sed 's/@.*//' | LC_ALL=C sort -u
}

# undefined LIB: the tsblas names LIB's shared library needs from elsewhere.
undefined() {
  $nm_cmd -D --undefined-only "$libs/$1.so" | awk '{ print $NF }' | sed 's/@.*//' \
    | grep -E '^(tsblas_|__tsblas)' | LC_ALL=C sort -u
}

# script_names MAP [NODE]: the names the version script MAP lists (one a
# line, "name;"), all of them or those of node NODE.
script_names() {
  sed -e 's|/\*.*\*/||' "$1" \
    | awk -v node="$2" '
        /^[A-Za-z_0-9]+ *\{/ { current = $1 }
        node != "" && current != node { next }
        /^[ \t]*[A-Za-z_][A-Za-z_0-9]*;[ \t]*$/ { sub(/^[ \t]*/, ""); sub(/;.*/, ""); print }' \
    | LC_ALL=C sort -u
}

# c_functions HEADER: the functions HEADER declares (declarations start in
# the first column; comments and continuation lines do not).
c_functions() {
  grep -v '^[[:space:]/#]' "$1" | grep -o 'tsblas_[a-z0-9_]*(' | tr -d '(' | LC_ALL=C sort -u
}

# f77_symbols: the Fortran symbols of f77_api.c, compiled once per precision
# (src/c/local.mk): the routines of its TSBLAS_F77_GEMM_SHAPED and F77 lines.
f77_symbols() {
  sed -n -e 's/^TSBLAS_F77_GEMM_SHAPED(\([a-z0-9]*\),.*/\1/p' \
         -e 's/^void F77(\([a-z0-9]*\)).*/\1/p' "$src/src/c/f77_api.c" \
    | LC_ALL=C sort -u \
    | while read -r routine; do
        for p in s d c z; do echo "$p${routine}_"; done
      done | LC_ALL=C sort -u
}

# module_procedures SOURCE: gfortran's symbols of the public procedures of
# the module in SOURCE (continuation lines joined, names in lower case).
module_procedures() {
  sed -e ':a' -e '/&[[:space:]]*$/{N;s/&[[:space:]]*\n[[:space:]]*/ /;ba' -e '}' "$1" \
    | tr 'A-Z' 'a-z' > "$work/joined"
  module=$(sed -n 's/^[[:space:]]*module[[:space:]]\{1,\}\([a-z0-9_]*\)[[:space:]]*$/\1/p' \
             "$work/joined" | head -n 1)
  sed -n 's/^[[:space:]]*public[[:space:]]*::[[:space:]]*//p' "$work/joined" \
    | tr ',' '\n' | tr -d ' \t' | LC_ALL=C sort -u > "$work/public"
  {
    sed -n 's/^[[:space:]]*interface[[:space:]]\{1,\}\([a-z0-9_]*\).*/\1/p' "$work/joined"
    sed -n 's/^[[:space:]]*function[[:space:]]\{1,\}\([a-z0-9_]*\)(.*bind(c).*/\1/p' "$work/joined"
  } | LC_ALL=C sort -u > "$work/not_procedures"
  LC_ALL=C comm -23 "$work/public" "$work/not_procedures" | sed "s/^/__${module}_MOD_/"
}

# gemm_faces: the names doc/gemm-interposer.md lists under "What it exports".
gemm_faces() {
  awk '/^## / { inside = ($0 == "## What it exports") } inside' \
      "$src/doc/gemm-interposer.md" \
    | grep -o '`[a-z_0-9]*`' | tr -d '`' | LC_ALL=C sort -u
}

# compare WHAT EXPECTED ACTUAL: fails, printing the difference, unless the
# two sorted lists are the same.
status=0
compare() {
  if LC_ALL=C cmp -s "$2" "$3"; then
    echo "ok: $1 ($(wc -l < "$3") names)"
  else
    echo "FAIL: $1 (<: expected only, >: actual only)"
    diff "$2" "$3" | grep '^[<>]'
    status=1
  fi
}

checked=
for lib in libtsblas libtsblasf libtsblas_gemm libtsblas_mpi libtsblas_mpif; do
  case $lib in
    libtsblas)      map=src/c/libtsblas.map ;;
    libtsblasf)     map=src/fortran/libtsblasf.map ;;
    libtsblas_gemm) map=src/gemm/libtsblas_gemm.map ;;
    libtsblas_*)    map=src/mpi/$lib.map ;;
  esac
  [ -f "$libs/$lib.so" ] || { echo "skip: $lib, not built"; continue; }
  checked="$checked $lib"

  exported "$lib" > "$work/$lib.exported"
  script_names "$src/$map" > "$work/$lib.script"
  compare "$lib exports the names of $map" "$work/$lib.script" "$work/$lib.exported"

  case $lib in
    libtsblas)
      { c_functions "$src/src/c/tsblas.h"; f77_symbols; echo xerbla_; } \
        | LC_ALL=C sort -u > "$work/$lib.declared"
      script_names "$src/$map" TSBLAS_PRIVATE > "$work/private"
      LC_ALL=C comm -23 "$work/$lib.script" "$work/private" > "$work/$lib.public" ;;
    libtsblas_mpi)
      c_functions "$src/src/mpi/tsblas_mpi.h" > "$work/$lib.declared"
      cp "$work/$lib.script" "$work/$lib.public" ;;
    libtsblasf)
      module_procedures "$src/src/fortran/tsblas.F90" | LC_ALL=C sort -u > "$work/$lib.declared"
      cp "$work/$lib.script" "$work/$lib.public" ;;
    libtsblas_mpif)
      module_procedures "$src/src/mpi/tsblas_mpi.f90" | LC_ALL=C sort -u > "$work/$lib.declared"
      cp "$work/$lib.script" "$work/$lib.public" ;;
    libtsblas_gemm)
      gemm_faces > "$work/$lib.declared"
      cp "$work/$lib.script" "$work/$lib.public" ;;
  esac
  compare "$map declares the interface of the sources" "$work/$lib.declared" "$work/$lib.public"
done

for lib in $checked; do cat "$work/$lib.exported"; done | LC_ALL=C sort -u > "$work/all"
for lib in $checked; do
  undefined "$lib" | LC_ALL=C comm -23 - "$work/all" > "$work/$lib.missing"
  if [ -s "$work/$lib.missing" ]; then
    echo "FAIL: $lib needs tsblas symbols that no library exports:"
    cat "$work/$lib.missing"
    status=1
  fi
done
exit $status
