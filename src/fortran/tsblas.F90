! tsblas.F90: the Fortran module of tsblas (API.md, "The three faces").
!
!   use tsblas
!   call tsmttsm('T', 'N', m, n, k, 1.0_c_double, a, lda, b, ldb, 0.0_c_double, c, ldc)
!
! Every routine is a module subroutine that calls the library's C entry
! (tsblas_dtsmttsm, ...) through an ISO_C_BINDING interface.  A bind(C)
! call passes no hidden string lengths, so the module never calls the
! legacy symbols (dtsmttsm_).  The subroutines, not the C functions, are
! what users call: a Fortran generic name must gather subroutines only, and
! the C entries are functions that return INFO.  Each subroutine returns
! INFO through an optional last argument.
!
! Names (docs: doc/fortran.md and the man pages xTSMTTSM(3), ...):
!   tsmttsm, tsmm, mtsm, gemt      generic over S, D, C, Z and over host
!                                  arrays / type(c_ptr) addresses
!   stsmttsm ... zgemt             the host-array specifics
!   stsmttsm_dev ... zgemt_dev     the type(c_ptr) specifics: device (or any)
!                                  addresses for the arrays
!   tsblas_int                     kind of every INTEGER argument: c_int32_t,
!                                  c_int64_t in a build with --enable-ilp64
!   tsblas_gpu_available, tsblas_device_malloc, tsblas_device_free,
!   tsblas_set_matrix, tsblas_get_matrix, tsblas_set_stream,
!   tsblas_get_stream, tsblas_last_error, tsblas_last_error_message
!
! The bind(C) interface of each C entry is local to the subroutine that
! calls it, so that no scoping unit holds two interfaces of one C function
! (the host-array and the type(c_ptr) subroutines see it differently).
!
! The per-precision subroutines are instantiated from gemm_shaped.inc.in
! and gemt.inc.in by instantiate.sh at build time.
module tsblas
  use, intrinsic :: iso_c_binding
  implicit none
  private

#if TSBLAS_ILP64
  integer, parameter, public :: tsblas_int = c_int64_t
#else
  integer, parameter, public :: tsblas_int = c_int32_t
#endif

  ! Run-time error codes, positive INFO (tsblas.h).
  integer(c_int), parameter, public :: TSBLAS_SUCCESS = 0
  integer(c_int), parameter, public :: TSBLAS_ERR_ALLOC = 1
  integer(c_int), parameter, public :: TSBLAS_ERR_CUDA = 2
  integer(c_int), parameter, public :: TSBLAS_ERR_NO_CUDA = 3
  integer(c_int), parameter, public :: TSBLAS_ERR_BLAS = 4

  public :: tsmttsm, tsmm, mtsm, gemt
  public :: stsmttsm, dtsmttsm, ctsmttsm, ztsmttsm
  public :: stsmm, dtsmm, ctsmm, ztsmm
  public :: smtsm, dmtsm, cmtsm, zmtsm
  public :: sgemt, dgemt, cgemt, zgemt
  public :: stsmttsm_dev, dtsmttsm_dev, ctsmttsm_dev, ztsmttsm_dev
  public :: stsmm_dev, dtsmm_dev, ctsmm_dev, ztsmm_dev
  public :: smtsm_dev, dmtsm_dev, cmtsm_dev, zmtsm_dev
  public :: sgemt_dev, dgemt_dev, cgemt_dev, zgemt_dev
  public :: tsblas_gpu_available, tsblas_device_malloc, tsblas_device_free
  public :: tsblas_set_matrix, tsblas_get_matrix
  public :: tsblas_set_stream, tsblas_get_stream
  public :: tsblas_last_error, tsblas_last_error_message

  interface tsmttsm
    module procedure stsmttsm, dtsmttsm, ctsmttsm, ztsmttsm
    module procedure stsmttsm_dev, dtsmttsm_dev, ctsmttsm_dev, ztsmttsm_dev
  end interface tsmttsm

  interface tsmm
    module procedure stsmm, dtsmm, ctsmm, ztsmm
    module procedure stsmm_dev, dtsmm_dev, ctsmm_dev, ztsmm_dev
  end interface tsmm

  interface mtsm
    module procedure smtsm, dmtsm, cmtsm, zmtsm
    module procedure smtsm_dev, dmtsm_dev, cmtsm_dev, zmtsm_dev
  end interface mtsm

  interface gemt
    module procedure sgemt, dgemt, cgemt, zgemt
    module procedure sgemt_dev, dgemt_dev, cgemt_dev, zgemt_dev
  end interface gemt

  ! The run-time helpers are called as they are declared in tsblas.h; each
  ! returns 0 or a TSBLAS_ERR_* code (TSBLAS_ERR_NO_CUDA without a GPU path).
  interface
    ! 1 when calls on device memory can run on a GPU here, else 0.
    function tsblas_gpu_available() bind(C) result(available)
      import :: c_int
      integer(c_int) :: available
    end function tsblas_gpu_available

    ! The status of the calling thread's last tsblas call: 0, -i for an
    ! illegal argument i, or a TSBLAS_ERR_* code.
    function tsblas_last_error() bind(C) result(code)
      import :: c_int
      integer(c_int) :: code
    end function tsblas_last_error

    ! PTR := BYTES bytes of device memory (c_null_ptr on failure).
    function tsblas_device_malloc(ptr, bytes) bind(C) result(status)
      import :: c_int, c_ptr, c_size_t
      type(c_ptr), intent(out) :: ptr
      integer(c_size_t), value :: bytes
      integer(c_int) :: status
    end function tsblas_device_malloc

    function tsblas_device_free(ptr) bind(C) result(status)
      import :: c_int, c_ptr
      type(c_ptr), value :: ptr
      integer(c_int) :: status
    end function tsblas_device_free

    ! Copies the ROWS by COLS matrix HOST (leading dimension LDH) of
    ! ELEMSIZE-byte elements, e.g. c_sizeof(host(1,1)), to DEVICE (LDD).
    function tsblas_set_matrix(rows, cols, elemsize, host, ldh, device, ldd) &
        bind(C) result(status)
      import :: c_int, c_ptr, c_size_t, tsblas_int
      integer(tsblas_int), value :: rows, cols, ldh, ldd
      integer(c_size_t), value :: elemsize
      type(*), intent(in) :: host(*)
      type(c_ptr), value :: device
      integer(c_int) :: status
    end function tsblas_set_matrix

    ! The other way: DEVICE (LDD) to HOST (LDH).
    function tsblas_get_matrix(rows, cols, elemsize, device, ldd, host, ldh) &
        bind(C) result(status)
      import :: c_int, c_ptr, c_size_t, tsblas_int
      integer(tsblas_int), value :: rows, cols, ldh, ldd
      integer(c_size_t), value :: elemsize
      type(c_ptr), value :: device
      type(*), intent(inout) :: host(*)
      integer(c_int) :: status
    end function tsblas_get_matrix

    ! The cudaStream_t on which the calling thread's GPU calls are ordered;
    ! c_null_ptr is the default stream.
    function tsblas_set_stream(stream) bind(C) result(status)
      import :: c_int, c_ptr
      type(c_ptr), value :: stream
      integer(c_int) :: status
    end function tsblas_set_stream

    function tsblas_get_stream() bind(C) result(stream)
      import :: c_ptr
      type(c_ptr) :: stream
    end function tsblas_get_stream
  end interface

contains

  include 'stsmttsm.inc'
  include 'dtsmttsm.inc'
  include 'ctsmttsm.inc'
  include 'ztsmttsm.inc'
  include 'stsmm.inc'
  include 'dtsmm.inc'
  include 'ctsmm.inc'
  include 'ztsmm.inc'
  include 'smtsm.inc'
  include 'dmtsm.inc'
  include 'cmtsm.inc'
  include 'zmtsm.inc'
  include 'sgemt.inc'
  include 'dgemt.inc'
  include 'cgemt.inc'
  include 'zgemt.inc'
  include 'last_error_message.inc'

end module tsblas
