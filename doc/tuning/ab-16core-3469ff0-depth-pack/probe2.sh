#!/bin/bash
START=$(date +%s); cd "$(dirname "$0")"
export OMP_WAIT_POLICY=passive
cat /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag > $OUT/thp.txt 2>&1
grep -i huge /proc/meminfo >> $OUT/thp.txt
for round in 1 2; do for t in 2 4 16; do for c in "d 16" "z 8" "z 16"; do set -- $c
  for e in "XP_NONE=1" "XP_DEPTH=64" "HUGE=1" "HUGE=1 XP_DEPTH=64"; do
    [ $t != 16 ] && [ "${e#HUGE}" != "$e" ] && continue
    echo "r=$round t=$t $c $e: $(env $e OMP_NUM_THREADS=$t ALIGN=1 ./prof mtsm $1 col $2 1024 5 | cut -d: -f2)"
  done; done; done; echo "round $round at $(( $(date +%s) - START )) s" >&2; done > $OUT/xp2.txt
grep -i huge /proc/meminfo >> $OUT/thp.txt
echo "took $(( $(date +%s) - START )) s"
