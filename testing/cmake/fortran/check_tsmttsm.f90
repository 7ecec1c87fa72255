! check_tsmttsm: C = A**T*B by the generic tsmttsm of the module tsblas,
! compared with MATMUL; built by testing/cmake/fortran/CMakeLists.txt
! through tsblas::tsblasf.  The entries are small integers, so every sum is
! exact in any order and the results must be equal.  Default integers on
! purpose: they are the module's tsblas_int only with the flags that
! tsblas::tsblas gives Fortran (-fdefault-integer-8 for an ILP64 build).
program check_tsmttsm
  use tsblas
  implicit none
  integer, parameter :: m = 3, n = 2, k = 1000
  double precision :: a(k, m), b(k, n), c(m, n)
  integer :: i, j, l, info

  do i = 1, m
    do l = 1, k
      a(l, i) = mod(l + i, 7) - 3
    end do
  end do
  do j = 1, n
    do l = 1, k
      b(l, j) = mod(l * (j + 1), 5) - 2
    end do
  end do

  call tsmttsm('T', 'N', m, n, k, 1d0, a, k, b, k, 0d0, c, m, info)
  if (info /= 0) then
    print '(a, i0)', 'tsmttsm: info = ', info
    error stop 1
  end if
  if (any(c /= matmul(transpose(a), b))) then
    print '(a)', 'tsmttsm: C differs from MATMUL'
    error stop 1
  end if
  print '(a, i0, a, i0, a, i0, a)', 'module tsblas: tsmttsm C = A**T*B (', m, ' x ', n, &
    ', K = ', k, ') equals MATMUL'
end program check_tsmttsm
