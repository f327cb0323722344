import Foundation
import XCTest

/// summary.csv of each fixture compared byte for byte with Golden/<fixture>.summary.csv.
///
/// A missing golden file is recorded (the test then passes); `UPDATE_GOLDEN=1`
/// rewrites every golden file. Goldens are only meaningful for the real models.
final class GoldenTests: XCTestCase {
    func check(_ fixture: String) throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["run", SurfaceSimBinary.fixture(fixture + ".json5"), "--out", "out", "--jobs", "2", "--quiet"])
        let actual = try String(contentsOfFile: sim.path("out/summary.csv"), encoding: .utf8)
        let golden = SurfaceSimBinary.golden.appendingPathComponent(fixture + ".summary.csv")
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
        if update {
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            print("GoldenTests: recorded \(golden.path)")
            return
        }
        guard FileManager.default.fileExists(atPath: golden.path) else {
            XCTFail("no golden file \(golden.path); record it with UPDATE_GOLDEN=1")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        XCTAssertTrue(actual == expected, "summary.csv of \(fixture) differs from \(golden.path); if the change is intended, rerun with UPDATE_GOLDEN=1")
    }

    func testSmallSummary() throws { try check("small") }

    func testSweepSummary() throws { try check("sweep") }
}
