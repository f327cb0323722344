/// A program's typed inbox: the inputs sent to it that the engine has not yet
/// delivered, stored unboxed in slots (docs/model.md#the-kernel).
///
/// The engine's pending-event set holds, for each message, the target, the run it was
/// sent to and the index of its slot here; the input itself waits in its receiver's
/// inbox, as the receiver's own type. So a send costs no boxing and no allocation once
/// the slots have grown to the largest number pending, and a program from another
/// package gets the same path as the built-in ones.
public final class Inbox<Input> {
    // Release builds skip the dynamic exclusivity checks on these (debug builds keep them):
    // only the inbox's own methods touch them, each access ending before any call out.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var slots: UnsafeMutablePointer<Input>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var capacity: Int
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Slots below `used` have been handed out; the free ones among them are on `free`.
    @usableFromInline var used = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var free: UnsafeMutablePointer<Int32>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var freeCount = 0

    /// An empty inbox. Its slots are allocated when the first input is stored (many programs of
    /// a world receive nothing in a replication: surfaces switched off); until then both
    /// pointers are a placeholder that is never read.
    @usableFromInline init() {
        capacity = 0
        slots = UnsafeMutablePointer(bitPattern: MemoryLayout<Input>.alignment)!
        free = UnsafeMutablePointer(bitPattern: MemoryLayout<Int32>.alignment)!
    }

    deinit {
        removeAll()
        if capacity > 0 {
            slots.deallocate()
            free.deallocate()
        }
    }

    /// Inputs waiting for delivery.
    public var count: Int { used - freeCount }

    /// Stores an input and returns its slot.
    @inlinable @inline(__always)
    func store(_ input: Input) -> Int32 {
        let slot: Int
        if freeCount > 0 {
            freeCount -= 1
            slot = Int(free[freeCount])
        } else {
            if used == capacity { grow() }
            slot = used
            used += 1
        }
        (slots + slot).initialize(to: input)
        return Int32(truncatingIfNeeded: slot)
    }

    /// Moves the input out of its slot and frees the slot.
    @inlinable @inline(__always)
    func take(_ slot: Int32) -> Input {
        let input = (slots + Int(slot)).move()
        free[freeCount] = slot
        freeCount += 1
        return input
    }

    /// Drops every waiting input (the world is being taken apart): every slot handed out
    /// and not on the free list still holds one.
    func removeAll() {
        // Inputs of plain data (most of them) need no deinitialising, and with every slot free
        // nothing is held: only otherwise are the held slots found.
        if !_isPOD(Input.self) && freeCount < used {
            var isFree = [Bool](repeating: false, count: used)
            for k in 0..<freeCount { isFree[Int(free[k])] = true }
            for k in 0..<used where !isFree[k] { (slots + k).deinitialize(count: 1) }
        }
        used = 0
        freeCount = 0
    }

    @usableFromInline func grow() {
        let bigger = capacity == 0 ? 16 : capacity * 2
        precondition(bigger <= Int(Int32.max), "an inbox outgrew 2^31 pending inputs")
        let newSlots = UnsafeMutablePointer<Input>.allocate(capacity: bigger)
        let newFree = UnsafeMutablePointer<Int32>.allocate(capacity: bigger)
        if capacity > 0 {
            newSlots.moveInitialize(from: slots, count: used)
            slots.deallocate()
            newFree.initialize(from: free, count: freeCount)
            free.deallocate()
        }
        slots = newSlots
        free = newFree
        capacity = bigger
    }
}
