# examples: classical block Gram-Schmidt from Fortran, the legacy way
# (gram_schmidt_f77.f: CALL DTSMTTSM, CALL DTSMM) and through the module
# (gram_schmidt_module.f90: on the GPU when there is one).  make check builds
# and runs both (check_examples.sh checks the loss of orthogonality they
# print); make install puts their sources in $(docdir)/examples.

examplesdir = $(docdir)/examples
dist_examples_DATA = %reldir%/gram_schmidt_f77.f %reldir%/gram_schmidt_module.f90
EXTRA_DIST += %reldir%/check_examples.sh

if HAVE_FORTRAN
check_PROGRAMS += %reldir%/gram_schmidt_f77 %reldir%/gram_schmidt_module
%canon_reldir%_gram_schmidt_f77_SOURCES = %reldir%/gram_schmidt_f77.f
%canon_reldir%_gram_schmidt_f77_FFLAGS = $(TSBLAS_ILP64_FCFLAGS)
%canon_reldir%_gram_schmidt_f77_LDADD = libtsblas.la
%canon_reldir%_gram_schmidt_f77_LDFLAGS = $(OPENMP_CFLAGS)
%canon_reldir%_gram_schmidt_module_SOURCES = %reldir%/gram_schmidt_module.f90
%canon_reldir%_gram_schmidt_module_FCFLAGS = -Isrc/fortran
%canon_reldir%_gram_schmidt_module_LDADD = libtsblasf.la libtsblas.la
%canon_reldir%_gram_schmidt_module_LDFLAGS = $(OPENMP_CFLAGS)
# The module first (automake knows no Fortran module dependencies).
$(%canon_reldir%_gram_schmidt_module_OBJECTS): $(libtsblasf_la_OBJECTS)
TESTS += %reldir%/check_examples.sh
endif
