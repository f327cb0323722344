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

    func testSecondsRoundTrip() {
        XCTAssertEqual(Time.seconds(1_500_000), 1.5)
        for t: SimTime in [0, 1, 999_999, Time.hour + 7, 30 * Time.day] {
            XCTAssertEqual(Time.fromSeconds(Time.seconds(t)), t)
        }
    }
}
