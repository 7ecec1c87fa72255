#!/bin/bash
START=$(date +%s); cd "$(dirname "$0")"
export OMP_WAIT_POLICY=passive
for round in 1 2; do for c in "d 8" "d 16" "z 8" "z 16" "c 16" "s 16"; do set -- $c
  for e in "XP_NONE=1" "XP_PACK=64" "XP_PACK=64 XP_SUB=256" "XP_PACK=32" "XP_PACK=128 XP_SUB=256"; do
    echo "r=$round t=16 $c $e: $(env $e OMP_NUM_THREADS=16 ALIGN=1 ./prof mtsm $1 col $2 1024 5 | cut -d: -f2)"
  done; done; echo "round $round at $(( $(date +%s) - START )) s" >&2; done > $OUT/xp3.txt
echo "took $(( $(date +%s) - START )) s"
