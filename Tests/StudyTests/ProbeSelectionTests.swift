import XCTest
import Study
import Surfaces
import SurfaceCore

/// `probes --only` (docs/cli.md#failures-and-probes-you-can-open): a probe run alone gives
/// the rows it has in the whole matrix.
final class ProbeSelectionTests: XCTestCase {
    func testAProbesRowsDoNotDependOnWhichOthersRun() throws {
        let p252 = try XCTUnwrap(ChapterProbes.probe("P25.2"))
        let alone = ProbeStudy.run(runs: 6, seed: 4, jobs: 2, probes: [p252])
        let all = ProbeStudy.run(runs: 6, seed: 4, jobs: 2).filter { $0.probe == "P25.2" }
        XCTAssertFalse(alone.isEmpty)
        XCTAssertEqual(alone, all)
    }
}
