! CHECK_DEVICE
!
! Purpose
! =======
! The GPU memory helpers of the module tsblas from gfortran.  Without a
! usable GPU (tsblas_gpu_available() = 0) the helpers must report a clear
! error, and the test is skipped (exit status 77, automake's SKIP); with
! one, the stream helpers and every routine on device memory in every
! precision (check_device_s, _d, _c, _z).  Exit status 1 on any failure.
program check_device
  use, intrinsic :: iso_c_binding
  use tsblas
  implicit none
  type(c_ptr) :: device, stream
  integer :: nfail, status, seed_size, i
  integer, allocatable :: seed(:)

  ! The same data on every run, so that a failure can be replayed.
  call random_seed(size=seed_size)
  seed = [(20241122 + 7 * i, i = 1, seed_size)]
  call random_seed(put=seed)
  nfail = 0
  if (tsblas_gpu_available() == 0) then
    status = tsblas_device_malloc(device, 1024_c_size_t)
    if (status == 0 .or. tsblas_last_error() /= status .or. c_associated(device) &
        .or. len(tsblas_last_error_message()) == 0) then
      print '(a, i0)', ' FAIL: tsblas_device_malloc without a GPU returned ', status
      stop 1
    end if
    print '(a, i0, 3a)', ' device: no usable GPU; tsblas_device_malloc says ', status, &
        ' "', tsblas_last_error_message(), '"; skipped'
    stop 77
  end if

  status = tsblas_set_stream(c_null_ptr)
  stream = tsblas_get_stream()
  if (status /= 0 .or. c_associated(stream)) then
    nfail = nfail + 1
    print '(a, i0)', ' FAIL: tsblas_set_stream(c_null_ptr) returned ', status
  end if
  call check_device_s(nfail)
  call check_device_d(nfail)
  call check_device_c(nfail)
  call check_device_z(nfail)
  if (nfail /= 0) then
    print '(a, i0, a)', ' device: ', nfail, ' checks FAILED'
    stop 1
  end if
  print '(a)', ' device: all checks passed'
end program check_device
