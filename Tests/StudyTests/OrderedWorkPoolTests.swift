import Foundation
import XCTest
@testable import Study

/// Replications run concurrently but are consumed in order (docs/model.md#randomness).
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

    /// With the default window, workers claim batches (16 tasks here): results still arrive in
    /// order, and a stop in the middle of a batch leaves at most a window of tasks started.
    func testBatchesKeepTheOrderAndStopEarly() {
        for jobs in [2, 3] {
            var seen: [Int] = []
            OrderedWorkPool.run(count: 128 * jobs + 7, jobs: jobs, work: { i in
                if i % 13 == 0 { usleep(100) }
                return i
            }, consume: { i, value in
                seen.append(i)
                XCTAssertEqual(value, i)
                return true
            })
            XCTAssertEqual(seen, Array(0..<(128 * jobs + 7)), "jobs \(jobs)")
            let (consumed, started) = stop(after: 20, count: 10_000, jobs: jobs, window: nil)
            XCTAssertEqual(consumed, 21)
            XCTAssertLessThanOrEqual(started, 21 + 4 * jobs * 16, "jobs \(jobs): at most a window past the stop")
        }
    }

    func testStoppingEarlySkipsTheRest() {
        let (consumed, started) = stop(after: 9, count: 1000, jobs: 2, window: 4)
        XCTAssertEqual(consumed, 10)
        XCTAssertLessThanOrEqual(started, 10 + 4 + 2)
    }

    /// Runs `count` tasks and stops once task `last` is consumed: how many were consumed, and
    /// how many were started.
    private func stop(after last: Int, count: Int, jobs: Int, window: Int?) -> (consumed: Int, started: Int) {
        let started = Counter()
        var consumed = 0
        OrderedWorkPool.run(count: count, jobs: jobs, window: window, work: { i in
            started.increment()
            return i
        }, consume: { i, _ in
            consumed += 1
            return i < last
        })
        return (consumed, started.value)
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
