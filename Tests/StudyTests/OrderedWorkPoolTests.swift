import Foundation
import XCTest
@testable import Study

/// Replications run concurrently but are consumed in order (SPEC §2.2).
final class OrderedWorkPoolTests: XCTestCase {
    func testResultsArriveInTaskOrderWhateverTheJobs() {
        for jobs in [1, 2, 3, 8] {
            var seen: [Int] = []
            OrderedWorkPool.run(count: 200, jobs: jobs, window: 5, work: { i in
                if i % 7 == 0 { usleep(200) }
                return i * i
            }, consume: { i, square in
                seen.append(i)
                XCTAssertEqual(square, i * i)
                return true
            })
            XCTAssertEqual(seen, Array(0..<200), "jobs \(jobs)")
        }
    }

    func testStoppingEarlySkipsTheRest() {
        let started = Counter()
        var consumed = 0
        OrderedWorkPool.run(count: 1000, jobs: 2, window: 4, work: { i in
            started.increment()
            return i
        }, consume: { i, _ in
            consumed += 1
            return i < 9
        })
        XCTAssertEqual(consumed, 10)
        XCTAssertLessThanOrEqual(started.value, 10 + 4 + 2)
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
