import XCTest
import Platform

/// The lists that copies of the account's data name by number (`ListTable`): a content is
/// kept once, so two copies' lists are equal exactly when their numbers are, and a name's
/// version reads as it did from the lists themselves.
final class ListTableTests: XCTestCase {
    func testEqualListsHaveEqualNumbersAndOthersDiffer() {
        var table = ListTable()
        XCTAssertEqual(table.intern([]), .empty)
        let a = table.intern([0, 1, 2]), b = table.intern([0, 1, 2].map { $0 }), c = table.intern([0, 2, 1])
        XCTAssertEqual(a, b, "the same content, made apart, gets the same number")
        XCTAssertNotEqual(a, c)
        XCTAssertNotEqual(a, .empty)
        XCTAssertEqual(table[a], [0, 1, 2])
        XCTAssertEqual(table[c], [0, 2, 1])
        XCTAssertEqual(table[.empty], [])
        // Copies of the data compare by their lists' contents.
        XCTAssertTrue(DataCopy(account: .first, objects: a).sameData(as: DataCopy(account: .first, objects: b)))
        XCTAssertFalse(DataCopy(account: .first, objects: a).sameData(as: DataCopy(account: .first, objects: c)))
    }

    /// Past the lists a scan finds (a long replication's many renames), a list seen before and
    /// one seen after the table starts looking contents up still get their first numbers.
    func testManyListsKeepTheirNumbers() {
        var table = ListTable()
        let ids = (0..<200).map { k in table.intern([Int32(k), 7]) }
        XCTAssertEqual(Set(ids).count, 200)
        for k in [0, 5, 31, 32, 33, 150, 199] {
            XCTAssertEqual(table.intern([Int32(k), 7]), ids[k], "list \(k)")
            XCTAssertEqual(table[ids[k]], [Int32(k), 7])
        }
        XCTAssertEqual(table.intern([]), .empty)
    }

    /// An object's name version: its place's version, 0 when the copy lists no versions, −1
    /// when the copy lacks the object.
    func testANamesVersionIsReadAtTheObjectsPlace() {
        var table = ListTable()
        let objects = table.intern([7, 3, 9]), names = table.intern([0, 2, 1])
        XCTAssertEqual(table.nameVersion(of: 3, objects: objects, names: names), 2)
        XCTAssertEqual(table.nameVersion(of: 9, objects: objects, names: names), 1)
        XCTAssertEqual(table.nameVersion(of: 4, objects: objects, names: names), -1)
        XCTAssertEqual(table.nameVersion(of: 3, objects: objects, names: .empty), 0)
    }
}
