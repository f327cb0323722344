#!/usr/bin/env python3
"""Measured coverage of summary.csv's 95 % intervals (docs/statistics.md).

Runs one large study of SCENARIO whose pooled means stand for the truth, then STUDIES
independent studies of REPLICATIONS replications each (base seeds far apart), and counts, for
each metric, how often the interval summary.csv prints contains the truth. Prints one line per
metric: coverage, its binomial 95 % interval, and the one-sided floor a correct 95 % interval
stays above (95 % less 2.33 binomial standard errors), and which interval methods summary.csv
named (its `interval` column: `ratio`, `wilson`, `upper-bound`, `t`), and the coverage of the
studies whose summary.csv said they had the replications the interval needs (Cochran's rule,
`replications_needed`) apart from those that said they had too few.

  scripts/interval-coverage.py Scenarios/default.json5 --studies 200 --replications 100 \
      --truth-replications 100000 --metrics live.staleness,live.age,app.staleness,car.lag

A fraction (`changes.lost`, `widget.blank`, `share.lost`) is checked the same way: its mean is
the pooled fraction, and its interval is the ratio estimator's, Wilson's with few events, or
with no event at all the one-sided upper bound [0, bound] (which covers a true 0, and a true
fraction below the bound).

Takes minutes (the truth run dominates); not part of make test.
"""
import argparse, collections, csv, math, os, subprocess, sys, tempfile

def summary(binary, scenario, out, replications, seed, sets):
    cmd = [binary, "run", scenario, "--runs", str(replications), "--seed", str(seed),
           "--out", out, "--quiet", "--reproducible"]
    for s in sets:
        cmd += ["--set", s]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "summary.csv"), newline="") as f:
        return {(row["point"], row["metric"]): row for row in csv.DictReader(f)}

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scenario")
    ap.add_argument("--metrics", required=True, help="comma-separated metric names")
    ap.add_argument("--studies", type=int, default=200)
    ap.add_argument("--replications", type=int, default=100)
    ap.add_argument("--truth-replications", type=int, default=100000)
    ap.add_argument("--set", action="append", default=[], help="passed to every run")
    ap.add_argument("--binary", default=".build/release/surfacesim")
    a = ap.parse_args()
    metrics = a.metrics.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        truth = summary(a.binary, a.scenario, os.path.join(tmp, "truth"), a.truth_replications, 999_999_937, a.set)
        hits = {m: 0 for m in metrics}
        counted = {m: 0 for m in metrics}
        methods = {m: collections.Counter() for m in metrics}
        # Split by Cochran's rule as summary.csv states it: did the study have the
        # replications its interval needs (replications, or for a t interval n, >= replications_needed)?
        enough = {m: [0, 0] for m in metrics}
        short = {m: [0, 0] for m in metrics}
        for k in range(a.studies):
            s = summary(a.binary, a.scenario, os.path.join(tmp, f"s{k}"), a.replications, 1_000_003 * (k + 1), a.set)
            for (point, metric), row in s.items():
                if metric not in hits:
                    continue
                t = truth[(point, metric)]
                try:
                    low, high, true = float(row["ci95_low"]), float(row["ci95_high"]), float(t["mean"])
                except ValueError:
                    continue
                if math.isnan(low) or math.isnan(true):
                    continue
                counted[metric] += 1
                hit = low <= true <= high
                hits[metric] += hit
                methods[metric][row.get("interval", "?")] += 1
                needed = row.get("replications_needed", "")
                if needed:
                    # A t interval is over the replications with a value (n), a ratio over them all.
                    ran = int(row["n"]) if row["interval"] == "t" else int(row["replications"])
                    group = enough if ran >= int(needed) else short
                    group[metric][0] += hit
                    group[metric][1] += 1
    print(f"{a.scenario}: {a.studies} studies of {a.replications} replications; truth from {a.truth_replications}")
    for m in metrics:
        n = counted[m]
        if n == 0:
            print(f"{m}: no interval")
            continue
        p = hits[m] / n
        se = math.sqrt(p * (1 - p) / n)
        floor = 0.95 - 2.33 * math.sqrt(0.95 * 0.05 / n)
        verdict = "ok" if p >= floor else "BELOW FLOOR"
        used = ", ".join(f"{k} {v}" for k, v in sorted(methods[m].items()))
        print(f"{m}: coverage {p:.3f} ({hits[m]}/{n}; 95% CI {max(0, p - 1.96 * se):.3f} to {min(1, p + 1.96 * se):.3f}), "
              f"floor {floor:.3f}: {verdict}; intervals: {used}")
        def share(group):
            h, k = group[m]
            return f"{h / k:.3f} of {k}" if k else "none"
        print(f"    Cochran's rule met (replications, n for t, >= replications_needed): {share(enough)}; not met: {share(short)}")

if __name__ == "__main__":
    sys.exit(main())
