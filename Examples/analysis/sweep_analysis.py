# %% [markdown]
# # Analysing a SurfaceSim study with pandas
#
# A script in cells (`# %%`): Jupyter (with jupytext) and VS Code open it as a notebook, and
# `python3 Examples/analysis/sweep_analysis.py STUDY [FIGURE]` runs it top to bottom.
# It needs pandas and matplotlib only (`.ci/run` installs them into `.build/venv`).
#
# It reproduces the README's chart of widget staleness against push-wake refusal
# (`Results/table-25-9/3-widget-push-wake/sweep-push.wakeRefusal.svg`): the mean with its 95%
# interval, the median and the 90th percentile, per sweep point.
#
# 1. Load `manifest.json`, `runs.csv` and `summary.csv`.
# 2. Join `runs.csv` (one row per replication) with the swept values the manifest records.
# 3. Pool each point's replications into the mean and its interval, as `summary.csv` does
#    (a ratio of sums, the replications as clusters: docs/statistics.md), and check that
#    the two agree.
# 4. Draw the chart with matplotlib.

# %%
import itertools
import json
import math
import os
import sys

import matplotlib

IN_NOTEBOOK = "ipykernel" in sys.modules
if not IN_NOTEBOOK:
    matplotlib.use("Agg")  # run as a script: no display needed (a notebook keeps its inline backend)
import matplotlib.pyplot as plt
import pandas as pd

# The study folder: the first argument, or SURFACESIM_STUDY, or the committed study.
arguments = [] if IN_NOTEBOOK else sys.argv[1:]
STUDY = arguments[0] if arguments else os.environ.get("SURFACESIM_STUDY", "Results/table-25-9/3-widget-push-wake")
FIGURE = arguments[1] if len(arguments) > 1 else os.path.join(".build", "analysis", "sweep.png")
METRIC = os.environ.get("SURFACESIM_METRIC", "widget.staleness")

with open(os.path.join(STUDY, "manifest.json")) as f:
    manifest = json.load(f)
runs = pd.read_csv(os.path.join(STUDY, "runs.csv"), dtype={"point": str})
summary = pd.read_csv(os.path.join(STUDY, "summary.csv"), dtype={"point": str})
print(f"{STUDY}: {manifest['program']} {manifest['version']}, model {manifest.get('model', 'not recorded')[:12]}, "
      f"{manifest['points']} points × {manifest['replicationsPerPoint']} replications")

# %% [markdown]
# ## The swept values, from the manifest
#
# `manifest.json`'s `scenario.sweep` is the grid as run (`--sweep` options included):
# `{path: [values]}`, every combination in order, the first path varying slowest; or named
# points, `{points: [{name, set}]}`. Each point's values are joined to its replications by
# the `point` column (a grid's point is its index; a named point, its name).

# %%
def sweep_points(sweep):
    """One row per point: `point` and a `swept:<path>` column per swept parameter."""
    if not sweep:
        return pd.DataFrame({"point": ["0"]})
    if "points" in sweep:
        return pd.DataFrame([{"point": p["name"], **{f"swept:{k}": v for k, v in p.get("set", {}).items()}}
                             for p in sweep["points"]])
    if "sample" in sweep:
        raise SystemExit("a sampled sweep's points are in runs.csv's columns, not the manifest")
    paths = list(sweep)
    rows = [{"point": str(i), **{f"swept:{p}": v for p, v in zip(paths, combination)}}
            for i, combination in enumerate(itertools.product(*(sweep[p] for p in paths)))]
    return pd.DataFrame(rows)


points = sweep_points(manifest["scenario"].get("sweep"))
joined = runs.merge(points, on="point", how="left", validate="many_to_one")
assert joined["point"].nunique() == manifest["points"], "every point of runs.csv is in the manifest's sweep"
swept = [c for c in points.columns if c.startswith("swept:")]
print(points.to_string(index=False))

# %% [markdown]
# ## Pooling a point's replications
#
# A sampled metric's mean over a point is Σ numerators / Σ denominators of its replications
# (every sample weighs the same), not the mean of the replications' means. Its 95% interval
# treats each replication as a cluster: Var(R) ≈ Σ (yᵢ − R·nᵢ)² / (m(m − 1)·n̄²), Student's
# t on m − 1 degrees of freedom, clamped at 0 for a staleness.

# %%
def t975(df):
    """The 97.5% quantile of Student's t (Cornish–Fisher expansion; exact to 1e-6 from df 5)."""
    z = 1.959963984540054
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def pooled(group):
    y, n = group[f"{METRIC}.numerator"], group[f"{METRIC}.denominator"]
    m, total = len(group), n.sum()
    ratio = y.sum() / total
    half = t975(m - 1) * math.sqrt(((y - ratio * n) ** 2).sum() / (m * (m - 1))) / (total / m)
    return pd.Series({"mean": ratio, "ci_low": max(0.0, ratio - half), "ci_high": ratio + half, "replications": m})


by_point = joined.groupby(["point"] + swept, sort=False).apply(pooled, include_groups=False).reset_index()
figures = by_point.merge(summary[summary["metric"] == METRIC][["point", "mean", "ci95_low", "ci95_high", "p50", "p90"]],
                         on="point", suffixes=("", "_summary"))
for ours, theirs in [("mean", "mean_summary"), ("ci_low", "ci95_low"), ("ci_high", "ci95_high")]:
    difference = (figures[ours] - figures[theirs]).abs()
    assert (difference <= 1e-5 * figures[theirs].abs().clip(lower=1)).all(), f"{ours} differs from summary.csv:\n{figures}"
print(figures.to_string(index=False))

# %% [markdown]
# ## The chart
#
# The README's chart of the same study: the mean with its band, the median and the 90th
# percentile (pooled over all samples of the point: summary.csv's `p50` and `p90`), against
# the swept parameter.

# %%
x_column = swept[0] if swept else "point"
x = pd.to_numeric(figures[x_column], errors="coerce")
x = x if x.notna().all() else figures[x_column].astype(str)
unit = summary[summary["metric"] == METRIC]["unit"].iloc[0]
scale, scaled_unit = (60, "min") if unit == "s" and figures["p90"].max() > 600 else (1, unit)
fig, ax = plt.subplots(figsize=(7, 4.2))
ax.fill_between(x, figures["ci_low"] / scale, figures["ci_high"] / scale, alpha=0.25, label="mean, 95% CI")
ax.plot(x, figures["mean"] / scale, marker="o", label="mean")
ax.plot(x, figures["p50"] / scale, marker="s", label="p50")
ax.plot(x, figures["p90"] / scale, marker="^", label="p90")
ax.set_xlabel(x_column.removeprefix("swept:"))
ax.set_ylabel(f"{METRIC} ({scaled_unit})")
ax.set_title(f"{manifest['scenario']['name']}: {METRIC} "
             f"({manifest['points']} points × {manifest['replicationsPerPoint']} replications)", fontsize=9)
ax.legend()
ax.grid(alpha=0.3)
fig.tight_layout()
os.makedirs(os.path.dirname(FIGURE) or ".", exist_ok=True)
fig.savefig(FIGURE, dpi=120)
print(f"wrote {FIGURE}")
