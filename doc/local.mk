# doc: the page on Fortran (fortran.md), the contract (API.md, listed in
# Makefile.am), the other helpers' pages, the host path's measurements, and
# the man pages.
#
# Man pages: one template per operation (man/tsmttsm.3.in, ...; the three
# GEMM-shaped ones share man/gemm_*.3.in), made into the page of each
# precision at build time by man/mkman.sh with src/fortran/instantiate.sh,
# and installed in man3.  tsblas_dtsmttsm(3) and the like are .so links to
# the page of their routine.

dist_doc_DATA += %reldir%/fortran.md %reldir%/gemm-interposer.md
# The runs behind the tables of gemm-interposer.md and mpi.md.
EXTRA_DIST += %reldir%/data/gemm-interposer-2core-run1.csv \
	%reldir%/data/gemm-interposer-2core-run2.csv \
	%reldir%/data/gemm-interposer-16core.csv \
	%reldir%/data/gemm-interposer-16core-run2.csv \
	%reldir%/data/gemm-interposer-16core-run3.csv \
	%reldir%/data/gemm-interposer-16core-run4.csv \
	%reldir%/data/gemm-interposer-16core-geqrf-order.csv \
	%reldir%/data/gemm-interposer-16core-numpy-run1.csv \
	%reldir%/data/gemm-interposer-16core-numpy-run2.csv \
	%reldir%/data/mpi-h100-gpu.txt

# The host path's measurements: the page and its plots, installed; the data
# behind its tables and plots, the script of both and make-plots.sh, which
# makes the plots of doc/ again from doc/data/.
dist_doc_DATA += %reldir%/host-performance.md \
	%reldir%/host-roofline-16core.png %reldir%/host-roofline-2core-zen4.png
EXTRA_DIST += %reldir%/make-plots.sh %reldir%/host_perf_report.py %reldir%/perf_plot.py \
	%reldir%/data/host-16core-sweep-tsmm.csv \
	%reldir%/data/host-16core-sweep-tsmttsm.csv \
	%reldir%/data/host-16core-sweep-mtsm-gemt.csv \
	%reldir%/data/host-2core-zen4-sweep-tsmm.csv \
	%reldir%/data/host-2core-zen4-sweep-tsmttsm.csv \
	%reldir%/data/host-2core-zen4-sweep-mtsm-gemt.csv \
	%reldir%/data/host-2core-zen4-tsmm-long-runs-before.csv \
	%reldir%/data/host-2core-zen4-tsmm-long-runs-after.csv \
	%reldir%/data/host-2core-zen4-tsmm-long-runs-scan-before.csv \
	%reldir%/data/host-2core-zen4-tsmm-long-runs-scan-after.csv \
	%reldir%/data/host-2core-zen4-tsmm-long-runs-avx2-before.csv \
	%reldir%/data/host-2core-zen4-tsmm-long-runs-avx2-after.csv \
	%reldir%/data/host-2core-zen4-tsmm-long-runs-avx2-scan-off.csv \
	%reldir%/data/host-2core-zen4-tsmm-long-runs-avx2-scan-on.csv \
	%reldir%/data/host-2core-zen5-tsmttsm-dz.csv \
	%reldir%/data/host-2core-zen5-gemt.csv \
	%reldir%/data/host-2core-zen5-tsmm-mtsm-wide.csv \
	%reldir%/data/host-16core-tsmm-long-runs-16t-before.csv \
	%reldir%/data/host-16core-tsmm-long-runs-16t-after.csv \
	%reldir%/data/host-16core-tsmm-long-runs-8t-before.csv \
	%reldir%/data/host-16core-tsmm-long-runs-8t-after.csv

TSBLAS_MAN_PAGES = \
	%reldir%/man3/stsmttsm.3 %reldir%/man3/dtsmttsm.3 \
	%reldir%/man3/ctsmttsm.3 %reldir%/man3/ztsmttsm.3 \
	%reldir%/man3/stsmm.3 %reldir%/man3/dtsmm.3 \
	%reldir%/man3/ctsmm.3 %reldir%/man3/ztsmm.3 \
	%reldir%/man3/smtsm.3 %reldir%/man3/dmtsm.3 \
	%reldir%/man3/cmtsm.3 %reldir%/man3/zmtsm.3 \
	%reldir%/man3/sgemt.3 %reldir%/man3/dgemt.3 \
	%reldir%/man3/cgemt.3 %reldir%/man3/zgemt.3
TSBLAS_MAN_C_LINKS = \
	%reldir%/man3/tsblas_stsmttsm.3 %reldir%/man3/tsblas_dtsmttsm.3 \
	%reldir%/man3/tsblas_ctsmttsm.3 %reldir%/man3/tsblas_ztsmttsm.3 \
	%reldir%/man3/tsblas_stsmm.3 %reldir%/man3/tsblas_dtsmm.3 \
	%reldir%/man3/tsblas_ctsmm.3 %reldir%/man3/tsblas_ztsmm.3 \
	%reldir%/man3/tsblas_smtsm.3 %reldir%/man3/tsblas_dmtsm.3 \
	%reldir%/man3/tsblas_cmtsm.3 %reldir%/man3/tsblas_zmtsm.3 \
	%reldir%/man3/tsblas_sgemt.3 %reldir%/man3/tsblas_dgemt.3 \
	%reldir%/man3/tsblas_cgemt.3 %reldir%/man3/tsblas_zgemt.3
TSBLAS_MAN_TEMPLATES = \
	%reldir%/man/mkman.sh \
	%reldir%/man/tsmttsm.3.in %reldir%/man/tsmm.3.in \
	%reldir%/man/mtsm.3.in %reldir%/man/gemt.3.in \
	%reldir%/man/gemm_synopsis.3.in %reldir%/man/gemm_arguments.3.in \
	%reldir%/man/gemm_details.3.in

man_MANS += $(TSBLAS_MAN_PAGES) $(TSBLAS_MAN_C_LINKS)
EXTRA_DIST += $(TSBLAS_MAN_TEMPLATES)
CLEANFILES += $(TSBLAS_MAN_PAGES) $(TSBLAS_MAN_C_LINKS)

$(TSBLAS_MAN_PAGES): %reldir%/man3/%.3: $(TSBLAS_MAN_TEMPLATES) src/fortran/instantiate.sh
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	$(SHELL) $(srcdir)/%reldir%/man/mkman.sh $(srcdir)/%reldir%/man \
	    "$(SHELL) $(srcdir)/src/fortran/instantiate.sh" $(*F) $(PACKAGE_VERSION) > $@-t && \
	mv -f $@-t $@
$(TSBLAS_MAN_C_LINKS): %reldir%/man3/tsblas_%.3:
	$(AM_V_GEN)$(MKDIR_P) $(@D) && echo ".so man3/$(*F).3" > $@
