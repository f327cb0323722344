import XCTest
import SimKernel
@testable import Study

/// The in-place sort of a replication's samples gives, bit for bit, the list the standard
/// library's sort gives, on every shape of input it can meet: short and long, random, few
/// distinct values (many exact ties), already sorted, reversed, all equal, and an organ
/// pipe (a classic bad case for a median-of-three quicksort), at every length the sorting
/// networks finish.
final class SampleSortTests: XCTestCase {
    private func assertSortsLikeTheStandardLibrary(_ values: [Double], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        var ours = values
        ours.withUnsafeMutableBufferPointer { SampleSort.sort($0) }
        XCTAssertEqual(ours.map(\.bitPattern), values.sorted().map(\.bitPattern), what, file: file, line: line)
    }

    func testSortsEveryShapeOfSamplesAsTheStandardSortDoes() {
        var rng = RandomStream(seed: 25)
        // Every length a sorting network finishes (up to 16, on either side of its two sizes, 8
        // and 16), and longer lists whose partitions hand it every such length.
        for n in Array(0...40) + [100, 257, 1_000, 5_000] {
            let random = (0..<n).map { _ in rng.uniform() * 3_600 + 0.001 }
            assertSortsLikeTheStandardLibrary(random, "random, n = \(n)")
            let fewValues = (0..<n).map { _ in Double(1 + Int(rng.uniform() * 4)) * 900 }
            assertSortsLikeTheStandardLibrary(fewValues, "four distinct values, n = \(n)")
            assertSortsLikeTheStandardLibrary(random.sorted(), "sorted, n = \(n)")
            assertSortsLikeTheStandardLibrary(random.sorted().reversed(), "reversed, n = \(n)")
            assertSortsLikeTheStandardLibrary(Array(repeating: 42.5, count: n), "all equal, n = \(n)")
            let pipe = (0..<n).map { Double(min($0, n - $0) + 1) }
            assertSortsLikeTheStandardLibrary(pipe, "organ pipe, n = \(n)")
        }
    }

    /// With the partition depth cut short, the ranges left at that depth are heapsorted where
    /// they lie: with no depth at all the whole list, with one or two levels the sub-ranges the
    /// partitions hand over (the fallback that keeps a bad pivot sequence from going quadratic).
    func testTheHeapsortFallbackSortsTheRangesItIsHanded() {
        var rng = RandomStream(seed: 9)
        for n in [17, 64, 1_001] {
            for depth in 0...2 {
                let values = (0..<n).map { _ in Double(1 + Int(rng.uniform() * 50)) }
                var ours = values
                ours.withUnsafeMutableBufferPointer { SampleSort.sort($0, depthLimit: depth) }
                XCTAssertEqual(ours, values.sorted(), "depth limit \(depth), n = \(n)")
            }
        }
    }
}
