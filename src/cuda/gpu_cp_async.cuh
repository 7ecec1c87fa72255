/*
 * gpu_cp_async.cuh: the asynchronous copies from global into shared
 * memory (PTX cp.async) that the kernels of the GPU path issue.
 *
 * Purpose
 * =======
 * One place for the inline PTX of cp.async, which the copies of single
 * elements (tsm_copy_element), of chunks (gpu_tsmttsm_chunks.cuh) and of
 * the columns of xMTSM (gpu_mtsm.cu) issue.  cp.async exists from sm_80
 * on: the copies are defined only there (a call outside an
 * __CUDA_ARCH__ >= 800 guard does not compile), and each caller chooses
 * what an older device does instead.  A copy moves BYTES (4, 8 or 16)
 * from SRC in global memory to the shared-memory address TO; with a
 * source size SRC_BYTES, only the first SRC_BYTES are read and the rest
 * of the BYTES are zero-filled, so that a copy of source size 0 zeroes
 * its destination without reading (SRC must still be a valid address).
 * The copies of a thread land once committed as a group and waited for
 * (tsm_commit_copies, tsm_wait_copies), which on older devices, whose
 * copies are synchronous, do nothing.
 */
#ifndef TSBLAS_GPU_CP_ASYNC_CUH
#define TSBLAS_GPU_CP_ASYNC_CUH

namespace tsblas {

#if __CUDA_ARCH__ >= 800
/* BYTES from SRC, cached in L1 and L2 (.ca). */
template <int BYTES>
__device__ inline void cp_async_ca(unsigned to, const void *src)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(to), "l"(src), "n"(BYTES)
                 : "memory");
}

/* The same, of which only the first SRC_BYTES are read, the rest zero. */
template <int BYTES>
__device__ inline void cp_async_ca(unsigned to, const void *src, int src_bytes)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" ::"r"(to), "l"(src),
                 "n"(BYTES), "r"(src_bytes)
                 : "memory");
}

/* 16 bytes, cached in L2 only (.cg, which takes only 16), of which only
   the first SRC_BYTES are read, the rest zero. */
__device__ inline void cp_async_cg16(unsigned to, const void *src, int src_bytes)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(to), "l"(src),
                 "r"(src_bytes)
                 : "memory");
}
#endif

/* Commits the copies a thread has issued since its last commit as one
   group. */
__device__ inline void tsm_commit_copies()
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}

/* Waits until at most N of the thread's groups are in flight. */
template <int N>
__device__ inline void tsm_wait_copies()
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
#endif
}

/* ---- mbarriers in shared memory, for copies that land by an mbarrier
   rather than by a thread's groups (a warp that copies, others that
   compute; sm_80 on) ---- */

/* Sets the mbarrier at shared-memory address BAR to expect COUNT arrivals
   a phase. */
__device__ inline void tsm_mbarrier_init(unsigned bar, int count)
{
#if __CUDA_ARCH__ >= 800
    asm volatile("mbarrier.init.shared.b64 [%0], %1;\n" ::"r"(bar), "r"(count) : "memory");
#endif
}

/* One arrival of the calling thread on BAR (release: its earlier reads
   and writes of shared memory come before). */
__device__ inline void tsm_mbarrier_arrive(unsigned bar)
{
#if __CUDA_ARCH__ >= 800
    asm volatile("{\n .reg .b64 state;\n mbarrier.arrive.shared.b64 state, [%0];\n}\n" ::"r"(bar)
                 : "memory");
#endif
}

/* One arrival on BAR once every copy the calling thread has issued so far
   has landed (counted among the arrivals BAR expects). */
__device__ inline void tsm_mbarrier_arrive_copies(unsigned bar)
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];\n" ::"r"(bar) : "memory");
#endif
}

/* Waits until the phase of BAR of parity PARITY (0, 1, 0, ... from its
   init) is complete (acquire: what the arrivals released is visible). */
__device__ inline void tsm_mbarrier_wait(unsigned bar, unsigned parity)
{
#if __CUDA_ARCH__ >= 900
    asm volatile("{\n .reg .pred done;\n tsm_wait:\n"
                 " mbarrier.try_wait.parity.shared.b64 done, [%0], %1;\n"
                 " @!done bra tsm_wait;\n}\n" ::"r"(bar),
                 "r"(parity)
                 : "memory");
#elif __CUDA_ARCH__ >= 800
    asm volatile("{\n .reg .pred done;\n tsm_wait:\n"
                 " mbarrier.test_wait.parity.shared.b64 done, [%0], %1;\n"
                 " @!done bra tsm_wait;\n}\n" ::"r"(bar),
                 "r"(parity)
                 : "memory");
#endif
}

} /* namespace tsblas */

#endif
