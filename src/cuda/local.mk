# src/cuda: the GPU path, CUDA C++ compiled by nvcc into the convenience
# library libtsblas_cuda.la, which joins libtsblas (src/c/local.mk).
#
# nvcc is not a compiler automake knows: a suffix rule compiles each .cu
# through nvcc_libtool.sh into a libtool object, and the objects are the
# library's LIBADD.  The objects depend on every header of the GPU path
# and on the internal C headers they include.

# The longest to compile first (gpu_tsmm_fma.cu takes a third of the
# build's time), so that make -j runs the others beside it.
TSBLAS_CUDA_CU_FILES = \
	%reldir%/gpu_tsmm_fma.cu \
	%reldir%/gpu_tsmttsm.cu \
	%reldir%/gpu_tsmttsm_fma.cu \
	%reldir%/gpu_tsmttsm_tensor.cu \
	%reldir%/gpu_tsmm_tensor.cu \
	%reldir%/gpu_tsmm.cu \
	%reldir%/gpu_mtsm.cu \
	%reldir%/context.cu \
	%reldir%/memory_of.cu \
	%reldir%/device_memory.cu \
	%reldir%/gpu_gemm_shaped.cu \
	%reldir%/gpu_tsmttsm_tsmm_path.cu \
	%reldir%/gpu_tsmttsm_tsmm_table.cu \
	%reldir%/gpu_cublas_gemm.cu \
	%reldir%/gpu_scale.cu \
	%reldir%/gpu_gemt.cu

TSBLAS_CUDA_CUH_FILES = \
	%reldir%/cuda_internal.cuh \
	%reldir%/gpu_tsmttsm_tsmm_common.cuh \
	%reldir%/gpu_cp_async.cuh \
	%reldir%/gpu_tsmttsm_chunks.cuh \
	%reldir%/gpu_tsm_fma_tiles.cuh \
	%reldir%/gpu_tsm_dmma.cuh \
	%reldir%/scalar_ops.cuh

EXTRA_DIST += $(TSBLAS_CUDA_CU_FILES) $(TSBLAS_CUDA_CUH_FILES) %reldir%/nvcc_libtool.sh
dist_doc_DATA += doc/gpu.md doc/gpu-performance.md doc/gpu-performance-mtsm-gemt.md \
	doc/gpu-roofline.png doc/gpu-roofline-h200.png
# The tuning sweep of xTSMTTSM and xTSMM on the GPU and the script of the
# plots and tables of doc/gpu-performance*.md (with the plot helpers it
# imports, doc/perf_plot.py); their data (doc/data/gpu-*):
# the sweeps and checks the table of paths is made from, the table files
# the checks were built with, and the runs behind the page's tables.
EXTRA_DIST += testing/gpu_tune_tsm.sh doc/gpu_perf_report.py doc/perf_plot.py \
	doc/data/gpu-h100-check-full-width1-pairs.csv \
	doc/data/gpu-h100-check-full.csv doc/data/gpu-h100-tsmm-check-table.txt \
	doc/data/gpu-h100-tsmm-check.csv doc/data/gpu-h100-tsmm-dz-beta1.csv \
	doc/data/gpu-h100-tsmm-dz-check.csv doc/data/gpu-h100-k2e20-forced.csv \
	doc/data/gpu-h100-tsmttsm-k2e20-sc-tree.csv \
	doc/data/gpu-h100-stsmttsm-col4-k-sweep.csv \
	doc/data/gpu-h100-tsmttsm-fma-tree-ab-before.csv \
	doc/data/gpu-h100-tsmttsm-fma-tree-ab-after.csv \
	doc/data/gpu-h100-dtsmttsm-col24.csv \
	doc/data/gpu-h100-tsmm-dz.csv doc/data/gpu-h100-tsmm-fma-forced.csv \
	doc/data/gpu-h100-tsmm-k2e20.csv doc/data/gpu-h100-tsmm-sc-beta1.csv \
	doc/data/gpu-h100-tsmm-tensor-forced.csv doc/data/gpu-h100-tsmttsm-1g.csv \
	doc/data/gpu-h100-tsmttsm-check-table.txt \
	doc/data/gpu-h100-tsmttsm-check.csv \
	doc/data/gpu-h100-tsmttsm-copies-before.csv \
	doc/data/gpu-h100-tsmttsm-copies-after.csv \
	doc/data/gpu-h100-tsmttsm-int-plans-before.csv \
	doc/data/gpu-h100-tsmttsm-int-plans-after.csv \
	doc/data/gpu-h100-tsmttsm-fma-forced.csv \
	doc/data/gpu-h100-tsmttsm-k2e20.csv \
	doc/data/gpu-h100-tsmttsm-sc-check-table.txt \
	doc/data/gpu-h100-tsmttsm-sc-check.csv \
	doc/data/gpu-h100-tsmttsm-tensor-forced-1g.csv \
	doc/data/gpu-h100-tune-direct.csv doc/data/gpu-h100-tune-fma-tsmm.csv \
	doc/data/gpu-h100-tune-fma.csv doc/data/gpu-h100-tune-staged-large.csv \
	doc/data/gpu-h100-tune-staged-small.csv \
	doc/data/gpu-h100-tune-tensor-tsmm.csv doc/data/gpu-h100-tune-tensor.csv \
	doc/data/gpu-h100-tune-tensor-rows.csv \
	doc/data/gpu-h200-check-table.txt doc/data/gpu-h200-check.csv \
	doc/data/gpu-h200-tsmm-fma-forced.csv \
	doc/data/gpu-h200-tsmm-tensor-forced.csv \
	doc/data/gpu-h200-tsmttsm-fma-forced.csv \
	doc/data/gpu-h200-tsmttsm-sc-check-table.txt \
	doc/data/gpu-h200-tsmttsm-sc-check.csv \
	doc/data/gpu-h200-tsmttsm-copies-before.csv \
	doc/data/gpu-h200-tsmttsm-copies-after.csv \
	doc/data/gpu-h200-tsmttsm-tensor-forced-1g.csv \
	doc/data/gpu-h200-tune-direct.csv doc/data/gpu-h200-tune-fma-tsmm.csv \
	doc/data/gpu-h200-tune-fma.csv doc/data/gpu-h200-tune-staged-large.csv \
	doc/data/gpu-h200-tune-staged-small.csv \
	doc/data/gpu-h200-tune-tensor-tsmm.csv doc/data/gpu-h200-tune-tensor.csv \
	doc/data/gpu-tsmm-fma-forced-table.txt doc/data/gpu-gemt-h100.csv \
	doc/data/gpu-gemt-h200.csv doc/data/gpu-h100-mtsm-forced.csv \
	doc/data/gpu-h100-mtsm-run1.csv doc/data/gpu-h100-mtsm-run2.csv \
	doc/data/gpu-h200-mtsm.csv doc/data/gpu-h100-dmtsm-tensor.csv \
	doc/data/gpu-h100-dmtsm-fma.csv doc/data/gpu-h200-dmtsm-tensor.csv \
	doc/data/gpu-h200-dmtsm-fma.csv doc/data/gpu-h100-dtsmttsm-col-ld-before.csv \
	doc/data/gpu-h100-dtsmttsm-col-ld-after.csv \
	doc/data/gpu-h100-tsmm-packed-check.csv doc/data/gpu-h100-fma-check.csv \
	doc/data/gpu-h200-tsmttsm-fma-check.csv doc/data/gpu-h200-tsmm-packed-check.csv \
	doc/data/gpu-h100-packed-table-before.csv doc/data/gpu-h100-packed-table-after.csv \
	doc/data/gpu-h100-fma-lines-before.csv doc/data/gpu-h100-fma-table-before.csv \
	doc/data/gpu-h100-fma-table-after.csv doc/data/gpu-h100-full-4g.csv \
	doc/data/gpu-h100-full-1g.csv doc/data/gpu-h100-full-1g-rows4.csv \
	doc/data/gpu-h100-col-rows-any.csv doc/data/gpu-h100-col-rows4.csv \
	doc/data/gpu-h100-stsmm-col-4g-before.csv doc/data/gpu-h100-stsmm-col-4g-after.csv \
	doc/data/gpu-h200-fma-check.csv doc/data/gpu-h200-fma-table-before.csv \
	doc/data/gpu-h200-fma-table-after.csv doc/data/gpu-h100-stsmm-col-rows4-check.csv \
	doc/data/gpu-h100-stsmm-col-rows4-before.csv doc/data/gpu-h100-stsmm-col-rows4-after.csv \
	doc/data/gpu-h100-stsmm-col-rows2-before.csv doc/data/gpu-h100-stsmm-col-rows2-after.csv \
	doc/data/gpu-h100-stsmm-col-fma-4g.csv doc/data/gpu-h200-stsmm-col-fma-4g.csv \
	doc/data/gpu-h100-dz-col-rows4-check.csv doc/data/gpu-h100-dz-col-tensor-4g.csv \
	doc/data/gpu-h100-dz-col-tensor-1g-r1.csv doc/data/gpu-h100-dz-col-tensor-1g-r2.csv \
	doc/data/gpu-h100-dz-col-tensor-1g-r3.csv \
	doc/data/gpu-h100-dz-col-1g-before.csv doc/data/gpu-h100-dz-col-1g-after.csv \
	doc/data/gpu-h100-dz-col-4g-before.csv doc/data/gpu-h100-dz-col-4g-after.csv \
	doc/data/gpu-h100-dz-col-1g-before-run2.csv doc/data/gpu-h100-dz-col-1g-after-run2.csv \
	doc/data/gpu-h100-dz-col-4g-before-run2.csv doc/data/gpu-h100-dz-col-4g-after-run2.csv \
	doc/data/gpu-h200-dz-col-1g-before.csv doc/data/gpu-h200-dz-col-1g-after.csv \
	doc/data/gpu-h200-dz-col-4g-before.csv doc/data/gpu-h200-dz-col-4g-after.csv \
	doc/data/gpu-h100-dtsmm-col-m2mod4-before.csv doc/data/gpu-h100-dtsmm-col-m2mod4-after.csv \
	doc/data/gpu-h100-z-units-check.csv \
	doc/data/gpu-h100-z-units-1g-before.csv doc/data/gpu-h100-z-units-1g-after.csv \
	doc/data/gpu-h100-z-units-1g-before-run2.csv doc/data/gpu-h100-z-units-1g-after-run2.csv \
	doc/data/gpu-h100-z-units-1g-k1-before.csv doc/data/gpu-h100-z-units-1g-k1-after.csv \
	doc/data/gpu-h100-z-units-4g-before.csv doc/data/gpu-h100-z-units-4g-after.csv \
	doc/data/gpu-h100-z-tensor-forced-before.csv doc/data/gpu-h100-z-tensor-forced-after.csv \
	doc/data/gpu-h100-z-tensor-forced-before-run2.csv \
	doc/data/gpu-h100-z-tensor-forced-after-run2.csv \
	doc/data/gpu-h100-tsmm-beta1-width4-tensor.csv \
	doc/data/gpu-h100-tsmm-beta1-width4-fma.csv \
	doc/data/gpu-h100-tsmm-beta1-width4-tensor-run2.csv \
	doc/data/gpu-h100-tsmm-beta1-width4-fma-run2.csv \
	doc/data/gpu-h200-ztsmttsm-units-forced.csv \
	doc/data/gpu-h200-z-units-check.csv doc/data/gpu-h200-z-table-check.csv \
	doc/data/gpu-h200-tsmm-direct-wide-table.csv \
	doc/data/gpu-h200-tsmm-direct-wide-direct.csv \
	doc/data/gpu-h200-tsmm-direct-wide-staged-small.csv \
	doc/data/gpu-h200-tsmm-direct-wide-staged-large.csv \
	doc/data/gpu-h200-tsmm-direct-wide-fma.csv \
	doc/data/gpu-h100-tsmm-direct-wide-before-run1.csv \
	doc/data/gpu-h100-tsmm-direct-wide-before-run2.csv \
	doc/data/gpu-h100-tsmm-direct-wide-after-run1.csv \
	doc/data/gpu-h100-tsmm-direct-wide-after-run2.csv \
	doc/data/gpu-h100-tsmm-direct-tall-table.csv \
	doc/data/gpu-h100-tsmm-direct-tall-direct.csv \
	doc/data/gpu-h100-tsmm-direct-tall-staged-small.csv \
	doc/data/gpu-h100-tsmm-direct-tall-fma.csv \
	doc/data/gpu-h100-tsmm-direct-tall-before-run1.csv \
	doc/data/gpu-h100-tsmm-direct-tall-before-run2.csv \
	doc/data/gpu-h100-tsmm-direct-tall-after-run1.csv \
	doc/data/gpu-h100-tsmm-direct-tall-after-run2.csv \
	doc/data/gpu-h100-tsmttsm-unbalanced-table.csv \
	doc/data/gpu-h100-tsmttsm-unbalanced-direct.csv \
	doc/data/gpu-h100-tsmttsm-unbalanced-fma.csv \
	doc/data/gpu-h100-tsmttsm-unbalanced-tensor.csv \
	doc/data/gpu-h100-tsmm-vector-table.csv \
	doc/data/gpu-h100-tsmm-vector-fma.csv \
	doc/data/gpu-h100-rules-tsmttsm-before-run1.csv \
	doc/data/gpu-h100-rules-tsmttsm-before-run2.csv \
	doc/data/gpu-h100-rules-tsmttsm-after-run1.csv \
	doc/data/gpu-h100-rules-tsmttsm-after-run2.csv \
	doc/data/gpu-h100-rules-tsmm-before-run1.csv \
	doc/data/gpu-h100-rules-tsmm-before-run2.csv \
	doc/data/gpu-h100-rules-tsmm-after-run1.csv \
	doc/data/gpu-h100-rules-tsmm-after-run2.csv \
	doc/data/gpu-h200-rules-tsmttsm-before.csv \
	doc/data/gpu-h200-rules-tsmttsm-after.csv \
	doc/data/gpu-h200-rules-tsmm-before.csv \
	doc/data/gpu-h200-rules-tsmm-after.csv \
	doc/data/gpu-h100-dtsmm-col-gather-before.csv \
	doc/data/gpu-h100-dtsmm-col-gather-after.csv \
	doc/data/gpu-h100-stsmttsm-fma-forced-rows4.csv \
	doc/data/gpu-h100-stsmttsm-tensor-forced-rows4.csv \
	doc/data/gpu-h100-stsmttsm-tensor-forced.csv \
	doc/data/gpu-h200-full-1g.csv \
	doc/data/gpu-h200-stsmm-shifted-before-run1.csv \
	doc/data/gpu-h200-stsmm-shifted-before-run2.csv \
	doc/data/gpu-h200-stsmm-shifted-elemstores-run1.csv \
	doc/data/gpu-h200-stsmm-shifted-elemstores-run2.csv \
	doc/data/gpu-h200-stsmm-shifted-after-run1.csv \
	doc/data/gpu-h200-stsmm-shifted-after-run2.csv \
	doc/data/gpu-h200-stsmm-shifted-4g-before.csv \
	doc/data/gpu-h200-stsmm-shifted-4g-after.csv \
	doc/data/gpu-h200-stsmm-shifted-table-check.csv \
	doc/data/gpu-h200-dctsmm-col-stores-before-run1.csv \
	doc/data/gpu-h200-dctsmm-col-stores-before-run2.csv \
	doc/data/gpu-h200-dctsmm-col-stores-after-run1.csv \
	doc/data/gpu-h200-dctsmm-col-stores-after-run2.csv \
	doc/data/gpu-h200-dtsmm-flat-check.csv \
	doc/data/gpu-h200-dtsmm-flat-copies-check.csv \
	doc/data/gpu-h200-dtsmttsm-copiers-check.csv \
	doc/data/gpu-h200-dtsmttsm-flat-check.csv \
	doc/data/gpu-h200-dtsmttsm-flat-table-after-run1.csv \
	doc/data/gpu-h200-dtsmttsm-flat-table-after-run2.csv \
	doc/data/gpu-h200-stsmttsm-flat-check.csv \
	doc/data/gpu-h200-tsmm-nt-check.csv \
	doc/data/gpu-h200-tsmm-retune-check.csv \
	doc/data/gpu-h200-tsmttsm-tiles16x24-check.csv \
	doc/data/gpu-h200-z-embed-check.csv \
	doc/data/gpu-h200-stsmttsm-33-40-check.csv \
	doc/data/gpu-h200-stsmttsm-33-40-tensor-1g.csv \
	doc/data/gpu-h200-stsmttsm-33-40-tensor-4g.csv \
	doc/data/gpu-h200-stsmttsm-33-40-fma-1g.csv \
	doc/data/gpu-h200-stsmttsm-33-40-fma-4g.csv \
	doc/data/gpu-h200-stsmttsm-33-40-table-before-run1.csv \
	doc/data/gpu-h200-stsmttsm-33-40-table-before-run2.csv \
	doc/data/gpu-h200-stsmttsm-33-40-table-after-run1.csv \
	doc/data/gpu-h200-stsmttsm-33-40-table-after-run2.csv \
	doc/data/gpu-h200-stsmttsm-33-40-table-4g-before.csv \
	doc/data/gpu-h200-stsmttsm-33-40-table-4g-after.csv \
	doc/data/gpu-h200-tsmttsm-pairs-tensor.csv \
	doc/data/gpu-h200-tsmttsm-pairs-fma.csv \
	doc/data/gpu-h200-tsmttsm-pairs-table.csv \
	doc/data/gpu-h200-tsmttsm-pairs-rule-before-run1.csv \
	doc/data/gpu-h200-tsmttsm-pairs-rule-before-run2.csv \
	doc/data/gpu-h200-tsmttsm-pairs-rule-after-run1.csv \
	doc/data/gpu-h200-tsmttsm-pairs-rule-after-run2.csv \
	doc/data/gpu-h200-tsmttsm-pairs-rule-4g-before.csv \
	doc/data/gpu-h200-tsmttsm-pairs-rule-4g-after.csv \
	doc/data/gpu-h200-stsmttsm-fma-forced-1g.csv \
	doc/data/gpu-h200-stsmttsm-tensor-forced-1g.csv \
	doc/data/gpu-h100-tsmttsm-copiers-check.csv \
	doc/data/gpu-h200-tsmttsm-copiers-check.csv \
	doc/data/gpu-h100-stsmttsm-shifted-before.csv \
	doc/data/gpu-h100-stsmttsm-shifted-after.csv \
	doc/data/gpu-h200-stsmttsm-shifted-before.csv \
	doc/data/gpu-h200-stsmttsm-shifted-after.csv \
	doc/data/gpu-h100-stsmttsm-shifted-check.csv \
	doc/data/gpu-h200-stsmttsm-shifted-check.csv \
	doc/data/gpu-h100-tsmm-k1w1-before.csv \
	doc/data/gpu-h100-tsmm-k1w1-after.csv \
	doc/data/gpu-h100-stsmm-tensor-forced.csv \
	doc/data/gpu-h100-stsmm-tensor-check.csv \
	doc/data/gpu-h200-stsmm-tensor-check.csv \
	doc/data/gpu-h200-stsmm-tensor-shifted-before.csv \
	doc/data/gpu-h200-stsmm-tensor-shifted-after.csv \
	doc/data/gpu-h200-dtsmm-full-check.csv \
	doc/data/gpu-h200-tsmm-tensor-full.csv \
	doc/data/gpu-h200-tsmm-tensor-loads-first.csv \
	doc/data/gpu-h200-tsmm-tensor-two-blocks.csv \
	doc/data/gpu-h200-tsmttsm-vector-table.csv \
	doc/data/gpu-h200-tsmttsm-vector-tensor.csv \
	doc/data/gpu-h200-tsmttsm-vector-fma.csv \
	doc/data/gpu-h200-tsmttsm-vector-check.csv \
	doc/data/gpu-h200-read-roof.csv \
	doc/data/gpu-h200-read-roof-8g.csv \
	doc/data/gpu-h100-tensor-copiers.csv \
	doc/data/gpu-h100-tsmm-tensor-copiers.csv \
	doc/data/gpu-h100-ctsmttsm-gauss-tensor-forced.csv \
	doc/data/gpu-h100-ctsmttsm-gauss-fma-forced.csv \
	doc/data/gpu-h100-full-c-tensor-1g.csv \
	doc/data/gpu-h100-units-real-before.csv \
	doc/data/gpu-h100-units-real-after.csv \
	doc/data/gpu-h100-stsmttsm-copies8-before-run1.csv \
	doc/data/gpu-h100-stsmttsm-copies8-before-run2.csv \
	doc/data/gpu-h100-stsmttsm-copies8-after-run1.csv \
	doc/data/gpu-h100-stsmttsm-copies8-after-run2.csv \
	doc/data/gpu-h100-stsmttsm-copies8-fma.csv \
	doc/data/gpu-h100-tensor-diag-full-run1.csv \
	doc/data/gpu-h100-tensor-diag-copies-run1.csv \
	doc/data/gpu-h100-tensor-diag-mma-run1.csv \
	doc/data/gpu-h100-tensor-diag-full-run2.csv \
	doc/data/gpu-h100-tensor-diag-copies-run2.csv \
	doc/data/gpu-h100-tensor-diag-mma-run2.csv \
	doc/data/gpu-h100-tensor-next-fragments-before-run1.csv \
	doc/data/gpu-h100-tensor-next-fragments-after-run1.csv \
	doc/data/gpu-h100-tensor-next-fragments-before-run2.csv \
	doc/data/gpu-h100-tensor-next-fragments-after-run2.csv \
	doc/data/gpu-h200-tensor-spread-copies-before-run1.csv \
	doc/data/gpu-h200-tensor-spread-copies-after-run1.csv \
	doc/data/gpu-h200-tensor-spread-copies-before-run2.csv \
	doc/data/gpu-h200-tensor-spread-copies-after-run2.csv \
	doc/data/gpu-h200-tensor-stages-2-run1.csv \
	doc/data/gpu-h200-tensor-stages-3-run1.csv \
	doc/data/gpu-h200-tensor-stages-4-run1.csv \
	doc/data/gpu-h200-tensor-stages-2-run2.csv \
	doc/data/gpu-h200-tensor-stages-3-run2.csv \
	doc/data/gpu-h200-tensor-stages-4-run2.csv \
	doc/data/gpu-h100-tensor-bulk-before-run1.csv \
	doc/data/gpu-h100-tensor-bulk-after-run1.csv \
	doc/data/gpu-h100-tensor-bulk-before-run2.csv \
	doc/data/gpu-h100-tensor-bulk-after-run2.csv \
	doc/data/gpu-h200-tensor-diag-full-run1.csv \
	doc/data/gpu-h200-tensor-diag-copies-run1.csv \
	doc/data/gpu-h200-tensor-diag-mma-run1.csv \
	doc/data/gpu-h200-tensor-diag-full-run2.csv \
	doc/data/gpu-h200-tensor-diag-copies-run2.csv \
	doc/data/gpu-h200-tensor-diag-mma-run2.csv \
	doc/data/gpu-h100-tensor-stages-2-run1.csv \
	doc/data/gpu-h100-tensor-stages-3-run1.csv \
	doc/data/gpu-h100-tensor-stages-2-run2.csv \
	doc/data/gpu-h100-tensor-stages-3-run2.csv

if HAVE_CUDA
TSBLAS_CUDA_OBJECTS = $(TSBLAS_CUDA_CU_FILES:.cu=.lo)

noinst_LTLIBRARIES += libtsblas_cuda.la
libtsblas_cuda_la_SOURCES =
libtsblas_cuda_la_LIBADD = $(TSBLAS_CUDA_OBJECTS)
libtsblas_cuda_la_DEPENDENCIES = $(TSBLAS_CUDA_OBJECTS)
TSBLAS_CUDA_LIBADD = libtsblas_cuda.la

$(TSBLAS_CUDA_OBJECTS): $(TSBLAS_CUDA_CUH_FILES) $(top_srcdir)/src/c/tsblas_internal.h \
	$(top_srcdir)/src/c/tsblas.h src/c/tsblas_types.h config.h \
	$(top_srcdir)/%reldir%/nvcc_libtool.sh
else
TSBLAS_CUDA_LIBADD =
endif

MOSTLYCLEANFILES = $(TSBLAS_CUDA_CU_FILES:.cu=.lo) $(TSBLAS_CUDA_CU_FILES:.cu=.o) \
	%reldir%/.libs/*.o

# The units whose device code differs by compute capability (sm_90's FP64
# mma shape and mbarrier wait: gpu_tsm_dmma.cuh, gpu_cp_async.cuh) take
# PTX of each; the others one PTX for the capabilities from 80
# (configure.ac: NVCC_GENCODE_SHARED).
TSBLAS_NVCC_GENCODE = $(NVCC_GENCODE_SHARED)
%reldir%/gpu_tsmttsm_tensor.lo %reldir%/gpu_tsmm_tensor.lo %reldir%/gpu_mtsm.lo: \
	TSBLAS_NVCC_GENCODE = $(NVCC_GENCODE)

# No C++ run time in the objects (the library is linked by the C compiler):
# no exceptions, and no guarded statics (nvcc's launch stubs of templates
# keep their kernel's address in a static: every thread stores the same
# value, so the unguarded initialisation is harmless).
TSBLAS_NVCC_FLAGS = $(TSBLAS_NVCC_GENCODE) -O3 -std=c++17 \
	-Xcompiler -fno-exceptions -Xcompiler -fno-threadsafe-statics \
	-DHAVE_CONFIG_H -I$(top_builddir) -I$(top_srcdir)/src/c -I$(top_builddir)/src/c \
	$(CUDA_CPPFLAGS) $(NVCCFLAGS)

SUFFIXES = .cu
.cu.lo:
	$(AM_V_GEN)$(SHELL) $(top_srcdir)/%reldir%/nvcc_libtool.sh "$(LIBTOOL)" $@ \
	  $(NVCC) $(TSBLAS_NVCC_FLAGS) -c $<
