# testing: the MPI tests of make check and the scaling benchmark of
# xTSMTTSM_MPI (doc/mpi.md).
#
# A .mpitest file names the number of processes and the programs to run;
# testing/mpi_launch.sh runs them with $(MPIEXEC).  Built and run only when
# configure found an MPI; make check passes without one.  The GPU tests
# (mpi_tsmttsm --device) run in a build with CUDA too, and skip on a
# machine without a GPU.

MPI_TEST_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src/mpi $(MPI_CFLAGS)
MPI_TEST_LDADD = libtsblas_mpi.la libtsblas.la $(MPI_LIBS)

TEST_EXTENSIONS += .mpitest
MPITEST_LOG_COMPILER = env MPIEXEC='$(MPIEXEC)' $(SHELL) $(top_srcdir)/%reldir%/mpi_launch.sh

MPI_TESTS = \
	%reldir%/mpi_tsmttsm_np1.mpitest \
	%reldir%/mpi_tsmttsm_np2.mpitest \
	%reldir%/mpi_tsmttsm_np4.mpitest \
	examples/mpi_cholqr_np4.mpitest
MPI_GPU_TESTS = \
	%reldir%/mpi_tsmttsm_gpu_np1.mpitest \
	%reldir%/mpi_tsmttsm_gpu_np2.mpitest \
	%reldir%/mpi_tsmttsm_gpu_np4.mpitest
MPI_FORTRAN_TESTS = %reldir%/mpi_fortran_np2.mpitest

EXTRA_DIST += %reldir%/mpi_launch.sh $(MPI_TESTS) $(MPI_GPU_TESTS) $(MPI_FORTRAN_TESTS)

if HAVE_MPI
TESTS += $(MPI_TESTS)
if HAVE_CUDA
TESTS += $(MPI_GPU_TESTS)
endif

# The example of doc/mpi.md, run by make check on 4 processes.
noinst_PROGRAMS += examples/mpi_cholqr
examples_mpi_cholqr_SOURCES = examples/mpi_cholqr.c
examples_mpi_cholqr_CPPFLAGS = $(MPI_TEST_CPPFLAGS)
examples_mpi_cholqr_LDADD = $(MPI_TEST_LDADD) -lm

# The weak-scaling benchmark (doc/mpi.md), built but not run by make check.
noinst_PROGRAMS += %reldir%/mpi_bench
%canon_reldir%_mpi_bench_SOURCES = %reldir%/mpi_bench.c
%canon_reldir%_mpi_bench_CPPFLAGS = $(MPI_TEST_CPPFLAGS)
%canon_reldir%_mpi_bench_LDADD = $(MPI_TEST_LDADD)

# One program per precision, for both memories: mpi_tsmttsm --device puts
# the block vectors in device memory, through tsblas's own device memory
# helpers, so it needs no CUDA flags.
check_PROGRAMS += %reldir%/mpi_tsmttsm_s %reldir%/mpi_tsmttsm_d %reldir%/mpi_tsmttsm_c \
	%reldir%/mpi_tsmttsm_z
%canon_reldir%_mpi_tsmttsm_s_SOURCES = %reldir%/mpi_tsmttsm.c
%canon_reldir%_mpi_tsmttsm_s_CPPFLAGS = $(MPI_TEST_CPPFLAGS) -DTSBLAS_PREC_S
%canon_reldir%_mpi_tsmttsm_s_LDADD = $(MPI_TEST_LDADD)
%canon_reldir%_mpi_tsmttsm_d_SOURCES = %reldir%/mpi_tsmttsm.c
%canon_reldir%_mpi_tsmttsm_d_CPPFLAGS = $(MPI_TEST_CPPFLAGS) -DTSBLAS_PREC_D
%canon_reldir%_mpi_tsmttsm_d_LDADD = $(MPI_TEST_LDADD)
%canon_reldir%_mpi_tsmttsm_c_SOURCES = %reldir%/mpi_tsmttsm.c
%canon_reldir%_mpi_tsmttsm_c_CPPFLAGS = $(MPI_TEST_CPPFLAGS) -DTSBLAS_PREC_C
%canon_reldir%_mpi_tsmttsm_c_CFLAGS = $(TSBLAS_COMPLEX_CFLAGS)
%canon_reldir%_mpi_tsmttsm_c_LDADD = $(MPI_TEST_LDADD)
%canon_reldir%_mpi_tsmttsm_z_SOURCES = %reldir%/mpi_tsmttsm.c
%canon_reldir%_mpi_tsmttsm_z_CPPFLAGS = $(MPI_TEST_CPPFLAGS) -DTSBLAS_PREC_Z
%canon_reldir%_mpi_tsmttsm_z_CFLAGS = $(TSBLAS_COMPLEX_CFLAGS)
%canon_reldir%_mpi_tsmttsm_z_LDADD = $(MPI_TEST_LDADD)
endif

# The module tsblas_mpi from a Fortran MPI program (use mpi): compiled with
# the flags of the MPI's Fortran wrapper, on 2 processes.
if HAVE_MPI_FORTRAN
TESTS += $(MPI_FORTRAN_TESTS)
check_PROGRAMS += %reldir%/mpi_fortran
%canon_reldir%_mpi_fortran_SOURCES = %reldir%/mpi_fortran.f90
%canon_reldir%_mpi_fortran_FCFLAGS = $(MPI_FCFLAGS) -Isrc/fortran -Isrc/mpi -J%reldir%
%canon_reldir%_mpi_fortran_LDADD = libtsblas_mpif.la libtsblas_mpi.la libtsblasf.la \
	libtsblas.la $(MPI_FCLIBS)
%canon_reldir%_mpi_fortran_LDFLAGS = $(OPENMP_CFLAGS)
$(%canon_reldir%_mpi_fortran_OBJECTS): $(libtsblas_mpif_la_OBJECTS)
endif
CLEANFILES += %reldir%/*.mod
