/*
 * gpu_tsmttsm_tsmm_table.cu: the path of each xTSMTTSM and xTSMM call on
 * the GPU, as measured by the tuning sweep (testing/gpu_tune_tsm.sh).
 *
 * Written by "testing/gpu_tune_tsm.sh table" from:
 *   doc/tuning/h100-tune-direct.csv
 *   doc/tuning/h100-tune-staged-small.csv
 *   doc/tuning/h100-tune-staged-large.csv
 *   doc/tuning/h100-tune-tensor.csv
 *   doc/tuning/h100-gpu-full.csv
 *   doc/tuning/h100-gpu-full-width1-pairs.csv
 *   doc/tuning/h100-tsmttsm-check.csv
 * Do not edit: sweep again on the target GPU instead
 * (doc/gpu-performance.md).  One character per width 1..64 (the width
 * of tsm_choose_path): d direct kernel, s staged kernel with small tiles,
 * l staged kernel with large tiles, t tensor-core kernel (DTSMTTSM and
 * ZTSMTTSM), c cuBLAS.
 */
#include <config.h>
#include "gpu_tsmttsm_tsmm_common.cuh"

namespace tsblas {

static const char *const tuned_paths[2][4][2] = {
    { /* xTSMTTSM */
        {
            "ddddssssssssccccsssscccccsssccccssssllllssssssllllllllllcccccccc", /* S col */
            "ddddddddsssscccdsssssssssssssssscccccccccccccccccccccccccccccccc" }, /* S int */
        {
            "ddtttttttttttttttttttttctccccctctttttttttttttttttctttttttttttttt", /* D col */
            "dddttdtttctttcttccctccctccctctcttttttttttttttttctttttttttttttttt" }, /* D int */
        {
            "ddddsssdssssccccssssccccccccccccsssscccccccccccccccccccccccccccc", /* C col */
            "ddddddddsdsdddddssssccccccccccccsssscccccccccccccccccccccccccccc" }, /* C int */
        {
            "sstttstttttcctccttttttcccttctcccctttcttccctcccctccttcccccccccccc", /* Z col */
            "ddsssstttttctctttctccccccctctctttctctctctctctctctctccccccccccccc" }, /* Z int */
    },
    { /* xTSMM */
        {
            "ddddddcdcccccccccccccccccccccccccccccccccccccccccccccccccccccccc", /* S col */
            "ddddddcccccccccccccccccccccccccccccccccccccccccccccccccccccccccc" }, /* S int */
        {
            "ddddddddssscscccccccccccccccccccscsccccccccccccccccccccccccccccc", /* D col */
            "ddddssssssccsccsccccccccccccccccscscscsccccccccccccccccccccccccc" }, /* D int */
        {
            "ddddddddssssssssssssscccccccccccsssssssssssscccccccccccccccccccc", /* C col */
            "ddddsssssssssscsssscccccccccccccssssssssssscscccsccccccccccccccc" }, /* C int */
        {
            "sssdllsdslllssscssssssccccccccccllllllllsccccccccccccccccccccccc", /* Z col */
            "dddsslssssssssssssssslssccccccccslsscccccccccccccccccccccccccccc" }, /* Z int */
    },
};

char tsm_tuned_path_code(enum tsblas_routine routine, int precision, bool interleaved,
                         int width)
{
    return tuned_paths[routine == TSBLAS_TSMM][precision][interleaved][width - 1];
}

} /* namespace tsblas */
