import Foundation
import XCTest
@testable import Study

/// `run --sweep path=values` (docs/scenarios.md "--sweep").
final class SweepOptionTests: XCTestCase {
    func values(_ text: String) throws -> [String] {
        try SweepOption(parsing: text).values.map { node in
            switch node.value {
            case .string(let s): return s
            case .number(let x): return CSVNumber.format(x)
            default: return "\(node.value)"
            }
        }
    }

    func testARangeIsEvenlySpacedWithBothEndsIncluded() throws {
        XCTAssertEqual(try values("widget.jitter=0s..15m/6"), ["0s", "3m", "6m", "9m", "12m", "15m"])
        XCTAssertEqual(try values("push.wakeRefusal=0..1/5"), ["0", "0.25", "0.5", "0.75", "1"])
        XCTAssertEqual(try values("push.wakeRefusal=0..0.3/4"), ["0", "0.1", "0.2", "0.3"])
        XCTAssertEqual(try values("widget.jitter=1m..0s/3"), ["1m", "30s", "0s"])
        XCTAssertEqual(try values("widget.jitter=0s..1s/4"), ["0s", "333333us", "666667us", "1s"])
        XCTAssertEqual(try values("widget.jitter=0s,5m..15m/3"), ["0s", "5m", "10m", "15m"])
        XCTAssertEqual(try values("x={exponential: {mean: \"2m\"}},5m").count, 2)
    }

    func testBadSweepsAreOneClearError() throws {
        let cases: [(String, String)] = [
            ("widget.jitter", "--sweep widget.jitter: expected path=v1,v2,... or path=low..high/n (e.g. --sweep widget.jitter=0s,5m,15m), found no '='"),
            ("widget.jitter=0s,,5m", "--sweep widget.jitter=0s,,5m: widget.jitter: expected path=v1,v2,... or path=low..high/n (e.g. --sweep widget.jitter=0s,5m,15m), found an empty value"),
            ("widget.jitter=0s..15m/1", "--sweep widget.jitter=0s..15m/1: widget.jitter: expected a range low..high/n: two numbers, durations or sizes and a whole number n ≥ 2 of values, evenly spaced with both ends included (e.g. 0s..15m/6), found '1' values in '0s..15m/1'"),
            ("widget.jitter=0s..1/3", "--sweep widget.jitter=0s..1/3: widget.jitter: expected a range low..high/n: two numbers, durations or sizes and a whole number n ≥ 2 of values, evenly spaced with both ends included (e.g. 0s..15m/6), found '0s' and '1' in '0s..1/3'"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try SweepOption(parsing: text), text) { XCTAssertEqual("\($0)", message) }
        }
    }

    func testASweptRunEqualsTheSameSweepWrittenInTheFile() throws {
        let f = try StudyFixture()
        let written = try StudyFixture("""
        {
          name: "small", duration: "3h", replications: 7, seed: 11,
          observe: {warmup: "30m"},
          sweep: {"widget.budgetPerDay": [40, 70], "widget.jitter": ["0s", "450s", "15m"]},
        }
        """)
        f.cli(["run", f.scenario, "--sweep", "widget.jitter=0s..15m/3", "--out", f.path("option"), "--quiet", "--reproducible"])
        written.cli(["run", written.scenario, "--out", f.path("file"), "--quiet", "--reproducible"])
        try f.assertSameResults("option", "file")
        // An axis of the file's grid is replaced, not added to.
        f.cli(["run", f.scenario, "--sweep", "widget.budgetPerDay=40,70", "--sweep", "widget.jitter=0s,450s,15m",
               "--out", f.path("replaced"), "--quiet", "--reproducible"])
        try f.assertSameResults("replaced", "file")
    }

    func testValidateCountsThePointsASweepMakes() throws {
        let f = try StudyFixture()
        let r = f.cli(["validate", f.scenario, "--sweep", "widget.jitter=0s..15m/6"])
        XCTAssertEqual(r.output, "\(f.scenario): valid. Study 'small': 12 points × 7 replications = 84 replications, seed 11.\n")
    }

    func testSweepsTheStudyCannotTakeAreExitTwoAndWriteNothing() throws {
        let f = try StudyFixture()
        let cases: [([String], String)] = [
            (["--sweep", "widget.jiter=0s,5m"], "Error: --sweep widget.jiter=0s,5m: widget.jiter: expected a parameter under 'widget', found 'jiter'. Did you mean 'widget.jitter'?"),
            (["--sweep", "widget.jitter=0s,fast"], "Error: --sweep widget.jitter=0s,fast: widget.jitter: expected"),
            (["--sweep", "seed=1,2"], "Error: --sweep seed=1,2: seed: cannot be swept: it applies to the whole study"),
            (["--sweep", "widget.jitter=0s", "--sweep", "widget.jitter=5m"], "Error: --sweep widget.jitter=5m: widget.jitter: is given to --sweep twice"),
            (["--sweep", "widget.jitter=0s,5m", "--set", "widget.jitter=1m"], "Error: --set widget.jitter=1m: widget.jitter: is swept by --sweep, so --set cannot also set it"),
            (["--sweep", "observe.report=widget.staleness"], "Error: --sweep observe.report=widget.staleness: observe.report: cannot be swept"),
        ]
        for (arguments, prefix) in cases {
            let r = f.cli(["run", f.scenario, "--out", f.path("x")] + arguments, expect: 2)
            XCTAssertTrue(r.errors.hasPrefix(prefix), "\(arguments): \(r.errors)")
        }
        let named = try StudyFixture("""
        {name: "n", duration: "1h", replications: 2, sweep: {points: [{name: "a", set: {"widget.jitter": "0s"}}]}}
        """)
        let r = named.cli(["run", named.scenario, "--sweep", "widget.jitter=0s,5m", "--out", f.path("x")], expect: 2)
        XCTAssertTrue(r.errors.contains("the scenario's sweep is named points, and --sweep adds an axis to a grid"), r.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("x")))
    }
}
