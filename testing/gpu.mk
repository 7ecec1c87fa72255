# testing: the GPU tests.
