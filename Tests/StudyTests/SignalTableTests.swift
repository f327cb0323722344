import XCTest
@testable import Study
import Surfaces
import SurfaceCore

/// The chapter's signal-to-design table (§25.12) emerges from the mechanisms: every signal
/// is seen in most runs under the design it points to and at most half as often under the
/// contrasting design, observed only through what a person sees. With 40 runs, a signal
/// seen in 80% of runs of its design falls to half or below with a chance under 1e-4.
final class SignalTableTests: XCTestCase {
    func testEverySignalSeparatesItsDesignFromTheContrast() {
        let rows = SignalStudy.run(runs: 40, seed: 1, jobs: 2)
        XCTAssertEqual(rows.map(\.signal), (1...18).map { "S\($0)" })
        for r in rows {
            XCTAssertGreaterThan(r.observedShare, 0.5, "\(r.signal) \(r.design) is not seen in most runs")
            XCTAssertLessThanOrEqual(r.contrastShare, r.observedShare / 2, "\(r.signal) is seen as often under \(r.contrast)")
            XCTAssertNotEqual(r.design, r.contrast)
        }
    }

    func testTheTableIsReproducibleWhateverTheWorkerCountAndSelection() {
        let one = SignalStudy.run(runs: 6, seed: 3, jobs: 1)
        XCTAssertEqual(one, SignalStudy.run(runs: 6, seed: 3, jobs: 2))
        let s7 = ChapterSignals.signal("S7")!
        XCTAssertEqual(SignalStudy.run(runs: 6, seed: 3, jobs: 2, signals: [s7]), one.filter { $0.signal == "S7" })
        // Each design's file is a plain scenario `run` accepts, with the study's seed and run count.
        let files = ChapterExport.signalFiles([s7], runs: 6, studySeed: 3)
        XCTAssertEqual(files.keys.sorted(), ["S7-fullSignOut.json5", "S7-noWidgetReload.json5"])
        for (name, text) in files {
            XCTAssertNoThrow(try {
                let scenario = try ScenarioLoader.decode(text, file: name)
                XCTAssertEqual(scenario.base.seed, 3)
                XCTAssertEqual(scenario.base.replications, 6)
            }(), name)
        }
        XCTAssertTrue(SignalStudy.csv(one).hasPrefix("signal,design,observed_share,contrast,contrast_share,confidence\nS1,sharedStorageArea,"))
    }
}
