import XCTest
import SimKernel

final class SimTimeTests: XCTestCase {
    func testUnits() {
        XCTAssertEqual(Time.second, 1_000_000)
        XCTAssertEqual(Time.minute, 60_000_000)
        XCTAssertEqual(Time.hour, 3_600_000_000)
        XCTAssertEqual(Time.day, 86_400_000_000)
        XCTAssertEqual(Time.never, SimTime.max / 4)
        XCTAssertLessThan(Time.never + Time.never, SimTime.max, "never + never does not overflow")
    }

    func testFromSecondsRoundsToNearestMicrosecond() {
        XCTAssertEqual(Time.fromSeconds(1), Time.second)
        XCTAssertEqual(Time.fromSeconds(0.0000004), 0)
        XCTAssertEqual(Time.fromSeconds(0.0000006), 1)
        XCTAssertEqual(Time.fromSeconds(2.5e-3), 2_500)
        XCTAssertEqual(Time.fromSeconds(86_400), Time.day)
        XCTAssertEqual(Time.fromSeconds(-1.5), -1_500_000)
    }

    func testFromSecondsOfHugeOrInvalidValuesIsNever() {
        XCTAssertEqual(Time.fromSeconds(1e12), Time.never)
        XCTAssertEqual(Time.fromSeconds(.infinity), Time.never)
        XCTAssertEqual(Time.fromSeconds(.nan), Time.never)
        XCTAssertEqual(Time.fromSeconds(9.99e11), 999_000_000_000_000_000)
    }

    /// The kernel's rounding without the C library is `Int64(y.rounded())` everywhere it is
    /// defined: at halves (both signs), just below and above them, around 2⁵² (where the
    /// spacing of doubles reaches 1) and on random values of every magnitude.
    func testRoundingWithoutTheCLibraryIsTheStandardRounding() {
        var cases: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                               4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 4_503_599_627_370_496, 9_007_199_254_740_994,
                               9.2e18, -9.2e18, 1e-300, 123_456.5, 123_456.499_999_999_99]
        for x in cases { cases.append(x.nextUp); cases.append(x.nextDown) }
        var rng = RandomStream(seed: 7)
        for _ in 0..<100_000 {
            let magnitude = Math.exp(rng.uniform() * 43)          // 1 to about 4.7e18
            let x = (rng.uniform() - 0.5) * 2 * magnitude
            cases.append(x)
            cases.append(x.rounded(.down) + 0.5)                  // an exact half, where representable
        }
        for y in cases where abs(y) < 9.2e18 {
            XCTAssertEqual(Math.roundedToInt64(y), Int64(y.rounded()), "\(y)")
        }
    }

    func testSecondsRoundTrip() {
        XCTAssertEqual(Time.seconds(1_500_000), 1.5)
        for t: SimTime in [0, 1, 999_999, Time.hour + 7, 30 * Time.day] {
            XCTAssertEqual(Time.fromSeconds(Time.seconds(t)), t)
        }
    }

    /// A drawn delay past the clock's range is `never` (a rate so small that its next event
    /// lies past any representable time never fires), not a trap; below it, the delay rounded
    /// down, as `SimTime(_:)` gives. Checked against `SimTime(_:)` itself, which traps on the
    /// first two.
    func testADelayPastTheClockIsNever() {
        let day = Double(Time.day)
        for delay in [day / 1e-12, day / Double.leastNonzeroMagnitude, .infinity, .nan, Double(SimTime.max), Double(Time.never)] {
            XCTAssertEqual(Time.fromMicroseconds(delay), Time.never, "\(delay)")
        }
        for delay in [0.0, 0.9, 1.5, 86_400e6, Double(Time.never) / 2] {
            XCTAssertEqual(Time.fromMicroseconds(delay), SimTime(delay), "\(delay)")
        }
        // The sum with any time of a replication stays in range.
        XCTAssertGreaterThan(1000 * Time.day + Time.fromMicroseconds(.infinity), 0)
    }
}
