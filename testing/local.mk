# testing: the LAPACK-style test drivers.
