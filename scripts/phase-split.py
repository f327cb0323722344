#!/usr/bin/env python3
"""Where a widget-path day's time goes, phase by phase, for one or more builds of surfacesim
(docs/performance.md#against-the-code-the-door-was-built-on).

For each binary, in turn and ROUNDS times: the widget path's DAYS days are timed inside the
process (manifest.json's timeTakenSeconds, the best of the rounds, as `make bench` keeps its
best run), and profiled once more under `perf record -F 20000 -g`; each sample is put in the
phase its call stack is in (the event loop, set-up and start, the report, teardown, the study
layer, the checkpoint; start-up and writing the files are left out, as the in-process time
leaves them out). A phase's share, averaged over the rounds, times the best time a day gives
its microseconds a day: a single profile carries this machine's drift (±30% between identical
runs), a share within one run much less.

  scripts/phase-split.py --rounds 3 old=/path/to/old/surfacesim new=.build/release/surfacesim

Needs Linux `perf` (not part of make test or .ci/run); takes about a minute a round.
"""
import argparse, collections, json, os, re, shutil, subprocess, sys, tempfile

WIDGET_PATH = ["--set", "live.enabled=false", "--set", "watch.enabled=false",
               "--set", "share.enabled=false", "--set", "action.enabled=false"]
PHASES = ["the event loop", "set-up and start", "the report", "teardown", "the study layer", "the checkpoint"]
OUTSIDE = "start-up and the files"


def phase(stack):
    """The phase a sample belongs to, from the mangled names of its call stack (leaf first)."""
    s = " ".join(stack)
    if re.search(r"Replication\w*O3run", s):
        if "EngineC3run5until" in s:
            return "the event loop"
        if re.search(r"AssemblyC6report", s):
            return "the report"
        if re.search(r"AssemblyC5world|5WorldC.*seed|World.*init|AssemblyC5start", s):
            return "set-up and start"
        return "teardown"
    if "checkpoint" in s.lower():
        return "the checkpoint"
    if re.search(r"RunSession|ReplicationFigures|RunsTable|RunsFile|CSVNumber|PointAccumulator", s):
        return "the study layer"
    return OUTSIDE


def stacks(perf_data):
    """The call stacks of `perf script`, one list of symbols per sample."""
    out = subprocess.run(["perf", "script", "-F", "ip,sym", "-i", perf_data],
                         capture_output=True, text=True, check=True).stdout
    stack = []
    for line in out.split("\n"):
        line = line.strip()
        if not line:
            if stack:
                yield stack
            stack = []
            continue
        parts = line.split(None, 1)
        stack.append(parts[1] if len(parts) > 1 else "?")
    if stack:
        yield stack


def run(binary, scenario, days, out, profile=None):
    """Runs the widget path; returns the in-process seconds (under `perf record` if `profile`)."""
    command = [binary, "run", scenario, *WIDGET_PATH, "--runs", str(days), "--jobs", "1",
               "--out", out, "--quiet"]
    if profile:
        command = ["perf", "record", "-q", "-F", "20000", "-g", "-o", profile, "--"] + command
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(os.path.join(out, "manifest.json")) as f:
        return json.load(f)["timeTakenSeconds"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="+", metavar="NAME=BINARY")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--days", type=int, default=4000)
    parser.add_argument("--scenario", default="Scenarios/default.json5")
    args = parser.parse_args()
    if shutil.which("perf") is None:
        sys.exit("phase-split: needs Linux perf (Debian: apt-get install linux-perf), which this machine lacks")
    builds = []
    for item in args.binaries:
        name, _, binary = item.rpartition("=")
        if not os.access(binary, os.X_OK):
            sys.exit(f"phase-split: {item}: no executable at {binary}")
        builds.append((name or binary, os.path.abspath(binary)))
    best = {}
    shares = {name: collections.Counter() for name, _ in builds}
    with tempfile.TemporaryDirectory() as work:
        for _ in range(args.rounds):
            for name, binary in builds:
                out = os.path.join(work, "out")
                subprocess.run(["rm", "-rf", out], check=True)
                seconds = run(binary, args.scenario, args.days, out)
                best[name] = min(best.get(name, seconds), seconds)
                subprocess.run(["rm", "-rf", out], check=True)
                profile = os.path.join(work, "perf.data")
                run(binary, args.scenario, args.days, out, profile)
                counts = collections.Counter(phase(s) for s in stacks(profile))
                inside = sum(v for k, v in counts.items() if k != OUTSIDE)
                for p in PHASES:
                    shares[name][p] += counts[p] / inside / args.rounds
    print("a widget-path day, microseconds (each phase's mean share of %d profiles times the best of "
          "%d in-process times of %d days)" % (args.rounds, args.rounds, args.days))
    print("phase," + ",".join(name for name, _ in builds))
    for p in PHASES:
        print(p + "," + ",".join("%.1f" % (shares[n][p] * best[n] / args.days * 1e6) for n, _ in builds))
    print("all," + ",".join("%.1f" % (best[n] / args.days * 1e6) for n, _ in builds))


if __name__ == "__main__":
    sys.exit(main())
