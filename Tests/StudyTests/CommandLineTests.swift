import Foundation
import XCTest
@testable import Study

/// The command line's user-visible text, pinned exactly.
final class CommandLineTests: XCTestCase {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.main(["surfacesim"] + arguments, console: console)
        return (status, console.output, console.errors)
    }

    func testValidateHelpIsPinned() {
        XCTAssertEqual(run(["help", "validate"]).out, """
        OVERVIEW: Check a scenario file without running it.

        USAGE: surfacesim validate <scenario> [--set <path=value> ...] [--sweep <path=values> ...]

        ARGUMENTS:
          <scenario>              The scenario file (JSON5).

        OPTIONS:
          --set <path=value>      Set a parameter after the file and before the sweep.
          --sweep <path=values>   Sweep a parameter as 'run --sweep' does (0s,5m,15m or
                                  0s..15m/6).
          -h, --help              Show help information.

        """)
    }

    func testRunUsageIsPinned() {
        XCTAssertEqual(RunVerb().spec.usage, "surfacesim run <scenario> [--runs <n>] [--seed <s>] [--jobs <j>] [--out <dir>] "
                       + "[--set <path=value> ...] [--sweep <path=values> ...] [--precision <target> ...] [--max-runs <n>] [--platform-uncertainty] [--draws <n>] [--shard <k/n>] [--resume] [--fresh] [--checkpoint-every <n|duration>] [--check] "
                       + "[--quiet] [--progress-every <duration>] [--reproducible]")
        XCTAssertEqual(MergeVerb().spec.usage, "surfacesim merge <dir> ... --out <dir> [--quiet] [--reproducible] [--allow-different-models]")
        XCTAssertEqual(CompareVerb().spec.usage, "surfacesim compare <dir_a> <dir_b> [--out <dir>] [--allow-different-models] [--by <path> ...] [--holm] [--quiet]")
    }

    func testHelpFlagAndHelpVerbPrintTheSameText() {
        for verb in Verbs.all {
            let name = verb.spec.name
            let viaHelp = run(["help", name])
            XCTAssertEqual(viaHelp.status, 0)
            XCTAssertEqual(run([name, "--help"]).out, viaHelp.out, name)
            XCTAssertEqual(run([name, "-h"]).out, viaHelp.out, name)
            XCTAssertTrue(viaHelp.out.hasPrefix("OVERVIEW: "), name)
        }
        XCTAssertEqual(run([]).out, run(["--help"]).out)
        XCTAssertEqual(run(["help"]).out, run(["--help"]).out)
    }

    func testVersion() {
        XCTAssertEqual(run(["--version"]).out, "0.3.0+\(StudyProgram.model.prefix(12))\n")
    }

    func testUnknownOptionGetsASuggestionAndTheUsage() {
        let r = run(["run", "x.json5", "--rnus", "3"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.err, "Error: unknown option '--rnus'. Did you mean '--runs'? (see 'surfacesim help run')\n")
    }

    func testUnknownVerbMissingArgumentAndBadValues() {
        XCTAssertEqual(run(["rnu"]).err, "Error: unknown verb 'rnu'. Did you mean 'run'? (see 'surfacesim help')\n")
        XCTAssertEqual(run(["validate"]).err, "Error: missing argument '<scenario>' (see 'surfacesim help validate')\n")
        XCTAssertEqual(run(["run", "x", "--jobs", "0"]).err, "Error: --jobs: expected a whole number from 1 to 1024, found '0' (see 'surfacesim help run')\n")
        XCTAssertEqual(run(["run", "x", "--shard", "3/2"]).err, "Error: --shard: expected k/n with 1 ≤ k ≤ n ≤ 1000000, found '3/2' (see 'surfacesim help run')\n")
        XCTAssertEqual(run(["run", "x", "--runs"]).err, "Error: missing value for '--runs <n>' (see 'surfacesim help run')\n")
        XCTAssertEqual(run(["merge", "a"]).err, "Error: missing option '--out <dir>' (see 'surfacesim help merge')\n")
        XCTAssertEqual(run(["help", "metrix"]).err, "Error: unknown help topic 'metrix'. Did you mean 'metrics'? (see 'surfacesim help')\n")
        XCTAssertEqual(run(["run", "x", "--stop-after", "0"]).status, 2)
    }

    func testHelpParametersListsEveryPathAndHelpMetricsEveryMetric() {
        let parameters = run(["help", "parameters"]).out
        for path in ParameterIndex().paths { XCTAssertTrue(parameters.contains("\n  \(path)  ("), path) }
        XCTAssertTrue(parameters.contains("  widget.budgetPerDay  (whole number ≥ 0, default 55; accepts a whole number from 0 to 1000000)\n"))
        XCTAssertTrue(parameters.contains("  watch.level  (one of remoteControl, companion, standalone, default \"companion\")\n"))
        let metrics = run(["help", "metrics"]).out
        XCTAssertTrue(metrics.contains("  widget.staleness  (s, sampled)\n"))
        XCTAssertTrue(metrics.contains("  backend.requests.peakToMean  (ratio, per point)\n"))
    }

    func testValidate() throws {
        let f = try StudyFixture()
        let r = run(["validate", f.scenario])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.out, "\(f.scenario): valid. Study 'small': 2 points × 7 replications = 14 replications, seed 11.\n")
    }

    func testTraceWritesOneReplicationAsCSV() throws {
        let f = try StudyFixture()
        let stdout = run(["trace", f.scenario, "--point", "1", "--run", "2"])
        XCTAssertEqual(stdout.status, 0, stdout.err)
        XCTAssertTrue(stdout.out.hasPrefix("time,process,event,details\n"))
        XCTAssertEqual(run(["trace", f.scenario, "--point", "1", "--run", "2", "--out", f.path("t.csv")]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: f.path("t.csv"), encoding: .utf8), stdout.out)
        XCTAssertEqual(run(["trace", f.scenario, "--point", "9"]).err,
                       "Error: --point: expected a point name or index 0…1, found '9' (see 'surfacesim help trace')\n")
    }

    func testPlotDrawsFromEachKindOfCSV() throws {
        let f = try StudyFixture()
        XCTAssertEqual(run(["run", f.scenario, "--out", f.path("r"), "--quiet"]).status, 0)
        for (csv, extra) in [("distributions.csv", ["--kind", "ecdf"]), ("distributions.csv", ["--kind", "histogram", "--point", "1"]),
                             ("summary.csv", ["--stat", "mean"]), ("runs.csv", []), ("runs.csv", ["--kind", "histogram"])] {
            let out = f.path("plot-\(csv)-\(extra.count).svg")
            let r = run(["plot", f.path("r/\(csv)"), "--out", out] + extra)
            XCTAssertEqual(r.status, 0, r.err)
            XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("<svg"), csv)
        }
        // A line chart from summary.csv names the statistic with the metric's unit from the file;
        // seconds are drawn in s, min or h by the range (docs/output.md, "Units").
        let line = try String(contentsOfFile: f.path("plot-summary.csv-2.svg"), encoding: .utf8)
        // The study wrote contrasts.csv beside summary.csv, so the bands are the paired intervals
        // of each point's difference from the baseline (docs/output.md, "Bands").
        XCTAssertTrue(["s", "min", "h", "d"].contains { line.contains("widget.staleness mean (\($0)); band: paired 95% CI") }, line)
        XCTAssertTrue(line.contains("band: 95% CI of the paired difference from"), line)
        let bad = run(["plot", f.path("r/summary.csv"), "--out", f.path("x.svg"), "--metric", "widget.stalenes"])
        XCTAssertEqual(bad.err, "Error: \(f.path("r/summary.csv")): no rows for metric 'widget.stalenes'. Did you mean 'widget.staleness'?\n")
    }
}
