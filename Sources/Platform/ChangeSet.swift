import SimKernel

/// A set of the account's changes, by change number (changes are numbered in the
/// order they were made, §2.3 of the SPEC). Most sets a surface holds are a prefix
/// ("every change up to n") plus a few later ones that arrived out of order, so the
/// set is stored as that prefix and a short sorted list of extras.
///
/// Operations given the world's `LostChanges` treat a lost change as absorbed into the
/// prefix (it exists for no one any more), so the extras stay short whatever is lost and
/// memory stays linear in the number of changes (docs/model.md#lost-changes).
public struct ChangeSet: Sendable, Equatable {
    /// Every change numbered below `prefix` is included.
    public private(set) var prefix: Int32 = 0
    /// Included changes numbered above `prefix`, sorted ascending.
    public private(set) var extras: [Int32] = []

    public init() {}

    /// The first change number not included (the earliest missing change).
    @inline(__always) public var firstMissing: Int32 { prefix }

    /// True if change `id` is included.
    /// - Complexity: O(log e), e the number of extras.
    @inline(__always)
    public func contains(_ id: Int32) -> Bool {
        if id < prefix { return true }
        return !extras.isEmpty && Self.search(extras, id).found
    }

    /// Binary search in a sorted array: the index where `id` is or would be inserted.
    @inline(__always)
    static func search(_ a: [Int32], _ id: Int32) -> (index: Int, found: Bool) {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if a[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return (lo, lo < a.count && a[lo] == id)
    }

    /// Adds change `id`; with `lost`, lost changes at the prefix are absorbed into it.
    @inline(__always)
    public mutating func insert(_ id: Int32, lost: LostChanges? = nil) {
        if id < prefix { return }
        if id == prefix {
            prefix += 1
            absorb(lost)
            return
        }
        if let last = extras.last, last < id {
            extras.append(id)
        } else {
            let (i, found) = Self.search(extras, id)
            if !found { extras.insert(id, at: i) }
        }
        if let lost, lost.contains(prefix) { absorb(lost) }
    }

    /// True if `self` includes a change that `other` lacks and that is not lost: what a
    /// program would see as "the data changed" when it replaces `other` by `self`.
    public func hasChange(notIn other: ChangeSet, lost: LostChanges? = nil) -> Bool {
        var j = 0
        let b = other.extras
        var id = other.prefix
        while id < prefix {
            while j < b.count && b[j] < id { j += 1 }
            if !(j < b.count && b[j] == id) && !(lost?.contains(id) ?? false) { return true }
            id += 1
        }
        var k = 0
        for x in extras where x >= other.prefix {
            while k < b.count && b[k] < x { k += 1 }
            if !(k < b.count && b[k] == x) && !(lost?.contains(x) ?? false) { return true }
        }
        return false
    }

    /// True if the two sets hold the same changes apart from lost ones (however each was
    /// stored: one may have absorbed a loss the other has not seen yet).
    public func sameChanges(as other: ChangeSet, lost: LostChanges? = nil) -> Bool {
        if self == other { return true }
        return !hasChange(notIn: other, lost: lost) && !other.hasChange(notIn: self, lost: lost)
    }

    /// Adds every change of `other`; with `lost`, lost changes at the prefix are absorbed.
    /// - Complexity: O(e + f), the extras of both sets (a merge).
    @inline(__always)
    public mutating func formUnion(_ other: ChangeSet, lost: LostChanges? = nil) {
        let newPrefix = max(prefix, other.prefix)
        if other.extras.isEmpty && extras.isEmpty {
            prefix = newPrefix
            if let lost, lost.contains(prefix) { absorb(lost) }
            return
        }
        // Merge both extras lists above the new prefix.
        var merged: [Int32] = []
        merged.reserveCapacity(extras.count + other.extras.count)
        var i = 0, j = 0
        let a = extras, b = other.extras
        while i < a.count || j < b.count {
            let x: Int32
            if j >= b.count || (i < a.count && a[i] <= b[j]) {
                x = a[i]; i += 1
                if j < b.count && b[j] == x { j += 1 }
            } else {
                x = b[j]; j += 1
            }
            if x >= newPrefix { merged.append(x) }
        }
        // Changes below the new prefix that only the other set lacked are covered by the prefix.
        prefix = newPrefix
        extras = merged
        absorb(lost)
    }

    /// Number of included changes.
    public var count: Int { Int(prefix) + extras.count }

    /// Calls `body` for each change in `self` that is not in `other`.
    /// - Complexity: O(p + e + f) for the span of prefixes and both extras lists (a merge walk).
    public func forEachMissing(from other: ChangeSet, _ body: (Int32) -> Void) {
        var j = 0
        let b = other.extras
        var id = other.prefix
        while id < prefix {
            while j < b.count && b[j] < id { j += 1 }
            if !(j < b.count && b[j] == id) { body(id) }
            id += 1
        }
        var k = 0
        for x in extras {
            if x < other.prefix { continue }
            while k < b.count && b[k] < x { k += 1 }
            if !(k < b.count && b[k] == x) { body(x) }
        }
    }

    /// Moves the prefix past the extras (and, with `lost`, the lost changes) it now reaches.
    @inline(__always)
    private mutating func absorb(_ lost: LostChanges?) {
        var k = 0
        while true {
            if k < extras.count && extras[k] <= prefix {
                if extras[k] == prefix { prefix += 1 }
                k += 1
            } else if let lost, lost.contains(prefix) {
                prefix += 1
            } else {
                break
            }
        }
        if k > 0 { extras.removeFirst(k) }
    }
}
