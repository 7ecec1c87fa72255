#!/bin/sh
# gpu_tune_tsm.sh: the tuning sweep of the GPU paths of xTSMTTSM and xTSMM,
# and the table of paths it yields (src/cuda/gpu_tsmttsm_tsmm_table.cu).
#
# Usage:
#   testing/gpu_tune_tsm.sh sweep [--bytes SIZE] [--reps N] [--paths LIST]
#           [--routines LIST] [--precisions LETTERS] [--orders LIST]
#           [--rows-multiple N] BUILD_DIR OUT_DIR
#       On a host with a GPU: runs BUILD_DIR/testing/tsblas_bench once per
#       path (TSBLAS_GPU_TSM_PATH = direct, staged-small, staged-large,
#       tensor, tensor-rows, fma), each run timing that path and cuBLAS on
#       the same calls: xTSMTTSM and xTSMM, S/D/C/Z, both storage orders, square
#       widths (direct 2-16, staged-small 2-64, staged-large 4-64; tensor,
#       the FP64 tensor-core kernels of xTSMTTSM and xTSMM, 2-64;
#       tensor-rows, the tensor kernel of STSMTTSM and DTSMTTSM
#       interleaved without FLAT's copies of a chunk as one run of memory,
#       2-64, interleaved only, in the table at widths 2 mod 4 only;
#       fma, the CUDA-core chunk kernels of STSMTTSM, CTSMTTSM and xTSMM,
#       2-64), tall operands of SIZE (default 256M:
#       five times the H100's L2 cache, a sixteenth of the time of 4G),
#       median of N runs (default 3), the paths of the comma-separated LIST
#       (default all), the routines of LIST (tsmttsm, tsmm; default both),
#       the precisions of LETTERS (of sdcz, default all) and
#       the storage orders of LIST (col, int; default both), the long
#       dimension a multiple of N (tsblas_bench --rows-multiple; default
#       as SIZE gives it).  Writes OUT_DIR/tune-PATH.csv (xTSMM of the tensor
#       and fma paths: tune-tensor-tsmm.csv, tune-fma-tsmm.csv) and the
#       logs.
#   testing/gpu_tune_tsm.sh table [--device NAME] CSV... [--device NAME CSV...]...
#           > src/cuda/gpu_tsmttsm_tsmm_table.cu
#       Writes one table per --device NAME (the GPU's name as nvidia-smi -L
#       and the CUDA runtime give it; without --device, one table for any
#       GPU), each from its CSV files; a GPU that no table names takes the
#       first.  A table is made from the CSV files of a sweep (named
#       *tune-PATH.csv): for each routine, precision, order and width the
#       fastest of the paths measured, and cuBLAS (c) unless one of ours is
#       at least as fast as the median of cuBLAS's times for that call (one
#       a file: its fastest of several runs would favour it by its spread
#       alone).  Width 1 is not
#       swept (cuBLAS takes seconds on some interleaved complex calls there):
#       it takes the path of the nearest width measured, as does any width
#       no file covers.  With no CSV file every width gets c.
#       Any other CSV file is a check at full size: tsblas_bench run with
#       the library built with the table of the same sweep files.  Where
#       such a run found our path slower than cuBLAS on a square call, at
#       any of the sizes in the file, the width gets c (on the H100 the
#       sweep's smaller operands favoured our kernels at some widths;
#       doc/gpu-performance.md); a later check file replaces what earlier
#       ones said of the calls it measured (a newer kernel).
#
# A table is made for the GPU the sweep ran on; doc/gpu-performance.md
# says how the tables in the tree were made and how to make one for
# another GPU.
set -u

usage() {
  sed -n '2,52p' "$0" >&2
  exit 2
}

sweep() {
  bytes=256M
  reps=3
  paths="direct staged-small staged-large tensor tensor-rows fma"
  wanted=tsmttsm,tsmm
  only=sdcz
  orders=col,int
  multiple=1
  while test $# -gt 0; do
    case $1 in
      --bytes) bytes=$2; shift 2 ;;
      --reps) reps=$2; shift 2 ;;
      --paths) paths=`echo "$2" | tr , ' '`; shift 2 ;;
      --routines) wanted=$2; shift 2 ;;
      --precisions) only=`echo "$2" | tr A-Z a-z | sed 's/^all$/sdcz/' | tr -d ,`; shift 2 ;;
      --orders) orders=$2; shift 2 ;;
      --rows-multiple) multiple=$2; shift 2 ;;
      -*) usage ;;
      *) break ;;
    esac
  done
  test $# -eq 2 || usage
  case $only in
    ''|*[!sdcz]*) usage ;;
  esac
  for r in `echo "$wanted" | tr , ' '`; do
    case $r in
      tsmttsm|tsmm) ;;
      *) usage ;;
    esac
  done
  build=$1
  out=$2
  mkdir -p "$out" || exit 2
  status=0
  for path in $paths; do
    # one bench run per routine set of the path: NAME:ROUTINES:PRECISIONS:WIDTHS
    case $path in
      direct) runs="direct:tsmttsm,tsmm:sdcz:2-16" ;;
      staged-small) runs="staged-small:tsmttsm,tsmm:sdcz:2-64" ;;
      staged-large) runs="staged-large:tsmttsm,tsmm:sdcz:4-64" ;;
      tensor) runs="tensor:tsmttsm:sdcz:2-64 tensor-tsmm:tsmm:sdcz:2-64" ;;
      tensor-rows) runs="tensor-rows:tsmttsm:sd:2-64" ;;
      fma) runs="fma:tsmttsm:sc:2-64 fma-tsmm:tsmm:sdcz:2-64" ;;
      *) usage ;;
    esac
    for run in $runs; do
      name=${run%%:*}
      rest=${run#*:}
      routines=
      for r in `echo "${rest%%:*}" | tr , ' '`; do
        case ,$wanted, in
          *,$r,*) routines=$routines${routines:+,}$r ;;
        esac
      done
      rest=${rest#*:}
      precisions=`echo "${rest%%:*}" | tr -cd "$only"`
      widths=${rest#*:}
      run_orders=$orders
      if test "$path" = tensor-rows; then
        case ,`echo "$orders" | tr A-Z a-z`, in
          *,int,*|*,both,*|*,all,*) run_orders=int ;;
          *) run_orders= ;;
        esac
      fi
      test -n "$precisions" && test -n "$routines" && test -n "$run_orders" || continue
      TSBLAS_GPU_TSM_PATH=$path "$build/testing/tsblas_bench" --gpu --routines $routines \
        --precisions $precisions --orders "$run_orders" --widths $widths --pairs none \
        --bytes "$bytes" --rows-multiple "$multiple" --reps "$reps" \
        --csv "$out/tune-$name.csv" > "$out/tune-$name.txt" 2>&1
      rc=$?
      echo "tuning sweep, path $path ($routines): exit $rc, `tail -n 1 "$out/tune-$name.txt"`"
      test $rc -eq 0 || status=1
    done
  done
  return $status
}

# One device's table from CSV files: its comment lines (the files) and its
# initializer, { "DEVICE", { ... } },
device_table() {
  device=$1
  shift
  awk -F, -v device="$device" '
    function code_of(path) {
      if (path == "direct") return "d"
      if (path == "staged-small") return "s"
      if (path == "staged-large") return "l"
      if (path == "tensor" || path == "tensor-tsmm") return "t"
      if (path == "tensor-rows") return "u"
      if (path == "fma" || path == "fma-tsmm") return "f"
      return ""
    }
    FNR == 1 {
      path = FILENAME
      sub(/.*tune-/, "", path)
      sub(/\.csv$/, "", path)
      code = code_of(path)
      for (i = 1; i <= NF; i++) col[$i] = i
      next
    }
    $col["target"] == "gpu" && $col["status"] == "ok" {
      routine = $col["routine"]
      if (routine != "TSMTTSM" && routine != "TSMM") next
      # the width of a square call: M = N (TSMTTSM), K = the short side
      # of C (TSMM); other calls are not in the table
      short = $col["m"] + 0 < $col["n"] + 0 ? $col["m"] + 0 : $col["n"] + 0
      w = routine == "TSMTTSM" ? $col["m"] + 0 : $col["k"] + 0
      if (routine == "TSMTTSM" ? $col["m"] != $col["n"] : w != short) next
      # tensor-rows (u) stands only at the widths where the library
      # heeds it and a square call takes FLAT: 2 mod 4 (odd widths keep
      # FLAT, tsm_flat_copies; multiples of 4 take none), DTSMTTSM to 40
      # (dtsmttsm_flat)
      if (code == "u" && (w % 4 != 2 || ($col["precision"] == "D" && w > 40))) next
      key = routine SUBSEP $col["precision"] SUBSEP $col["order"]
      ours = $col["tsblas_ms"] + 0
      theirs = $col["baseline_ms"] + 0
      if (!(FILENAME in seen)) {
        seen[FILENAME] = 1
        files[++nfiles] = FILENAME
      }
      if (code == "") {
        # a later check file replaces what earlier ones said of a call;
        # within one file, a call slower than cuBLAS at any size is slower
        if (ours > 0 && theirs > 0) {
          if (checked_by[key, w] != FILENAME) {
            checked_by[key, w] = FILENAME
            slower[key, w] = 0
          }
          if (ours > theirs)
            slower[key, w] = 1
        }
        next
      }
      if (ours > 0 && (!((key, w) in best) || ours < best[key, w])) {
        best[key, w] = ours
        best_code[key, w] = code
      }
      if (theirs > 0)
        cublas_ms[key, w, ++cublas_runs[key, w]] = theirs
    }
    END {
      # cuBLAS: the median of its times over the files (one run of it a
      # path); its fastest run would favour it by its spread alone
      for (kw in cublas_runs) {
        n = cublas_runs[kw]
        for (i = 1; i <= n; i++)
          sorted[i] = cublas_ms[kw, i]
        for (i = 2; i <= n; i++)
          for (j = i; j > 1 && sorted[j - 1] > sorted[j]; j--) {
            t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t
          }
        cublas[kw] = n % 2 ? sorted[(n + 1) / 2] : (sorted[n / 2] + sorted[n / 2 + 1]) / 2
      }
    }
    END {
      print " * " (device == "" ? "any GPU" : device) ":"
      for (f = 1; f <= nfiles; f++)
        print " *   " files[f]
      if (nfiles == 0)
        print " *   (no measurements: every width takes cuBLAS)"
      print "@@"
      printf "    { \"%s\", {\n", device
      split("TSMTTSM TSMM", routines, " ")
      split("S D C Z", precs, " ")
      split("col int", orders, " ")
      for (r = 1; r <= 2; r++) {
        print "        { /* x" routines[r] " */"
        for (p = 1; p <= 4; p++) {
          print "            {"
          for (o = 1; o <= 2; o++) {
            key = routines[r] SUBSEP precs[p] SUBSEP orders[o]
            s = ""
            for (w = 1; w <= 64; w++) {
              # the nearest width measured, the lower one first
              c = "c"
              for (d = 0; d < 64; d++) {
                if ((key, w - d) in best || (key, w - d) in cublas) { m = w - d; break }
                if ((key, w + d) in best || (key, w + d) in cublas) { m = w + d; break }
              }
              if (d < 64 && (key, m) in best \
                  && (!((key, m) in cublas) || best[key, m] <= cublas[key, m]))
                c = best_code[key, m]
              if ((key, w) in slower && slower[key, w])
                c = "c"
              s = s c
            }
            printf "                \"%s\"%s /* %s %s */\n", s, o == 1 ? "," : " },", precs[p], orders[o]
          }
        }
        print "        },"
      }
      print "    } },"
    }
  ' "$@" /dev/null
}

# The table file: the tables of the device groups of the arguments,
# [--device NAME] CSV... each, the first also the table of any other GPU.
table() {
  tmp=${TMPDIR:-/tmp}/gpu_tune_tsm.$$
  mkdir -p "$tmp" || exit 2
  n=0
  device=
  set -- "$@" --device-end
  files=
  while test $# -gt 0; do
    case $1 in
      --device|--device-end)
        if test $n -gt 0 || test -n "$files"; then
          eval "device_table \"\$device\" $files" > "$tmp/group$n" || exit 2
          n=$((n + 1))
        fi
        test "$1" = --device && { device=$2; shift; }
        files=
        shift
        ;;
      *)
        files="$files '$1'"
        shift
        ;;
    esac
  done
  if test $n -eq 0; then
    device_table "" > "$tmp/group0"
    n=1
  fi
  # SCRIPT of sed over the groups in order: their comment lines (before
  # @@) or their initializers (after)
  groups() {
    i=0
    while test $i -lt $n; do
      sed "$1" "$tmp/group$i"
      i=$((i + 1))
    done
  }
  echo "/*"
  echo " * gpu_tsmttsm_tsmm_table.cu: the path of each xTSMTTSM and xTSMM call on"
  echo " * the GPU, as measured by the tuning sweep (testing/gpu_tune_tsm.sh), one"
  echo " * table per GPU named as the CUDA runtime names it; a GPU not named takes"
  echo " * the first."
  echo " *"
  echo " * Written by \"testing/gpu_tune_tsm.sh table\" from:"
  groups '/^@@$/,$d'
  echo " * Do not edit: sweep again on the target GPU instead"
  echo " * (doc/gpu-performance.md).  One character per width 1..64 (the width"
  echo " * of tsm_choose_path): d direct kernel, s staged kernel with small tiles,"
  echo " * l staged kernel with large tiles, t tensor-core kernel (xTSMTTSM,"
  echo " * xTSMM), u tensor-core kernel without FLAT (STSMTTSM and DTSMTTSM"
  echo " * interleaved of even widths), f CUDA-core chunk kernel (STSMTTSM,"
  echo " * CTSMTTSM and xTSMM), c cuBLAS."
  echo " */"
  echo "#include <config.h>"
  echo "#include \"gpu_tsmttsm_tsmm_common.cuh\""
  echo ""
  echo "namespace tsblas {"
  echo ""
  echo "const tsm_tuned_table tsm_tuned_tables[] = {"
  groups '1,/^@@$/d'
  echo "};"
  echo ""
  echo "const int tsm_tuned_table_count = sizeof tsm_tuned_tables / sizeof tsm_tuned_tables[0];"
  echo ""
  echo "} /* namespace tsblas */"
  rm -rf "$tmp"
}

test $# -ge 1 || usage
mode=$1
shift
case $mode in
  sweep) sweep "$@" ;;
  table) table "$@" ;;
  *) usage ;;
esac
