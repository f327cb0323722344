@testable import Study
import XCTest

/// The result files are read back in exactly the forms the program writes: every number
/// `CSVNumber.format` can write reads back as itself, and nothing else reads as a number.
final class ResultFieldTests: XCTestCase {
    func testEveryNumberTheProgramWritesReadsBack() {
        let values: [Double] = [0, 1, -1, 0.5, -0.000001, 1234.567891, 1e17, 9.99e17, 1e18, -3.5e20, 1e300, .infinity, -.infinity, .nan]
        for x in values {
            let text = CSVNumber.format(x)
            guard let back = ResultField.number(text) else { return XCTFail("'\(text)' (\(x)) is refused") }
            if x.isNaN { XCTAssertTrue(back.isNaN, text) } else { XCTAssertEqual(back, Double(text), text) }
        }
    }

    func testWhatTheProgramNeverWritesIsRefused() {
        for text in ["abc", "nan", "NaN", "-nan", "Infinity", "+1", " 1", "1 ", "0x10", "1,5", "1.", ".5", "-", "1e", "1e+", "--1",
                     "1.2.3", "１", "1\u{0}", "e5", "inf ", "1e400"] {
            XCTAssertNil(ResultField.number(text), "'\(text)' reads as a number")
        }
        for text in ["", "-1", "1.5", "1e3", "abc", "+1", " 1", "18446744073709551616"] {
            XCTAssertNil(ResultField.seed(text), "'\(text)' reads as a seed")
        }
        XCTAssertEqual(ResultField.seed("18446744073709551615"), .max)
        XCTAssertNil(ResultField.count("2.5"))
        XCTAssertNil(ResultField.count(""))
        XCTAssertEqual(ResultField.count("0"), 0)
    }
}
