/// The pending-event set, ordered by (time, sequence number): a sorted list while it is
/// short, a four-ary min-heap while it is long.
///
/// Every event receives a sequence number when it is pushed, so events at the
/// same time leave in the order they were scheduled (first in, first out). The
/// order never depends on the heap's internal layout or on hashing (docs/model.md#the-kernel).
///
/// The heap holds 16-byte keys only: the time, and the sequence number packed
/// above the index of a slot that holds the payload. Since sequence numbers are
/// unique, comparing the packed word compares sequence numbers.
///
/// A world of messages keeps a handful of events pending (a widget-path day, ten or so), and
/// there a list kept sorted with the earliest last beats a heap: the earliest leaves from the
/// end, and a new event, usually due soon, is placed by a short scan from the end. Past
/// `sortedLimit` pending events the list becomes a heap (an ascending list already is one),
/// and below `heapFloor` the heap is sorted back into a list; the gap between the two keeps a
/// queue whose size hovers near one of them from converting back and forth. Keys are unique,
/// so both forms pop the same events in the same order.
///
/// A class over buffers it manages itself: one engine owns one queue, and the hot
/// path pays no copy-on-write check and no bounds check per access. Its operations
/// are `@inlinable`, so they are specialised for the payload in the module that uses them.
/// - Complexity: push and pop are O(log n) on the heap; on the sorted list (at most
///   `sortedLimit` events) a push is O(n) and a pop O(1).
public final class EventQueue<Payload> {
    /// One pending event as `pop` returns it.
    public struct Entry {
        public var time: SimTime
        public var sequence: UInt64
        public var payload: Payload
        @inlinable @inline(__always)
        init(time: SimTime, sequence: UInt64, payload: Payload) {
            self.time = time
            self.sequence = sequence
            self.payload = payload
        }
    }

    /// Time in the high 64 bits, `sequence << slotBits | slot` in the low 64 bits:
    /// one unsigned 128-bit comparison orders by time, then by sequence.
    @usableFromInline struct Key {
        @usableFromInline var packed: UInt128
        @inlinable @inline(__always) init(time: SimTime, order: UInt64) {
            packed = UInt128(UInt64(bitPattern: time)) << 64 | UInt128(order)
        }
        @inlinable @inline(__always) var time: SimTime { SimTime(bitPattern: UInt64(truncatingIfNeeded: packed >> 64)) }
        @inlinable @inline(__always) var order: UInt64 { UInt64(truncatingIfNeeded: packed) }
        @inlinable @inline(__always) var slot: Int { Int(order & EventQueue.slotMask) }
    }

    @inlinable static var slotBits: UInt64 { 22 }   // up to ~4 million pending events
    @inlinable static var slotMask: UInt64 { (1 << slotBits) - 1 }

    // In release builds every stored property is `@exclusivity(unchecked)` (debug builds keep
    // the checks): the operations are inlined into the engine's user, where no static proof
    // of exclusive access is possible, and each access is a plain read or write within one of
    // the queue's own methods (which call nothing outside the queue), so none can overlap.

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The heap of keys: `heapCount` of `heapCapacity` initialized.
    @usableFromInline var heap: UnsafeMutablePointer<Key>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var heapCount = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var heapCapacity: Int
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Payload slots: a slot is initialized exactly while a key in the heap names it
    /// (the reserved root's slot is already moved out). Slots below `slotsUsed` have
    /// been handed out; the free ones among them are on the `freeSlots` stack.
    @usableFromInline var slots: UnsafeMutablePointer<Payload>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var slotsUsed = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var slotCapacity: Int
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var freeSlots: UnsafeMutablePointer<Int>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var freeCount = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var nextSequence: UInt64 = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// True after `popReservingRoot` on the heap: the root holds a consumed event that the
    /// next push overwrites (one sift-down instead of a sift-down and a sift-up). Always false
    /// while the keys are a sorted list.
    @usableFromInline var rootIsVacant = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// True while `heap[0..<heapCount]` is a list sorted in descending order (the earliest
    /// last); false while it is a heap.
    @usableFromInline var isSortedList = true

    /// Pending events above which the sorted list becomes a heap.
    @inlinable public static var sortedLimit: Int { 48 }
    /// Pending events below which the heap becomes a sorted list again.
    @inlinable public static var heapFloor: Int { 16 }

    public init() {
        heapCapacity = 64
        heap = .allocate(capacity: heapCapacity)
        slotCapacity = 64
        slots = .allocate(capacity: slotCapacity)
        freeSlots = .allocate(capacity: slotCapacity)
    }

    deinit {
        destroyPendingPayloads()
        heap.deallocate()
        slots.deallocate()
        freeSlots.deallocate()
    }

    /// Number of pending events.
    @inlinable public var count: Int { heapCount - (rootIsVacant ? 1 : 0) }
    /// True when nothing is pending.
    @inlinable public var isEmpty: Bool { count == 0 }
    /// Time of the earliest pending event, if any.
    @inlinable @inline(__always)
    public func nextTime() -> SimTime? {
        settle()
        guard heapCount > 0 else { return nil }
        return isSortedList ? heap[heapCount - 1].time : heap[0].time
    }

    /// Removes every pending event; sequence numbers keep increasing.
    public func removeAll() {
        destroyPendingPayloads()
        heapCount = 0
        rootIsVacant = false
        isSortedList = true
        slotsUsed = 0
        freeCount = 0
    }

    /// Deinitializes the payload of every pending event.
    private func destroyPendingPayloads() {
        let first = rootIsVacant ? 1 : 0
        guard heapCount > first else { return }
        for k in first..<heapCount { (slots + heap[k].slot).deinitialize(count: 1) }
    }

    @inlinable @inline(__always)
    static func precedes(_ a: Key, _ b: Key) -> Bool {
        a.packed < b.packed
    }

    /// Schedules `payload` at `time`.
    @inlinable @inline(__always)
    public func push(_ payload: Payload, at time: SimTime) {
        assert(time >= 0, "negative event time \(time)")
        assert(nextSequence < 1 << (64 - Self.slotBits), "sequence numbers exhausted")
        let slot: Int
        if freeCount > 0 {
            freeCount -= 1
            slot = freeSlots[freeCount]
        } else {
            if slotsUsed == slotCapacity { growSlots() }
            slot = slotsUsed
            slotsUsed += 1
        }
        (slots + slot).initialize(to: payload)
        let key = Key(time: time, order: nextSequence << Self.slotBits | UInt64(slot))
        nextSequence &+= 1
        if isSortedList {
            if heapCount == heapCapacity { growHeap() }
            // Every key after the new one's place is due before it: shift those up by one.
            let h = heap
            var j = heapCount
            while j > 0 && Self.precedes(h[j - 1], key) {
                h[j] = h[j - 1]
                j -= 1
            }
            h[j] = key
            heapCount += 1
            if heapCount > Self.sortedLimit { becomeHeap() }
        } else if rootIsVacant {
            rootIsVacant = false
            heap[0] = key
            siftDown(0)
        } else {
            if heapCount == heapCapacity { growHeap() }
            heap[heapCount] = key
            heapCount += 1
            siftUp(heapCount - 1)
        }
    }

    /// Returns the earliest event and, on the heap, leaves its place reserved:
    /// the next `push` fills it, or `settle` removes it. Between the two the
    /// queue must only be pushed to. This is the engine's fast path, since most
    /// events schedule exactly one more. On the sorted list the event simply leaves
    /// the end, and nothing is reserved.
    @inlinable @inline(__always)
    public func popReservingRoot() -> Entry? {
        precondition(!rootIsVacant, "popReservingRoot twice without settle")
        guard heapCount > 0 else { return nil }
        if isSortedList { return popLast() }
        let top = heap[0]
        rootIsVacant = true
        let slot = top.slot
        let payload = (slots + slot).move()
        releaseSlot(slot)
        return Entry(time: top.time, sequence: top.order >> Self.slotBits, payload: payload)
    }

    /// Removes the reserved root if no push has filled it.
    @inlinable @inline(__always)
    public func settle() {
        guard rootIsVacant else { return }
        rootIsVacant = false
        heapCount -= 1
        if heapCount > 0 {
            heap[0] = heap[heapCount]
            siftDown(0)
        }
        if heapCount < Self.heapFloor { becomeSortedList() }
    }

    /// Removes and returns the earliest event (lowest time, then lowest sequence).
    @inlinable @inline(__always)
    public func pop() -> Entry? {
        settle()
        guard heapCount > 0 else { return nil }
        if isSortedList { return popLast() }
        let top = heap[0]
        heapCount -= 1
        if heapCount > 0 {
            heap[0] = heap[heapCount]
            siftDown(0)
        }
        if heapCount < Self.heapFloor { becomeSortedList() }
        let slot = top.slot
        let payload = (slots + slot).move()
        releaseSlot(slot)
        return Entry(time: top.time, sequence: top.order >> Self.slotBits, payload: payload)
    }

    /// Removes and returns the earliest event of the sorted list: its last key.
    @inlinable @inline(__always)
    func popLast() -> Entry {
        heapCount -= 1
        let top = heap[heapCount]
        let slot = top.slot
        let payload = (slots + slot).move()
        releaseSlot(slot)
        return Entry(time: top.time, sequence: top.order >> Self.slotBits, payload: payload)
    }

    /// The sorted list becomes a heap: reversed, it ascends, and an ascending list is a min-heap.
    @inlinable @inline(never)
    func becomeHeap() {
        assert(isSortedList && !rootIsVacant)
        var (i, j) = (0, heapCount - 1)
        while i < j {
            (heap[i], heap[j]) = (heap[j], heap[i])
            i += 1
            j -= 1
        }
        isSortedList = false
    }

    /// The heap (no vacant root) becomes a list sorted in descending order.
    @inlinable @inline(never)
    func becomeSortedList() {
        assert(!isSortedList && !rootIsVacant)
        let h = heap
        for i in 1..<Swift.max(1, heapCount) {
            let key = h[i]
            var j = i
            while j > 0 && Self.precedes(h[j - 1], key) {
                h[j] = h[j - 1]
                j -= 1
            }
            h[j] = key
        }
        isSortedList = true
    }

    @inlinable @inline(__always)
    func releaseSlot(_ slot: Int) {
        freeSlots[freeCount] = slot     // freeCount < slotsUsed ≤ slotCapacity
        freeCount += 1
    }

    /// Doubles the key buffer (keys are plain values).
    @inlinable @inline(never)
    func growHeap() {
        let bigger = UnsafeMutablePointer<Key>.allocate(capacity: heapCapacity * 2)
        bigger.moveInitialize(from: heap, count: heapCount)
        heap.deallocate()
        heap = bigger
        heapCapacity *= 2
    }

    /// Doubles the slot buffers. Called only when no slot is free, so every slot handed out
    /// holds a pending payload (a reserved root's slot is free): they move over as a block.
    @inlinable @inline(never)
    func growSlots() {
        precondition(UInt64(slotCapacity) <= Self.slotMask, "more than 4 million pending events")
        assert(freeCount == 0 && slotsUsed == slotCapacity)
        let capacity = slotCapacity * 2
        let bigger = UnsafeMutablePointer<Payload>.allocate(capacity: capacity)
        bigger.moveInitialize(from: slots, count: slotsUsed)
        slots.deallocate()
        slots = bigger
        freeSlots.deallocate()
        freeSlots = .allocate(capacity: capacity)
        slotCapacity = capacity
    }

    @inlinable
    func siftUp(_ start: Int) {
        let h = heap
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

    /// Sift-down in two parts. First one top-down step: if the item precedes every child
    /// it stays (the common case in a simulation of messages, where a new event is often
    /// due before everything else pending). Otherwise bottom-up (Floyd): walk the hole
    /// down to a leaf along the smallest children, then sift the item up from there; an
    /// item that sinks usually belongs near the bottom, so this saves the unpredictable
    /// comparison at each further level.
    @inlinable
    func siftDown(_ start: Int) {
        let h = heap
        let n = heapCount
        let item = h[start]
        var hole = start
        let firstChild = (start << 2) + 1
        if firstChild >= n { return }
        var smallest = firstChild
        var c = firstChild + 1
        while c < n && c <= firstChild + 3 {
            if Self.precedes(h[c], h[smallest]) { smallest = c }
            c += 1
        }
        if !Self.precedes(h[smallest], item) { return }
        h[hole] = h[smallest]
        hole = smallest
        while true {
            let first = (hole << 2) + 1
            if first >= n { break }
            var best = first
            if first + 3 < n {
                let a = Self.precedes(h[first + 1], h[first]) ? first + 1 : first
                let b = Self.precedes(h[first + 3], h[first + 2]) ? first + 3 : first + 2
                best = Self.precedes(h[b], h[a]) ? b : a
            } else {
                var d = first + 1
                while d < n {
                    if Self.precedes(h[d], h[best]) { best = d }
                    d += 1
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
