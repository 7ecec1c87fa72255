"""perf_plot.py: what the plots of gpu_perf_report.py and host_perf_report.py
share: one panel's curves of % of the roofline against the width."""

ORDER_COLOURS = {"col": "tab:blue", "int": "tab:orange"}


def frame_panel(ax, title, goal, ymax, xlabel=None, ylabel=None):
    """On AX: the GOAL (% of the roofline) dotted, TITLE, widths 0-65 and
    0-YMAX %, a light grid, and the axis labels given (the bottom row and
    the left column of a figure)."""
    ax.axhline(goal, color="grey", lw=0.8, ls=":")
    ax.set_title(title)
    ax.set_xlim(0, 65)
    ax.set_ylim(0, ymax)
    ax.grid(alpha=0.3)
    if xlabel:
        ax.set_xlabel(xlabel)
    if ylabel:
        ax.set_ylabel(ylabel)


def plot_orders(ax, cases, routine, prec, baseline, style="-"):
    """On AX, for each storage order, tsblas's % of the roofline (STYLE)
    and the BASELINE's (dashed) against the width, over the square cases
    of CASES, a dict keyed (routine, precision, order, (P, Q)); and
    tsblas's in the caches (dash-dotted), where the rows have it
    (tsblas_bench --in-cache)."""
    for order in ("col", "int"):
        pts = sorted((pq[0], row) for (ro, pr, o, pq), row in cases.items()
                     if (ro, pr, o) == (routine, prec, order) and pq[0] == pq[1]
                     and row["status"] == "ok")
        if not pts:
            continue
        ws = [w for w, _ in pts]
        ax.plot(ws, [float(row["tsblas_pct_roofline"]) for _, row in pts], style,
                color=ORDER_COLOURS[order], lw=1.6, ms=2.5, label="tsblas " + order)
        ax.plot(ws, [float(row["baseline_pct_roofline"]) for _, row in pts], "--",
                color=ORDER_COLOURS[order], lw=1.0, label=baseline + " " + order)
        cached = [(w, float(row["cache_pct_roofline"])) for w, row in pts
                  if row.get("cache_pct_roofline")]
        if cached:
            ax.plot([w for w, _ in cached], [v for _, v in cached], "-.",
                    color=ORDER_COLOURS[order], lw=0.8, alpha=0.7,
                    label="tsblas in cache " + order)
