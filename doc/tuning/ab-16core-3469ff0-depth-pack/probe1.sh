#!/bin/bash
# probe 1: topology, xMTSM col depth/strip knobs at 16 and 8 threads, 1 GiB
START=$(date +%s); cd "$(dirname "$0")"
export OMP_WAIT_POLICY=passive
{ nproc; lscpu; lscpu -e; grep -m1 "model name" /proc/cpuinfo; cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list; } > $OUT/machine.txt 2>&1
for t in 1; do for c in "d 16" "z 16" "d 8" "z 8"; do set -- $c
  for e in "XP_NONE=1" "XP_DEPTH=32" "XP_DEPTH=64"; do
   echo "t=1 cache $c $e: $(env $e OMP_NUM_THREADS=1 ALIGN=1 ./prof mtsm $1 col $2 1 200 | cut -d: -f2)"; done; done; done > $OUT/xp.txt
for round in 1 2; do for t in 16 8; do for c in "d 8" "d 16" "z 8" "z 16" "c 16" "s 16"; do set -- $c
  for e in "XP_NONE=1" "XP_DEPTH=32" "XP_DEPTH=64" "XP_DEPTH=64 XP_STRIP=49152" "XP_DEPTH=64 XP_PFMAX=64"; do
    [ $t = 8 ] && [ "$e" != "XP_NONE=1" ] && [ "$e" != "XP_DEPTH=64" ] && continue
    echo "r=$round t=$t $c $e: $(env $e OMP_NUM_THREADS=$t ALIGN=1 ./prof mtsm $1 col $2 1024 5 | cut -d: -f2)"
  done; done; done; echo "round $round at $(( $(date +%s) - START )) s" >&2; done >> $OUT/xp.txt
for t in 16 8; do OMP_NUM_THREADS=$t OPENBLAS_NUM_THREADS=$t ./tsblas_bench --routines mtsm --precisions sdcz --orders col --widths 8,16 --bytes 1G --reps 3 > $OUT/bench_t$t.txt 2>&1; done
echo "took $(( $(date +%s) - START )) s"
