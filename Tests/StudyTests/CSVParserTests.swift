import XCTest
@testable import Study

/// Reading RFC 4180 text: line ends, empty fields and malformed input.
final class CSVParserTests: XCTestCase {
    func testAcceptsCRLFAndMissingFinalLineEnd() throws {
        XCTAssertEqual(try CSVParser.parse("a,b\r\n1,2\r\n"), [["a", "b"], ["1", "2"]])
        XCTAssertEqual(try CSVParser.parse("a,b\n1,2"), [["a", "b"], ["1", "2"]])
        XCTAssertEqual(try CSVParser.parse("a,\n,"), [["a", ""], ["", ""]])
        XCTAssertEqual(try CSVParser.parse(""), [])
    }

    func testQuotedFieldsKeepSeparatorsAndLineBreaks() throws {
        XCTAssertEqual(try CSVParser.parse("\"a,b\",\"c\r\nd\",\"e\"\"f\"\n"), [["a,b", "c\r\nd", "e\"f"]])
    }

    /// The record reader's fast path for lines without quotes gives what the parser gives.
    func testPlainLinesSplitAsTheParserReadsThem() throws {
        for line in ["a,b,c\n", "a,,c\n", ",\n", "x\n", "\n", "1,2.5,é,\n", "last,line"] {
            XCTAssertEqual(CSVRecordReader.plainFields(line), try CSVParser.parse(line).first ?? [""], line)
        }
        XCTAssertNil(CSVRecordReader.plainFields("a,b\r\n"), "carriage returns go to the parser")
    }

    func testRejectsMalformedInput() {
        let cases: [(String, Int, String)] = [
            ("a\"b,c", 1, "expected ',' or line end, found '\"' inside an unquoted field"),
            ("x\n\"abc", 2, "expected '\"' to close the field, found end of input"),
            ("\"a\"b", 1, "expected ',' or line end after a closing quote, found 'b'"),
        ]
        for (text, line, message) in cases {
            XCTAssertThrowsError(try CSVParser.parse(text), text) { error in
                XCTAssertEqual(error as? CSVParseError, CSVParseError(line: line, message: message))
            }
        }
    }
}
