import XCTest
import Study

/// CSV tables: RFC 4180 quoting, and reading the text back with the parser.
final class CSVTableTests: XCTestCase {
    func testQuotesOnlyFieldsThatNeedIt() {
        var table = CSVTable(header: ["name", "note, with comma"])
        table.append(["say \"hi\"", "line1\nline2"])
        table.append(["", "plain"])
        table.append(["cr\rhere", "end"])
        let expected = "name,\"note, with comma\"\n\"say \"\"hi\"\"\",\"line1\nline2\"\n,plain\n\"cr\rhere\",end\n"
        XCTAssertEqual(table.render(), expected)
    }

    func testRoundTripsThroughTheParser() throws {
        var table = CSVTable(header: ["a", "b", "c"])
        let awkward = ["", ",", "\"", "\"\"", "a\r\nb", " spaced ", "ünïcode", "x,\"y\"\nz"]
        for (index, field) in awkward.enumerated() {
            table.append([field, String(index), awkward[(index + 3) % awkward.count]])
        }
        let records = try CSVParser.parse(table.render())
        XCTAssertEqual(records, [table.header] + table.rows)
    }

    func testHeaderOnlyTable() {
        XCTAssertEqual(CSVTable(header: ["x"]).render(), "x\n")
    }
}
