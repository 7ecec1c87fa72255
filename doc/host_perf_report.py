#!/usr/bin/env python3
"""host_perf_report.py: the plots and the tables of doc/host-performance.md
from tsblas_bench (host) CSV files.

Usage:
  python3 doc/host_perf_report.py [--roof fma=F,read=R,copy=C,write=W,cache=SIZE] MODE ...
      --roof puts the rows of files from a tsblas_bench that took P from the
      BLAS's xGEMM (files without the column fma_gflops) under the roofline
      of the machine's limits: P from F, the D FMA rate in Gflop/s (S and C
      twice it, D and Z it), b from R, C and W, the read, copy and write
      bandwidth in GB/s (W, where left out, C; b of the case's mix of reads
      and writes, as tsblas_bench takes it: doc/benchmark.md), each % of
      the roofline again (R and C together or neither); SIZE (e.g. 300M)
      is the largest
      cache, which the notes of cases above the roofline name.  Each part
      may be left out (the file's value stays).  Files with fma_gflops are
      taken as they are.  MODE is one of:
  python3 doc/host_perf_report.py plot OUT.png "MACHINE" CSV...
      % of the roofline against the width on MACHINE (for the title, e.g.
      "2 cores, OpenBLAS 0.3.21, 260 MiB L3"), tsblas solid and the BLAS (for
      xGEMT the plain transpose loop) dashed, one panel per routine and
      precision, the two storage orders in two colours (square widths
      only).  Needs matplotlib (Debian: python3-matplotlib).
  python3 doc/host_perf_report.py summary CSV...
      Per routine, precision and storage order: the cases, the lowest and
      the median % of the roofline, the lowest and the geometric-mean
      speedup over the baseline, and the cases under the goals of the host
      performance issue (85 % of the roofline for xTSMTTSM and xTSMM, 80 %
      of the copy bandwidth for xGEMT, 90 % of the roofline for xMTSM with
      k <= 16; and a speedup below 0.97).  From files of tsblas_bench
      --in-cache, each case under the goal also shows its rate in the
      caches (% of the same roofline), and a last column names those under
      the goal there too: bound by the arithmetic; the others by memory.
  python3 doc/host_perf_report.py summary --brief CSV...
      The same in counts (the tables of doc/host-performance.md): the cases
      at their goal of those that have one, the cases under it in the
      caches too, the speedups below 0.97, and the cases above 100 % of
      the roofline with the letter of their note (see above_roof).
  python3 doc/host_perf_report.py table CSV...
      Every case: the shape, % of the roofline of both sides, the speedup.

The rows of several files are merged; a case present twice keeps its last
row.
"""
import csv
import math
import statistics
import sys

import perf_plot

PRECISIONS = "SDCZ"
ROUTINES = ("TSMTTSM", "TSMM", "MTSM", "GEMT")
ROOF = {}


def shape_of(row):
    """(P, Q): TSMTTSM M x N; TSMM K x width of C; MTSM and GEMT the
    skinny width twice."""
    m, n, k = int(row["m"]), int(row["n"]), int(row["k"] or 0)
    routine = row["routine"]
    if routine == "TSMTTSM":
        return m, n
    if routine == "TSMM":
        return k, (n if m >= n else m)
    w = min(m, n)
    return w, w


def size_bytes(text):
    """Bytes of a size such as 300M (K, M, G binary)."""
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1].upper(), 1)
    return float(text[:-1] if scale > 1 else text) * scale


def parse_roof(text):
    """ROOF from fma=F,read=R,copy=C,write=W,cache=SIZE."""
    roof = {}
    for part in text.split(","):
        key, value = part.split("=")
        if key not in ("fma", "read", "copy", "write", "cache"):
            sys.exit("host_perf_report.py: --roof takes fma, read, copy, write and cache, not "
                     + key)
        roof[key] = size_bytes(value) if key == "cache" else float(value)
    return roof


ELEMENT_BYTES = {"S": 4, "D": 8, "C": 8, "Z": 16}


def mix_bandwidth(row, read, copy, write):
    """b of ROW's mix of reads and writes (tsblas_bench's
    bench_roof_bandwidth): the time a byte takes linear in the written
    share f of its bytes (the M x N output), read only at f = 0, copy at
    1/2, write only at 1."""
    written = float(row["m"]) * float(row["n"]) * ELEMENT_BYTES[row["precision"]]
    f = written / float(row["bytes"])
    if f <= 0.5:
        return 1 / (1 / read + 2 * f * (1 / copy - 1 / read))
    return 1 / (1 / copy + (2 * f - 1) * (1 / write - 1 / copy))


def reroof(row):
    """ROW of a file whose P was the BLAS's xGEMM, under the roofline of
    ROOF: P = the FMA rate (S, C twice), b = that of the case's mix of
    reads and writes (mix_bandwidth) where ROOF has the read and copy
    bandwidth; every % of the roofline scales with it, each being a rate
    over the roofline."""
    routine = row["routine"]
    bandwidth = float(row["bandwidth_gbs"])
    if ("read" in ROOF) != ("copy" in ROOF):
        sys.exit("host_perf_report.py: --roof takes read and copy together (b of a case "
                 "is of both)")
    if "read" in ROOF:
        bandwidth = mix_bandwidth(row, ROOF["read"], ROOF["copy"],
                                  ROOF.get("write", ROOF["copy"]))
    row["blas_gemm_gflops"] = row["peak_gflops"]
    peak = float(row["peak_gflops"])
    if "fma" in ROOF:
        peak = ROOF["fma"] * (2 if row["precision"] in "SC" else 1)
        row["fma_gflops"] = "%g" % ROOF["fma"]
    if routine == "GEMT":
        roofline = bandwidth
    else:
        roofline = min(float(row["flops"]) / float(row["bytes"]) * bandwidth, peak)
    scale = float(row["roofline"]) / roofline
    for key in ("tsblas_pct_roofline", "baseline_pct_roofline", "cache_pct_roofline"):
        if row.get(key):
            row[key] = "%.4g" % (float(row[key]) * scale)
    row["bandwidth_gbs"], row["peak_gflops"] = "%g" % bandwidth, "%g" % peak
    row["roofline"] = "%.6g" % roofline


def above_roof(row):
    """Why a side of ROW is above 100 % of the roofline, or None: "P", a
    faster clock than in the FMA loop; "c", operands in the cache (the
    bytes moved fit the largest cache); "m", part of them from the cache
    or memory faster than when b was measured.  The reasons of
    tsblas_bench's notes (bench_run.c, explain_above_roof)."""
    if max(float(row["tsblas_pct_roofline"]), float(row["baseline_pct_roofline"])) <= 100:
        return None
    if row["routine"] != "GEMT" and float(row["roofline"]) < (
            float(row["flops"]) / float(row["bytes"]) * float(row["bandwidth_gbs"])):
        return "P"
    note = row.get("roof_note", "")
    cache = ROOF.get("cache", 0)
    if "operands in cache" in note or (not note and 0 < float(row["bytes"]) <= cache):
        return "c"
    return "m"


def read_cases(names):
    cases = {}
    for name in names:
        with open(name, newline="") as f:
            for row in csv.DictReader(f):
                if row["target"] != "host" or not row["m"]:
                    continue
                if "fma_gflops" not in row and row["status"] == "ok":
                    reroof(row)
                key = (row["routine"], row["precision"], row["order"], shape_of(row))
                cases[key] = row
    return cases


def goal_of(row):
    """The % of the roofline the issue asks for, or None."""
    routine = row["routine"]
    if routine in ("TSMTTSM", "TSMM"):
        return 85.0
    if routine == "GEMT":
        return 80.0
    if routine == "MTSM" and shape_of(row)[0] <= 16:
        return 90.0
    return None


def in_cache(row):
    """The % of the roofline tsblas reaches in the caches, or None."""
    value = row.get("cache_pct_roofline")
    return float(value) if value else None


def summary_groups(cases):
    """The cases that ran, by routine, precision and order, in the order of
    the summaries: (routine, precision, order, rows)."""
    for routine in ROUTINES:
        for prec in PRECISIONS:
            for order in ("col", "int"):
                rows = [row for (ro, pr, o, _), row in sorted(cases.items())
                        if (ro, pr, o) == (routine, prec, order) and row["status"] == "ok"]
                if rows:
                    yield routine, prec, order, rows


def summary_brief(names):
    """summary in counts, one short row per routine, precision and order."""
    cases = read_cases(names)
    cached = any(in_cache(row) is not None for row in cases.values())
    print("| routine | p | order | cases | at the goal | %%roof lowest | %%roof median "
          "| speedup lowest | speedup geo-mean |%s slower than 0.97x | above 100 %% |" % (
              " under the goal in cache too |" if cached else ""))
    print("|---|---|---|---|---|---|---|---|---|%s---|---|" % ("---|" if cached else ""))
    every, goals, met, arith, over = [], 0, 0, 0, 0
    for routine, prec, order, rows in summary_groups(cases):
        pct = [float(r["tsblas_pct_roofline"]) for r in rows]
        spd = [float(r["speedup"]) for r in rows]
        every += spd
        with_goal = [r for r in rows if goal_of(r) is not None]
        at_goal = [r for r in with_goal if float(r["tsblas_pct_roofline"]) >= goal_of(r)]
        arithmetic = [r for r in with_goal
                      if float(r["tsblas_pct_roofline"]) < goal_of(r)
                      and in_cache(r) is not None and in_cache(r) < goal_of(r)]
        goals, met, arith = goals + len(with_goal), met + len(at_goal), arith + len(arithmetic)
        slow = ["%dx%d (%.2f)" % (shape_of(r) + (float(r["speedup"]),))
                for r in rows if float(r["speedup"]) < 0.97]
        above = ["%dx%d (%.0f%s, %s)" % (shape_of(r) + (
            max(float(r["tsblas_pct_roofline"]), float(r["baseline_pct_roofline"])),
            "" if float(r["tsblas_pct_roofline"]) > 100 else " BLAS", above_roof(r)))
            for r in rows if above_roof(r)]
        over += len(above)
        print("| %s | %s | %s | %d | %d/%d | %.0f | %.0f | %.2f | %.2f |%s %s | %s |" % (
            routine, prec, order, len(rows), len(at_goal), len(with_goal),
            min(pct), statistics.median(pct), min(spd),
            math.exp(sum(map(math.log, spd)) / len(spd)),
            " %d |" % len(arithmetic) if cached else "",
            ", ".join(slow) if slow else "none", ", ".join(above) if above else "none"))
    if every:
        print("\nAll %d cases: geometric-mean speedup %.2f, lowest %.2f; %d of the %d with a "
              "goal at it%s; %d above 100 %% of the roofline." % (
                  len(every), math.exp(sum(map(math.log, every)) / len(every)), min(every),
                  met, goals, ", %d under it in cache too" % arith if cached else "", over))


def summary(names):
    cases = read_cases(names)
    cached = any(in_cache(row) is not None for row in cases.values())
    print("| routine | p | order | cases | %%roof lowest | %%roof median | speedup lowest "
          "| speedup geo-mean | under the %% goal%s | slower than 0.97x |%s" % (
              " (in cache)" if cached else "",
              " under it in cache too |" if cached else ""))
    print("|---|---|---|---|---|---|---|---|---|---|%s" % ("---|" if cached else ""))
    every = []
    for routine, prec, order, rows in summary_groups(cases):
        pct = [float(r["tsblas_pct_roofline"]) for r in rows]
        spd = [float(r["speedup"]) for r in rows]
        every += spd
        short = [r for r in rows if goal_of(r) is not None
                 and float(r["tsblas_pct_roofline"]) < goal_of(r)]
        under = ["%dx%d (%.0f%s)" % (shape_of(r) + (
            float(r["tsblas_pct_roofline"]),
            "" if in_cache(r) is None else "; %.0f" % in_cache(r))) for r in short]
        arithmetic = ["%dx%d" % shape_of(r) for r in short
                      if in_cache(r) is not None and in_cache(r) < goal_of(r)]
        slow = ["%dx%d (%.2f)" % (shape_of(r) + (float(r["speedup"]),))
                for r in rows if float(r["speedup"]) < 0.97]
        print("| %s | %s | %s | %d | %.0f | %.0f | %.2f | %.2f | %s | %s |%s" % (
            routine, prec, order, len(rows), min(pct), statistics.median(pct),
            min(spd), math.exp(sum(map(math.log, spd)) / len(spd)),
            "%d: %s" % (len(under), ", ".join(under)) if under else "0",
            ", ".join(slow) if slow else "none",
            (" %d: %s |" % (len(arithmetic), ", ".join(arithmetic)) if arithmetic
             else " 0 |") if cached else ""))
    if every:
        print("\nAll %d cases: geometric-mean speedup %.2f, lowest %.2f." % (
            len(every), math.exp(sum(map(math.log, every)) / len(every)), min(every)))


def table(names):
    cases = read_cases(names)
    print("| routine | p | order | M | N | K | %roof tsblas | %roof baseline | speedup |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (routine, prec, order, _), row in sorted(cases.items(), key=lambda kv: (
            ROUTINES.index(kv[0][0]), PRECISIONS.index(kv[0][1]), kv[0][2], kv[0][3])):
        if row["status"] != "ok":
            print("| %s | %s | %s | %s | %s | %s | %s | | |" % (
                routine, prec, order, row["m"], row["n"], row["k"], row["status"]))
            continue
        print("| %s | %s | %s | %s | %s | %s | %.0f | %.0f | %.2f |" % (
            routine, prec, order, row["m"], row["n"], row["k"] or "-",
            float(row["tsblas_pct_roofline"]), float(row["baseline_pct_roofline"]),
            float(row["speedup"])))


def plot(out, machine, names):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cases = read_cases(names)
    fig, axes = plt.subplots(4, 4, figsize=(16, 13), sharex=True)
    for r, routine in enumerate(ROUTINES):
        baseline = "loop" if routine == "GEMT" else "BLAS"
        for p, prec in enumerate(PRECISIONS):
            ax = axes[r][p]
            perf_plot.plot_orders(ax, cases, routine, prec, baseline, "-o")
            goal = {"TSMTTSM": 85, "TSMM": 85, "MTSM": 90, "GEMT": 80}[routine]
            ax.axhline(100, color="black", lw=0.5)
            perf_plot.frame_panel(ax, "%s%s" % (prec, routine), goal, 200,
                                  "width" if r == 3 else None,
                                  "% of roofline" if p == 0 else None)
            if p == 0:
                ax.legend(loc="upper left", fontsize=7)
    fig.suptitle("tsblas on the host (%s) against the BLAS (xGEMT: a plain transpose "
                 "loop)\n%% of the roofline min(I*b, P), P the cores' FMA rate; dotted: the "
                 "goal; dash-dotted (where measured): tsblas in the caches, one thread's rate "
                 "times the threads\nabove 100 %%: operands in part from the cache, or memory "
                 "faster than when b was measured; the axis stops at 200 %%" % machine)
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    fig.savefig(out, dpi=70)


def main(argv):
    global ROOF
    if len(argv) >= 3 and argv[1] == "--roof":
        ROOF = parse_roof(argv[2])
        argv = argv[:1] + argv[3:]
    if len(argv) >= 4 and argv[1] == "plot":
        plot(argv[2], argv[3], argv[4:])
    elif len(argv) >= 3 and argv[1] == "summary" and argv[2] == "--brief":
        summary_brief(argv[3:])
    elif len(argv) >= 2 and argv[1] == "summary":
        summary(argv[2:])
    elif len(argv) >= 2 and argv[1] == "table":
        table(argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
