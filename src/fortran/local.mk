# src/fortran: the Fortran module tsblas and the Fortran tests.
#
# The module lives in its own library, libtsblasf, so that C users of
# libtsblas never need libgfortran; gfortran users link -ltsblasf -ltsblas
# (pkg-config tsblasf) and find tsblas.mod in $(fmoddir).
#
# S/D/C/Z from one source: the per-precision pieces of the module and of the
# tests are instantiated from templates (*.in, placeholders @x@, @type@, ...)
# by instantiate.sh at build time.  The rules below use GNU make's static
# pattern rules.  Automake knows no Fortran module dependencies: the lines
# "x.$(OBJEXT): y.$(OBJEXT)" order each user after the module it uses.

TSBLAS_INSTANTIATE = $(SHELL) $(srcdir)/%reldir%/instantiate.sh

TSBLAS_FMOD_GEMM_PIECES = \
	%reldir%/stsmttsm.inc %reldir%/dtsmttsm.inc %reldir%/ctsmttsm.inc %reldir%/ztsmttsm.inc \
	%reldir%/stsmm.inc %reldir%/dtsmm.inc %reldir%/ctsmm.inc %reldir%/ztsmm.inc \
	%reldir%/smtsm.inc %reldir%/dmtsm.inc %reldir%/cmtsm.inc %reldir%/zmtsm.inc
TSBLAS_FMOD_GEMT_PIECES = \
	%reldir%/sgemt.inc %reldir%/dgemt.inc %reldir%/cgemt.inc %reldir%/zgemt.inc

# The fixed-form test pieces of one precision, concatenated into
# tests/x_legacy.f; the free-form ones are one file each.
TSBLAS_F77_TEST_TEMPLATES = \
	%reldir%/tests/x_call_gemm.f.in \
	%reldir%/tests/x_fill.f.in \
	%reldir%/tests/x_ref_gemm.f.in \
	%reldir%/tests/x_ref_gemt.f.in \
	%reldir%/tests/x_touch.f.in \
	%reldir%/tests/x_chk_gemm.f.in \
	%reldir%/tests/x_chk_gemt.f.in \
	%reldir%/tests/x_chk_errors.f.in
TSBLAS_F77_TEST_PIECES = \
	%reldir%/tests/s_legacy.f %reldir%/tests/d_legacy.f \
	%reldir%/tests/c_legacy.f %reldir%/tests/z_legacy.f
TSBLAS_F_SUPPORT_PIECES = \
	%reldir%/tests/s_test_support.f90 %reldir%/tests/d_test_support.f90 \
	%reldir%/tests/c_test_support.f90 %reldir%/tests/z_test_support.f90
TSBLAS_F_MODULE_TEST_PIECES = \
	%reldir%/tests/s_chk_module.f90 %reldir%/tests/d_chk_module.f90 \
	%reldir%/tests/c_chk_module.f90 %reldir%/tests/z_chk_module.f90
TSBLAS_F_DEVICE_TEST_PIECES = \
	%reldir%/tests/s_chk_device.f90 %reldir%/tests/d_chk_device.f90 \
	%reldir%/tests/c_chk_device.f90 %reldir%/tests/z_chk_device.f90

EXTRA_DIST += \
	%reldir%/libtsblasf.map \
	%reldir%/instantiate.sh \
	%reldir%/tsblas.F90 \
	%reldir%/gemm_shaped.inc.in \
	%reldir%/gemt.inc.in \
	%reldir%/last_error_message.inc \
	$(TSBLAS_F77_TEST_TEMPLATES) \
	%reldir%/tests/x_test_support.f90.in \
	%reldir%/tests/x_chk_module.f90.in \
	%reldir%/tests/x_chk_device.f90.in \
	%reldir%/tests/check_legacy.f \
	%reldir%/tests/runif.f \
	%reldir%/tests/xerbla.f \
	%reldir%/tests/chkxer.f \
	%reldir%/tests/check_module.f90 \
	%reldir%/tests/check_device.f90 \
	%reldir%/tests/check_type_errors.sh.in \
	%reldir%/tests/wrong_kind_generic.f90 \
	%reldir%/tests/wrong_type_specific.f90

if HAVE_FORTRAN

# ---------------------------------------------------------------- the module
lib_LTLIBRARIES += libtsblasf.la
libtsblasf_la_SOURCES = %reldir%/tsblas.F90
libtsblasf_la_CPPFLAGS = -DTSBLAS_ILP64=$(TSBLAS_ILP64)
libtsblasf_la_FCFLAGS = -I%reldir% -J%reldir%
libtsblasf_la_LIBADD = libtsblas.la
# -version-info current:revision:age by libtool's rules (src/c/local.mk).
libtsblasf_la_LDFLAGS = -version-info 0:0:0
EXTRA_libtsblasf_la_DEPENDENCIES = %reldir%/libtsblasf.map
if HAVE_LD_VERSION_SCRIPT
libtsblasf_la_LDFLAGS += -Wl,--version-script=$(srcdir)/%reldir%/libtsblasf.map
endif

nodist_fmod_DATA = %reldir%/tsblas.mod
pkgconfig_DATA += tsblasf.pc

$(libtsblasf_la_OBJECTS): $(TSBLAS_FMOD_GEMM_PIECES) $(TSBLAS_FMOD_GEMT_PIECES) \
	%reldir%/last_error_message.inc
# gfortran writes the module file while it compiles the object.
%reldir%/tsblas.mod: $(libtsblasf_la_OBJECTS)
	@test -f $@ || { rm -f $(libtsblasf_la_OBJECTS); $(MAKE) $(AM_MAKEFLAGS) $(libtsblasf_la_OBJECTS); }

$(TSBLAS_FMOD_GEMM_PIECES): %reldir%/%.inc: %reldir%/gemm_shaped.inc.in %reldir%/instantiate.sh
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	$(TSBLAS_INSTANTIATE) $(srcdir)/%reldir%/gemm_shaped.inc.in $(*F) > $@-t && mv -f $@-t $@
$(TSBLAS_FMOD_GEMT_PIECES): %reldir%/%.inc: %reldir%/gemt.inc.in %reldir%/instantiate.sh
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	$(TSBLAS_INSTANTIATE) $(srcdir)/%reldir%/gemt.inc.in $(*F) > $@-t && mv -f $@-t $@

# ----------------------------------------------------------------- the tests
# Compiled as a caller of this build compiles: -fdefault-integer-8 when ILP64.
TSBLAS_FORTRAN_TEST_FLAGS = $(TSBLAS_ILP64_FCFLAGS) -I%reldir% -J%reldir%/tests

$(TSBLAS_F77_TEST_PIECES): %reldir%/tests/%_legacy.f: $(TSBLAS_F77_TEST_TEMPLATES) \
	%reldir%/instantiate.sh
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	for template in $(TSBLAS_F77_TEST_TEMPLATES); do \
	  $(TSBLAS_INSTANTIATE) $(srcdir)/$$template $(*F) || exit 1; \
	done > $@-t && mv -f $@-t $@
$(TSBLAS_F_SUPPORT_PIECES): %reldir%/tests/%_test_support.f90: \
	%reldir%/tests/x_test_support.f90.in %reldir%/instantiate.sh
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	$(TSBLAS_INSTANTIATE) $(srcdir)/%reldir%/tests/x_test_support.f90.in $(*F) > $@-t && \
	mv -f $@-t $@
$(TSBLAS_F_MODULE_TEST_PIECES): %reldir%/tests/%_chk_module.f90: \
	%reldir%/tests/x_chk_module.f90.in %reldir%/instantiate.sh
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	$(TSBLAS_INSTANTIATE) $(srcdir)/%reldir%/tests/x_chk_module.f90.in $(*F) > $@-t && \
	mv -f $@-t $@
$(TSBLAS_F_DEVICE_TEST_PIECES): %reldir%/tests/%_chk_device.f90: \
	%reldir%/tests/x_chk_device.f90.in %reldir%/instantiate.sh
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	$(TSBLAS_INSTANTIATE) $(srcdir)/%reldir%/tests/x_chk_device.f90.in $(*F) > $@-t && \
	mv -f $@-t $@

# The legacy face: FORTRAN 77 calls of the 16 routines, the program's XERBLA.
check_PROGRAMS += %reldir%/tests/check_legacy
%canon_reldir%_tests_check_legacy_SOURCES = \
	%reldir%/tests/check_legacy.f %reldir%/tests/runif.f \
	%reldir%/tests/xerbla.f %reldir%/tests/chkxer.f
nodist_%canon_reldir%_tests_check_legacy_SOURCES = $(TSBLAS_F77_TEST_PIECES)
%canon_reldir%_tests_check_legacy_FFLAGS = $(TSBLAS_FORTRAN_TEST_FLAGS)
%canon_reldir%_tests_check_legacy_LDADD = libtsblas.la
%canon_reldir%_tests_check_legacy_LDFLAGS = $(OPENMP_CFLAGS)

# What the module and device tests share: random data and references
# (modules test_support_s, ...), compiled once.
check_LTLIBRARIES += %reldir%/tests/libtestsupport.la
nodist_%canon_reldir%_tests_libtestsupport_la_SOURCES = $(TSBLAS_F_SUPPORT_PIECES)
%canon_reldir%_tests_libtestsupport_la_FCFLAGS = $(TSBLAS_FORTRAN_TEST_FLAGS)

# The module face: generic names, INFO, the last error.
check_PROGRAMS += %reldir%/tests/check_module
%canon_reldir%_tests_check_module_SOURCES = \
	%reldir%/tests/check_module.f90 %reldir%/tests/xerbla.f
nodist_%canon_reldir%_tests_check_module_SOURCES = $(TSBLAS_F_MODULE_TEST_PIECES)
%canon_reldir%_tests_check_module_FCFLAGS = $(TSBLAS_FORTRAN_TEST_FLAGS)
%canon_reldir%_tests_check_module_FFLAGS = $(TSBLAS_FORTRAN_TEST_FLAGS)
%canon_reldir%_tests_check_module_LDADD = \
	%reldir%/tests/libtestsupport.la libtsblasf.la libtsblas.la
%canon_reldir%_tests_check_module_LDFLAGS = $(OPENMP_CFLAGS)

# The GPU memory helpers (exit status 77, skipped, without a usable GPU).
check_PROGRAMS += %reldir%/tests/check_device
%canon_reldir%_tests_check_device_SOURCES = %reldir%/tests/check_device.f90
nodist_%canon_reldir%_tests_check_device_SOURCES = $(TSBLAS_F_DEVICE_TEST_PIECES)
%canon_reldir%_tests_check_device_FCFLAGS = $(TSBLAS_FORTRAN_TEST_FLAGS)
%canon_reldir%_tests_check_device_LDADD = \
	%reldir%/tests/libtestsupport.la libtsblasf.la libtsblas.la
%canon_reldir%_tests_check_device_LDFLAGS = $(OPENMP_CFLAGS)

# A wrongly typed argument through the module is a compile error.
check_SCRIPTS += %reldir%/tests/check_type_errors
%reldir%/tests/check_type_errors: %reldir%/tests/check_type_errors.sh.in Makefile
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	$(SED) -e 's|@fc@|$(FC)|g' \
	    -e 's|@fcflags@|$(FCFLAGS) $(TSBLAS_ILP64_FCFLAGS)|g' \
	    -e 's|@moddir@|%reldir%|g' \
	    -e 's|@testsrcdir@|$(srcdir)/%reldir%/tests|g' \
	    $(srcdir)/%reldir%/tests/check_type_errors.sh.in > $@-t && \
	chmod +x $@-t && mv -f $@-t $@

TESTS += \
	%reldir%/tests/check_legacy \
	%reldir%/tests/check_module \
	%reldir%/tests/check_device \
	%reldir%/tests/check_type_errors

# Module order: the module before its users.  (Written with the _OBJECTS
# variables: a rule naming an object would replace automake's own.)
$(%canon_reldir%_tests_libtestsupport_la_OBJECTS): $(libtsblasf_la_OBJECTS)
$(%canon_reldir%_tests_check_module_OBJECTS): $(%canon_reldir%_tests_libtestsupport_la_OBJECTS)
$(%canon_reldir%_tests_check_device_OBJECTS): $(%canon_reldir%_tests_libtestsupport_la_OBJECTS)

endif

CLEANFILES += \
	%reldir%/*.mod %reldir%/tests/*.mod \
	$(TSBLAS_FMOD_GEMM_PIECES) $(TSBLAS_FMOD_GEMT_PIECES) \
	$(TSBLAS_F77_TEST_PIECES) $(TSBLAS_F_SUPPORT_PIECES) \
	$(TSBLAS_F_MODULE_TEST_PIECES) $(TSBLAS_F_DEVICE_TEST_PIECES) \
	%reldir%/tests/check_type_errors
