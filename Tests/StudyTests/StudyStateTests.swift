import Surfaces
import SurfaceCore
import XCTest
@testable import Study

/// Shard state is encoded losslessly (docs/cli.md merge).
final class StudyStateTests: XCTestCase {
    func testStateRoundTripsExactly() throws {
        let scenario = try ScenarioLoader.decode(#"{duration: "2h", replications: 3, sweep: {"push.onChange": [true, false]}}"#, file: "t")
        var state = StudyState(layout: StudyLayout(scenario), shard: Shard(index: 2, count: 3))
        for p in 0..<2 {
            for r in 0..<3 {
                var result = ReplicationResult(minutes: 120)
                result.samples[Metric.widgetStaleness.rawValue] = [0, 1.5, Double(r) * 100.25]
                result.values[Metric.widgetBlank.rawValue] = Double(r) / 3
                result.requestsPerMinute[5] = Int32(r + p)
                result.events = 1000 + r
                state.points[p].add(ReplicationFigures(result, seed: UInt64(r)))
            }
        }
        state.elapsedSeconds = 1.25
        let text = PrettyJSON.render(state.json())
        let decoded = try StudyState(json: try JSON5.parse(text))
        XCTAssertEqual(decoded, state)
        XCTAssertEqual(PrettyJSON.render(decoded.json()), text)
    }

    func testStateOfAnotherVersionIsRefused() throws {
        let bad = #"{"format": "\#(StudyState.format)", "version": "0.0.1"}"#
        XCTAssertThrowsError(try StudyState(json: try JSON5.parse(bad))) { error in
            XCTAssertEqual("\(error)", "written by another version of surfacesim (this is \(StudyProgram.version))")
        }
    }

    func testPrettyJSON() {
        let value = JSONBuild.object([("a", .number(1)), ("b", JSONBuild.array([.string("x"), .bool(true)])),
                                      ("c", JSONBuild.object([])), ("d", .null)])
        XCTAssertEqual(PrettyJSON.render(value), "{\n  \"a\": 1,\n  \"b\": [\"x\",true],\n  \"c\": {},\n  \"d\": null\n}\n")
    }
}
