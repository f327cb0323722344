import Foundation
import XCTest
import SurfaceSimKit

/// An added surface is named as a built-in one is (docs/scenarios.md#what-the-summary-and-the-charts-show):
/// by `surfaces: [...]`, `observe.report`, `--precision` and the charts.
final class SpeakerLikeBuiltInTests: XCTestCase {
    override func setUp() { SpeakerWorld.install() }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("speaker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Writes `scenario` and runs `speakersim run` on it with `extra`; the exit status, console and folder.
    private func run(_ scenario: String, _ extra: [String] = []) throws -> (Int32, Console, URL) {
        let root = try folder()
        let file = root.appendingPathComponent("s.json5")
        try scenario.write(to: file, atomically: true, encoding: .utf8)
        let out = root.appendingPathComponent("out")
        let console = Console.capturing()
        let status = CLI.main(["speakersim", "run", file.path, "--out", out.path, "--reproducible"] + extra, console: console)
        return (status, console, out)
    }

    static let study = """
    {name: "s", duration: "6h", seed: 3, replications: 4, observe: {warmup: "1h"},
     speaker: {questions: {perHour: 6}}, sweep: {"speaker.refreshInterval": ["5m", "60m"]}}
    """

    func testSurfacesNamesTheSpeakerAndTurnsTheOthersOff() throws {
        let (status, console, _) = try run("""
        {name: "s", duration: "2h", replications: 2, surfaces: ["speaker"], "speaker.questions.perHour": 6}
        """, ["--quiet"])
        XCTAssertEqual(status, 0, console.errors)
        let (off, offConsole, _) = try run("""
        {name: "s", duration: "2h", replications: 2, surfaces: ["widget"], "speaker.enabled": true}
        """)
        XCTAssertEqual(off, 2)
        XCTAssertTrue(offConsole.errors.contains("'surfaces'"), offConsole.errors)
        XCTAssertTrue(offConsole.errors.contains("does not name 'speaker'"), offConsole.errors)
    }

    func testTheDefaultReportAndTheChartsShowTheSpeaker() throws {
        let (status, console, out) = try run(Self.study)
        XCTAssertEqual(status, 0, console.errors)
        XCTAssertTrue(console.output.contains("speaker"), console.output)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        XCTAssertTrue(files.contains("staleness-ecdf-speaker.svg"), "\(files)")
        XCTAssertTrue(files.contains("staleness-ecdf-widget.svg"), "\(files)")
        let sweep = try String(contentsOf: out.appendingPathComponent("sweep-speaker.refreshInterval.svg"), encoding: .utf8)
        XCTAssertTrue(sweep.contains("speaker"), "the sweep chart of staleness has the speaker's series")
    }

    func testObserveReportNamesTheSpeakersMetrics() throws {
        let (status, console, out) = try run(Self.study, ["--set", "observe.report=speaker.staleness,speaker.unanswered"])
        XCTAssertEqual(status, 0, console.errors)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }.sorted()
        XCTAssertTrue(files.contains("staleness-ecdf-speaker.svg"), "\(files)")
        XCTAssertFalse(files.contains("staleness-ecdf-widget.svg"), "only the metrics named are drawn: \(files)")
        let (typo, typoConsole, _) = try run(Self.study, ["--set", "observe.report=speaker.stalenes"])
        XCTAssertEqual(typo, 2)
        XCTAssertTrue(typoConsole.errors.contains("Did you mean 'speaker.staleness'?"), typoConsole.errors)
    }

    func testPrecisionSizesAStudyByTheSpeakersMetric() throws {
        let (status, console, out) = try run(Self.study, ["--precision", "speaker.staleness=50%", "--max-runs", "64", "--quiet"])
        XCTAssertTrue(status == 0 || status == 1, console.errors)
        let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"metric\": \"speaker.staleness\""), manifest)
        let (off, offConsole, _) = try run(Self.study, ["--precision", "speaker.staleness=5%", "--set", "speaker.enabled=false"])
        XCTAssertEqual(off, 2)
        XCTAssertTrue(offConsole.errors.contains("speaker.staleness has no value"), offConsole.errors)
    }
}
