import Foundation
import XCTest

/// The built binary on small scenarios: reproducibility, errors, and the text users see.
final class EndToEndTests: XCTestCase {
    func testJobs1And2GiveByteIdenticalResults() throws {
        let sim = try SurfaceSimBinary()
        let scenario = SurfaceSimBinary.fixture("sweep.json5")
        try sim.succeed(["run", scenario, "--jobs", "1", "--out", "one", "--quiet"])
        try sim.succeed(["run", scenario, "--jobs", "2", "--out", "two", "--quiet"])
        let one = try sim.results("one")
        XCTAssertEqual(one.keys.sorted(), try sim.results("two").keys.sorted())
        XCTAssertEqual(one, try sim.results("two"))
        XCTAssertNotNil(one["runs.csv"])
        XCTAssertNotNil(one["sweep-widget.budgetPerDay.svg"])
    }

    func testShardsMergedEqualOneRun() throws {
        let sim = try SurfaceSimBinary()
        let scenario = SurfaceSimBinary.fixture("sweep.json5")
        try sim.succeed(["run", scenario, "--out", "whole", "--quiet"])
        try sim.succeed(["run", scenario, "--shard", "1/2", "--out", "s1", "--quiet"])
        try sim.succeed(["run", scenario, "--shard", "2/2", "--out", "s2", "--quiet"])
        try sim.succeed(["merge", "s2", "s1", "--out", "merged", "--quiet"])
        XCTAssertEqual(try sim.results("whole"), try sim.results("merged"))
    }

    func testARerunIntoTheSameFolderLeavesNoPlotOfTheEarlierStudy() throws {
        let sim = try SurfaceSimBinary()
        let scenario = SurfaceSimBinary.fixture("small.json5")
        try sim.succeed(["run", scenario, "--out", "out", "--quiet"])
        let before = try sim.results("out").keys
        XCTAssertTrue(before.contains("latency-ecdf-share.svg"), "\(before.sorted())")
        XCTAssertTrue(before.contains("staleness-ecdf-watch.svg"), "\(before.sorted())")
        try sim.succeed(["run", scenario, "--set", "share.enabled=false", "--set", "watch.enabled=false", "--out", "out", "--quiet"])
        let after = try sim.results("out").keys.sorted()
        XCTAssertEqual(after, before.filter { $0 != "latency-ecdf-share.svg" && $0 != "staleness-ecdf-watch.svg" }.sorted())
    }

    /// With --reproducible the report is a function of the scenario and the seed: no wall time
    /// in its first line (the README shows such a run and checks its text).
    func testAReproducibleRunPrintsTheSameReportTwice() throws {
        let sim = try SurfaceSimBinary()
        let scenario = SurfaceSimBinary.fixture("small.json5")
        let first = try sim.succeed(["run", scenario, "--out", "a", "--reproducible"])
        let second = try sim.succeed(["run", scenario, "--out", "a", "--reproducible"])
        XCTAssertEqual(first, second)
        XCTAssertTrue(first.hasPrefix("small: 1 point × 6 replications, seed 3, "), first)
        XCTAssertFalse(first.prefix(while: { $0 != "\n" }).contains(" in "), first)
        let timed = try sim.succeed(["run", scenario, "--out", "b"])
        XCTAssertTrue(timed.prefix(while: { $0 != "\n" }).contains(" events in "), timed)
    }

    func testTheDefaultOutputFolderAndTheReport() throws {
        let sim = try SurfaceSimBinary()
        let out = try sim.succeed(["run", SurfaceSimBinary.fixture("small.json5")])
        XCTAssertTrue(out.hasPrefix("small: 1 point × 6 replications, seed 3, "), out)
        XCTAssertTrue(out.contains("\npoint  surface  p50 staleness  p90 staleness  blank\n"), out)
        XCTAssertTrue(out.contains("\nFiles:\n  Results/small/runs.csv\n  Results/small/summary.csv\n  Results/small/distributions.csv\n"), out)
        XCTAssertTrue(out.hasSuffix("  Results/small/manifest.json\n"), out)
        let manifest = try String(contentsOfFile: sim.path("Results/small/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"version\": \"0.3.0+"), manifest)
        XCTAssertTrue(manifest.contains("\"model\": \""), manifest)
        XCTAssertTrue(manifest.contains("\"widget.budgetPerDay\": 55"))
    }

    func testABadScenarioExitsWith2AndWritesNothing() throws {
        let sim = try SurfaceSimBinary()
        let scenario = SurfaceSimBinary.fixture("bad-enum.json5")
        let r = try sim.run(["run", scenario, "--out", "out"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.out, "")
        XCTAssertEqual(r.err, "Error: \(scenario):3:18: watch.level: expected one of \"remoteControl\", \"companion\", \"standalone\", found \"companon\". Did you mean 'companion'?\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path("out")))
        XCTAssertEqual(try sim.run(["validate", scenario]).status, 2)
    }

    /// `observe.report` names metrics as `help metrics` lists them: a misspelt one is exit 2
    /// naming the file, the line, the element and the nearest name, and nothing is written;
    /// a good list, from the file or `--set`, chooses the table and the plots.
    func testObserveReportRefusesAnUnknownMetricAndChoosesTheTable() throws {
        let sim = try SurfaceSimBinary()
        let scenario = sim.path("report.json5")
        let text = try String(contentsOfFile: SurfaceSimBinary.fixture("small.json5"), encoding: .utf8)
        try text.replacingOccurrences(of: #"observe: {warmup: "30m"}"#, with: #"observe: {warmup: "30m", report: ["share.latency", "share.lsot"]}"#)
            .write(toFile: scenario, atomically: true, encoding: .utf8)
        let refused = try sim.run(["run", scenario, "--out", "out"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.out, "")
        XCTAssertEqual(refused.err, "Error: \(scenario):7:54: observe.report[1]: expected a metric name (surfacesim help metrics), found \"share.lsot\". Did you mean 'share.lost'?\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path("out")))
        XCTAssertEqual(try sim.run(["validate", scenario]).status, 2)
        let out = try sim.succeed(["run", SurfaceSimBinary.fixture("small.json5"), "--set", "observe.report=share.latency,share.lost", "--out", "out"])
        XCTAssertTrue(out.contains("\npoint  surface  p50 latency  p90 latency  lost\n0      share    "), out)
        XCTAssertEqual(try sim.results("out").keys.filter { $0.hasSuffix(".svg") }, ["latency-ecdf-share.svg"])
    }

    func testHelpIsTheSameAsTheHelpFlag() throws {
        let sim = try SurfaceSimBinary()
        for verb in ["run", "merge", "trace", "validate", "plot"] {
            XCTAssertEqual(try sim.succeed(["help", verb]), try sim.succeed([verb, "--help"]), verb)
        }
        XCTAssertTrue(try sim.succeed(["--version"]).hasPrefix("0.3.0+"))
    }

    func testTraceWritesCSVToStandardOutput() throws {
        let sim = try SurfaceSimBinary()
        let out = try sim.succeed(["trace", SurfaceSimBinary.fixture("sweep.json5"), "--point", "3", "--run", "1"])
        XCTAssertTrue(out.hasPrefix("time,process,event,details\n"))
        XCTAssertEqual(out, try sim.succeed(["trace", SurfaceSimBinary.fixture("sweep.json5"), "--point", "3", "--run", "1"]))
    }

    /// `--only` keeps the named programs' and surfaces' lines; `--format text` prints each
    /// delivery as `program ← input(...)`; an unknown name is refused with the nearest.
    func testTraceFiltersByProgramAndReadsAsText() throws {
        let sim = try SurfaceSimBinary()
        let scenario = SurfaceSimBinary.fixture("sweep.json5")
        let csv = try sim.succeed(["trace", scenario, "--only", "widgetHost,widget"])
        let processes = Set(csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[1] })
        XCTAssertEqual(processes, ["widgetHost", "widget"])
        let text = try sim.succeed(["trace", scenario, "--only", "widgetHost", "--format", "text"])
        XCTAssertTrue(text.contains(" s  widgetHost ← runProvider(boot)\n"), String(text.prefix(400)))
        XCTAssertFalse(text.contains("µs") || text.contains("nextReload: 1800000000"), "times inside inputs are in seconds")
        let refused = try sim.run(["trace", scenario, "--only", "widgetHst"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.err.contains("did you mean 'widgetHost'"), refused.err)
        XCTAssertEqual(refused.out, "")
    }

    /// Durations inside inputs read in seconds too: the plan of an activity the user placed.
    func testTraceShowsAnActivityPlanInSeconds() throws {
        let sim = try SurfaceSimBinary()
        let text = try sim.succeed(["trace", "--failure", "F7", "--only", "liveStatus", "--format", "text"])
        let begin = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("← begin(") }, String(text.prefix(400)))
        XCTAssertNotNil(begin.range(of: #"begin\(ActivityPlan\(planned: [0-9.]+ s, actual: [0-9.]+ s, account: first\)\)$"#,
                                    options: .regularExpression), String(begin))
    }
}
