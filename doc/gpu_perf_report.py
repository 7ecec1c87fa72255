#!/usr/bin/env python3
"""gpu_perf_report.py: the plot and the tables of doc/gpu-performance.md
from tsblas_bench --gpu CSV files.

Usage:
  python3 doc/gpu_perf_report.py [--size SIZE] [--device NAME] MODE ...
      --size SIZE keeps the cases whose largest tall operand has SIZE
      bytes (4G, 1G, 256M; within 5 %), --device NAME names the GPU in
      the plot's title and picks the table of a gpu_tsmttsm_tsmm_table.cu
      whose GPU's name holds NAME, else its first (default H100).  MODE
      is one of:
  python3 doc/gpu_perf_report.py plot OUT.png CSV...
      % of the roofline against the width, tsblas solid and cuBLAS dashed,
      one panel per routine and precision, the two storage orders in two
      colours (square widths only).  Needs matplotlib (Debian:
      python3-matplotlib); the device that runs the benchmark does not.
  python3 doc/gpu_perf_report.py tables RUN_TABLE FINAL_TABLE CSV...
      Markdown tables of every xTSMTTSM and xTSMM case of the CSV files:
      GB/s, % of roofline and speedup over cuBLAS as measured, the path the
      run took (from RUN_TABLE, the gpu_tsmttsm_tsmm_table.cu the library
      of the run was built with, which had no matrix-vector rule yet) and
      the path now (FINAL_TABLE and the matrix-vector rule).
  python3 doc/gpu_perf_report.py paths TABLE CSV...
      One line per case: the path TABLE gives it (for other summaries).
  python3 doc/gpu_perf_report.py summary CSV...
      One Markdown row per routine, precision and storage order: cases,
      cases at 90 % of the roofline or more, lowest and median %roof, cases
      under 0.97 times cuBLAS's speed, geometric-mean speedup.
  python3 doc/gpu_perf_report.py summary-now TABLE CSV...
      The same with the cases TABLE sends to cuBLAS counted at cuBLAS's
      figures of the same row: the summary of the table now.
  python3 doc/gpu_perf_report.py mtsm CSV...
      One Markdown row per xMTSM precision, storage order and size of the
      regular matrix: tsblas's % of the read roofline at each width with
      its speedup over cuBLAS, and the count of cases under 0.97x.
  python3 doc/gpu_perf_report.py gemt CSV...
      One Markdown row per xGEMT TRANS, precision, storage order and size
      of the tall operand: % of the copy bandwidth at each width, and the
      lowest and highest speedup over cublasXgeam.

The rows of several files are merged; a case present twice keeps its last
row.  The path of a call follows tsm_choose_path
(src/cuda/gpu_tsmttsm_tsmm_path.cu): the table's character at the
rounded harmonic mean of the two widths, for the storage order of the tall
operands.
"""
import csv
import re
import sys

import perf_plot

PRECISIONS = "SDCZ"
PATH_NAMES = {"d": "direct", "s": "staged-s", "l": "staged-l", "t": "tensor",
              "u": "tensor-rows", "f": "fma", "c": "cuBLAS"}
ELEMENT_BYTES = {"S": 4, "D": 8, "C": 8, "Z": 16}
SIZE = None
DEVICE = "H100"


def read_table(name):
    """The 16 strings of a gpu_tsmttsm_tsmm_table.cu, in its order: of the
    table whose GPU's name holds DEVICE (--device), else of the first (a
    file of one table for any GPU has no names)."""
    text = open(name).read()
    tables = re.findall(r'\{ "([^"]*)", \{(.*?)\} \},', text, re.S) or [("", text)]
    chosen = [body for device, body in tables if DEVICE in device] or [tables[0][1]]
    strings = re.findall(r'"([dsltufc]{64})"', chosen[0])
    if len(strings) != 16:
        sys.exit("%s: not a table of paths" % name)
    return strings


def path_of(table, row, vector_rule=True):
    """The character of TABLE for the call of a CSV row; with VECTOR_RULE,
    the rules of tsm_choose_path and its callers too: an operand of
    xTSMTTSM of width 1 takes the other's order; matrix-vector shapes
    take cuBLAS, but those of complex xTSMTTSM only column-major with
    N = 1, ZTSMTTSM's others t; DTSMM and ZTSMM with beta != 0 take t for
    f, s, l where 2KW/(K + W) >= 4, unrounded; D and Z column-major calls with a tall
    operand of odd LD take t for c from width 17; STSMM with a column-major
    T (and, with beta != 0, C) whose LD is not a multiple of 4 takes c for
    t from width 21 and for f from width 21 too, but below 53 where the fma
    kernel copies T as shifted columns (C column-major and, with beta !=
    0, C's LD a multiple of 4; the arrays themselves taken as aligned);
    xTSMM with K = W = 1 takes d; u is t where a width is odd; xTSMM whose
    code is d with an interleaved output of rows longer than 16 bytes and
    W > K takes f (Z: s), and with an interleaved T of rows of 128 bytes
    or more and K > W f; interleaved matrix-vector shapes of xTSMM (S, C
    with W = 1 and K >= 32; S with K = 1 and C interleaved) take f; unbalanced
    xTSMTTSM: S, C f for d and t where the longer side is 4 times the shorter,
    D, Z t for d, c (column-major also s, l) where the shorter side is
    2-17 and the longer 1.9 times it; S and C xTSMTTSM pairs (paired_path):
    t for f with one side 25-32 and the other 48-64, f for t (and u) where
    S interleaved has both sides multiples of 4 and the shorter 16 or less,
    or 24 or less with the longer 40 or less, or C's table width is 21-24
    with a side past 32; STSMTTSM column-major of odd LD t for f at table
    widths 17-24 and 33-40."""
    m, n, k = int(row["m"]), int(row["n"]), int(row["k"])
    lda, ldb, ldc = int(row["lda"]), int(row["ldb"]), int(row["ldc"])
    ta, tb = row["transa"], row["transb"]
    odd_lines, copy_lines, c_columns = False, [], True
    if row["routine"] == "TSMTTSM":
        a_sl = lda if ta == "N" else 1
        b_sl = 1 if tb == "N" else ldb
        if vector_rule and m == 1 and n != 1:
            interleaved = b_sl != 1
        elif vector_rule and n == 1 and m != 1:
            interleaved = a_sl != 1
        else:
            interleaved = a_sl != 1 and b_sl != 1
        w1, w2, routine = m, n, 0
        odd_lines = (a_sl == 1 and lda % 2 == 1) or (b_sl == 1 and ldb % 2 == 1)
    else:
        tall_is_a = m >= n
        if tall_is_a:
            t_sr, t_ld = (1, lda) if ta == "N" else (lda, lda)
        else:
            t_sr, t_ld = (ldb, ldb) if tb == "N" else (1, ldb)
        interleaved, w1, w2, routine = t_sr != 1, k, (n if tall_is_a else m), 1
        c_columns = tall_is_a
        odd_lines = (t_sr == 1 and t_ld % 2 == 1) or (c_columns and ldc % 2 == 1)
        if t_sr == 1:
            copy_lines = [t_ld] + ([ldc] if float(row["beta"]) != 0 else [])
    p = PRECISIONS.index(row["precision"])
    if vector_rule and min(w1, w2) == 1 and max(w1, w2) >= 16:
        if routine == 1 and ((w2 == 1 and interleaved and w1 >= 32 and p in (0, 2))
                             or (w1 == 1 and not c_columns and p == 0)):
            return "f"
        if routine == 1 or p < 2 or (not interleaved and w2 == 1):
            return "c"
        if p == 3:
            return "t"
    width = (4 * w1 * w2 + w1 + w2) // (2 * (w1 + w2))
    width = max(1, min(64, width))
    code = table[routine * 8 + p * 2 + (1 if interleaved else 0)][width - 1]
    shorter, longer = min(w1, w2), max(w1, w2)
    if vector_rule and code == "u" and (w1 % 2 != 0 or w2 % 2 != 0):
        code = "t"
    if vector_rule and routine == 0 and p in (0, 2) and code in "dtu" and longer >= 4 * shorter:
        code = "f"
    if vector_rule and routine == 0 and p in (1, 3) \
            and (code in "dc" or (code in "sl" and not interleaved)) \
            and 2 <= shorter <= 17 and 10 * longer >= 19 * shorter:
        return "t"
    if vector_rule and routine == 0 and p in (0, 2):
        if code == "f" and 25 <= shorter <= 32 and longer >= 48:
            code = "t"
        elif code in "tu" and p == 0 and interleaved and w1 % 4 == 0 and w2 % 4 == 0 \
                and width >= 17 and (shorter <= 16 or (shorter <= 24 and longer <= 40)):
            code = "f"
        elif code in "tu" and p == 2 and 21 <= width <= 24 and longer > 32:
            code = "f"
        if code == "f" and p == 0 and not interleaved and odd_lines \
                and (17 <= width <= 24 or 33 <= width <= 40):
            return "t"
    if vector_rule and routine == 1 and w1 == 1 and w2 == 1:
        code = "d"
    if vector_rule and code == "d" and routine == 1 and not c_columns and w2 > w1 \
            and w2 * ELEMENT_BYTES[row["precision"]] > 16:
        code = "s" if p == 3 else "f"
    if vector_rule and code == "d" and routine == 1 and interleaved and w1 > w2 \
            and w1 * ELEMENT_BYTES[row["precision"]] >= 128:
        code = "f"
    if vector_rule and code in "fsl" and routine == 1 and p in (1, 3) \
            and float(row["beta"]) != 0 and 2 * w1 * w2 >= 4 * (w1 + w2):
        return "t"
    if vector_rule and code == "c" and p in (1, 3) and not interleaved and odd_lines \
            and width >= 17:
        return "t"
    if vector_rule and code in "ft" and routine == 1 and p == 0 and copy_lines \
            and any(ld % 4 != 0 for ld in copy_lines) and width >= 21:
        shifted = code == "f" and width < 53 and c_columns and copy_lines[0] % 4 != 0 \
            and (float(row["beta"]) == 0 or ldc % 4 == 0)
        if not shifted:
            return "c"
    return code


def shape_of(row):
    """(P, Q) of the benchmark's case: TSMTTSM M x N; TSMM K x width of C."""
    m, n, k = int(row["m"]), int(row["n"]), int(row["k"])
    if row["routine"] == "TSMTTSM":
        return m, n
    return k, (n if m >= n else m)


def read_cases(names):
    cases = {}
    for name in names:
        with open(name, newline="") as f:
            for row in csv.DictReader(f):
                if row["target"] != "gpu" or row["routine"] not in ("TSMTTSM", "TSMM"):
                    continue
                if not row["m"]:
                    continue
                if SIZE is not None:
                    m, n, k = int(row["m"]), int(row["n"]), int(row["k"])
                    if row["routine"] == "TSMTTSM":
                        tall = k * max(m, n)
                    else:
                        tall = max(m, n) * max(k, min(m, n))
                    tall *= ELEMENT_BYTES[row["precision"]]
                    if abs(tall - SIZE) > 0.05 * SIZE:
                        continue
                key = (row["routine"], row["precision"], row["order"], shape_of(row))
                cases[key] = row
    return cases


def plot(out, names):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cases = read_cases(names)
    fig, axes = plt.subplots(2, 4, figsize=(16, 7.5), sharex=True, sharey=True)
    for r, routine in enumerate(("TSMTTSM", "TSMM")):
        for p, prec in enumerate(PRECISIONS):
            ax = axes[r][p]
            perf_plot.plot_orders(ax, cases, routine, prec, "cuBLAS")
            perf_plot.frame_panel(ax, "%s%s" % (prec, routine), 90, 120,
                                  "width (M = N, or K = width of C)" if r == 1 else None,
                                  "% of roofline min(I*b, P)" if p == 0 else None)
    axes[0][0].legend(loc="lower left", fontsize=8)
    fig.suptitle("tsblas (as run: the tuned table) against cuBLAS on the %s, "
                 "%% of the roofline; dotted: the 90 %% goal" % DEVICE)
    fig.tight_layout()
    fig.savefig(out, dpi=80)


def cell(row, run_table, final_table):
    """GB/s, %roof, cuBLAS %roof, speedup, path in the run, path now."""
    if row is None:
        return ["-"] * 6
    run = PATH_NAMES[path_of(run_table, row, vector_rule=False)]
    now = PATH_NAMES[path_of(final_table, row)]
    if row["status"] != "ok":
        return ["launch failed", "", "", "", run, now]
    return ["%.0f" % float(row["tsblas_gbs"]), "%.0f" % float(row["tsblas_pct_roofline"]),
            "%.0f" % float(row["baseline_pct_roofline"]), "%.2f" % float(row["speedup"]),
            run, now if now != run else "="]


def tables(run_name, final_name, names):
    run_table, final_table = read_table(run_name), read_table(final_name)
    cases = read_cases(names)
    for routine in ("TSMTTSM", "TSMM"):
        for prec in PRECISIONS:
            shapes = sorted({pq for (ro, pr, o, pq) in cases if (ro, pr) == (routine, prec)},
                            key=lambda pq: (pq[0] != pq[1], pq))
            if not shapes:
                continue
            print("#### %s%s\n" % (prec, routine))
            print("| P x Q | col GB/s | col %roof | cuBLAS | speedup | path | now "
                  "| int GB/s | int %roof | cuBLAS | speedup | path | now |")
            print("|---|" + "---:|" * 4 + "---|---|" + "---:|" * 4 + "---|---|")
            for pq in shapes:
                line = ["%d" % pq[0] if pq[0] == pq[1] else "%dx%d" % pq]
                for order in ("col", "int"):
                    line += cell(cases.get((routine, prec, order, pq)), run_table, final_table)
                print("| " + " | ".join(line) + " |")
            print()


def paths(table_name, names):
    table = read_table(table_name)
    for (routine, prec, order, pq), row in sorted(read_cases(names).items()):
        print(routine, prec, order, "%dx%d" % pq, PATH_NAMES[path_of(table, row)])


def summary(names, table=None):
    """With TABLE, each case as that table runs it: a case it sends to
    cuBLAS takes the cuBLAS figures of its row."""
    groups = {}
    paths = read_table(table) if table else None
    for (routine, prec, order, pq), row in read_cases(names).items():
        if row["status"] == "ok":
            if paths and path_of(paths, row) == "c":
                row = dict(row, tsblas_pct_roofline=row["baseline_pct_roofline"], speedup="1")
            groups.setdefault((routine, PRECISIONS.index(prec), order), []).append(row)
    print("| routine | p | order | cases | >= 90 % | %roof lowest / median "
          "| under 0.97x cuBLAS | speedup geo-mean |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for (routine, p, order), rows in sorted(groups.items()):
        pct = sorted(float(r["tsblas_pct_roofline"]) for r in rows)
        speedups = [float(r["speedup"]) for r in rows]
        geo = 1.0
        for x in speedups:
            geo *= x ** (1.0 / len(speedups))
        print("| %s | %s | %s | %d | %d | %.0f / %.0f | %d | %.2f |" % (
            routine, PRECISIONS[p], order, len(rows), sum(x >= 90 for x in pct), pct[0],
            pct[len(pct) // 2], sum(x < 0.97 for x in speedups), geo))


def gemt(names):
    rows = {}
    for name in names:
        with open(name) as f:
            for row in csv.DictReader(f):
                if row["target"] == "gpu" and row["routine"] == "GEMT" and row["status"] == "ok":
                    m, n = int(row["m"]), int(row["n"])
                    tall = m * n * ELEMENT_BYTES[row["precision"]]
                    size = "%d GiB" % round(tall / (1 << 30)) if tall >= 1 << 29 else \
                        "%d MiB" % round(tall / (1 << 20))
                    key = (row["transa"], PRECISIONS.index(row["precision"]), row["order"], size)
                    # --gemt-square's matrix, in a column of its own
                    width = "square" if m == n and m > 64 else min(m, n)
                    rows.setdefault(key, {})[width] = row
    widths = sorted({w for cases in rows.values() for w in cases},
                    key=lambda w: (isinstance(w, str), w if isinstance(w, int) else 0))
    print("| TRANS | p | order | size | " + " | ".join(str(w) for w in widths)
          + " | speedup over geam (skinny) |")
    print("|---|---|---|---|" + "---:|" * len(widths) + "---:|")
    for (trans, p, order, size), cases in sorted(rows.items()):
        def cell(w):
            """% of the copy rate; the square's with its speedup, which the
            range of the last column (the skinny shapes') leaves out"""
            if w not in cases:
                return "-"
            pct = "%.0f" % float(cases[w]["tsblas_pct_roofline"])
            return pct + " (%.2fx)" % float(cases[w]["speedup"]) if w == "square" else pct
        speedups = [float(r["speedup"]) for w, r in cases.items() if w != "square"] or [0.0]
        cells = [cell(w) for w in widths]
        print("| %s | %s | %s | %s | %s | %.2f-%.2f |" % (
            trans, PRECISIONS[p], order, size, " | ".join(cells), min(speedups), max(speedups)))


def mtsm(names):
    rows = {}
    for name in names:
        with open(name) as f:
            for row in csv.DictReader(f):
                if row["target"] == "gpu" and row["routine"] == "MTSM" and row["status"] == "ok":
                    m, n, k = int(row["m"]), int(row["n"]), int(row["k"])
                    size = "%d GiB" % round(max(m, n) * k * ELEMENT_BYTES[row["precision"]]
                                            / (1 << 30))
                    key = (PRECISIONS.index(row["precision"]), row["order"], size)
                    rows.setdefault(key, {})[min(m, n)] = row
    widths = sorted({w for cases in rows.values() for w in cases})
    print("| p | order | size | " + " | ".join(str(w) for w in widths) + " | under 0.97x |")
    print("|---|---|---|" + "---:|" * len(widths) + "---:|")
    for (p, order, size), cases in sorted(rows.items()):
        cells = ["%.0f (%.2f)" % (float(cases[w]["tsblas_pct_roofline"]),
                                  float(cases[w]["speedup"])) if w in cases else "-"
                 for w in widths]
        slower = sum(float(r["speedup"]) < 0.97 for r in cases.values())
        print("| %s | %s | %s | %s | %d |" % (PRECISIONS[p], order, size, " | ".join(cells),
                                               slower))


def size_bytes(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text)


def main():
    global SIZE, DEVICE
    args = sys.argv[1:]
    while len(args) >= 2 and args[0] in ("--size", "--device"):
        if args[0] == "--size":
            SIZE = size_bytes(args[1])
        else:
            DEVICE = args[1]
        args = args[2:]
    if len(args) >= 3 and args[0] == "plot":
        plot(args[1], args[2:])
    elif len(args) >= 4 and args[0] == "tables":
        tables(args[1], args[2], args[3:])
    elif len(args) >= 3 and args[0] == "paths":
        paths(args[1], args[2:])
    elif len(args) >= 2 and args[0] == "summary":
        summary(args[1:])
    elif len(args) >= 3 and args[0] == "summary-now":
        summary(args[2:], args[1])
    elif len(args) >= 2 and args[0] == "mtsm":
        mtsm(args[1:])
    elif len(args) >= 2 and args[0] == "gemt":
        gemt(args[1:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
