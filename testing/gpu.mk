# testing: the GPU tests (issue 4, item 6), built in a CUDA build.
#
# Each program prints SKIP and exits 77 (automake's skip) on a machine
# without a usable GPU, so `make check` passes there.  The device cases of
# the LAPACK-style harness (test_device.in, MEMORY DEVICE) are in
# testing/local.mk.  run_gpu_tests.sh runs these and the benchmark on a GPU
# host, compute-sanitizer included (doc/gpu.md).

GPU_TEST_BINARIES = \
	%reldir%/gpu_semantics \
	%reldir%/gpu_placement \
	%reldir%/gpu_concurrency \
	%reldir%/gpu_indexing64 \
	%reldir%/gpu_gemm_interposer

GPU_TEST_COMMON = %reldir%/gpu_common.h %reldir%/gpu_common.c

dist_noinst_SCRIPTS += %reldir%/run_gpu_tests.sh

if HAVE_CUDA
check_PROGRAMS += $(GPU_TEST_BINARIES)
TESTS += $(GPU_TEST_BINARIES)

GPU_TEST_CPPFLAGS = $(AM_CPPFLAGS) $(CUDA_CPPFLAGS)
GPU_TEST_LDADD = libtsblas.la $(CUDA_LIBS) -lpthread -lm

%C%_gpu_semantics_SOURCES = %reldir%/gpu_semantics.c $(GPU_TEST_COMMON)
%C%_gpu_semantics_CPPFLAGS = $(GPU_TEST_CPPFLAGS)
%C%_gpu_semantics_LDADD = $(GPU_TEST_LDADD)
%C%_gpu_placement_SOURCES = %reldir%/gpu_placement.c $(GPU_TEST_COMMON)
%C%_gpu_placement_CPPFLAGS = $(GPU_TEST_CPPFLAGS)
%C%_gpu_placement_LDADD = $(GPU_TEST_LDADD)
%C%_gpu_concurrency_SOURCES = %reldir%/gpu_concurrency.c $(GPU_TEST_COMMON)
%C%_gpu_concurrency_CPPFLAGS = $(GPU_TEST_CPPFLAGS)
%C%_gpu_concurrency_LDADD = $(GPU_TEST_LDADD)
%C%_gpu_indexing64_SOURCES = %reldir%/gpu_indexing64.c $(GPU_TEST_COMMON)
%C%_gpu_indexing64_CPPFLAGS = $(GPU_TEST_CPPFLAGS)
%C%_gpu_indexing64_LDADD = $(GPU_TEST_LDADD)
# libtsblas_gemm first: its xGEMM, not the BLAS's, is the one called.
%C%_gpu_gemm_interposer_SOURCES = %reldir%/gpu_gemm_interposer.c $(GPU_TEST_COMMON)
%C%_gpu_gemm_interposer_CPPFLAGS = $(GPU_TEST_CPPFLAGS)
%C%_gpu_gemm_interposer_LDADD = libtsblas_gemm.la $(GPU_TEST_LDADD) $(BLAS_LIBS)
else
# Sources of programs not built are still distributed.
EXTRA_DIST += $(GPU_TEST_COMMON) %reldir%/gpu_semantics.c %reldir%/gpu_placement.c \
	%reldir%/gpu_concurrency.c %reldir%/gpu_indexing64.c %reldir%/gpu_gemm_interposer.c
endif
