# testing: tsblas_bench, the benchmark of tsblas against the BLAS (and
# cuBLAS), installed.  See doc/benchmark.md.
#
# The per-precision parts are written once and compiled four times, into
# one convenience library per precision, as src/c does (precision.h).

bin_PROGRAMS += %reldir%/tsblas_bench

TSBLAS_BENCH_PRECISION_SOURCES = %reldir%/bench.h %reldir%/bench_precision.c
TSBLAS_BENCH_GPU_PRECISION_SOURCES =
TSBLAS_BENCH_GPU_SOURCES =
if HAVE_CUDA
TSBLAS_BENCH_GPU_PRECISION_SOURCES += %reldir%/bench_gpu_precision.c
TSBLAS_BENCH_GPU_SOURCES += %reldir%/bench_gpu.c
endif
TSBLAS_BENCH_CPPFLAGS = $(AM_CPPFLAGS) $(CUDA_CPPFLAGS)
TSBLAS_BENCH_CFLAGS = $(OPENMP_CFLAGS)

noinst_LTLIBRARIES += %reldir%/libbench_s.la %reldir%/libbench_d.la \
	%reldir%/libbench_c.la %reldir%/libbench_z.la
%canon_reldir%_libbench_s_la_SOURCES = $(TSBLAS_BENCH_PRECISION_SOURCES) \
	$(TSBLAS_BENCH_GPU_PRECISION_SOURCES)
%canon_reldir%_libbench_s_la_CPPFLAGS = $(TSBLAS_BENCH_CPPFLAGS) -DTSBLAS_PREC_S
%canon_reldir%_libbench_s_la_CFLAGS = $(TSBLAS_BENCH_CFLAGS)
%canon_reldir%_libbench_d_la_SOURCES = $(TSBLAS_BENCH_PRECISION_SOURCES) \
	$(TSBLAS_BENCH_GPU_PRECISION_SOURCES)
%canon_reldir%_libbench_d_la_CPPFLAGS = $(TSBLAS_BENCH_CPPFLAGS) -DTSBLAS_PREC_D
%canon_reldir%_libbench_d_la_CFLAGS = $(TSBLAS_BENCH_CFLAGS)
%canon_reldir%_libbench_c_la_SOURCES = $(TSBLAS_BENCH_PRECISION_SOURCES) \
	$(TSBLAS_BENCH_GPU_PRECISION_SOURCES)
%canon_reldir%_libbench_c_la_CPPFLAGS = $(TSBLAS_BENCH_CPPFLAGS) -DTSBLAS_PREC_C
%canon_reldir%_libbench_c_la_CFLAGS = $(TSBLAS_BENCH_CFLAGS) $(TSBLAS_COMPLEX_CFLAGS)
%canon_reldir%_libbench_z_la_SOURCES = $(TSBLAS_BENCH_PRECISION_SOURCES) \
	$(TSBLAS_BENCH_GPU_PRECISION_SOURCES)
%canon_reldir%_libbench_z_la_CPPFLAGS = $(TSBLAS_BENCH_CPPFLAGS) -DTSBLAS_PREC_Z
%canon_reldir%_libbench_z_la_CFLAGS = $(TSBLAS_BENCH_CFLAGS) $(TSBLAS_COMPLEX_CFLAGS)

%canon_reldir%_tsblas_bench_SOURCES = %reldir%/tsblas_bench.c %reldir%/bench.h \
	%reldir%/bench_plan.c %reldir%/bench_run.c %reldir%/bench_report.c \
	%reldir%/bench_machine.c %reldir%/bench_host.c %reldir%/bench_watchdog.c \
	$(TSBLAS_BENCH_GPU_SOURCES)
%canon_reldir%_tsblas_bench_CPPFLAGS = $(TSBLAS_BENCH_CPPFLAGS)
%canon_reldir%_tsblas_bench_CFLAGS = $(TSBLAS_BENCH_CFLAGS)
%canon_reldir%_tsblas_bench_LDFLAGS = $(OPENMP_CFLAGS)
%canon_reldir%_tsblas_bench_LDADD = %reldir%/libbench_s.la %reldir%/libbench_d.la \
	%reldir%/libbench_c.la %reldir%/libbench_z.la libtsblas.la \
	$(BLAS_LIBS) $(CUDA_LIBS) -lm

# make check: a few seconds of tiny cases, tsblas checked against the BLAS
# (and against cuBLAS where a GPU is present).
TESTS += %reldir%/bench_smoke.sh
EXTRA_DIST += %reldir%/bench_smoke.sh
CLEANFILES += bench_smoke_host.csv

dist_doc_DATA += doc/benchmark.md
