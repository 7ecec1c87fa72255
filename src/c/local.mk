# src/c: the API, the checks, the dispatch and the host path.
#
# Precision-dependent sources are written once and compiled four times, into
# one convenience library per precision, with -DTSBLAS_PREC_S/D/C/Z
# (see precision.h).  Precision-independent sources go into libtsblas directly.

include_HEADERS += %reldir%/tsblas.h
nodist_include_HEADERS += %reldir%/tsblas_types.h

TSBLAS_PRECISION_SOURCES = \
	%reldir%/precision.h \
	%reldir%/tsblas_internal.h \
	%reldir%/gemm_driver.c \
	%reldir%/xtsmttsm.c \
	%reldir%/xtsmm.c \
	%reldir%/xmtsm.c \
	%reldir%/xgemt.c \
	%reldir%/f77_api.c \
	%reldir%/host_gemm.c \
	%reldir%/host_scale.c \
	%reldir%/host_tsmttsm.c \
	%reldir%/host_tsmm.c \
	%reldir%/host_mtsm.c \
	%reldir%/host_gemt.c \
	%reldir%/host_kernels.h \
	%reldir%/host_kernels_body.h \
	%reldir%/host_kernels_row_pass.h \
	%reldir%/host_kernels_transpose.h \
	%reldir%/host_kernels.c \
	%reldir%/host_kernels_avx512.c \
	%reldir%/host_kernels_avx2.c \
	%reldir%/host_kernels_generic.c

# Each source of the precisions' convenience libraries compiled once, PIC
# (configure.ac, TSBLAS_LT_PIC_ONCE): half the host path's build time.
TSBLAS_PRECISION_CFLAGS = $(OPENMP_CFLAGS) $(BLAS_CFLAGS) $(TSBLAS_LT_PIC_ONCE)

noinst_LTLIBRARIES += libtsblas_s.la libtsblas_d.la libtsblas_c.la libtsblas_z.la
libtsblas_s_la_SOURCES = $(TSBLAS_PRECISION_SOURCES)
libtsblas_s_la_CPPFLAGS = $(AM_CPPFLAGS) -DTSBLAS_PREC_S
libtsblas_s_la_CFLAGS = $(TSBLAS_PRECISION_CFLAGS)
libtsblas_d_la_SOURCES = $(TSBLAS_PRECISION_SOURCES)
libtsblas_d_la_CPPFLAGS = $(AM_CPPFLAGS) -DTSBLAS_PREC_D
libtsblas_d_la_CFLAGS = $(TSBLAS_PRECISION_CFLAGS)
libtsblas_c_la_SOURCES = $(TSBLAS_PRECISION_SOURCES)
libtsblas_c_la_CPPFLAGS = $(AM_CPPFLAGS) -DTSBLAS_PREC_C
libtsblas_c_la_CFLAGS = $(TSBLAS_PRECISION_CFLAGS) $(TSBLAS_COMPLEX_CFLAGS)
libtsblas_z_la_SOURCES = $(TSBLAS_PRECISION_SOURCES)
libtsblas_z_la_CPPFLAGS = $(AM_CPPFLAGS) -DTSBLAS_PREC_Z
libtsblas_z_la_CFLAGS = $(TSBLAS_PRECISION_CFLAGS) $(TSBLAS_COMPLEX_CFLAGS)

libtsblas_la_SOURCES = \
	%reldir%/args.c \
	%reldir%/overlap.c \
	%reldir%/xerbla.c \
	%reldir%/error.c \
	%reldir%/nocuda.c
libtsblas_la_CFLAGS = $(OPENMP_CFLAGS)
libtsblas_la_LIBADD = libtsblas_s.la libtsblas_d.la libtsblas_c.la libtsblas_z.la \
	$(TSBLAS_CUDA_LIBADD) $(BLAS_LIBS) $(CUDA_LIBS) -lm
# -version-info current:revision:age, libtool's rules: revision + 1 when the
# sources change; current + 1 and revision 0 when the interface (what the
# version script exports, or what it means) changes; then age + 1 when it
# only grew, age 0 when anything was removed or changed.  0:0:0 is the first
# interface.  The same rule holds for every library of src/*/local.mk.
libtsblas_la_LDFLAGS = -version-info 0:0:0 $(OPENMP_CFLAGS)
EXTRA_DIST += %reldir%/libtsblas.map
EXTRA_libtsblas_la_DEPENDENCIES = %reldir%/libtsblas.map
if HAVE_LD_VERSION_SCRIPT
libtsblas_la_LDFLAGS += -Wl,--version-script=$(srcdir)/%reldir%/libtsblas.map
endif
