import XCTest
import SimKernel

/// Same seed, same world: identical event logs (docs/model.md#the-kernel).
final class DeterminismTests: XCTestCase {
    private func runWorld(seed: UInt64, until end: SimTime = 10 * Time.minute) -> (TestEngine, [TraceRecord]) {
        let trace = TraceLog()
        let (engine, _) = makeRandomWorld(seed: seed, trace: trace)
        engine.run(until: end)
        return (engine, trace.records)
    }

    func testIdenticalEnginesProduceIdenticalTraces() {
        let (e1, r1) = runWorld(seed: 2024)
        let (e2, r2) = runWorld(seed: 2024)
        XCTAssertGreaterThan(r1.count, 1_000, "the workload is not trivial")
        XCTAssertEqual(r1.count, r2.count)
        XCTAssertTrue(r1 == r2, "traces differ from record \(r1.indices.first { $0 < r2.count && r1[$0] != r2[$0] } ?? -1)")
        XCTAssertEqual(e1.eventsDispatched, e2.eventsDispatched)
        XCTAssertEqual(e1.eventsDiscarded, e2.eventsDiscarded)
        for i in 0..<e1.processCount {
            let a = e1.record(ProcessID(Int32(i))), b = e2.record(ProcessID(Int32(i)))
            XCTAssertEqual(a.ends, b.ends)
            XCTAssertEqual(a.launches, b.launches)
            XCTAssertEqual(a.memoryInUse, b.memoryInUse)
        }
        // The workload exercises every kind of end.
        let events = Set(r1.map(\.event))
        XCTAssertTrue(events.isSuperset(of: ["launched", "resumed", "ended", "got", "memoryLimit", "timeBudget"]), "\(events)")
    }

    func testDifferentSeedsProduceDifferentTraces() {
        let (_, r1) = runWorld(seed: 1, until: 2 * Time.minute)
        let (_, r2) = runWorld(seed: 2, until: 2 * Time.minute)
        XCTAssertNotEqual(r1, r2)
    }

    func testInvariantChecksReportNoViolationsOnARandomWorkload() {
        for seed: UInt64 in [3, 17, 99] {
            let (engine, workers) = makeRandomWorld(seed: seed, workerCount: 12, checksInvariants: true)
            engine.run(until: 20 * Time.minute)
            XCTAssertGreaterThan(engine.eventsDispatched, 5_000, "seed \(seed)")
            XCTAssertGreaterThan(engine.eventsDiscarded, 0, "seed \(seed)")
            XCTAssertEqual(engine.violations, [], "seed \(seed)")
            // The kernel's memory account matches what each worker holds (kept while suspended,
            // gone after every other end), and never passes a limit.
            for w in workers {
                let r = engine.record(w.me)
                XCTAssertEqual(r.memoryInUse, w.held, r.name)
                if let limit = r.limits.memoryLimit { XCTAssertLessThanOrEqual(r.memoryInUse, limit) }
            }
            XCTAssertTrue(workers.contains { $0.held > 0 }, "seed \(seed): some worker holds memory at the end")
        }
    }

    func testTracingDoesNotChangeTheSimulation() {
        let (traced, _) = runWorld(seed: 5, until: 3 * Time.minute)
        let (plain, _) = makeRandomWorld(seed: 5, trace: nil)
        plain.run(until: 3 * Time.minute)
        XCTAssertEqual(traced.eventsDispatched, plain.eventsDispatched)
        XCTAssertEqual(traced.eventsDiscarded, plain.eventsDiscarded)
        func ends(_ e: TestEngine) -> [EndCounts] { (0..<e.processCount).map { e.record(ProcessID(Int32($0))).ends } }
        XCTAssertEqual(ends(traced), ends(plain))
    }
}
