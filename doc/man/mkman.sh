#!/bin/sh
# mkman.sh: one man page of tsblas, in one precision, from the page of its
# operation (S/D/C/Z from one source).
#
# Usage: mkman.sh MANSRCDIR INSTANTIATE NAME VERSION > NAME.3
#
# NAME is the page, e.g. dtsmttsm: precision d, operation tsmttsm, whose
# template is MANSRCDIR/tsmttsm.3.in.  The lines @SYNOPSIS@, @ARGUMENTS@ and
# @DETAILS@ of a template take the parts that the three GEMM-shaped pages
# share (gemm_*.3.in); INSTANTIATE (src/fortran/instantiate.sh) then fills
# in the precision, and @PACKAGE_VERSION@ is VERSION.
set -e
mansrcdir=$1
instantiate=$2
name=$3
version=$4
operation=`printf '%s\n' "$name" | cut -c2-`

sed -e '/^@SYNOPSIS@$/{' -e "r $mansrcdir/gemm_synopsis.3.in" -e 'd' -e '}' \
    -e '/^@ARGUMENTS@$/{' -e "r $mansrcdir/gemm_arguments.3.in" -e 'd' -e '}' \
    -e '/^@DETAILS@$/{' -e "r $mansrcdir/gemm_details.3.in" -e 'd' -e '}' \
    "$mansrcdir/$operation.3.in" |
    $instantiate - "$name" |
    sed -e "s|@PACKAGE_VERSION@|$version|g"
