import XCTest
@testable import SimKernel
import TestSupport

/// A sorted list of (time, push order, payload): the obviously correct queue.
private struct ReferenceQueue {
    struct Item: Equatable { var time: SimTime; var order: UInt64; var payload: Int }
    var items: [Item] = []
    var pushes: UInt64 = 0

    mutating func push(_ payload: Int, at time: SimTime) {
        let item = Item(time: time, order: pushes, payload: payload)
        pushes += 1
        // Binary search for the first item that comes after (time, order).
        var lo = 0, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let m = items[mid]
            if (m.time, m.order) < (item.time, item.order) { lo = mid + 1 } else { hi = mid }
        }
        items.insert(item, at: lo)
    }
    mutating func pop() -> Item? { items.isEmpty ? nil : items.removeFirst() }
    var count: Int { items.count }
    var nextTime: SimTime? { items.first?.time }
}

final class EventQueueTests: XCTestCase {
    func testEmptyQueue() {
        let q = EventQueue<Int>()
        XCTAssertTrue(q.isEmpty)
        XCTAssertEqual(q.count, 0)
        XCTAssertNil(q.nextTime())
        XCTAssertNil(q.pop())
        XCTAssertNil(q.popReservingRoot())
    }

    func testPopsInTimeOrder() {
        let q = EventQueue<String>()
        q.push("c", at: 30)
        q.push("a", at: 10)
        q.push("d", at: 40)
        q.push("b", at: 20)
        XCTAssertEqual(q.nextTime(), 10)
        XCTAssertEqual([q.pop(), q.pop(), q.pop(), q.pop()].map { $0?.payload }, ["a", "b", "c", "d"])
        XCTAssertNil(q.pop())
    }

    func testEqualTimesLeaveInPushOrder() {
        // Many events at a handful of equal times, pushed in a scrambled time order:
        // within each time they must leave first in, first out.
        let q = EventQueue<Int>()
        var rng = RandomStream(seed: 11)
        let times: [SimTime] = [0, 5, 5_000, Time.hour]
        var expected: [SimTime: [Int]] = [:]
        for k in 0..<5_000 {
            let t = times[rng.index(times.count)]
            q.push(k, at: t)
            expected[t, default: []].append(k)
        }
        var seen: [SimTime: [Int]] = [:]
        var lastTime = SimTime.min
        while let e = q.pop() {
            XCTAssertGreaterThanOrEqual(e.time, lastTime)
            lastTime = e.time
            seen[e.time, default: []].append(e.payload)
        }
        XCTAssertEqual(seen, expected)
    }

    func testAllAtOneTimeIsFIFO() {
        let q = EventQueue<Int>()
        for k in 0..<1_000 { q.push(k, at: 42) }
        var out: [Int] = []
        while let e = q.pop() { out.append(e.payload) }
        XCTAssertEqual(out, Array(0..<1_000))
    }

    func testSequenceNumbersCountPushesAndSurviveRemoveAll() {
        let q = EventQueue<Int>()
        q.push(0, at: 5)
        q.push(1, at: 1)
        XCTAssertEqual(q.pop()?.sequence, 1)
        XCTAssertEqual(q.pop()?.sequence, 0)
        q.push(2, at: 9)
        q.removeAll()
        XCTAssertTrue(q.isEmpty)
        XCTAssertNil(q.nextTime())
        q.push(3, at: 1)
        let e = q.pop()
        XCTAssertEqual(e?.payload, 3)
        XCTAssertEqual(e?.sequence, 3, "sequence numbers keep increasing after removeAll")
    }

    /// Random pushes, pops and fast-path steps (popReservingRoot, 0…n pushes, settle)
    /// against the sorted reference, over several seeds: a short queue (a sorted list).
    func testRandomOperationsMatchSortedReference() {
        // Pushes a little less often than pops: the queue stays short, mostly below `sortedLimit`.
        let failing = forEachSeed(1..<7) { seed in randomOperationsMatchReference(seed: seed) { _, _ in 2 } }
        XCTAssertNil(failing, "first failing seed")
    }

    /// The same against a queue that grows past `sortedLimit` and shrinks below `heapFloor`
    /// again and again (mostly pushes until it holds twice `sortedLimit`, then only pops and
    /// fast-path steps until it holds fewer than half `heapFloor`), so that it turns from a
    /// sorted list into a heap and back many times, in every kind of step.
    func testQueuesThatGrowAndShrinkMatchSortedReference() {
        let failing = forEachSeed(7..<13) { seed in
            var growing = true
            var roundTrips = 0
            let ok = randomOperationsMatchReference(seed: seed, steps: 12_000) { _, pending in
                if growing && pending > 2 * EventQueue<Int>.sortedLimit { growing = false }
                if !growing && pending < EventQueue<Int>.heapFloor / 2 { growing = true; roundTrips += 1 }
                return growing ? 8 : 0
            }
            XCTAssertGreaterThanOrEqual(roundTrips, 10, "seed \(seed): list to heap and back")
            return ok && roundTrips >= 10
        }
        XCTAssertNil(failing, "first failing seed")
    }

    /// Runs `steps` random operations; an operation is a burst of pushes when a draw from 0…9
    /// falls below `pushBelow(step, pending)` (or the queue is empty), else a pop or a fast-path step.
    private func randomOperationsMatchReference(seed: UInt64, steps: Int = 6_000,
                                                pushBelow: (_ step: Int, _ pending: Int) -> Int) -> Bool {
            var rng = RandomStream(seed: seed)
            let q = EventQueue<Int>()
            var ref = ReferenceQueue()
            var payload = 0
            var now: SimTime = 0
            // Narrow time ranges on some seeds make ties frequent.
            let spread: Int = seed % 2 == 0 ? 20 : 100_000
            var ok = true
            func check(_ cond: Bool, _ what: @autoclosure () -> String) {
                if !cond { ok = false; XCTFail("seed \(seed): \(what())") }
            }
            for step in 0..<steps where ok {
                let op = rng.index(10)
                if op < pushBelow(step, ref.count) || ref.count == 0 {
                    // Burst of pushes, sometimes into the past of `now`, to reorder the heap.
                    for _ in 0..<(1 + rng.index(2)) {
                        let t = max(0, now + SimTime(rng.index(spread)) - (rng.bernoulli(0.1) ? SimTime(spread / 2) : 0))
                        q.push(payload, at: t); ref.push(payload, at: t); payload += 1
                    }
                } else if op < 6 {
                    let e = q.pop(), r = ref.pop()
                    check(e?.time == r?.time && e?.payload == r?.payload && e?.sequence == r?.order,
                          "pop \(String(describing: e.map { ($0.time, $0.sequence, $0.payload) })) vs \(String(describing: r))")
                    if let r { now = r.time }
                } else {
                    // The engine's fast path.
                    let e = q.popReservingRoot(), r = ref.pop()
                    check(e?.time == r?.time && e?.payload == r?.payload && e?.sequence == r?.order,
                          "popReservingRoot \(String(describing: e.map { ($0.time, $0.payload) })) vs \(String(describing: r))")
                    if let r { now = r.time }
                    check(q.count == ref.count, "count with reserved root \(q.count) vs \(ref.count)")
                    check(q.isEmpty == (ref.count == 0), "isEmpty with reserved root")
                    let pushes = [0, 0, 1, 1, 2, 3][rng.index(6)]
                    for _ in 0..<pushes {
                        let t = now + SimTime(rng.index(spread))
                        q.push(payload, at: t); ref.push(payload, at: t); payload += 1
                        check(q.count == ref.count, "count after push into reserved root")
                    }
                    if rng.bernoulli(0.5) {
                        q.settle()
                        q.settle()   // idempotent
                    }
                    // nextTime() settles by itself.
                    check(q.nextTime() == ref.nextTime, "nextTime \(String(describing: q.nextTime())) vs \(String(describing: ref.nextTime))")
                    check(q.count == ref.count, "count after settle")
                }
            }
            // Drain through the fast path only.
            while ok, let r = ref.pop() {
                let e = q.popReservingRoot()
                check(e?.time == r.time && e?.payload == r.payload, "drain")
                q.settle()
            }
            check(q.isEmpty && q.count == 0 && q.nextTime() == nil, "drained queue is empty")
            return ok
    }

    /// The queue is a sorted list up to `sortedLimit` events, a heap above, and a list again
    /// below `heapFloor`, whichever way the events leave (`pop`, or the fast path and `settle`).
    func testFormFollowsTheNumberPending() {
        for fastPath in [false, true] {
            let q = EventQueue<Int>()
            for k in 0..<EventQueue<Int>.sortedLimit { q.push(k, at: SimTime(1_000 - k)) }
            XCTAssertTrue(q.isSortedList, "\(q.count) pending")
            q.push(-1, at: 5)
            XCTAssertFalse(q.isSortedList, "\(q.count) pending")
            while q.count >= EventQueue<Int>.heapFloor {
                XCTAssertFalse(q.isSortedList, "\(q.count) pending")
                if fastPath { _ = q.popReservingRoot(); q.settle() } else { _ = q.pop() }
            }
            XCTAssertTrue(q.isSortedList, "\(q.count) pending")
        }
    }

    func testReservedRootCountsAndNextTime() {
        let q = EventQueue<String>()
        q.push("a", at: 10)
        q.push("b", at: 20)
        q.push("c", at: 30)
        let top = q.popReservingRoot()
        XCTAssertEqual(top?.payload, "a")
        XCTAssertEqual(top?.time, 10)
        XCTAssertEqual(q.count, 2, "the reserved root is not pending")
        XCTAssertFalse(q.isEmpty)
        XCTAssertEqual(q.nextTime(), 20, "nextTime ignores the consumed root")
        XCTAssertEqual(q.count, 2)

        // Reserve, then fill the root with an event earlier than the rest.
        XCTAssertEqual(q.popReservingRoot()?.payload, "b")
        q.push("x", at: 25)
        XCTAssertEqual(q.count, 2)
        XCTAssertEqual(q.nextTime(), 25)
        // Reserve, then fill the root with an event later than the rest.
        XCTAssertEqual(q.popReservingRoot()?.payload, "x")
        q.push("y", at: 99)
        q.settle()   // no-op: the push filled the root
        XCTAssertEqual(q.count, 2)
        XCTAssertEqual(q.pop()?.payload, "c")
        XCTAssertEqual(q.pop()?.payload, "y")

        // The last event reserved: the queue reads as empty.
        q.push("z", at: 100)
        XCTAssertEqual(q.popReservingRoot()?.payload, "z")
        XCTAssertEqual(q.count, 0)
        XCTAssertTrue(q.isEmpty)
        XCTAssertNil(q.nextTime())
        XCTAssertNil(q.pop())
        q.push("w", at: 101)
        XCTAssertEqual(q.count, 1)
        XCTAssertEqual(q.pop()?.payload, "w")
    }

    func testReservedRootThenSeveralPushesKeepsFIFO() {
        // The popped event schedules several at the same time: they leave in push order,
        // after events already pending at that time.
        let q = EventQueue<Int>()
        q.push(0, at: 1)
        q.push(1, at: 5)
        q.push(2, at: 5)
        XCTAssertEqual(q.popReservingRoot()?.payload, 0)
        for k in 3..<8 { q.push(k, at: 5) }
        q.settle()
        var out: [Int] = []
        while let e = q.pop() { out.append(e.payload) }
        XCTAssertEqual(out, [1, 2, 3, 4, 5, 6, 7])
    }

    func testRemoveAllWithReservedRoot() {
        let q = EventQueue<Int>()
        for k in 0..<10 { q.push(k, at: SimTime(k)) }
        _ = q.popReservingRoot()
        q.removeAll()
        XCTAssertEqual(q.count, 0)
        XCTAssertNil(q.nextTime())
        q.push(7, at: 3)
        XCTAssertEqual(q.count, 1)
        XCTAssertEqual(q.pop()?.payload, 7)
    }

    /// Payloads the queue must copy, move and destroy correctly: strings long enough to live
    /// on the heap, through buffer growth, a reserved root, removeAll and the queue's end.
    func testHeapAllocatedPayloadsSurviveGrowthAndRemoval() {
        func payload(_ i: Int) -> String { "event number \(i) with a payload too long to be stored inline" }
        do {
            let q = EventQueue<String>()
            for i in 0..<300 { q.push(payload(i), at: SimTime(300 - i)) }      // grows heap and slots
            let first = q.popReservingRoot()!
            XCTAssertEqual(first.payload, payload(299))
            q.push(payload(1000), at: 1_000)                                  // fills the reserved root
            var seen: [String] = []
            for _ in 0..<150 { seen.append(q.pop()!.payload) }
            XCTAssertEqual(seen, (149...298).reversed().map(payload))
            _ = q.popReservingRoot()
            q.removeAll()                                                     // with the root reserved
            XCTAssertTrue(q.isEmpty)
            for i in 0..<100 { q.push(payload(i), at: SimTime(i)) }          // reused slots
            XCTAssertEqual(q.pop()?.payload, payload(0))
        }   // the queue ends with 99 payloads pending (their count: the test below)
    }

    /// Every payload pushed is destroyed exactly once: by being popped, by `removeAll` (a
    /// reserved root's included) or by the queue's deinit.
    func testEveryPayloadIsDestroyedExactlyOnce() {
        final class Live { var count = 0 }
        final class Payload {
            let live: Live
            init(_ live: Live) { self.live = live; live.count += 1 }
            deinit { live.count -= 1 }
        }
        let live = Live()
        do {
            let q = EventQueue<Payload>()
            for i in 0..<300 { q.push(Payload(live), at: SimTime(300 - i)) }   // grows heap and slots
            XCTAssertEqual(live.count, 300)
            _ = q.popReservingRoot()
            XCTAssertEqual(live.count, 299)
            q.push(Payload(live), at: 1_000)                                   // fills the reserved root
            for _ in 0..<100 { _ = q.pop() }
            XCTAssertEqual(live.count, 200)
            _ = q.popReservingRoot()
            q.removeAll()
            XCTAssertEqual(live.count, 0, "removeAll destroys every pending payload")
            for _ in 0..<50 { q.push(Payload(live), at: 5) }
            XCTAssertEqual(live.count, 50)
        }
        XCTAssertEqual(live.count, 0, "the queue's deinit destroys the pending payloads")
    }

    func testLargeHeapHoldModel() {
        // The hold model: a steady population where every pop schedules one more.
        let q = EventQueue<Int>()
        var rng = RandomStream(seed: 99)
        for k in 0..<5_000 { q.push(k, at: SimTime(rng.index(1_000_000))) }
        var last: (SimTime, UInt64) = (-1, 0)
        var outOfOrder = 0
        for _ in 0..<20_000 {
            guard let e = q.popReservingRoot() else { return XCTFail("queue emptied") }
            if !(last < (e.time, e.sequence)) { outOfOrder += 1 }
            last = (e.time, e.sequence)
            q.push(e.payload, at: e.time + SimTime(rng.index(1_000)))
        }
        XCTAssertEqual(outOfOrder, 0)
        XCTAssertEqual(q.count, 5_000)
    }
}
