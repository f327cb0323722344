import Foundation
import XCTest
import SurfaceSimKit

/// The speaker's study through the command line (docs/extending.md#running-a-study): its
/// metrics in summary.csv and runs.csv after the built-in ones, the same bytes for the same
/// seed, its parameters checked like the built-in ones.
final class SpeakerStudyTests: XCTestCase {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios/speaker.json5").path

    override func setUp() { SpeakerWorld.install() }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("speaker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Runs the speaker's scenario into `out` with `extra` arguments; returns the exit status and the console.
    private func run(_ out: URL, _ extra: [String] = []) -> (Int32, Console) {
        let console = Console.capturing()
        let status = CLI.main(["speakersim", "run", Self.scenario, "--out", out.path, "--reproducible", "--quiet"] + extra,
                              console: console)
        return (status, console)
    }

    func testTheSameSeedGivesTheSameBytesAndTheSpeakersColumns() throws {
        let root = try temporaryFolder()
        let (a, b, c) = (root.appendingPathComponent("a"), root.appendingPathComponent("b"), root.appendingPathComponent("c"))
        for out in [a, b] {
            let (status, console) = run(out)
            XCTAssertEqual(status, 0, console.errors)
        }
        XCTAssertEqual(run(c, ["--set", "seed=12"]).0, 0)
        for file in ["summary.csv", "runs.csv"] {
            let first = try Data(contentsOf: a.appendingPathComponent(file))
            XCTAssertEqual(first, try Data(contentsOf: b.appendingPathComponent(file)), "\(file) differs between two runs of one seed")
            XCTAssertNotEqual(first, try Data(contentsOf: c.appendingPathComponent(file)), "\(file) does not depend on the seed")
        }
        let summary = try String(contentsOf: a.appendingPathComponent("summary.csv"), encoding: .utf8)
        for metric in ["speaker.staleness", "speaker.age", "speaker.unanswered"] {
            XCTAssertEqual(summary.split(separator: "\n").filter { $0.contains(",\(metric),") }.count, 4, "\(metric): a row per point")
        }
        let header = try String(contentsOf: a.appendingPathComponent("runs.csv"), encoding: .utf8).prefix { $0 != "\n" }
        // Every built-in column comes first (its figures, then its sampled metrics' and its
        // fractions' numerators and denominators), so adding the speaker moves none; the
        // speaker's follow in the same order.
        let columns = header.split(separator: ",").map(String.init)
        let first = try XCTUnwrap(columns.firstIndex(of: "speaker.staleness.mean"))
        XCTAssertEqual(Array(columns[first...]), [
            "speaker.staleness.mean", "speaker.staleness.p50", "speaker.staleness.p90", "speaker.staleness.p99",
            "speaker.age.mean", "speaker.age.p50", "speaker.age.p90", "speaker.age.p99", "speaker.unanswered",
            "speaker.staleness.numerator", "speaker.staleness.denominator", "speaker.age.numerator", "speaker.age.denominator",
            "speaker.unanswered.numerator", "speaker.unanswered.denominator",
        ], "the speaker's columns come after every built-in one: \(header.suffix(300))")
        XCTAssertTrue(columns[first - 1].hasSuffix(".denominator"), "the built-in numerators and denominators come before the speaker's")
    }

    /// The platform launches the speaker at time 0 and the event log names it like a built-in program.
    func testTheTraceShowsThePlatformLaunchingTheSpeaker() {
        let console = Console.capturing()
        XCTAssertEqual(CLI.main(["speakersim", "trace", Self.scenario, "--point", "1", "--only", "speaker", "--format", "text"],
                                console: console), 0, console.errors)
        let lines = console.output.split(separator: "\n")
        XCTAssertEqual(lines.first, "0 s  speaker · launched system")
        XCTAssertTrue(lines.contains { $0.hasSuffix("speaker ← question") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("300 s  speaker ← refresh") }, "point 1 reads every 5 minutes")
    }

    func testAMisspelledParameterIsNamedAndAnOutOfRangeOneRefused() {
        let misspelled = Console.capturing()
        XCTAssertEqual(CLI.main(["speakersim", "validate", Self.scenario, "--set", "speaker.refreshIntervl=3m"], console: misspelled), 2)
        XCTAssertTrue(misspelled.errors.contains("Did you mean 'speaker.refreshInterval'?"), misspelled.errors)
        let tooShort = Console.capturing()
        XCTAssertEqual(CLI.main(["speakersim", "validate", Self.scenario, "--set", "speaker.refreshInterval=0s"], console: tooShort), 2)
        XCTAssertTrue(tooShort.errors.contains("expected a duration from 1s"), tooShort.errors)
        let help = Console.capturing()
        XCTAssertEqual(CLI.main(["speakersim", "help", "parameters"], console: help), 0)
        XCTAssertTrue(help.output.contains("speaker.refreshInterval"), "help parameters lists the speaker's parameters")
    }
}
