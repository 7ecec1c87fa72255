# testing: the LAPACK-style test harness, testing/test_tsblas, and its
# input files.
#
# One program reads an input file (test_input.c says how) and checks all
# sixteen routines through both faces.  Its precision-dependent sources are
# written once and compiled four times (-DTSBLAS_PREC_S/D/C/Z, see
# test_precision.h) into one convenience library per precision, as in
# src/c.  Each input file testing/test_*.in is one test of `make check`,
# run by the program through automake's parallel test driver.

TEST_PRECISION_SOURCES = \
	%reldir%/test_precision.h \
	%reldir%/test_faces.c \
	%reldir%/test_fill.c \
	%reldir%/test_reference.c \
	%reldir%/test_gemm.c \
	%reldir%/test_gemt.c \
	%reldir%/test_errors.c

# -fcx-fortran-rules keeps the long double complex products of the
# references inline (no NaN-recovery calls); the references never see NaN.
TEST_PRECISION_CFLAGS = $(OPENMP_CFLAGS) $(TSBLAS_COMPLEX_CFLAGS)

check_LTLIBRARIES += %reldir%/libtest_s.la %reldir%/libtest_d.la \
	%reldir%/libtest_c.la %reldir%/libtest_z.la
%C%_libtest_s_la_SOURCES = $(TEST_PRECISION_SOURCES)
%C%_libtest_s_la_CPPFLAGS = $(AM_CPPFLAGS) -DTSBLAS_PREC_S
%C%_libtest_s_la_CFLAGS = $(TEST_PRECISION_CFLAGS)
%C%_libtest_d_la_SOURCES = $(TEST_PRECISION_SOURCES)
%C%_libtest_d_la_CPPFLAGS = $(AM_CPPFLAGS) -DTSBLAS_PREC_D
%C%_libtest_d_la_CFLAGS = $(TEST_PRECISION_CFLAGS)
%C%_libtest_c_la_SOURCES = $(TEST_PRECISION_SOURCES)
%C%_libtest_c_la_CPPFLAGS = $(AM_CPPFLAGS) -DTSBLAS_PREC_C
%C%_libtest_c_la_CFLAGS = $(TEST_PRECISION_CFLAGS)
%C%_libtest_z_la_SOURCES = $(TEST_PRECISION_SOURCES)
%C%_libtest_z_la_CPPFLAGS = $(AM_CPPFLAGS) -DTSBLAS_PREC_Z
%C%_libtest_z_la_CFLAGS = $(TEST_PRECISION_CFLAGS)

check_PROGRAMS += %reldir%/test_tsblas
%C%_test_tsblas_SOURCES = \
	%reldir%/test_tsblas.h \
	%reldir%/test_main.c \
	%reldir%/test_input.c \
	%reldir%/test_array.c \
	%reldir%/test_data.c \
	%reldir%/test_reasons.c \
	%reldir%/test_xerbla.c
%C%_test_tsblas_CFLAGS = $(OPENMP_CFLAGS)
%C%_test_tsblas_LDFLAGS = $(OPENMP_CFLAGS)
%C%_test_tsblas_LDADD = %reldir%/libtest_s.la %reldir%/libtest_d.la \
	%reldir%/libtest_c.la %reldir%/libtest_z.la libtsblas.la $(BLAS_LIBS) -lm

# Every input file is a test; test_tsblas reads it (exit 0 pass, 1 fail,
# 77 skip: MEMORY DEVICE without a GPU, 99 bad input).  Threads that wait
# passively: the repeatability runs use 3 threads, and with make -j2 on two
# cores spinning threads would steal the cores from the working ones.
TEST_EXTENSIONS += .in
IN_LOG_COMPILER = env OMP_WAIT_POLICY=passive %reldir%/test_tsblas
TSBLAS_TEST_INPUTS = \
	%reldir%/test_errors.in \
	%reldir%/test_s_host.in \
	%reldir%/test_d_host.in \
	%reldir%/test_c_host.in \
	%reldir%/test_z_host.in \
	%reldir%/test_device.in
TESTS += $(TSBLAS_TEST_INPUTS)
EXTRA_DIST += $(TSBLAS_TEST_INPUTS)
# The device inputs of the tensor-core and the CUDA-core chunk kernels,
# which testing/run_gpu_tests.sh runs with their path forced
# (TSBLAS_GPU_TSM_PATH=tensor, fma).
EXTRA_DIST += %reldir%/test_device_tensor.in %reldir%/test_device_fma.in

# The host inputs with the AVX2 and the baseline kernels too.
TESTS += %reldir%/test_host_isa.sh
EXTRA_DIST += %reldir%/test_host_isa.sh

# Each shared library exports exactly its interface (its version script,
# src/*/lib*.map, against the headers and sources; doc/API.md).  Skipped
# where the linker takes no version script.
TESTS += %reldir%/exported_symbols.sh
EXTRA_DIST += %reldir%/exported_symbols.sh
AM_TESTS_ENVIRONMENT = NM='$(NM)' TSBLAS_LD_VERSION_SCRIPT='$(TSBLAS_LD_VERSION_SCRIPT)'; \
	export NM TSBLAS_LD_VERSION_SCRIPT;
