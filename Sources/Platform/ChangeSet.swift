import SimKernel

/// A set of the account's changes, by change number (changes are numbered in the
/// order they were made, docs/model.md#the-truth). Most sets a surface holds are a prefix
/// ("every change up to n") plus a few later ones that arrived out of order, so the
/// set is stored as that prefix and a short sorted list of extras.
///
/// Operations given the world's `LostChanges` treat a lost change as absorbed into the
/// prefix (it exists for no one any more), so the extras stay short whatever is lost and
/// memory stays linear in the number of changes (docs/model.md#lost-changes).
public struct ChangeSet: Sendable, Equatable {
    // Stored under internal names so the `@inlinable` operations can change them while
    // the public view stays read-only.
    @usableFromInline var storedPrefix: Int32 = 0
    @usableFromInline var storedExtras: [Int32] = []

    /// Every change numbered below `prefix` is included.
    @inlinable public var prefix: Int32 { storedPrefix }
    /// Included changes numbered above `prefix`, sorted ascending.
    @inlinable public var extras: [Int32] { storedExtras }

    @inlinable public init() {}

    /// The first change number not included (the earliest missing change).
    @inlinable @inline(__always) public var firstMissing: Int32 { storedPrefix }

    /// True if `change` is included.
    /// - Complexity: O(log e), e the number of extras.
    @inlinable @inline(__always)
    public func contains(_ change: ChangeID) -> Bool { contains(number: change.number) }

    /// True if the change numbered `id` is included (the measurement layer's walk by number).
    @inlinable @inline(__always)
    package func contains(number id: Int32) -> Bool {
        if id < storedPrefix { return true }
        return !storedExtras.isEmpty && Self.search(storedExtras, id).found
    }

    /// Binary search in a sorted array: the index where `id` is or would be inserted.
    @inlinable @inline(__always)
    static func search(_ a: [Int32], _ id: Int32) -> (index: Int, found: Bool) {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if a[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return (lo, lo < a.count && a[lo] == id)
    }

    /// Adds `change`; with `lost`, lost changes at the prefix are absorbed into it.
    @inlinable @inline(__always)
    public mutating func insert(_ change: ChangeID, lost: LostChanges? = nil) {
        let id = change.number
        if id < storedPrefix { return }
        if id == storedPrefix {
            storedPrefix += 1
            absorb(lost)
            return
        }
        if let last = storedExtras.last, last < id {
            storedExtras.append(id)
        } else {
            let (i, found) = Self.search(storedExtras, id)
            if !found { storedExtras.insert(id, at: i) }
        }
        if let lost, lost.contains(storedPrefix) { absorb(lost) }
    }

    /// True if `self` includes a change that `other` lacks and that is not lost: what a
    /// program would see as "the data changed" when it replaces `other` by `self`.
    @inlinable public func hasChange(notIn other: ChangeSet, lost: LostChanges? = nil) -> Bool {
        !walkMissing(from: other) { id in lost?.contains(id) ?? false }
    }

    /// True if the two sets hold the same changes apart from lost ones (however each was
    /// stored: one may have absorbed a loss the other has not seen yet).
    @inlinable public func sameChanges(as other: ChangeSet, lost: LostChanges? = nil) -> Bool {
        if self == other { return true }
        return !hasChange(notIn: other, lost: lost) && !other.hasChange(notIn: self, lost: lost)
    }

    /// Adds every change of `other`; with `lost`, lost changes at the prefix are absorbed.
    /// - Complexity: O(e + f), the extras of both sets (a merge).
    @inlinable @inline(__always)
    public mutating func formUnion(_ other: ChangeSet, lost: LostChanges? = nil) {
        let newPrefix = max(storedPrefix, other.storedPrefix)
        if other.storedExtras.isEmpty && storedExtras.isEmpty {
            storedPrefix = newPrefix
            if let lost, lost.contains(storedPrefix) { absorb(lost) }
            return
        }
        // Merge both storedExtras lists above the new storedPrefix.
        var merged: [Int32] = []
        merged.reserveCapacity(storedExtras.count + other.storedExtras.count)
        var i = 0, j = 0
        let a = storedExtras, b = other.storedExtras
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
        // Changes below the new storedPrefix that only the other set lacked are covered by the storedPrefix.
        storedPrefix = newPrefix
        storedExtras = merged
        absorb(lost)
    }

    /// Number of included changes.
    @inlinable public var count: Int { Int(storedPrefix) + storedExtras.count }

    /// Calls `body` for each change in `self` that is not in `other`.
    /// - Complexity: O(p + e + f) for the span of prefixes and both extras lists (a merge walk).
    @inlinable public func forEachMissing(from other: ChangeSet, _ body: (ChangeID) -> Void) {
        _ = walkMissing(from: other) { id in body(ChangeID(id)); return true }
    }

    /// Walks the changes in `self` that are not in `other`, in order, while `body` returns
    /// true; returns false if `body` stopped the walk.
    @inlinable func walkMissing(from other: ChangeSet, _ body: (Int32) -> Bool) -> Bool {
        var j = 0
        let b = other.storedExtras
        var id = other.storedPrefix
        while id < storedPrefix {
            while j < b.count && b[j] < id { j += 1 }
            if !(j < b.count && b[j] == id) && !body(id) { return false }
            id += 1
        }
        var k = 0
        for x in storedExtras where x >= other.storedPrefix {
            while k < b.count && b[k] < x { k += 1 }
            if !(k < b.count && b[k] == x) && !body(x) { return false }
        }
        return true
    }

    /// Moves the prefix past the extras (and, with `lost`, the lost changes) it now reaches.
    @inlinable @inline(__always)
    mutating func absorb(_ lost: LostChanges?) {
        var k = 0
        while true {
            if k < storedExtras.count && storedExtras[k] <= storedPrefix {
                if storedExtras[k] == storedPrefix { storedPrefix += 1 }
                k += 1
            } else if let lost, lost.contains(storedPrefix) {
                storedPrefix += 1
            } else {
                break
            }
        }
        if k > 0 { storedExtras.removeFirst(k) }
    }
}
