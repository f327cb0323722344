#!/usr/bin/env python3
"""Measured coverage of `run --precision` on a paired contrast (docs/statistics.md).

A world with a known difference: the push study of Tests/StudyTests/ContrastsTests.swift,
whose widget staleness has the closed-form mean r/((1 - r)·λ) at push-wake refusal r and λ
edits an hour, so refusal 0.25 against 0.2 at λ = 3 differs by 400 s - 300 s = 100 s.
Runs STUDIES independent studies (base seeds 1,000 apart), each sized by

  --precision "widget.staleness[refused25] - widget.staleness[refused20]=HALF"

and reads the paired interval contrasts.csv prints for that pair (the same estimator the
target certifies). Prints how many studies met the half-width, the coverage of the true
difference with its binomial 95 % interval, the one-sided floor a correct 95 % interval
stays above (95 % less 2.33 binomial standard errors), and the replications the studies
needed.

  scripts/precision-contrast-coverage.py --studies 200 --half 40s

Takes minutes; not part of make test.
"""
import argparse, csv, math, os, statistics, subprocess, sys, tempfile

SCENARIO = """{
  name: "push-contrast", duration: "6d", seed: 21, replications: %(first)d, commonRandomNumbers: true,
  observe: {warmup: "1d", baseline: "refused20", glances: {widget: 4}},
  "network.latency": "0s", "push.delay": "0s", "widget.reloadDelay": "0s", "storage.ioTime": "0s",
  "backend.processingTime": "0s", "device.restarts.perDay": 0, "network.offline.perDay": 0,
  "device.appUpdates.perDay": 0, "widget.dataProtection": "always", "session.protection": "always",
  "live.enabled": false, "watch.enabled": false, "share.enabled": false, "action.enabled": false,
  "instant.enabled": false, "car.enabled": false, "tv.enabled": false,
  "user.inAppChanges.perHour": 0, "app.backgroundRefresh.perHour": 0, "push.loss": 0, "push.wakesPerHour": 1000,
  "widget.budgetPerDay": 100000, "user.forceQuit": 0, "user.sessionLength": "1ms", "user.appOpens.perHour": 0,
  "push.onChange": true, "widget.fetchesOwnData": false, "widget.reloadAfter": "1000d",
  "elsewhere.edits.perHour": 3,
  sweep: {points: [{name: "refused20", set: {"push.wakeRefusal": 0.2}}, {name: "refused25", set: {"push.wakeRefusal": 0.25}}]},
}
"""
TRUTH = 0.25 / (0.75 * 3) * 3600 - 0.2 / (0.8 * 3) * 3600   # 100 s


def seconds(text):
    units = {"ms": 1e-3, "s": 1, "m": 60, "h": 3600}
    for suffix in ("ms", "s", "m", "h"):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * units[suffix]
    return float(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--studies", type=int, default=200)
    ap.add_argument("--half", default="40s", help="the target half-width (default 40s)")
    ap.add_argument("--first", type=int, default=10, help="the first batch, the scenario's replications (default 10)")
    ap.add_argument("--binary", default=".build/release/surfacesim")
    ap.add_argument("--jobs", type=int, default=0, help="--jobs for each run (default: the program's)")
    ap.add_argument("--fixed", type=int, default=0,
                    help="run N replications per point without --precision instead: the same interval at a fixed size")
    args = ap.parse_args()
    half_target = seconds(args.half)
    target = "widget.staleness[refused25] - widget.staleness[refused20]=" + args.half
    covered = met = within = 0
    needed = []
    with tempfile.TemporaryDirectory() as tmp:
        scenario = os.path.join(tmp, "push.json5")
        with open(scenario, "w") as f:
            f.write(SCENARIO % {"first": args.first})
        for k in range(args.studies):
            out = os.path.join(tmp, "study")
            cmd = [args.binary, "run", scenario, "--seed", str(1000 * (k + 1)), "--out", out, "--quiet", "--reproducible"]
            cmd += ["--runs", str(args.fixed)] if args.fixed else ["--precision", target]
            if args.jobs:
                cmd += ["--jobs", str(args.jobs)]
            status = subprocess.run(cmd, stdout=subprocess.DEVNULL).returncode
            if status not in (0, 1):
                sys.exit(f"study {k}: exit status {status}")
            with open(os.path.join(out, "contrasts.csv"), newline="") as f:
                row = next(r for r in csv.DictReader(f)
                           if r["point"] == "refused25" and r["metric"] == "widget.staleness" and r["statistic"] == "mean")
            low, high = float(row["diff_ci95_low"]), float(row["diff_ci95_high"])
            met += (high - low) / 2 <= half_target * (1 + 1e-9)
            covered += low <= TRUTH <= high
            within += abs(float(row["difference"]) - TRUTH) <= half_target
            with open(os.path.join(out, "summary.csv"), newline="") as f:
                needed.append(int(next(csv.DictReader(f))["replications"]))
    n = args.studies
    share = covered / n
    se = math.sqrt(share * (1 - share) / n) if 0 < share < 1 else 0
    floor = 0.95 - 2.33 * math.sqrt(0.95 * 0.05 / n)
    what = f"{args.fixed} replications per point (no --precision)" if args.fixed else f"target {target!r}"
    print(f"{what}, true difference {TRUTH:g} s, {n} studies (seeds 1000..{1000 * n})")
    print(f"half-width met: {met} of {n}")
    print(f"coverage: {covered}/{n} = {100 * share:.1f}% (binomial 95% interval {100 * (share - 1.96 * se):.1f}% to "
          f"{100 * (share + 1.96 * se):.1f}%); one-sided floor {100 * floor:.1f}%: {'above' if share >= floor else 'BELOW'}")
    if not args.fixed:
        w = within / n
        print(f"fixed-width interval difference ± {args.half} (Chow-Robbins): {within}/{n} = {100 * w:.1f}%; "
              f"one-sided floor {100 * floor:.1f}%: {'above' if w >= floor else 'BELOW'}")
    print(f"replications per point needed: median {statistics.median(needed):g}, min {min(needed)}, max {max(needed)}")


if __name__ == "__main__":
    main()
