#!/bin/sh
# make-plots.sh: make the plots of doc/ again from the data in doc/data/.
#   sh doc/make-plots.sh
# Runs from the source tree's root whatever the current folder; needs
# Python 3 with matplotlib (Debian: python3-matplotlib).  Each command is
# the one its page names.
set -e
cd "$(dirname "$0")/.."

# Host: doc/host-performance.md, "The plots".
python3 doc/host_perf_report.py --roof fma=728.3,read=145.4,copy=133.7,cache=300M \
    plot doc/host-roofline-16core.png "16 cores, OpenBLAS 0.3.26, 1 GiB, 79278c9" \
    doc/data/host-16core-sweep-*.csv
python3 doc/host_perf_report.py --roof fma=117.0,read=55.45,copy=49.7,cache=32M \
    plot doc/host-roofline-2core-zen4.png "2 cores, Zen 4, OpenBLAS 0.3.21, 256 MiB, 79278c9" \
    doc/data/host-2core-zen4-sweep-*.csv

# GPU: doc/gpu-performance.md, "Plots".
python3 doc/gpu_perf_report.py --size 4G plot doc/gpu-roofline.png \
    doc/data/gpu-h100-full-4g.csv doc/data/gpu-h100-ctsmm-table-4g.csv
python3 doc/gpu_perf_report.py --size 1G --device H200 plot doc/gpu-roofline-h200.png \
    doc/data/gpu-h200-full-1g.csv
