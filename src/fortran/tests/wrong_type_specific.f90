! Must NOT compile (check_type_errors): an INTEGER array where DTSMTTSM,
! called through the module, takes a double precision one.
program wrong_type_specific
  use, intrinsic :: iso_c_binding
  use tsblas
  implicit none
  integer :: a(100, 4)
  real(c_double) :: b(100, 3), c(4, 3)

  a = 1
  b = 1
  c = 0
  call dtsmttsm('T', 'N', 4, 3, 100, 1.0_c_double, a, 100, b, 100, 0.0_c_double, c, 4)
end program wrong_type_specific
