import XCTest
import Study
import Surfaces
import SurfaceCore

/// The acceptance test of the models (issue 6): the chapter's signal-to-design readings
/// emerge from the mechanisms. For every probe and design, the majority reading is the
/// one the chapter predicts; every failure mode is observed under the design that causes
/// it and never under the design that avoids it. Where this fails, the mechanism is what
/// to fix, never the classifier.
final class SignalToDesignTests: XCTestCase {
    func testEveryProbesMajorityReadingIsTheChaptersPrediction() {
        let rows = ProbeStudy.run(runs: 40, seed: 1, jobs: 2)
        let verdicts = ProbeStudy.verdicts(rows)
        XCTAssertEqual(verdicts.count, ChapterProbes.all.reduce(0) { $0 + $1.designs.count })
        for v in verdicts {
            XCTAssertTrue(v.agrees, "\(v.probe) \(v.design): majority reading \(v.majority), the chapter predicts \(v.predicted)")
        }
        // Every design's shares over its readings add up to one run each.
        for v in verdicts {
            let total = rows.filter { $0.probe == v.probe && $0.design == v.design }.reduce(0) { $0 + $1.share }
            XCTAssertEqual(total, 1, accuracy: 1e-9, "\(v.probe) \(v.design): readings cover every run")
        }
    }

    func testEveryFailureShowsUnderItsCauseAndNeverUnderItsAvoidance() {
        let rows = FailureStudy.run(runs: 12, seed: 1, jobs: 2)
        XCTAssertEqual(rows.count, 2 * ChapterFailures.all.count)
        for failure in ChapterFailures.all {
            guard let causes = rows.first(where: { $0.failure == failure.id && $0.variant == "causes" }),
                  let avoids = rows.first(where: { $0.failure == failure.id && $0.variant == "avoids" }) else {
                XCTFail("\(failure.id): missing rows"); continue
            }
            XCTAssertGreaterThan(causes.share, 0, "\(failure.id) is never observed under the design that causes it")
            XCTAssertEqual(avoids.share, 0, "\(failure.id) is observed under the design that avoids it")
        }
    }

    func testTheStudiesAreReproducibleWhateverTheWorkerCount() {
        XCTAssertEqual(ProbeStudy.csv(ProbeStudy.run(runs: 10, seed: 3, jobs: 1)),
                       ProbeStudy.csv(ProbeStudy.run(runs: 10, seed: 3, jobs: 2)))
    }
}
