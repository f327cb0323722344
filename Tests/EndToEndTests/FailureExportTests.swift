import Foundation
import XCTest

/// `failures --only/--export`, `probes --only/--export` and `trace --failure` (docs/cli.md#failures):
/// an exported failure, run with no further options, prints failures.csv's figures.
final class FailureExportTests: XCTestCase {
    /// F2's value is a mean, F12's a p50 (its rule reads each run's median).
    static let ids = ["F2", "F12"]

    func testAnExportedFailureReproducesFailuresCSV() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["failures", "--only", Self.ids.joined(separator: ","), "--runs", "8", "--out", "study",
                         "--export", "scenarios", "--quiet"])
        let rows = try Self.csv(sim.path("study/failures.csv"))
        XCTAssertEqual(rows.map { $0["failure"]! + "/" + $0["variant"]! }, ["F2/causes", "F2/avoids", "F12/causes", "F12/avoids"],
                       "--only keeps only the named failures' rows")
        for row in rows {
            let name = row["failure"]! + "-" + row["variant"]!
            let file = sim.path("scenarios/\(name).json5")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            // The rule and the figure are written in the file, and the run applies them.
            let rule = try XCTUnwrap(Self.rule(in: text), "\(name): no rule in the file")
            let figure = try XCTUnwrap(Self.between(text, "so summary.csv's ", " of "), "\(name): no figure in the file")
            try FileManager.default.createDirectory(atPath: sim.path(name), withIntermediateDirectories: true)
            let run = try sim.run(["run", file], inside: name)
            XCTAssertEqual(run.status, 0, run.err)
            let summary = try Self.csv(sim.path("\(name)/Results/\(name)/summary.csv"))
            let line = try XCTUnwrap(summary.first { $0["metric"] == row["metric"] }, "\(name): no \(row["metric"]!) row")
            XCTAssertEqual(line[figure], row["value"], "\(name): summary.csv's \(figure) of \(row["metric"]!) is failures.csv's value")
            let runs = try Self.csv(sim.path("\(name)/Results/\(name)/runs.csv"))
            XCTAssertEqual(runs.count, 8, "\(name): replications = --runs")
            let counted = runs.compactMap { Double($0[rule.column] ?? "") }
            let noticed = counted.filter { $0 > rule.threshold }.count
            let share = try XCTUnwrap(Double(row["share"]!))
            XCTAssertFalse(counted.isEmpty, name)
            // Both are a count over the same runs: failures.csv writes it with six decimals.
            XCTAssertEqual(Double(noticed) / Double(counted.count), share, accuracy: 5e-7,
                           "\(name): the file's rule on runs.csv gives failures.csv's share")
        }
        XCTAssertGreaterThan(Double(rows[0]["share"]!)!, 0, "F2 is noticed under causes")
    }

    func testTraceFailureIsTheReplicationOfTheStudy() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["failures", "--only", "F2", "--runs", "3", "--seed", "5", "--out", "study", "--export", "scenarios", "--quiet"])
        let traced = try sim.succeed(["trace", "--failure", "F2", "--variant", "avoids", "--seed", "5", "--run", "2"])
        XCTAssertEqual(traced, try sim.succeed(["trace", sim.path("scenarios/F2-avoids.json5"), "--run", "2"]))
        XCTAssertTrue(traced.hasPrefix("time,process,event,details\n"), String(traced.prefix(80)))
        XCTAssertNotEqual(traced, try sim.succeed(["trace", "--failure", "F2", "--variant", "avoids", "--seed", "5", "--run", "1"]))
        let text = try sim.succeed(["trace", "--failure", "F2", "--run", "0", "--only", "widget", "--format", "text"])
        XCTAssertTrue(text.hasPrefix("0 s  widget · "), String(text.prefix(80)))
        for (arguments, message) in [
            (["trace", "--failure", "F22"], "(did you mean 'F2'?)"),
            (["trace", "--failure", "F2", "--variant", "cause"], "--variant: expected causes or avoids"),
            (["trace", sim.path("scenarios/F2-avoids.json5"), "--failure", "F2"], "without a scenario"),
            (["trace", sim.path("scenarios/F2-avoids.json5"), "--variant", "avoids"], "--variant goes with --failure"),
            (["trace"], "missing argument '<scenario>'"),
        ] {
            let r = try sim.run(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.err)")
            XCTAssertTrue(r.err.contains(message), "\(arguments): \(r.err)")
        }
    }

    func testAnUnknownIdExitsWith2NamingTheNearest() throws {
        let sim = try SurfaceSimBinary()
        for (verb, ids, nearest) in [("failures", "F2,outbox-rase", "outbox-race"), ("probes", "P25.9", "P25.1")] {
            let r = try sim.run([verb, "--only", ids, "--out", "out", "--export", "x"])
            XCTAssertEqual(r.status, 2, r.err)
            XCTAssertTrue(r.err.contains("did you mean '\(nearest)'?"), r.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path("out")), "nothing written")
            XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path("x")), "nothing exported")
        }
    }

    func testProbesOnlyAndExport() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["probes", "--only", "P25.2", "--runs", "4", "--out", "study", "--export", "scenarios", "--quiet"])
        let rows = try Self.csv(sim.path("study/probes.csv"))
        XCTAssertFalse(rows.isEmpty)
        XCTAssertEqual(Set(rows.map { $0["probe"]! }), ["P25.2"])
        let files = try FileManager.default.contentsOfDirectory(atPath: sim.path("scenarios")).sorted()
        XCTAssertEqual(files, ["P25.2-budgetedFetch.json5", "P25.2-fedByApp.json5", "P25.2-pushReload.json5"])
        let text = try String(contentsOfFile: sim.path("scenarios/P25.2-pushReload.json5"), encoding: .utf8)
        XCTAssertTrue(text.contains("The reading needs `surfacesim probes --only P25.2`"), text)
        XCTAssertEqual(try sim.run(["validate", sim.path("scenarios/P25.2-pushReload.json5")]).status, 0)
        // A later export adds its files beside the earlier ones; a folder of other files is refused.
        try sim.succeed(["failures", "--only", "F2", "--runs", "2", "--out", "failures", "--export", "scenarios", "--quiet"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sim.path("scenarios")).count, 5)
        try "{}".write(toFile: sim.path("scenarios/mine.json5"), atomically: true, encoding: .utf8)
        let refused = try sim.run(["failures", "--only", "F2", "--runs", "2", "--out", "failures", "--export", "scenarios"])
        XCTAssertEqual(refused.status, 2, refused.err)
        XCTAssertTrue(refused.err.contains("'mine.json5'"), refused.err)
    }

    /// A CSV without quoted fields, as records keyed by the header.
    static func csv(_ path: String) throws -> [[String: String]] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
    }

    /// The text between two markers.
    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else { return nil }
        return String(text[a.upperBound..<b.lowerBound])
    }

    /// A one-condition rule as the exported file writes it: `noticed in a run when COLUMN > T (runs.csv`.
    static func rule(in text: String) -> (column: String, threshold: Double)? {
        guard let condition = between(text, "noticed in a run when ", " (runs.csv") else { return nil }
        let parts = condition.split(separator: " ")
        guard parts.count == 3, parts[1] == ">", let threshold = Double(parts[2]) else { return nil }
        return (String(parts[0]), threshold)
    }
}

/// `trace --format perfetto|svg`, windows and `--clock` from the command line (docs/cli.md#trace).
final class TraceFormatsCommandLineTests: XCTestCase {
    func testPerfettoAndSVGFilesAndWindows() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["trace", "--failure", "F10", "--format", "perfetto", "--out", sim.path("f10.json")])
        let json = try String(contentsOfFile: sim.path("f10.json"), encoding: .utf8)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertFalse(try XCTUnwrap(object["traceEvents"] as? [Any]).isEmpty)
        try sim.succeed(["trace", "--failure", "F10", "--format", "svg", "--around", "13:03", "--span", "10m", "--out", sim.path("f10.svg")])
        let svg = try String(contentsOfFile: sim.path("f10.svg"), encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<svg ") && svg.contains("watchLink · refused"), String(svg.prefix(200)))
        let csv = try sim.succeed(["trace", "--failure", "F10", "--clock", "--from", "13:00", "--to", "13:05"])
        let rows = csv.split(separator: "\n")
        XCTAssertEqual(rows.first, "time,process,event,details,clock")
        for row in rows.dropFirst() {
            let t = try XCTUnwrap(Double(row.split(separator: ",")[0]))
            XCTAssertTrue((46_800...47_100).contains(t), String(row))
            XCTAssertTrue(try XCTUnwrap(row.split(separator: ",").last).hasPrefix("13:0"), String(row))
        }
        XCTAssertTrue(csv.contains(",watchApp,lost,change: "), csv)
        for (arguments, message) in [
            (["--around", "3h", "--from", "1h"], "--around goes without --from and --to"),
            (["--from", "5h", "--to", "4h"], "--from: expected a time not after --to"),
            (["--from", "25:00"], "--from: expected a time such as"),
            (["--format", "perfeto"], "(did you mean 'perfetto'?)"),
            (["--span", "5m"], "--span goes with --around"),
            (["--format", "svg", "--clock"], "--clock goes with --format csv or text"),
        ] {
            let r = try sim.run(["trace", "--failure", "F10"] + arguments + ["--out", sim.path("refused.out")])
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.err)")
            XCTAssertTrue(r.err.contains(message), r.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path("refused.out")), "nothing is written")
        }
    }
}
