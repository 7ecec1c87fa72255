/*
 * gpu_tsmttsm_tsmm_table.cu: the path of each xTSMTTSM and xTSMM call on
 * the GPU, as measured by the tuning sweep (testing/gpu_tune_tsm.sh), one
 * table per GPU named as the CUDA runtime names it; a GPU not named takes
 * the first.
 *
 * Written by "testing/gpu_tune_tsm.sh table" from:
 * NVIDIA H100 80GB HBM3:
 *   doc/data/gpu-h100-tune-direct.csv
 *   doc/data/gpu-h100-tune-staged-small.csv
 *   doc/data/gpu-h100-tune-staged-large.csv
 *   doc/data/gpu-h100-tune-tensor.csv
 *   doc/data/gpu-h100-tune-tensor-tsmm.csv
 *   doc/data/gpu-h100-tune-tensor-rows.csv
 *   doc/data/gpu-h100-tune-fma.csv
 *   doc/data/gpu-h100-tune-fma-tsmm.csv
 *   doc/data/gpu-h100-ctsmm-table-4g.csv
 * NVIDIA H200:
 *   doc/data/gpu-h200-tune-direct.csv
 *   doc/data/gpu-h200-tune-staged-small.csv
 *   doc/data/gpu-h200-tune-staged-large.csv
 *   doc/data/gpu-h200-tune-tensor.csv
 *   doc/data/gpu-h200-tune-tensor-tsmm.csv
 *   doc/data/gpu-h200-tune-fma.csv
 *   doc/data/gpu-h200-tune-fma-tsmm.csv
 *   doc/data/gpu-h200-check.csv
 *   doc/data/gpu-h200-tsmttsm-fma-forced.csv
 *   doc/data/gpu-h200-tsmttsm-sc-check.csv
 *   doc/data/gpu-h200-tsmm-fma-forced.csv
 *   doc/data/gpu-h200-tsmm-tensor-forced.csv
 *   doc/data/gpu-h200-tsmttsm-fma-check.csv
 *   doc/data/gpu-h200-tsmm-packed-check.csv
 *   doc/data/gpu-h200-fma-check.csv
 *   doc/data/gpu-h200-z-units-check.csv
 *   doc/data/gpu-h200-z-table-check.csv
 *   doc/data/gpu-h200-tsmttsm-copiers-check.csv
 *   doc/data/gpu-h200-stsmttsm-shifted-check.csv
 *   doc/data/gpu-h200-stsmm-tensor-check.csv
 *   doc/data/gpu-h200-dtsmm-full-check.csv
 *   doc/data/gpu-h200-z-embed-check.csv
 *   doc/data/gpu-h200-dtsmttsm-copiers-check.csv
 *   doc/data/gpu-h200-dtsmm-flat-check.csv
 *   doc/data/gpu-h200-dtsmm-flat-copies-check.csv
 *   doc/data/gpu-h200-stsmttsm-flat-check.csv
 *   doc/data/gpu-h200-dtsmttsm-flat-check.csv
 *   doc/data/gpu-h200-dtsmttsm-flat-table-after-run1.csv
 *   doc/data/gpu-h200-dtsmttsm-flat-table-after-run2.csv
 *   doc/data/gpu-h200-tsmttsm-tiles16x24-check.csv
 *   doc/data/gpu-h200-tsmm-nt-check.csv
 *   doc/data/gpu-h200-tsmm-retune-check.csv
 *   doc/data/gpu-h200-stsmttsm-33-40-check.csv
 * Do not edit: sweep again on the target GPU instead
 * (doc/gpu-performance.md).  One character per width 1..64 (the width
 * of tsm_choose_path): d direct kernel, s staged kernel with small tiles,
 * l staged kernel with large tiles, t tensor-core kernel (xTSMTTSM,
 * xTSMM), u tensor-core kernel without FLAT (STSMTTSM and DTSMTTSM
 * interleaved of even widths), f CUDA-core chunk kernel (STSMTTSM,
 * CTSMTTSM and xTSMM), c cuBLAS.
 */
#include <config.h>
#include "gpu_tsmttsm_tsmm_common.cuh"

namespace tsblas {

const tsm_tuned_table tsm_tuned_tables[] = {
    { "NVIDIA H100 80GB HBM3", {
        { /* xTSMTTSM */
            {
                "ddfftffftttttttttttftttttttttttttttttttttttttttttttttttttttttttt", /* S col */
                "ddddtftftffftufftutftutftutftutftutttutftutttutftutttutttttttttt" }, /* S int */
            {
                "ddddtttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt", /* D col */
                "ddddtttdtttttttttttttttttttttttttttttttttttttttttttttttttttttttt" }, /* D int */
            {
                "ddfdffffffffttttttfftttttttttttttttftttttttttttttttttttttttttttt", /* C col */
                "ddtdttffftffttfftttftttttttttttttftftttttttttttttttttttttttttttt" }, /* C int */
            {
                "ddtdtttttttttttcttttttttttttttcctttttttttttttttttttttttttcctcccc", /* Z col */
                "ddsssttttttttttttttttttttttttctttttttttttttttttttttttttctctctctc" }, /* Z int */
        },
        { /* xTSMM */
            {
                "ffffffffffffffffffffftttfffffftfffffffftffffffffffffffffffffffff", /* S col */
                "ffffffftffffffffffffffftfffffffffffffffffffffffffffftttffffftttt" }, /* S int */
            {
                "ddftfftdttttttttttttttttttfffftctttttttttttttttctttttttctttctctc", /* D col */
                "ffftftftffftffffffftffttfftttftctttttftttftttctttctttctctctctctc" }, /* D int */
            {
                "ddffffftfffffttfffffffttttttttttffffffftfffffftttttttttttttttttt", /* C col */
                "fffdffffffffffffffffffffffcfccctffffffffsfsftftfffttfftccccccccc" }, /* C int */
            {
                "ddsffftttttltttttttttttttttttttttttttttttttttttttttttttttttttttt", /* Z col */
                "dddtslstttftttttfttttttttttttttttttttttttttttttttttttttttttttttt" }, /* Z int */
        },
    } },
    { "NVIDIA H200", {
        { /* xTSMTTSM */
            {
                "ddfftfftttttttttttttttttttttttttfffffffftttttttttttttttttttttttt", /* S col */
                "ddddtftffftftftftttftttftttttttftftftftftttttttftttttttttttttttt" }, /* S int */
            {
                "ddddtttttttttctctttttttccccccccctttttttttttttttttctttttttttttctc", /* D col */
                "ddddtttttttttttttttctttccttctttttttttttttttttttttttttttttttttttc" }, /* D int */
            {
                "ddfdffffffffttttffffffffttttttttfffffffffffftttttttttttttttttttt", /* C col */
                "ddddtttffffftttfffffffffttttttttfffffffffffftttttttttttttttttttt" }, /* C int */
            {
                "ddsdtttttttttttcttttttttctttttcctttttttttttttcctctttcctcctctttcc", /* Z col */
                "ddsstttttttttttttttttttttttccccctttttttttttttttctttctctccccccccc" }, /* Z int */
        },
        { /* xTSMM */
            {
                "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* S col */
                "fffdffffffffffffffffffffffffffffffffffffffffffffffffcccfcccfccct" }, /* S int */
            {
                "ddfffffdftttttttttffttttftfftttttttttttttttctttctttctttttttctttc", /* D col */
                "fffdffftffftffftffftfftttttttttctttttttttttttttttttttttttttttttc" }, /* D int */
            {
                "ddfffffffffffffffffffffffffffcccffffffffffffffffffccfccccccccccc", /* C col */
                "fffdfffffffffffffffffffffcccccccffffffffsfsfsfcfffccffcccccccccc" }, /* C int */
            {
                "ddsdfffffttttttttttttttttttttttttttttttttttttttttttttttttttttttt", /* Z col */
                "dddssfttffftfttttttttttttttttttttttttttttttttttttttttttttttttttt" }, /* Z int */
        },
    } },
};

const int tsm_tuned_table_count = sizeof tsm_tuned_tables / sizeof tsm_tuned_tables[0];

} /* namespace tsblas */
