// Lists filled with one value, for the tables a world builds once per replication.

extension Array {
    /// The same list as `Array(repeating: value, count: count)`, built by appending into
    /// reserved room. The standard initialiser allocates through a generic path of the standard
    /// library that looks the storage's type up at run time (some 600 instructions, about 20
    /// times per replication when a world is built); this one is specialised where it is used.
    /// For short lists: filling costs a few instructions an element more than the standard
    /// initialiser's, so past a few hundred elements it is the slower.
    /// - Precondition: `count >= 0`.
    @inlinable
    public init(filledWith value: Element, count: Int) {
        precondition(count >= 0, "a negative count")
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
