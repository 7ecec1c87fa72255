# testing: the tests of libtsblas_gemm, the xGEMM interposer
# (doc/gemm-interposer.md).
#
# gemm_interposer_link.sh runs gemm_interposer_check, linked with
# -ltsblas_gemm before the BLAS; the other three preload the built library
# into programs nobody edited: the reference BLAS Level-3 testers, LAPACK's
# test programs, NumPy.  Those need Debian's libblas-test, liblapack-test
# and python3-numpy (tools/debian-deps.sh installs them) and a shared
# build; without them they are skipped.

check_PROGRAMS += %reldir%/gemm_interposer_check
%canon_reldir%_gemm_interposer_check_SOURCES = %reldir%/gemm_interposer_check.c \
	%reldir%/gemm_interposer_check_body.h
%canon_reldir%_gemm_interposer_check_LDADD = libtsblas_gemm.la $(BLAS_LIBS) -lm

GEMM_INTERPOSER_TESTS = \
	%reldir%/gemm_interposer_link.sh \
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
