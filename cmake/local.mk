# cmake: the CMake package, $(libdir)/cmake/tsblas, for find_package(tsblas)
# (README.md, "Using tsblas from CMake"); testing/cmake.mk tests it.
#
# tsblasConfigVersion.cmake holds no paths: configure makes it, as it makes
# tsblas.pc.  tsblasConfig.cmake is made here, at make time, because it
# names the installation directories relative to the prefix (make has
# $(libdir) and the others expanded), so that the installed tree works
# wherever it is staged (DESTDIR) or moved.  Its link
# flags are those of tsblas*.pc: the same configure substitutions.

tsblascmakedir = $(libdir)/cmake/tsblas
nodist_tsblascmake_DATA = %reldir%/tsblasConfig.cmake %reldir%/tsblasConfigVersion.cmake
EXTRA_DIST += %reldir%/tsblasConfig.cmake.in %reldir%/tsblasConfigVersion.cmake.in
CLEANFILES += %reldir%/tsblasConfig.cmake

if HAVE_FORTRAN
TSBLAS_CMAKE_HAVE_FORTRAN = TRUE
else
TSBLAS_CMAKE_HAVE_FORTRAN = FALSE
endif
if HAVE_MPI
TSBLAS_CMAKE_HAVE_MPI = TRUE
else
TSBLAS_CMAKE_HAVE_MPI = FALSE
endif

# The placeholders are written [@]NAME[@] so that config.status, which
# substitutes @NAME@ in this Makefile, leaves them to sed.
# under_prefix DIR: DIR as the config file writes it, ${_tsblas_prefix}/...
# when DIR is below the prefix, else DIR.  The prefix itself is found from
# the config file's directory, $(tsblascmakedir), as many levels up as that
# lies below the prefix; with $(libdir) outside the prefix, it is absolute.
%reldir%/tsblasConfig.cmake: %reldir%/tsblasConfig.cmake.in Makefile
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	under_prefix() { \
	  case $$1 in \
	    '$(prefix)'/*) echo "\$${_tsblas_prefix}/$${1#'$(prefix)'/}" ;; \
	    *) echo "$$1" ;; \
	  esac; \
	} && \
	case '$(tsblascmakedir)' in \
	  '$(prefix)'/*) cmake_prefix="\$${CMAKE_CURRENT_LIST_DIR}/`echo '$(tsblascmakedir)' | \
	      sed -e 's|^$(prefix)/||' -e 's|[^/][^/]*|..|g'`" ;; \
	  *) cmake_prefix='$(prefix)' ;; \
	esac && \
	$(SED) -e "s|[@]TSBLAS_CMAKE_PREFIX[@]|$$cmake_prefix|g" \
	    -e "s|[@]TSBLAS_CMAKE_LIBDIR[@]|`under_prefix '$(libdir)'`|g" \
	    -e "s|[@]TSBLAS_CMAKE_INCLUDEDIR[@]|`under_prefix '$(includedir)'`|g" \
	    -e "s|[@]TSBLAS_CMAKE_FMODDIR[@]|`under_prefix '$(fmoddir)'`|g" \
	    -e 's|[@]TSBLAS_CMAKE_HAVE_FORTRAN[@]|$(TSBLAS_CMAKE_HAVE_FORTRAN)|g' \
	    -e 's|[@]TSBLAS_CMAKE_HAVE_MPI[@]|$(TSBLAS_CMAKE_HAVE_MPI)|g' \
	    -e 's|[@]TSBLAS_LIBS_PRIVATE[@]|$(TSBLAS_LIBS_PRIVATE)|g' \
	    -e 's|[@]TSBLAS_ILP64_FCFLAGS[@]|$(TSBLAS_ILP64_FCFLAGS)|g' \
	    -e 's|[@]MPI_LIBS[@]|$(MPI_LIBS)|g' \
	    -e 's|[@]MPI_CFLAGS[@]|$(MPI_CFLAGS)|g' \
	    -e 's|[@]PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	    $(srcdir)/%reldir%/tsblasConfig.cmake.in > $@-t && \
	mv -f $@-t $@
