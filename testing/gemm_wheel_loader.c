/*
 * gemm_wheel_loader.c: opens the module MODULE with RTLD_LOCAL, as Python
 * imports an extension module such as NumPy's, and runs its checks
 * (gemm_module_check of gemm_interposer_check.c).  The module's BLAS, its
 * dependency, is then in the module's local scope alone, as NumPy's
 * wheels keep theirs.  testing/gemm_interposer_wheel.sh runs it.
 *
 * Usage: gemm_wheel_loader MODULE.  Exit status: the module's number of
 * failed checks, or 99 when it cannot be loaded.
 */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    void *module;
    int (*check)(void);

    if (argc != 2) {
        fprintf(stderr, "usage: gemm_wheel_loader MODULE\n");
        return 99;
    }
    module = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (module == NULL) {
        fprintf(stderr, "gemm_wheel_loader: %s\n", dlerror());
        return 99;
    }
    *(void **)&check = dlsym(module, "gemm_module_check");
    if (check == NULL) {
        fprintf(stderr, "gemm_wheel_loader: %s\n", dlerror());
        return 99;
    }
    return check();
}
