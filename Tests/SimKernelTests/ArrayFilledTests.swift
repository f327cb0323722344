import XCTest
import SimKernel

/// `Array(filledWith:count:)` is `Array(repeating:count:)` built another way: the same lists.
final class ArrayFilledTests: XCTestCase {
    func testTheSameListsAsRepeating() {
        for n in [0, 1, 7, 19, 200] {
            XCTAssertEqual([Int](filledWith: 3, count: n), [Int](repeating: 3, count: n))
            XCTAssertEqual([Double](filledWith: .infinity, count: n), [Double](repeating: .infinity, count: n))
            XCTAssertEqual([Int32?](filledWith: nil, count: n), [Int32?](repeating: nil, count: n))
            XCTAssertEqual([[Double]](filledWith: [1, 2], count: n), [[Double]](repeating: [1, 2], count: n))
            XCTAssertGreaterThanOrEqual([Int](filledWith: 0, count: n).capacity, n)
        }
    }
}
