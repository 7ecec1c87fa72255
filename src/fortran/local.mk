# src/fortran: the Fortran module.
