// Whole replications run concurrently on worker threads (docs/model.md#the-kernel: Swift
// concurrency belongs at the level of whole replications), and their results
// are consumed in task order through a bounded reorder buffer, so output is
// byte-identical for any number of workers.

/// Runs `work(0..<count)` on `jobs` threads and hands each result to `consume`
/// on the calling thread in ascending task order.
///
/// At most `window` results wait in the reorder buffer (workers pause when a
/// slow task holds the head back), so memory does not grow with `count`.
/// `consume` returns false to stop: tasks not yet started are skipped and the
/// call returns once running tasks have finished.
public enum OrderedWorkPool {
    /// Stack size of worker threads (the simulation may recurse more than the default allows).
    static let stackSize = 16 * 1_048_576

    /// Runs the tasks. With `jobs` ≤ 1 everything runs on the calling thread.
    ///
    /// A worker claims tasks a batch at a time and hands their results over together, so the
    /// threads meet (a lock, a wake-up) once per batch rather than once per replication; the
    /// batch is small enough that every worker has several in a run, and the window (results
    /// claimed but not yet consumed) holds a few batches per worker.
    public static func run<Output: Sendable>(count: Int, jobs: Int, window: Int? = nil,
                                             work: @escaping @Sendable (Int) -> Output,
                                             consume: (Int, Output) -> Bool) {
        guard jobs > 1, count > 1 else {
            for i in 0..<count where !consume(i, work(i)) { return }
            return
        }
        var batch = max(1, min(16, count / (8 * jobs)))
        if let window { batch = min(batch, max(1, window / (2 * jobs))) }
        let shared = PoolState<Output>(count: count, window: window ?? 4 * jobs * batch, batch: batch)
        let workers = min(jobs, count)
        shared.running = workers
        for _ in 0..<workers {
            DetachedThread.start(stackSize: stackSize) { shared.workLoop(work) }
        }
        for i in 0..<count {
            let output = shared.take(i)
            if !consume(i, output) { break }
        }
        shared.finish()
    }
}

/// The state the consumer and the workers share, guarded by one condition.
private final class PoolState<Output: Sendable>: @unchecked Sendable {
    let condition = ThreadCondition()
    let count: Int
    let window: Int
    /// Tasks a worker claims at once.
    let batch: Int
    /// The next task a worker will start.
    var nextTask = 0
    /// The next task the consumer waits for.
    var nextToConsume = 0
    /// Finished results not consumed yet.
    var ready: [Int: Output] = [:]
    /// Set when the consumer stops.
    var stopped = false
    /// Workers not yet finished (set before they start).
    var running = 0

    init(count: Int, window: Int, batch: Int) {
        self.count = count
        self.window = max(1, window)
        self.batch = max(1, batch)
    }

    /// A worker: claim a batch of tasks in order while the window has room, run them, and
    /// hand their results over together.
    func workLoop(_ work: @Sendable (Int) -> Output) {
        var finished: [(task: Int, output: Output)] = []
        finished.reserveCapacity(batch)
        condition.lock()
        while !stopped && nextTask < count {
            let limit = Swift.min(count, nextToConsume + window)
            if nextTask >= limit {
                condition.wait()
                continue
            }
            let first = nextTask
            nextTask = Swift.min(limit, first + batch)
            let last = nextTask
            condition.unlock()
            // A stop is seen between batches: a batch is small (at most 16 tasks).
            for task in first..<last { finished.append((task, work(task))) }
            condition.lock()
            for f in finished { ready[f.task] = f.output }
            finished.removeAll(keepingCapacity: true)
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for task `i`'s result and removes it from the buffer.
    func take(_ i: Int) -> Output {
        condition.lock()
        defer { condition.unlock() }
        while ready[i] == nil { condition.wait() }
        nextToConsume = i + 1
        condition.broadcast()
        return ready.removeValue(forKey: i)!
    }

    /// Stops the workers and waits until every running task has finished.
    func finish() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }
}
