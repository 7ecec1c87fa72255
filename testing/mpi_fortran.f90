! mpi_fortran.f90: the module tsblas_mpi from a Fortran MPI program (use
! mpi), run by make check on 2 processes (testing/mpi.mk).
!
! Each process holds its own rows (a different number on each) of block
! vectors given by a formula of the global row, and calls the generic
! tsmttsm_mpi with MPI_COMM_WORLD: D with host arrays, D with c_loc
! addresses (the type(c_ptr) specific), Z with TRANSA = 'C'.  Checked: the
! result against loops over the global rows, the same numbers on every
! process (MPI_MIN and MPI_MAX agree), row M+1 of C untouched, and INFO =
! -8 on every process when LDA is illegal on the last one only.
program mpi_fortran
  use mpi
  use, intrinsic :: iso_c_binding
  use tsblas, only: tsblas_int
  use tsblas_mpi
  implicit none
  integer(tsblas_int), parameter :: m = 5, n = 3
  real(c_double), parameter :: sentinel = -12345.0_c_double
  integer :: ierr, rank, nprocs, failures, total, p
  integer(tsblas_int) :: k, first, kglobal, info, lda, i, j, l
  real(c_double), allocatable, target :: a(:, :), b(:, :)
  real(c_double), target :: c(m + 1, n)
  real(c_double) :: ref(m, n), gauge(m, n), low(m, n), high(m, n)
  complex(c_double_complex), allocatable :: za(:, :)
  complex(c_double_complex) :: zc(m, m), zref(m, m)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  failures = 0

  ! Process p holds rows first+1 .. first+k of the global block vectors.
  k = rows_on(rank)
  first = 0
  do p = 0, rank - 1
    first = first + rows_on(p)
  end do
  kglobal = 0
  do p = 0, nprocs - 1
    kglobal = kglobal + rows_on(p)
  end do
  allocate(a(max(k, 1_tsblas_int), m), b(max(k, 1_tsblas_int), n), za(max(k, 1_tsblas_int), m))
  do l = 1, k
    do i = 1, m
      a(l, i) = a_value(first + l, i)
      za(l, i) = cmplx(a_value(first + l, i), b_value(first + l, i), c_double_complex)
    end do
    do j = 1, n
      b(l, j) = b_value(first + l, j)
    end do
  end do

  ! The reference: loops over the global rows.
  ref = 0
  gauge = 0
  do l = 1, kglobal
    do j = 1, n
      do i = 1, m
        ref(i, j) = ref(i, j) + a_value(l, i) * b_value(l, j)
        gauge(i, j) = gauge(i, j) + abs(a_value(l, i) * b_value(l, j))
      end do
    end do
  end do
  zref = 0
  do l = 1, kglobal
    do j = 1, m
      do i = 1, m
        zref(i, j) = zref(i, j) + conjg(cmplx(a_value(l, i), b_value(l, i), c_double_complex)) &
            * cmplx(a_value(l, j), b_value(l, j), c_double_complex)
      end do
    end do
  end do

  ! D, host arrays.
  c = sentinel
  call tsmttsm_mpi('T', 'N', m, n, k, 1.0_c_double, a, max(k, 1_tsblas_int), b, &
      max(k, 1_tsblas_int), 0.0_c_double, c, m + 1, MPI_COMM_WORLD, info)
  call check_real('dtsmttsm_mpi')

  ! D, addresses.
  c = sentinel
  call tsmttsm_mpi('T', 'N', m, n, k, 1.0_c_double, c_loc(a), max(k, 1_tsblas_int), c_loc(b), &
      max(k, 1_tsblas_int), 0.0_c_double, c_loc(c), m + 1, MPI_COMM_WORLD, info)
  call check_real('dtsmttsm_mpi_dev')

  ! Z, the Gram matrix A**H*A.
  call tsmttsm_mpi('C', 'N', m, m, k, (1.0_c_double, 0.0_c_double), za, max(k, 1_tsblas_int), &
      za, max(k, 1_tsblas_int), (0.0_c_double, 0.0_c_double), zc, m, MPI_COMM_WORLD, info)
  if (info /= 0 .or. maxval(abs(zc - zref)) > 1.0e-12_c_double * kglobal * m) then
    print '(a, i0, a, i0)', 'ztsmttsm_mpi: process ', rank, ': wrong result, INFO = ', info
    failures = failures + 1
  end if

  ! LDA illegal on the last process only: INFO = -8 everywhere.
  lda = max(k, 1_tsblas_int)
  if (rank == nprocs - 1) lda = 0
  c = sentinel
  call tsmttsm_mpi('T', 'N', m, n, k, 1.0_c_double, a, lda, b, max(k, 1_tsblas_int), &
      0.0_c_double, c, m + 1, MPI_COMM_WORLD, info)
  if (info /= -8 .or. any(c /= sentinel)) then
    print '(a, i0, a, i0)', 'bad LDA on the last process: process ', rank, ': INFO = ', info
    failures = failures + 1
  end if

  call MPI_Allreduce(failures, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    if (total == 0) then
      print '(a, i0, a)', 'tsblas_mpi module on ', nprocs, ' processes: all tests passed'
    else
      print '(a, i0, a)', 'tsblas_mpi module on ', nprocs, ' processes: FAILED'
    end if
  end if
  call MPI_Finalize(ierr)
  if (total /= 0) error stop 1

contains

  integer(tsblas_int) function rows_on(proc)
    integer, intent(in) :: proc
    rows_on = 100 + 37 * proc
  end function rows_on

  real(c_double) function a_value(row, col)
    integer(tsblas_int), intent(in) :: row, col
    a_value = cos(0.37_c_double * row + col)
  end function a_value

  real(c_double) function b_value(row, col)
    integer(tsblas_int), intent(in) :: row, col
    b_value = sin(0.11_c_double * row - 2 * col)
  end function b_value

  ! The result in C against the reference, the same on every process, and
  ! row M+1 untouched.
  subroutine check_real(what)
    character(len=*), intent(in) :: what
    call MPI_Allreduce(c(1:m, :), low, int(m * n), MPI_DOUBLE_PRECISION, MPI_MIN, &
        MPI_COMM_WORLD, ierr)
    call MPI_Allreduce(c(1:m, :), high, int(m * n), MPI_DOUBLE_PRECISION, MPI_MAX, &
        MPI_COMM_WORLD, ierr)
    if (info /= 0 .or. any(abs(c(1:m, :) - ref) > 16 * epsilon(1.0_c_double) * kglobal * gauge) &
        .or. any(low /= high) .or. any(c(m + 1, :) /= sentinel)) then
      print '(a, a, i0, a, i0)', what, ': process ', rank, ': wrong result, INFO = ', info
      failures = failures + 1
    end if
  end subroutine check_real

end program mpi_fortran
