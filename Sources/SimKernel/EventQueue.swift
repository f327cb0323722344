/// The pending-event set: a four-ary min-heap ordered by (time, sequence number).
///
/// Every event receives a sequence number when it is pushed, so events at the
/// same time leave in the order they were scheduled (first in, first out). The
/// order never depends on the heap's internal layout or on hashing (SPEC §2.1).
///
/// The heap holds 16-byte keys only: the time, and the sequence number packed
/// above the index of a slot that holds the payload. Since sequence numbers are
/// unique, comparing the packed word compares sequence numbers.
/// - Complexity: push and pop are O(log n).
public struct EventQueue<Payload> {
    /// One pending event as `pop` returns it.
    public struct Entry {
        public var time: SimTime
        public var sequence: UInt64
        public var payload: Payload
    }

    /// Time in the high 64 bits, `sequence << slotBits | slot` in the low 64 bits:
    /// one unsigned 128-bit comparison orders by time, then by sequence.
    @usableFromInline struct Key {
        var packed: UInt128
        @inline(__always) init(time: SimTime, order: UInt64) {
            packed = UInt128(UInt64(bitPattern: time)) << 64 | UInt128(order)
        }
        @inline(__always) var time: SimTime { SimTime(bitPattern: UInt64(truncatingIfNeeded: packed >> 64)) }
        @inline(__always) var order: UInt64 { UInt64(truncatingIfNeeded: packed) }
    }

    @usableFromInline static var slotBits: UInt64 { 22 }   // up to ~4 million pending events
    @usableFromInline static var slotMask: UInt64 { (1 << slotBits) - 1 }

    @usableFromInline var heap: [Key] = []
    @usableFromInline var slots: [Payload?] = []
    /// Indices of empty slots: a stack whose top is `freeCount - 1` (the array never shrinks).
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var freeCount = 0
    @usableFromInline var nextSequence: UInt64 = 0
    /// True after `popReservingRoot`: the root holds a consumed event that the
    /// next push overwrites (one sift-down instead of a sift-down and a sift-up).
    @usableFromInline var rootIsVacant = false

    public init() {
        heap.reserveCapacity(64)
        slots.reserveCapacity(64)
    }

    /// Number of pending events.
    public var count: Int { heap.count - (rootIsVacant ? 1 : 0) }
    /// True when nothing is pending.
    public var isEmpty: Bool { count == 0 }
    /// Time of the earliest pending event, if any.
    @inline(__always)
    public mutating func nextTime() -> SimTime? {
        settle()
        return heap.first?.time
    }

    /// Removes every pending event; sequence numbers keep increasing.
    public mutating func removeAll() {
        heap.removeAll(keepingCapacity: true)
        rootIsVacant = false
        slots.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
        freeCount = 0
    }

    @inline(__always)
    static func precedes(_ a: Key, _ b: Key) -> Bool {
        a.packed < b.packed
    }

    /// Schedules `payload` at `time`.
    @inline(__always)
    public mutating func push(_ payload: Payload, at time: SimTime) {
        assert(time >= 0, "negative event time \(time)")
        assert(nextSequence < 1 << (64 - Self.slotBits), "sequence numbers exhausted")
        let slot: Int
        if freeCount > 0 {
            freeCount -= 1
            slot = freeSlots[freeCount]
            slots[slot] = payload
        } else {
            slot = slots.count
            precondition(UInt64(slot) <= Self.slotMask, "more than 4 million pending events")
            slots.append(payload)
        }
        let key = Key(time: time, order: nextSequence << Self.slotBits | UInt64(slot))
        nextSequence &+= 1
        if rootIsVacant {
            rootIsVacant = false
            heap[0] = key
            siftDown(0)
        } else {
            heap.append(key)
            siftUp(heap.count - 1)
        }
    }

    /// Returns the earliest event and leaves its place in the heap reserved:
    /// the next `push` fills it, or `settle` removes it. Between the two the
    /// queue must only be pushed to. This is the engine's fast path, since most
    /// events schedule exactly one more.
    @inline(__always)
    public mutating func popReservingRoot() -> Entry? {
        guard let top = heap.first else { return nil }
        rootIsVacant = true
        let slot = Int(top.order & Self.slotMask)
        let payload = slots[slot].take()!
        releaseSlot(slot)
        return Entry(time: top.time, sequence: top.order >> Self.slotBits, payload: payload)
    }

    /// Removes the reserved root if no push has filled it.
    @inline(__always)
    public mutating func settle() {
        guard rootIsVacant else { return }
        rootIsVacant = false
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
    }

    /// Removes and returns the earliest event (lowest time, then lowest sequence).
    @inline(__always)
    public mutating func pop() -> Entry? {
        settle()
        guard let last = heap.popLast() else { return nil }
        var top = last
        if !heap.isEmpty {
            top = heap[0]
            heap[0] = last
            siftDown(0)
        }
        let slot = Int(top.order & Self.slotMask)
        let payload = slots[slot].take()!
        releaseSlot(slot)
        return Entry(time: top.time, sequence: top.order >> Self.slotBits, payload: payload)
    }

    @inline(__always) @usableFromInline
    mutating func releaseSlot(_ slot: Int) {
        if freeCount < freeSlots.count { freeSlots[freeCount] = slot } else { freeSlots.append(slot) }
        freeCount += 1
    }

    @usableFromInline
    mutating func siftUp(_ start: Int) {
        heap.withUnsafeMutableBufferPointer { h in
            var child = start
            let item = h[child]
            while child > 0 {
                let parent = (child - 1) >> 2
                if !Self.precedes(item, h[parent]) { break }
                h[child] = h[parent]
                child = parent
            }
            h[child] = item
        }
    }

    /// Bottom-up sift-down (Floyd): walk the hole down to a leaf along the smallest
    /// children, then sift the item up from there. A moved item usually belongs
    /// near the bottom, so this saves the unpredictable comparison at each level.
    @usableFromInline
    mutating func siftDown(_ start: Int) {
        heap.withUnsafeMutableBufferPointer { h in
            let n = h.count
            let item = h[start]
            var hole = start
            while true {
                let first = (hole << 2) + 1
                if first >= n { break }
                var best = first
                if first + 3 < n {
                    let a = Self.precedes(h[first + 1], h[first]) ? first + 1 : first
                    let b = Self.precedes(h[first + 3], h[first + 2]) ? first + 3 : first + 2
                    best = Self.precedes(h[b], h[a]) ? b : a
                } else {
                    var c = first + 1
                    while c < n {
                        if Self.precedes(h[c], h[best]) { best = c }
                        c += 1
                    }
                }
                h[hole] = h[best]
                hole = best
            }
            while hole > start {
                let parent = (hole - 1) >> 2
                if !Self.precedes(item, h[parent]) { break }
                h[hole] = h[parent]
                hole = parent
            }
            h[hole] = item
        }
    }
}
