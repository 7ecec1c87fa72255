! CHECK_MODULE
!
! Purpose
! =======
! The module face of tsblas (API.md, "The three faces"): a free-form
! program that uses the module tsblas, calls every routine through the
! generic names in every precision (check_module_s, _d, _c, _z) and
! checks results, INFO, the program's XERBLA (xerbla.f) and the last
! error.  Exit status 1 on any failure.
program check_module
  implicit none
  integer :: nfail, seed_size, i
  integer, allocatable :: seed(:)

  ! The same data on every run, so that a failure can be replayed.
  call random_seed(size=seed_size)
  seed = [(20241122 + 7 * i, i = 1, seed_size)]
  call random_seed(put=seed)
  nfail = 0
  call check_module_s(nfail)
  call check_module_d(nfail)
  call check_module_c(nfail)
  call check_module_z(nfail)
  if (nfail /= 0) then
    print '(a, i0, a)', ' module: ', nfail, ' checks FAILED'
    stop 1
  end if
  print '(a)', ' module: all checks passed'
end program check_module
