! gram_schmidt_module: classical block Gram-Schmidt through the module
! tsblas, on the GPU when there is one (tsblas_gpu_available() = 1), else
! on the host - the same calls either way.
!
! The tall vectors live behind type(c_ptr) addresses: device memory from
! tsblas_device_malloc, filled with tsblas_set_matrix, on a GPU; c_loc of
! host arrays otherwise.  The generic names tsmttsm, tsmm and gemt take
! those addresses (their _dev specifics) and run where the tall operands
! live; the small matrices (H, G, R) stay in host memory, where the results
! land.  As in gram_schmidt_f77.f: a basis Q of NQ vectors by Cholesky QR,
! then a block X orthogonalized against it twice,
!   H := Q**T*X  (tsmttsm),   X := X - Q*H  (tsmm),
! orthonormalized, and the loss of orthogonality ||[Q X]**T*[Q X] - I||_F.
!
! Build with only pkg-config flags:
!   gfortran gram_schmidt_module.f90 $(pkg-config --cflags --libs tsblasf)
! Dimensions are integer(tsblas_int), so this compiles against an LP64 or
! an ILP64 build of tsblas alike.
program gram_schmidt_module
  use, intrinsic :: iso_c_binding
  use tsblas
  implicit none
  integer(tsblas_int), parameter :: n = 100000, nb = 8, nq = 4 * nb, ntot = nq + nb
  real(c_double), parameter :: one = 1, zero = 0
  ! V holds [Q X]: Q in columns 1..nq, X in columns nq+1..ntot.
  real(c_double), allocatable, target :: v(:, :), w(:, :)
  real(c_double), target :: h(nq, nb), g(ntot, ntot), r(ntot, ntot)
  type(c_ptr) :: d_v, d_x, d_w
  logical :: on_gpu
  integer :: pass, i
  integer(c_size_t) :: bytes_per_column

  allocate(v(n, ntot), w(n, nq))
  call random_number(v)
  v = 2 * v - 1
  on_gpu = tsblas_gpu_available() == 1
  bytes_per_column = n * c_sizeof(one)
  if (on_gpu) then
    call check(tsblas_device_malloc(d_v, ntot * bytes_per_column), 'tsblas_device_malloc')
    call check(tsblas_device_malloc(d_w, nq * bytes_per_column), 'tsblas_device_malloc')
    call check(tsblas_set_matrix(n, ntot, c_sizeof(one), v, n, d_v, n), 'tsblas_set_matrix')
  else
    d_v = c_loc(v)
    d_w = c_loc(w)
  end if
  ! X: the columns nq+1.. of V, nq*n elements further.
  d_x = offset(d_v, nq * bytes_per_column)

  call cholqr(nq, d_v)
  do pass = 1, 2
    call tsmttsm('T', 'N', nq, nb, n, one, d_v, n, d_x, n, zero, c_loc(h), nq)
    call tsmm('N', 'N', n, nb, nq, -one, d_v, n, c_loc(h), nq, one, d_x, n)
  end do
  call cholqr(nb, d_x)

  call tsmttsm('T', 'N', ntot, ntot, n, one, d_v, n, d_v, n, zero, c_loc(g), ntot)
  call check(tsblas_last_error(), 'tsmttsm')
  do i = 1, ntot
    g(i, i) = g(i, i) - 1
  end do
  if (on_gpu) then
    print '(a)', ' block Gram-Schmidt through the module, on the GPU'
    call check(tsblas_device_free(d_v), 'tsblas_device_free')
    call check(tsblas_device_free(d_w), 'tsblas_device_free')
  else
    print '(a)', ' block Gram-Schmidt through the module, on the host (no usable GPU)'
  end if
  print '(a, i0, a, i0, a, i0)', ' N = ', n, ', basis of ', nq, ' vectors, block of ', nb
  print '(a, es10.3)', ' ||Q^T Q - I||_F = ', norm2(g)

contains

  ! X := X*R**(-1), the N by K block at address X orthonormalized by
  ! Cholesky QR, twice: G := X**T*X (tsmttsm), G = R**T*R, then tsmm into
  ! W and gemt back to X.
  subroutine cholqr(k, x)
    integer(tsblas_int), intent(in) :: k
    type(c_ptr), intent(in) :: x
    integer :: i, j, cholqr_pass

    do cholqr_pass = 1, 2
      call tsmttsm('T', 'N', k, k, n, one, x, n, x, n, zero, c_loc(r), ntot)
      do j = 1, k
        do i = 1, j - 1
          r(i, j) = (r(i, j) - dot_product(r(1:i-1, i), r(1:i-1, j))) / r(i, i)
        end do
        r(j, j) = sqrt(r(j, j) - dot_product(r(1:j-1, j), r(1:j-1, j)))
        r(j+1:k, j) = 0
      end do
      ! R := R**(-1), column by column: the leading block is inverted already.
      do j = 1, k
        r(j, j) = 1 / r(j, j)
        r(1:j-1, j) = -r(j, j) * matmul(r(1:j-1, 1:j-1), r(1:j-1, j))
      end do
      call tsmm('N', 'N', n, k, k, one, x, n, c_loc(r), ntot, zero, d_w, n)
      call gemt('N', n, k, one, d_w, n, x, n)
      call check(tsblas_last_error(), 'cholqr')
    end do
  end subroutine cholqr

  ! The address BYTES further than BASE.
  function offset(base, bytes) result(address)
    type(c_ptr), intent(in) :: base
    integer(c_size_t), intent(in) :: bytes
    type(c_ptr) :: address
    integer(c_intptr_t) :: base_address

    base_address = transfer(base, base_address)
    address = transfer(base_address + int(bytes, c_intptr_t), address)
  end function offset

  ! Stops with the library's message when STATUS is an error.
  subroutine check(status, what)
    integer(c_int), intent(in) :: status
    character(len=*), intent(in) :: what

    if (status /= 0) then
      print '(3a, i0, 2a)', ' ', what, ' failed with status ', status, ': ', &
          tsblas_last_error_message()
      error stop 1
    end if
  end subroutine check

end program gram_schmidt_module
