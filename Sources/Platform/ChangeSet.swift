import SimKernel

/// A set of the account's changes, by change number (changes are numbered in the
/// order they were made, §2.3 of the SPEC). Most sets a surface holds are a prefix
/// ("every change up to n") plus a few later ones that arrived out of order, so the
/// set is stored as that prefix and a short sorted list of extras.
public struct ChangeSet: Sendable, Equatable {
    /// Every change numbered below `prefix` is included.
    public private(set) var prefix: Int32 = 0
    /// Included changes numbered above `prefix`, sorted ascending.
    public private(set) var extras: [Int32] = []

    public init() {}

    /// The first change number not included (the earliest missing change).
    @inline(__always) public var firstMissing: Int32 { prefix }

    /// True if change `id` is included.
    @inline(__always)
    public func contains(_ id: Int32) -> Bool {
        id < prefix || (!extras.isEmpty && extras.contains(id))
    }

    /// Adds change `id`.
    @inline(__always)
    public mutating func insert(_ id: Int32) {
        if id < prefix { return }
        if id == prefix {
            prefix += 1
            absorb()
            return
        }
        var i = extras.count
        while i > 0 && extras[i - 1] > id { i -= 1 }
        if i > 0 && extras[i - 1] == id { return }
        extras.insert(id, at: i)
    }

    /// Adds every change of `other`.
    @inline(__always)
    public mutating func formUnion(_ other: ChangeSet) {
        if other.prefix > prefix {
            prefix = other.prefix
            if !extras.isEmpty { extras.removeAll { $0 < prefix } }
        }
        for id in other.extras { insert(id) }
        absorb()
    }

    /// Number of included changes.
    public var count: Int { Int(prefix) + extras.count }

    /// Calls `body` for each change in `self` that is not in `other`.
    public func forEachMissing(from other: ChangeSet, _ body: (Int32) -> Void) {
        var id = other.prefix
        while id < prefix {
            if !other.extras.contains(id) { body(id) }
            id += 1
        }
        for id in extras where !other.contains(id) { body(id) }
    }

    @inline(__always)
    private mutating func absorb() {
        while let first = extras.first, first <= prefix {
            if first == prefix { prefix += 1 }
            extras.removeFirst()
        }
    }
}
