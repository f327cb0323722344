#!/usr/bin/env python3
"""Measures how many Morris trajectories Scenarios/sensitivity-widget.json5 needs before its
ranking stops depending on the sample (docs/scenarios.md#how-many-trajectories).

For each trajectory count and each design seed (`sweep.sample.seed`) it runs the shipped
scenario with only those two numbers changed, and prints the parameter ranked first for each
metric asked for, with `*` when its 95 % interval overlaps the second's. It then runs a Latin
hypercube over the same ranges and one parameter at a time (each range's ends, the others at
the middle of theirs) as independent checks. The replications' own seed is the scenario's.

    python3 scripts/sensitivity-convergence.py                    # the table in the docs
    python3 scripts/sensitivity-convergence.py --sizes 10,40 --seeds 1-3 --no-lhs --no-oat

Needs the release binary (`make release`). Writes nothing
outside a temporary folder, and keeps one run's files there at a time. The default table
takes about 15 minutes on two shared cores.
"""
import argparse, csv, os, re, shutil, subprocess, sys, tempfile, time

SCENARIO = "Scenarios/sensitivity-widget.json5"
SHORT = {"widget.budgetPerDay": "budget", "widget.reloadAfter": "hint",
         "elsewhere.edits.perHour": "edits", "watch.phoneUnreachable.perDay": "unreachable"}


def seeds(text):
    """'1-10' or '1,4,9' → [1, …]."""
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


def with_sample(text, method, points, seed, replications=None):
    """The scenario with the sample's method, size and seed replaced (only inside `sweep`),
    and its replications per point if given."""
    head, sweep = text.split("sweep:", 1)
    if replications:
        head = re.sub(r"replications: \d+", f"replications: {replications}", head, count=1)
    sweep = re.sub(r'method: "\w+"', f'method: "{method}"', sweep, count=1)
    sweep = re.sub(r"points: \d+", f"points: {points}", sweep, count=1)
    sweep = re.sub(r"seed: \d+", f"seed: {seed}", sweep, count=1)
    return head + "sweep:" + sweep


def ranges(text):
    """The sampled ranges, as written: {path: (low, high)}."""
    block = text.split("ranges:", 1)[1]
    return {m.group(1): (m.group(2), m.group(3))
            for m in re.finditer(r'"([\w.]+)":\s*\[\s*("?[\w.]+"?)\s*,\s*("?[\w.]+"?)\s*\]', block)}


def run(binary, scenario_text, folder, name, jobs, extra=()):
    path = os.path.join(folder, name + ".json5")
    with open(path, "w") as f:
        f.write(scenario_text)
    out = os.path.join(folder, name)
    start = time.monotonic()
    subprocess.run([binary, "run", path, "--out", out, "--quiet", "--jobs", str(jobs), *extra], check=True)
    return out, time.monotonic() - start


def top(out, metric):
    """The first-ranked parameter of `metric` in sensitivity.csv, and whether its interval
    overlaps the second's."""
    rows = [r for r in csv.DictReader(open(os.path.join(out, "sensitivity.csv"))) if r["metric"] == metric]
    rows.sort(key=lambda r: int(r["rank"]))
    first, second = rows[0], rows[1]
    overlap = float(first["effect_ci95_low"]) <= float(second["effect_ci95_high"])
    return SHORT.get(first["parameter"], first["parameter"]) + ("*" if overlap else "")


def middle(low, high):
    """The middle of a range written in the scenario's syntax (a number or a duration)."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    def seconds(v):
        v = v.strip('"')
        return (float(v[:-1]) * units[v[-1]], True) if v[-1] in units else (float(v), False)
    (a, duration), (b, _) = seconds(low), seconds(high)
    return f"{(a + b) / 2:g}s" if duration else f"{(a + b) / 2:g}"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=".build/release/surfacesim")
    p.add_argument("--sizes", default="10,20,40,80,160", help="Morris trajectory counts")
    p.add_argument("--seeds", default="1-10", help="design seeds, e.g. 1-10 or 3,7")
    p.add_argument("--lhs", default="50,200", help="Latin hypercube sizes (points)")
    p.add_argument("--metrics", default="widget.staleness,watch.staleness")
    p.add_argument("--replications", type=int, help="replications per point (default: the scenario's)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--no-lhs", action="store_true")
    p.add_argument("--no-oat", action="store_true")
    a = p.parse_args()
    text = open(SCENARIO).read()
    metrics = a.metrics.split(",")
    seed_list = seeds(a.seeds)
    print("top-ranked parameter (* = its 95% interval overlaps the second's); "
          + ", ".join(f"{v} = {k}" for k, v in SHORT.items()))
    reps = f"{a.replications} replications per point" if a.replications else "replications per point as in the scenario"
    print(f"design seeds {a.seeds}; {reps}; the replications' seed as in {SCENARIO}\n")
    with tempfile.TemporaryDirectory() as folder:
        designs = [("morris", int(r)) for r in a.sizes.split(",")]
        if not a.no_lhs:
            designs += [("lhs", int(n)) for n in a.lhs.split(",")]
        cells, seconds = {}, {}
        for method, size in designs:
            for s in seed_list:
                out, took = run(a.bin, with_sample(text, method, size, s, a.replications), folder, f"{method}-{size}-{s}", a.jobs)
                for metric in metrics:
                    cells[metric, method, size, s] = top(out, metric)
                shutil.rmtree(out)  # a run of 160 trajectories writes 265 MB
                seconds.setdefault((method, size), []).append(took)
        for metric in metrics:
            print(metric)
            print(f"{'design':<15}" + " ".join(f"{s:>12}" for s in seed_list) + "   seconds/run")
            for method, size in designs:
                label = f"morris r={size}" if method == "morris" else f"lhs n={size}"
                times = seconds[method, size]
                print(f"{label:<15}" + " ".join(f"{cells[metric, method, size, s]:>12}" for s in seed_list)
                      + f"   {sum(times) / len(times):.1f}")
            print()
        if not a.no_oat:
            print("one at a time: the metric's mean at each end of one range, the others at the middle "
                  "of theirs (difference, paired 95% interval)")
            span = ranges(text)
            mids = {k: middle(*v) for k, v in span.items()}
            for path, (low, high) in span.items():
                grid = text.split("sweep:", 1)[0] + f'sweep: {{"{path}": [{low}, {high}]}},\n}}\n'
                sets = [x for k, v in mids.items() if k != path for x in ("--set", f"{k}={v}")]
                out, _ = run(a.bin, grid, folder, "oat-" + SHORT[path], a.jobs, sets)
                for r in csv.DictReader(open(os.path.join(out, "contrasts.csv"))):
                    if r["metric"] in metrics and r["statistic"] == "mean":
                        print(f"  {SHORT[path]:<12} {r['metric']:<18} {float(r['difference']):>12.1f}  "
                              f"[{float(r['diff_ci95_low']):.1f}, {float(r['diff_ci95_high']):.1f}]")


if __name__ == "__main__":
    sys.exit(main())
