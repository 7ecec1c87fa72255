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
libtsblas_mpi_s_la_CFLAGS = $(TSBLAS_LT_PIC_ONCE)
libtsblas_mpi_d_la_SOURCES = $(TSBLAS_MPI_PRECISION_SOURCES)
libtsblas_mpi_d_la_CPPFLAGS = $(TSBLAS_MPI_CPPFLAGS) -DTSBLAS_PREC_D
libtsblas_mpi_d_la_CFLAGS = $(TSBLAS_LT_PIC_ONCE)
libtsblas_mpi_c_la_SOURCES = $(TSBLAS_MPI_PRECISION_SOURCES)
libtsblas_mpi_c_la_CPPFLAGS = $(TSBLAS_MPI_CPPFLAGS) -DTSBLAS_PREC_C
libtsblas_mpi_c_la_CFLAGS = $(TSBLAS_LT_PIC_ONCE) $(TSBLAS_COMPLEX_CFLAGS)
libtsblas_mpi_z_la_SOURCES = $(TSBLAS_MPI_PRECISION_SOURCES)
libtsblas_mpi_z_la_CPPFLAGS = $(TSBLAS_MPI_CPPFLAGS) -DTSBLAS_PREC_Z
libtsblas_mpi_z_la_CFLAGS = $(TSBLAS_LT_PIC_ONCE) $(TSBLAS_COMPLEX_CFLAGS)

libtsblas_mpi_la_SOURCES = $(TSBLAS_MPI_SOURCES)
libtsblas_mpi_la_CPPFLAGS = $(TSBLAS_MPI_CPPFLAGS)
libtsblas_mpi_la_LIBADD = libtsblas_mpi_s.la libtsblas_mpi_d.la libtsblas_mpi_c.la \
	libtsblas_mpi_z.la libtsblas.la $(MPI_LIBS)
# -version-info current:revision:age by libtool's rules (src/c/local.mk).
libtsblas_mpi_la_LDFLAGS = -version-info 0:0:0
EXTRA_libtsblas_mpi_la_DEPENDENCIES = %reldir%/libtsblas_mpi.map
if HAVE_LD_VERSION_SCRIPT
libtsblas_mpi_la_LDFLAGS += -Wl,--version-script=$(srcdir)/%reldir%/libtsblas_mpi.map
endif

if HAVE_FORTRAN
# The module tsblas_mpi, in its own library as the module tsblas is in
# libtsblasf, so that C users of libtsblas_mpi never need libgfortran;
# gfortran users link -ltsblas_mpif -ltsblas_mpi -ltsblasf -ltsblas
# (pkg-config tsblas_mpif).  Its per-precision pieces are instantiated from
# tsmttsm_mpi.inc.in by src/fortran/instantiate.sh, and it uses the module
# tsblas (its kind tsblas_int), so it is compiled after it.
TSBLAS_MPI_FMOD_PIECES = \
	%reldir%/stsmttsm_mpi.inc %reldir%/dtsmttsm_mpi.inc \
	%reldir%/ctsmttsm_mpi.inc %reldir%/ztsmttsm_mpi.inc

lib_LTLIBRARIES += libtsblas_mpif.la
libtsblas_mpif_la_SOURCES = %reldir%/tsblas_mpi.f90
libtsblas_mpif_la_FCFLAGS = -Isrc/fortran -I%reldir% -J%reldir%
libtsblas_mpif_la_LIBADD = libtsblas_mpi.la libtsblasf.la
libtsblas_mpif_la_LDFLAGS = -version-info 0:0:0
EXTRA_libtsblas_mpif_la_DEPENDENCIES = %reldir%/libtsblas_mpif.map
if HAVE_LD_VERSION_SCRIPT
libtsblas_mpif_la_LDFLAGS += -Wl,--version-script=$(srcdir)/%reldir%/libtsblas_mpif.map
endif

nodist_fmod_DATA += %reldir%/tsblas_mpi.mod
pkgconfig_DATA += tsblas_mpif.pc

$(libtsblas_mpif_la_OBJECTS): $(libtsblasf_la_OBJECTS) $(TSBLAS_MPI_FMOD_PIECES)
# gfortran writes the module file while it compiles the object.
%reldir%/tsblas_mpi.mod: $(libtsblas_mpif_la_OBJECTS)
	@test -f $@ || { rm -f $(libtsblas_mpif_la_OBJECTS); $(MAKE) $(AM_MAKEFLAGS) $(libtsblas_mpif_la_OBJECTS); }

$(TSBLAS_MPI_FMOD_PIECES): %reldir%/%.inc: %reldir%/tsmttsm_mpi.inc.in src/fortran/instantiate.sh
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	$(TSBLAS_INSTANTIATE) $(srcdir)/%reldir%/tsmttsm_mpi.inc.in $(*F) > $@-t && mv -f $@-t $@

CLEANFILES += %reldir%/*.mod $(TSBLAS_MPI_FMOD_PIECES)
endif
endif

dist_doc_DATA += doc/mpi.md

# (Automake distributes the sources of conditional libraries in any case.)
EXTRA_DIST += tsblas_mpi.pc.in tsblas_mpif.pc.in %reldir%/tsmttsm_mpi.inc.in \
	%reldir%/libtsblas_mpi.map %reldir%/libtsblas_mpif.map
