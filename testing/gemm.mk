# testing: the tests of libtsblas_gemm, the xGEMM interposer
# (doc/gemm-interposer.md).
#
# gemm_interposer_link.sh runs gemm_interposer_check, linked with
# -ltsblas_gemm before the BLAS; gemm_interposer_wheel.sh (below) its ILP64
# CBLAS names; the other three preload the built library
# into programs nobody edited: the reference BLAS Level-3 testers, LAPACK's
# test programs, NumPy.  Those need Debian's libblas-test, liblapack-test
# and python3-numpy (tools/debian-deps.sh installs them) and a shared
# build; without them they are skipped.

check_PROGRAMS += %reldir%/gemm_interposer_check
%canon_reldir%_gemm_interposer_check_SOURCES = %reldir%/gemm_interposer_check.c \
	%reldir%/gemm_interposer_check_body.h
%canon_reldir%_gemm_interposer_check_LDADD = libtsblas_gemm.la $(BLAS_LIBS) -lm

# gemm_interposer_wheel.sh: the CBLAS names of 64-bit integers, called
# from modules that gemm_wheel_loader opens as Python opens NumPy's, whose
# BLAS (the stand-in libgemm_wheel_blas) only they see.  Shared objects
# that make check builds and never installs (-rpath: libtool builds a
# shared library only for one that says where it would go).
check_PROGRAMS += %reldir%/gemm_wheel_loader
%canon_reldir%_gemm_wheel_loader_SOURCES = %reldir%/gemm_wheel_loader.c
%canon_reldir%_gemm_wheel_loader_LDADD = -ldl
check_LTLIBRARIES += %reldir%/libgemm_wheel_blas.la %reldir%/gemm_wheel_check_scipy.la \
	%reldir%/gemm_wheel_check_suffix64.la
GEMM_WHEEL_LDFLAGS = -avoid-version -rpath $(abs_builddir)
%canon_reldir%_libgemm_wheel_blas_la_SOURCES = %reldir%/gemm_wheel_blas.c
%canon_reldir%_libgemm_wheel_blas_la_LIBADD = $(BLAS_LIBS)
%canon_reldir%_libgemm_wheel_blas_la_LDFLAGS = $(GEMM_WHEEL_LDFLAGS)
GEMM_WHEEL_CHECK_SOURCES = %reldir%/gemm_interposer_check.c %reldir%/gemm_interposer_check_body.h
%canon_reldir%_gemm_wheel_check_scipy_la_SOURCES = $(GEMM_WHEEL_CHECK_SOURCES)
%canon_reldir%_gemm_wheel_check_scipy_la_CPPFLAGS = $(AM_CPPFLAGS) -DGEMM_CHECK_SCIPY
%canon_reldir%_gemm_wheel_check_scipy_la_LIBADD = %reldir%/libgemm_wheel_blas.la -lm
%canon_reldir%_gemm_wheel_check_scipy_la_LDFLAGS = -module $(GEMM_WHEEL_LDFLAGS)
%canon_reldir%_gemm_wheel_check_suffix64_la_SOURCES = $(GEMM_WHEEL_CHECK_SOURCES)
%canon_reldir%_gemm_wheel_check_suffix64_la_CPPFLAGS = $(AM_CPPFLAGS) -DGEMM_CHECK_SUFFIX64
%canon_reldir%_gemm_wheel_check_suffix64_la_LIBADD = %reldir%/libgemm_wheel_blas.la -lm
%canon_reldir%_gemm_wheel_check_suffix64_la_LDFLAGS = -module $(GEMM_WHEEL_LDFLAGS)

GEMM_INTERPOSER_TESTS = \
	%reldir%/gemm_interposer_link.sh \
	%reldir%/gemm_interposer_wheel.sh \
	%reldir%/gemm_interposer_blas.sh \
	%reldir%/gemm_interposer_lapack.sh \
	%reldir%/gemm_interposer_numpy.sh
TESTS += $(GEMM_INTERPOSER_TESTS)
EXTRA_DIST += $(GEMM_INTERPOSER_TESTS) %reldir%/gemm_interposer_env.sh

# The benchmark (doc/gemm-interposer.md): gemm_interposer_bench.sh runs
# these programs, which know nothing of tsblas, without and with the
# interposer.  Built with the library when the BLAS carries LAPACK, not
# run by make check.
EXTRA_DIST += %reldir%/gemm_interposer_bench.sh %reldir%/gemm_bench_geqrf.c \
	%reldir%/gemm_bench_bgs.f
if HAVE_BLAS_LAPACK
noinst_PROGRAMS += %reldir%/gemm_bench_geqrf
%canon_reldir%_gemm_bench_geqrf_SOURCES = %reldir%/gemm_bench_geqrf.c
%canon_reldir%_gemm_bench_geqrf_LDADD = $(BLAS_LIBS) -lm
if HAVE_FORTRAN
noinst_PROGRAMS += %reldir%/gemm_bench_bgs
%canon_reldir%_gemm_bench_bgs_SOURCES = %reldir%/gemm_bench_bgs.f
%canon_reldir%_gemm_bench_bgs_LDADD = $(BLAS_LIBS)
endif
endif
