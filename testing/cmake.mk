# testing: the test of the CMake package (cmake/local.mk), run by
# make installcheck (and so by make distcheck): testing/cmake_package.sh
# builds the small projects of testing/cmake against the installed tree.
# Skipped (exit 77) without cmake on PATH.

EXTRA_DIST += %reldir%/cmake_package.sh \
	%reldir%/cmake/c/CMakeLists.txt %reldir%/cmake/c/check_tsmttsm.c \
	%reldir%/cmake/fortran/CMakeLists.txt %reldir%/cmake/fortran/check_tsmttsm.f90

installcheck-local:
	@CC='$(CC)' FC='$(FC)' srcdir='$(srcdir)' PACKAGE_VERSION='$(PACKAGE_VERSION)' \
	TSBLAS_PREFIX='$(DESTDIR)$(prefix)' TSBLAS_LIBDIR='$(DESTDIR)$(libdir)' \
	$(SHELL) $(srcdir)/%reldir%/cmake_package.sh; \
	status=$$?; test $$status -eq 0 || test $$status -eq 77
