# src/gemm: libtsblas_gemm, the xGEMM interposer (doc/gemm-interposer.md).
#
# It exports the BLAS's xGEMM, xSYRK and xHERK symbols (Fortran and CBLAS)
# and nothing else: its sources are compiled with hidden visibility, the
# faces marked for export, and its version script libtsblas_gemm.map lists
# them.  The precision-dependent sources are compiled once per precision,
# as in src/c/local.mk.  It links libtsblas, whose C entries compute the
# routed calls; the real BLAS is found at run time (dlsym), never linked.

TSBLAS_GEMM_PRECISION_SOURCES = \
	%reldir%/interposer.h \
	%reldir%/route_gemm.c \
	%reldir%/f77_gemm.c \
	%reldir%/cblas_gemm.c \
	%reldir%/route_syrk.c \
	%reldir%/f77_syrk.c \
	%reldir%/cblas_syrk.c

TSBLAS_GEMM_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/%reldir%
TSBLAS_GEMM_CFLAGS = -fvisibility=hidden

lib_LTLIBRARIES += libtsblas_gemm.la
pkgconfig_DATA += tsblas_gemm.pc

noinst_LTLIBRARIES += libtsblas_gemm_s.la libtsblas_gemm_d.la libtsblas_gemm_c.la \
	libtsblas_gemm_z.la
libtsblas_gemm_s_la_SOURCES = $(TSBLAS_GEMM_PRECISION_SOURCES)
libtsblas_gemm_s_la_CPPFLAGS = $(TSBLAS_GEMM_CPPFLAGS) -DTSBLAS_PREC_S
libtsblas_gemm_s_la_CFLAGS = $(TSBLAS_GEMM_CFLAGS) $(TSBLAS_LT_PIC_ONCE)
libtsblas_gemm_d_la_SOURCES = $(TSBLAS_GEMM_PRECISION_SOURCES)
libtsblas_gemm_d_la_CPPFLAGS = $(TSBLAS_GEMM_CPPFLAGS) -DTSBLAS_PREC_D
libtsblas_gemm_d_la_CFLAGS = $(TSBLAS_GEMM_CFLAGS) $(TSBLAS_LT_PIC_ONCE)
libtsblas_gemm_c_la_SOURCES = $(TSBLAS_GEMM_PRECISION_SOURCES)
libtsblas_gemm_c_la_CPPFLAGS = $(TSBLAS_GEMM_CPPFLAGS) -DTSBLAS_PREC_C
libtsblas_gemm_c_la_CFLAGS = $(TSBLAS_GEMM_CFLAGS) $(TSBLAS_LT_PIC_ONCE) $(TSBLAS_COMPLEX_CFLAGS)
libtsblas_gemm_z_la_SOURCES = $(TSBLAS_GEMM_PRECISION_SOURCES)
libtsblas_gemm_z_la_CPPFLAGS = $(TSBLAS_GEMM_CPPFLAGS) -DTSBLAS_PREC_Z
libtsblas_gemm_z_la_CFLAGS = $(TSBLAS_GEMM_CFLAGS) $(TSBLAS_LT_PIC_ONCE) $(TSBLAS_COMPLEX_CFLAGS)

libtsblas_gemm_la_SOURCES = %reldir%/interposer.h %reldir%/interposer.c
libtsblas_gemm_la_CPPFLAGS = $(TSBLAS_GEMM_CPPFLAGS)
libtsblas_gemm_la_CFLAGS = $(TSBLAS_GEMM_CFLAGS)
libtsblas_gemm_la_LIBADD = libtsblas_gemm_s.la libtsblas_gemm_d.la libtsblas_gemm_c.la \
	libtsblas_gemm_z.la libtsblas.la -ldl -lpthread
# -version-info current:revision:age by libtool's rules (src/c/local.mk).
libtsblas_gemm_la_LDFLAGS = -version-info 0:0:0
EXTRA_DIST += %reldir%/libtsblas_gemm.map
EXTRA_libtsblas_gemm_la_DEPENDENCIES = %reldir%/libtsblas_gemm.map
if HAVE_LD_VERSION_SCRIPT
libtsblas_gemm_la_LDFLAGS += -Wl,--version-script=$(srcdir)/%reldir%/libtsblas_gemm.map
endif
