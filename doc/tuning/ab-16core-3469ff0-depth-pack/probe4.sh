#!/bin/bash
# Does one thread in cache, times 16, stand for 16 threads in cache?  Spinning
# threads (active wait) so that wake-ups do not count; 1 MiB a thread.
cd "$(dirname "$0")"
for t in 1 16; do
  OMP_NUM_THREADS=$t ./tsblas_bench --routines gemt --precisions d --orders col --widths 1 --pairs none --bytes 1M --bw-bytes 64M --reps 1 2>&1 | grep "FMA rate" | sed "s/^/t=$t /"
done
for round in 1 2 3; do
for c in "mtsm d col 16" "mtsm z col 16" "mtsm z col 8" "mtsm c col 16" "tsmm d int 8" "tsmm z int 12" "tsmm s int 16" "tsmm d col 16" "tsmm z col 8"; do
  set -- $c
  one=$(OMP_NUM_THREADS=1 OMP_WAIT_POLICY=active ALIGN=1 ./prof $1 $2 $3 $4 1 200 | sed 's/.*: //')
  all=$(OMP_NUM_THREADS=16 OMP_WAIT_POLICY=active ALIGN=1 ./prof $1 $2 $3 $4 16 200 | sed 's/.*: //')
  echo "r=$round $c | 1 thread, 1 MiB: $one | 16 threads, 16 MiB: $all"
done; done
