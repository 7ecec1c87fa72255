# src/cuda: the GPU path (owned by the CUDA work).
TSBLAS_CUDA_LIBADD =
