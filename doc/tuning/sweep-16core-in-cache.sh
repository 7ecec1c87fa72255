#!/bin/bash
# The 16-core sweeps with --in-cache 256K,1M,4M: $1 = tsmm | mtsm,gemt | tsmttsm
START=$(date +%s); cd "$(dirname "$0")"
export OMP_WAIT_POLICY=passive
case $1 in
  tsmm|tsmttsm) args="--widths 1-16,24,32,48,64 --pairs 1x64,64x1,4x32,32x4,3x17,17x33,2x8" ;;
  *) args="--widths 1,2,3,4,5,8,12,16,32,64" ;;
esac
name=$(echo $1 | tr , -)
timeout ${2:-570} ./tsblas_bench --full $args --bytes 1G --in-cache 256K,1M,4M --routines $1 \
   --csv $OUT/host-16core-79278c9-$name.csv > $OUT/sweep-$name.txt 2>&1
echo "$1 rc=$? took $(( $(date +%s) - START )) s"
