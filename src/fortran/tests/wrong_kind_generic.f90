! Must NOT compile (check_type_errors): single precision arrays with double
! precision scalars match no specific of the generic tsmttsm.
program wrong_kind_generic
  use, intrinsic :: iso_c_binding
  use tsblas
  implicit none
  real(c_float) :: a(100, 4), b(100, 3), c(4, 3)

  a = 1
  b = 1
  c = 0
  call tsmttsm('T', 'N', 4, 3, 100, 1.0_c_double, a, 100, b, 100, 0.0_c_double, c, 4)
end program wrong_kind_generic
