import Foundation
import Surfaces
import SurfaceCore
import XCTest
@testable import Study

/// The coverage line and coverage.csv (docs/output.md#coverage): which of the platform's
/// mechanisms a study exercised, in how many replications, read from the diagnostics it kept;
/// a warning for a mechanism a failure rule depends on that never occurred.
final class MechanismCoverageTests: XCTestCase {
    /// A widget study with no restarts and a budget of 2 reloads a day against pushes every
    /// few minutes: every replication has refusals, none a restart (F2 needs one: warned), and
    /// Doze (iOS) is measured nowhere. The file's counts are the replications whose runs.csv
    /// value is above 0, and the default table shows no diagnostic.
    func testCoverageCountsTheReplicationsThatExercisedEachMechanism() throws {
        let fixture = try StudyFixture("""
        {
          name: "coverage", duration: "1d", replications: 6, seed: 3,
          surfaces: ["widget"],
          "device.restarts.perDay": 0, "device.appUpdates.perDay": 2, "widget.budgetPerDay": 2,
          elsewhere: {edits: {perHour: 6}},
        }
        """)
        let console = fixture.cli(["run", fixture.scenario, "--out", fixture.path("out"), "--jobs", "2"])
        let coverage = try String(contentsOfFile: fixture.path("out/coverage.csv"), encoding: .utf8)
        let rows = coverage.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(rows.first, ["mechanism", "replications", "share"])
        let byName = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[0], Array($0.dropFirst())) })
        XCTAssertEqual(Array(rows.dropFirst().map(\.[0])), MechanismCoverage.mechanisms.map(\.name))
        XCTAssertEqual(byName["widget.reloads.refused"], ["6", "1"])
        XCTAssertEqual(byName["device.restarts"], ["0", "0"])
        XCTAssertEqual(byName["device.doze.deep.time"], ["", ""], "no Doze on iOS: not measured")

        // Each count is the replications whose runs.csv value is above 0.
        let runs = try String(contentsOfFile: fixture.path("out/runs.csv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        for name in ["push.wakes.refused", "push.held.offline", "device.appUpdates", "widget.reloads.refused"] {
            let column = try XCTUnwrap(runs[0].firstIndex(of: name), name)
            let above = runs.dropFirst().filter { (Double($0[column]) ?? 0) > 0 }.count
            XCTAssertEqual(byName[name]?.first, String(above), name)
        }

        let text = console.output
        XCTAssertTrue(text.contains("Mechanisms exercised (replications of 6): widget.reloads.refused 6"), text)
        XCTAssertTrue(text.contains("never: ") && text.contains("device.restarts"), text)
        XCTAssertTrue(text.contains("warning: no replication exercised device.restarts, which failure F2"), text)
        XCTAssertFalse(text.contains("which failure F3"), "app updates happened: \(text)")
        let table = try XCTUnwrap(text.components(separatedBy: "Mechanisms exercised").first)
        XCTAssertFalse(table.contains("refused") || table.contains("doze"), "no diagnostic in the default table: \(text)")
        XCTAssertTrue(text.contains("coverage.csv"), "listed with the files written")
    }

    /// Every failure a mechanism names exists, and the metric it is judged by is in the catalogue.
    func testTheDependenciesNameRealFailures() {
        for mechanism in MechanismCoverage.mechanisms {
            for id in mechanism.failures {
                let failure = ChapterFailures.failure(id)
                XCTAssertNotNil(failure, "\(mechanism.name) names \(id)")
                XCTAssertNotNil(Metric.allCases.first { $0.spec.name == failure?.metric }, id)
            }
        }
    }
}

/// runs.csv's columns never move: the committed default study's header, written before the
/// latest metrics were added (or after, then equal), is a prefix of the header written today.
final class RunsColumnPlacesTests: XCTestCase {
    func testACommittedHeaderIsAPrefixOfTodays() throws {
        let runs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Results/default/runs.csv")
        let handle = try FileHandle(forReadingFrom: runs)
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 1 << 16), as: UTF8.self)
        let committed = try XCTUnwrap(head.split(separator: "\n").first).split(separator: ",").map(String.init)
        let today = RunsTable.header(columns: [])
        XCTAssertGreaterThanOrEqual(today.count, committed.count)
        if let k = committed.indices.first(where: { today[$0] != committed[$0] }) {
            XCTFail("column \(k + 1) was \(committed[k]) and is \(today[k]) now")
        }
        // The diagnostics come after every earlier metric's numerator and denominator.
        let first = try XCTUnwrap(today.firstIndex(of: "widget.reloads.refused"))
        XCTAssertTrue(today[first - 1].hasSuffix(".denominator"), today[first - 1])
    }
}
