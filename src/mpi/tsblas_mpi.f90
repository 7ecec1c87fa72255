! tsblas_mpi.f90: the Fortran module of libtsblas_mpi (doc/mpi.md).
!
!   use mpi
!   use tsblas
!   use tsblas_mpi
!   call tsmttsm_mpi('T', 'N', m, n, k_local, 1.0_c_double, a, lda, b, ldb, &
!                    0.0_c_double, c, ldc, MPI_COMM_WORLD, info)
!
! The distributed routines with a Fortran communicator: the INTEGER handle
! of the mpi module (or comm%MPI_VAL of mpi_f08).  C cannot take it as it
! is: each subroutine calls a C entry (tsblas_dtsmttsm_mpi_f, ...) that
! converts it with MPI_Comm_f2c, through a bind(C) interface, so no hidden
! string lengths are passed.  The module itself needs no MPI module: it is
! built with the plain Fortran compiler, as the module tsblas, whose kind
! tsblas_int it uses for every INTEGER argument but the communicator.
!
! Names, as in the module tsblas:
!   tsmttsm_mpi                    generic over S, D, C, Z and over host
!                                  arrays / type(c_ptr) addresses
!   stsmttsm_mpi ... ztsmttsm_mpi  the host-array specifics
!   stsmttsm_mpi_dev ...           the type(c_ptr) specifics
!   TSBLAS_ERR_MPI                 INFO of an MPI failure
! xTSMM and xGEMT need no communication on distributed block vectors: call
! tsmm and gemt of the module tsblas on each process's rows.
!
! The per-precision subroutines are instantiated from tsmttsm_mpi.inc.in
! by src/fortran/instantiate.sh at build time.
module tsblas_mpi
  use, intrinsic :: iso_c_binding
  use tsblas, only: tsblas_int
  implicit none
  private

  ! Run-time error code, positive INFO, of an MPI failure (tsblas_mpi.h).
  integer(c_int), parameter, public :: TSBLAS_ERR_MPI = 16

  public :: tsmttsm_mpi
  public :: stsmttsm_mpi, dtsmttsm_mpi, ctsmttsm_mpi, ztsmttsm_mpi
  public :: stsmttsm_mpi_dev, dtsmttsm_mpi_dev, ctsmttsm_mpi_dev, ztsmttsm_mpi_dev

  interface tsmttsm_mpi
    module procedure stsmttsm_mpi, dtsmttsm_mpi, ctsmttsm_mpi, ztsmttsm_mpi
    module procedure stsmttsm_mpi_dev, dtsmttsm_mpi_dev, ctsmttsm_mpi_dev, ztsmttsm_mpi_dev
  end interface tsmttsm_mpi

contains

  include 'stsmttsm_mpi.inc'
  include 'dtsmttsm_mpi.inc'
  include 'ctsmttsm_mpi.inc'
  include 'ztsmttsm_mpi.inc'

end module tsblas_mpi
