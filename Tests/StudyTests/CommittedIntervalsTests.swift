import Foundation
import XCTest
@testable import Study

/// Every committed study's summary.csv: each mean lies in its own interval, and no interval
/// of a non-negative metric reaches below 0 or a fraction's above 1 (docs/statistics.md: the
/// point estimate and its interval come from the same estimator); the `interval` column names
/// a method, a fraction that never happened reports an upper bound (not "0 [0, 0]"), and a
/// per-point metric claims no interval. The same checks hold for a study run here, so they do
/// not wait for the committed results to be regenerated.
final class CommittedIntervalsTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let results = root.appendingPathComponent("Results")

    func testEveryCommittedMeanLiesInItsInterval() throws {
        let files = FileManager.default.enumerator(at: Self.results, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "summary.csv" }
        XCTAssertFalse(files.isEmpty)
        var checked = 0
        for file in files { checked += try Self.check(file) }
        XCTAssertGreaterThan(checked, 1_000)
    }

    /// A fresh run of the default study (every surface on) and of the population study (the
    /// per-point metrics), a few replications each.
    func testAFreshStudysMeansLieInTheirIntervals() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("committed-intervals-\(getpid())")
        defer { try? FileManager.default.removeItem(at: tmp) }
        var checked = 0
        for (scenario, sets) in [("default", ["duration=6h"]), ("population-load", ["duration=3h"])] {
            let out = tmp.appendingPathComponent(scenario).path
            let console = Console.capturing()
            let file = Self.root.appendingPathComponent("Scenarios/\(scenario).json5").path
            let status = CLI.main(["surfacesim", "run", file, "--runs", "6", "--out", out, "--quiet"] + sets.flatMap { ["--set", $0] },
                                  console: console)
            XCTAssertEqual(status, 0, console.errors)
            checked += try Self.check(URL(fileURLWithPath: out).appendingPathComponent("summary.csv"), requireIntervalColumn: true)
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// Checks every row of `file`; returns how many rows had an interval.
    static func check(_ file: URL, requireIntervalColumn: Bool = false, line: UInt = #line) throws -> Int {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        guard let mean = header.firstIndex(of: "mean"), let low = header.firstIndex(of: "ci95_low"),
              let high = header.firstIndex(of: "ci95_high"), let unit = header.firstIndex(of: "unit"),
              let metric = header.firstIndex(of: "metric"), let n = header.firstIndex(of: "n") else {
            XCTFail("\(file.path): no interval columns", line: line)
            return 0
        }
        let interval = header.firstIndex(of: "interval")
        if requireIntervalColumn { XCTAssertNotNil(interval, "\(file.path): no interval column", line: line) }
        let methods = Set(["ratio", "wilson", "upper-bound", "t", "none"])
        let pointMetrics = Set(["backend.requests.peakToMean", "backend.requests.perMinute.mean", "backend.requests.perMinute.p99",
                                "backend.requests.perMinute.peak", "backend.requests.burst"])
        var checked = 0
        for (number, line) in lines.dropFirst().enumerated() {
            // Fields are plain numbers and names here, except quoted point names, which
            // come first: count from the end.
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let shift = fields.count - header.count
            func value(_ column: Int) -> Double? { Double(fields[column + shift]) }
            let name = fields[metric + shift]
            let place = "\(file.path):\(number + 2) \(name)"
            let method = interval.map { fields[$0 + shift] }
            if let method {
                XCTAssertTrue(methods.contains(method), "\(place): interval \(method)")
                if pointMetrics.contains(name) {
                    XCTAssertEqual(method, "none", "\(place): a per-point metric claims an interval")
                    XCTAssertEqual(fields[low + shift] + fields[high + shift], "", "\(place): a per-point metric claims an interval")
                }
            }
            guard let m = value(mean), let l = value(low), let h = value(high), !l.isNaN else {
                if let method { XCTAssertEqual(method, "none", "\(place): no interval printed") }
                continue
            }
            XCTAssertLessThanOrEqual(l, m, place)
            XCTAssertLessThanOrEqual(m, h, place)
            XCTAssertGreaterThanOrEqual(l, 0, place)
            if fields[unit + shift] == "fraction" {
                XCTAssertLessThanOrEqual(h, 1, place)
                if let method, m == 0, (value(n) ?? 0) > 0 {
                    // Never "0 [0, 0]": a fraction that never happened is bounded above.
                    XCTAssertEqual(method, "upper-bound", place)
                    XCTAssertGreaterThan(h, 0, place)
                }
            }
            if method == "upper-bound" {
                XCTAssertEqual(m, 0, place)
                XCTAssertEqual(l, 0, place)
                XCTAssertGreaterThan(h, 0, place)
            }
            checked += 1
        }
        return checked
    }
}
