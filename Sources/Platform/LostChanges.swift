/// The changes lost for good so far in one world (docs/model.md#lost-changes): an
/// immediate watch write refused, an action whose every attempt failed, a share killed
/// after it made its change, an outbox entry overwritten. A lost change no longer exists
/// for anyone, so every `ChangeSet` counts it as absorbed into its prefix: a set missing
/// only lost changes below a later one is a plain prefix again, instead of carrying every
/// later change as an out-of-order extra.
///
/// The register is measurement bookkeeping, not program knowledge: no program reads it
/// to decide what to do.
public final class LostChanges {
    // Read by `@inlinable` `contains` in the modules that use it, only ever by plain reads
    // and writes within this class's own methods: no two accesses can overlap, so release
    // builds skip the dynamic exclusivity check (debug builds keep it).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var words: [UInt64] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// How many changes are lost.
    public private(set) var count = 0

    public init() {}

    /// True if change `id` is lost.
    @inlinable @inline(__always)
    public func contains(_ id: Int32) -> Bool {
        let w = Int(id) >> 6
        return id >= 0 && w < words.count && words[w] & (1 << UInt64(Int(id) & 63)) != 0
    }

    /// Records that change `id` is lost.
    public func insert(_ id: Int32) {
        precondition(id >= 0, "change numbers are never negative")
        let w = Int(id) >> 6
        if w >= words.count { words.append(contentsOf: repeatElement(0, count: w + 1 - words.count)) }
        let bit: UInt64 = 1 << UInt64(Int(id) & 63)
        if words[w] & bit == 0 { words[w] |= bit; count += 1 }
    }
}
