import XCTest
import Study

/// Durations and sizes with units: exact parsing, rejection, formatting.
final class UnitsTests: XCTestCase {
    func testParsesDurations() {
        let cases: [(String, Int64)] = [
            ("250ms", 250_000), ("30s", 30_000_000), ("15m", 900_000_000), ("2h", 7_200_000_000),
            ("1d", 86_400_000_000), ("1.5h", 5_400_000_000), ("0s", 0), ("10us", 10),
            ("0.5ms", 500), ("1.0000005s", 1_000_001), ("0.25d", 21_600_000_000),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(Units.parseDuration(text), expected, text)
        }
    }

    func testRejectsMalformedDurations() {
        let bad = ["", "s", "10", "-5s", "+5s", "5 s", " 5s", "5S", "5sec", "1.s", ".5s", "1e3s",
                   "5ms ", "abc", "1..5s", "200000000d", "99999999999999999999s", "1.5"]
        for text in bad {
            XCTAssertNil(Units.parseDuration(text), "accepted '\(text)'")
        }
    }

    func testParsesBinarySizes() {
        XCTAssertEqual(Units.parseSize("120MB"), 120 * 1_048_576)
        XCTAssertEqual(Units.parseSize("512KB"), 524_288)
        XCTAssertEqual(Units.parseSize("1GB"), 1_073_741_824)
        XCTAssertEqual(Units.parseSize("10B"), 10)
        XCTAssertEqual(Units.parseSize("1.5KB"), 1536)
        XCTAssertEqual(Units.parseSize("2MiB"), 2_097_152)
        for text in ["10", "MB", "-1MB", "10mb", "1 MB", "1.5"] {
            XCTAssertNil(Units.parseSize(text), "accepted '\(text)'")
        }
    }

    func testFormatsDurationsInTheShortestExactForm() {
        XCTAssertEqual(Units.formatDuration(900_000_000), "15m")
        XCTAssertEqual(Units.formatDuration(86_400_000_000), "1d")
        XCTAssertEqual(Units.formatDuration(1_500_000), "1500ms")
        XCTAssertEqual(Units.formatDuration(90_000_000), "90s")
        XCTAssertEqual(Units.formatDuration(0), "0s")
        XCTAssertEqual(Units.formatDuration(7), "7us")
        XCTAssertEqual(Units.formatDuration(-60_000_000), "-1m")
    }

    func testDurationsRoundTrip() {
        var state: UInt64 = 42
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let microseconds = Int64(state >> 24) % 1_000_000_000_000
            let text = Units.formatDuration(microseconds)
            XCTAssertEqual(Units.parseDuration(text), microseconds, text)
        }
        for text in ["250ms", "30s", "15m", "2h", "1d", "10us"] {
            XCTAssertEqual(Units.parseDuration(text).map(Units.formatDuration), text)
        }
    }

    func testFormatsSecondsForTables() {
        let cases: [(Double, String)] = [
            (4.2, "4.2s"), (780, "13m"), (7560, "2.1h"), (0.25, "250ms"), (0, "0s"), (59.97, "1m"),
            (30, "30s"), (172_800, "2d"), (0.0000042, "4.2us"), (-90, "-1.5m"), (Double.nan, "nan"),
        ]
        for (seconds, expected) in cases {
            XCTAssertEqual(Units.formatSeconds(seconds), expected, "\(seconds)")
        }
    }
}
