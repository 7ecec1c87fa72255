# testing: tsblas_bench.
