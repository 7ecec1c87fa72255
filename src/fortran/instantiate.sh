#!/bin/sh
# instantiate.sh: one precision of a template, so that the Fortran pieces,
# the tests and the man pages are written once for S, D, C and Z.
#
# Usage: instantiate.sh TEMPLATE NAME > OUTPUT
#
# TEMPLATE - reads the template from the standard input.
# NAME starts with the precision letter (s, d, c or z); the rest of it is the
# routine, e.g. "dtsmttsm" (precision d, routine tsmttsm).  Placeholders of
# the template:
#   @x@ @X@              precision letter            d          D
#   @routine@ @ROUTINE@  the rest of NAME            tsmttsm    TSMTTSM
#   @type@               Fortran 2003 type           real(c_double)
#   @hitype@             a higher-precision type     real(real128)
#   @ckind@              the ISO_C_BINDING kind      c_double
#   @rkind@              kind of the real part       c_double
#   @hikind@             kind of the higher type     real128
#   @scalar_pass@        how the C entry takes a scalar: value | intent(in)
#   @conjg@              conjugation (empty for real types)
#   @f77type@            FORTRAN 77 type             DOUBLE PRECISION
#   @f77typepad@         the same, padded to 19 columns (declarations)
#   @f77hitype@          higher-precision type       REAL*16
#   @f77rtype@           type of the real part       DOUBLE PRECISION
#   @f77make@            the scalar made of real parts XR and XI (XI is
#                        dropped for real types)     XR | CMPLX( XR, XI )
#   @ctype@              C element type              double
#   @c_scalar@           C scalar argument type      "double " | "const void *"
#   @c_const_array@      C input array type          "const double *"
#   @c_array@            C output array type         "double *"
#   @field@              "real" or "complex"
set -e
template=$1
name=$2
prec=`printf '%s\n' "$name" | cut -c1`
routine=`printf '%s\n' "$name" | cut -c2-`
ROUTINE=`printf '%s\n' "$routine" | tr '[:lower:]' '[:upper:]'`
PREC=`printf '%s\n' "$prec" | tr '[:lower:]' '[:upper:]'`

case $prec in
s)  type='real(c_float)' hitype='real(real64)' ckind=c_float rkind=c_float hikind=real64
    f77type='REAL' f77hitype='DOUBLE PRECISION' f77rtype='REAL' f77make='XR'
    ctype=float field=real ;;
d)  type='real(c_double)' hitype='real(real128)' ckind=c_double rkind=c_double hikind=real128
    f77type='DOUBLE PRECISION' f77hitype='REAL*16' f77rtype='DOUBLE PRECISION'
    f77make='XR'
    ctype=double field=real ;;
c)  type='complex(c_float_complex)' hitype='complex(real64)' ckind=c_float_complex
    rkind=c_float hikind=real64
    f77type='COMPLEX' f77hitype='COMPLEX*16' f77rtype='REAL'
    f77make='CMPLX( XR, XI )'
    ctype='float complex' field=complex ;;
z)  type='complex(c_double_complex)' hitype='complex(real128)' ckind=c_double_complex
    rkind=c_double hikind=real128
    f77type='COMPLEX*16' f77hitype='COMPLEX*32' f77rtype='DOUBLE PRECISION'
    f77make='DCMPLX( XR, XI )'
    ctype='double complex' field=complex ;;
*)  echo "instantiate.sh: $name does not start with s, d, c or z" >&2
    exit 1 ;;
esac

f77typepad=`printf '%-19s' "$f77type"`

# The C entries take real scalars by value and complex ones by address,
# complex arrays as void pointers (tsblas.h).
if test $field = real; then
    scalar_pass=value conjg=
    c_scalar="$ctype " c_const_array="const $ctype *" c_array="$ctype *"
else
    scalar_pass='intent(in)' conjg=conjg
    c_scalar='const void *' c_const_array='const void *' c_array='void *'
fi

sed -e "s|@x@|$prec|g" -e "s|@X@|$PREC|g" \
    -e "s|@routine@|$routine|g" -e "s|@ROUTINE@|$ROUTINE|g" \
    -e "s|@type@|$type|g" -e "s|@hitype@|$hitype|g" \
    -e "s|@ckind@|$ckind|g" -e "s|@rkind@|$rkind|g" -e "s|@hikind@|$hikind|g" \
    -e "s|@scalar_pass@|$scalar_pass|g" -e "s|@conjg@|$conjg|g" \
    -e "s|@f77typepad@|$f77typepad|g" \
    -e "s|@f77type@|$f77type|g" -e "s|@f77hitype@|$f77hitype|g" \
    -e "s|@f77rtype@|$f77rtype|g" -e "s|@f77make@|$f77make|g" \
    -e "s|@ctype@|$ctype|g" -e "s|@c_scalar@|$c_scalar|g" \
    -e "s|@c_const_array@|$c_const_array|g" -e "s|@c_array@|$c_array|g" \
    -e "s|@field@|$field|g" \
    `test "x$template" = x- || printf '%s' "$template"`
