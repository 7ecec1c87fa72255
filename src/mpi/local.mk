# src/mpi: libtsblas_mpi, the distributed routines over MPI (doc/mpi.md).
#
# Built when configure finds an MPI (--with-mpi).  Only these sources are
# compiled with the MPI flags (MPI_CFLAGS, from the MPI compiler wrapper);
# the precision-dependent ones once per precision, as in src/c/local.mk.
# The library links libtsblas, whose checks and error helpers it uses.

TSBLAS_MPI_PRECISION_SOURCES = \
	%reldir%/mpi_internal.h \
	%reldir%/xtsmttsm_mpi.c \
	%reldir%/xtsmttsm_mpi_f.c \
	%reldir%/allsum.c

TSBLAS_MPI_SOURCES = \
	%reldir%/mpi_internal.h \
	%reldir%/agree.c \
	%reldir%/mpi_error.c \
	%reldir%/mpi_ready.c \
	%reldir%/private_comm.c

TSBLAS_MPI_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/%reldir% $(MPI_CFLAGS)

if HAVE_MPI
lib_LTLIBRARIES += libtsblas_mpi.la
include_HEADERS += %reldir%/tsblas_mpi.h
pkgconfig_DATA += tsblas_mpi.pc

noinst_LTLIBRARIES += libtsblas_mpi_s.la libtsblas_mpi_d.la libtsblas_mpi_c.la libtsblas_mpi_z.la
libtsblas_mpi_s_la_SOURCES = $(TSBLAS_MPI_PRECISION_SOURCES)
libtsblas_mpi_s_la_CPPFLAGS = $(TSBLAS_MPI_CPPFLAGS) -DTSBLAS_PREC_S
libtsblas_mpi_d_la_SOURCES = $(TSBLAS_MPI_PRECISION_SOURCES)
libtsblas_mpi_d_la_CPPFLAGS = $(TSBLAS_MPI_CPPFLAGS) -DTSBLAS_PREC_D
libtsblas_mpi_c_la_SOURCES = $(TSBLAS_MPI_PRECISION_SOURCES)
libtsblas_mpi_c_la_CPPFLAGS = $(TSBLAS_MPI_CPPFLAGS) -DTSBLAS_PREC_C
libtsblas_mpi_c_la_CFLAGS = $(TSBLAS_COMPLEX_CFLAGS)
libtsblas_mpi_z_la_SOURCES = $(TSBLAS_MPI_PRECISION_SOURCES)
libtsblas_mpi_z_la_CPPFLAGS = $(TSBLAS_MPI_CPPFLAGS) -DTSBLAS_PREC_Z
libtsblas_mpi_z_la_CFLAGS = $(TSBLAS_COMPLEX_CFLAGS)

libtsblas_mpi_la_SOURCES = $(TSBLAS_MPI_SOURCES)
libtsblas_mpi_la_CPPFLAGS = $(TSBLAS_MPI_CPPFLAGS)
libtsblas_mpi_la_LIBADD = libtsblas_mpi_s.la libtsblas_mpi_d.la libtsblas_mpi_c.la \
	libtsblas_mpi_z.la libtsblas.la $(MPI_LIBS)
libtsblas_mpi_la_LDFLAGS = -version-info 0:0:0
else
EXTRA_DIST += %reldir%/tsblas_mpi.h $(TSBLAS_MPI_PRECISION_SOURCES) $(TSBLAS_MPI_SOURCES)
endif
EXTRA_DIST += tsblas_mpi.pc.in
