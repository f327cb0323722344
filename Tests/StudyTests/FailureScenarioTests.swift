import XCTest
import Study
import Surfaces
import SurfaceCore

/// The failures study as plain scenarios (docs/cli.md#failures).
final class FailureScenarioTests: XCTestCase {
    /// Every exported variant decodes to the scenario the study runs: same parameters, seed and replications.
    func testEveryExportedFailureDecodesToTheScenarioTheStudyRuns() throws {
        let files = ChapterExport.failureFiles(ChapterFailures.all, runs: 7, studySeed: 3)
        XCTAssertEqual(files.count, 2 * ChapterFailures.all.count)
        for failure in ChapterFailures.all {
            for variant in FailureMode.Variant.allCases {
                let scenario = FailureScenario.scenario(failure, variant, runs: 7, studySeed: 3)
                let text = try XCTUnwrap(files["\(failure.id)-\(variant.rawValue).json5"])
                XCTAssertTrue(text.contains(failure.rule.text), "\(failure.id): the rule is written in the file")
                let decoded = try ScenarioLoader.decode(text, file: scenario.file)
                XCTAssertEqual(decoded.name, scenario.name)
                XCTAssertEqual(decoded.base.seed, scenario.base.seed)
                XCTAssertEqual(decoded.base.replications, max(7, failure.minimumRuns))
                XCTAssertEqual(StudyLayout(decoded), StudyLayout(scenario), "\(failure.id) \(variant)")
            }
        }
    }

    /// A failure's seeds come from its id, not its place in the table: run alone or after
    /// another, it gives the same rows.
    func testAFailuresFiguresDoNotDependOnWhichOthersRun() throws {
        let f1 = try XCTUnwrap(ChapterFailures.failure("F1")), f2 = try XCTUnwrap(ChapterFailures.failure("F2"))
        let alone = FailureStudy.run(runs: 4, seed: 2, jobs: 2, failures: [f2])
        let after = FailureStudy.run(runs: 4, seed: 2, jobs: 2, failures: [f1, f2]).filter { $0.failure == "F2" }
        XCTAssertEqual(alone, after)
        XCTAssertNotEqual(FailureScenario.seed(failure: "F1", studySeed: 2), FailureScenario.seed(failure: "F2", studySeed: 2))
        XCTAssertLessThan(FailureScenario.seed(failure: "F2", studySeed: 2), 1 << 53, "written as a plain number")
    }
}
