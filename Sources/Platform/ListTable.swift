// The lists of object identifiers and name versions that copies of the account's data carry
// (docs/model.md#configured-targets), stored once per replication and referred to by number.

/// One list of a `ListTable`: equal numbers mean equal lists, and equal lists equal numbers
/// (the table keeps each content once), so copies of data compare and copy as plain numbers.
public struct ListID: Hashable, Sendable {
    @usableFromInline let index: Int32
    @inlinable init(index: Int32) { self.index = index }
    /// The empty list, which every table holds first.
    public static let empty = ListID(index: 0)
}

/// The lists of one replication's data copies, each content once (the backend's objects and
/// their names' versions, as of each change of them). A copy of the data (`DataCopy`) names
/// its lists by `ListID`, so copying it, handing it to another program or storing it costs
/// no reference counting, and comparing two copies' lists compares two numbers. Lists are
/// added rarely (when the backend's objects or names change) and never removed.
public struct ListTable: Sendable {
    private var lists: [[Int32]] = [[]]
    /// Each list's number by its content, once there are more than `scanLimit` lists (a
    /// replication's few are found by a scan, which needs no hashing and no dictionary).
    private var numbers: [[Int32]: ListID] = [:]
    /// Up to this many lists, `intern` scans them.
    static let scanLimit = 32

    /// A table holding only the empty list.
    public init() {}

    /// The number of `list`, added to the table if it is new.
    public mutating func intern(_ list: [Int32]) -> ListID {
        if numbers.isEmpty {
            if let k = lists.firstIndex(of: list) { return ListID(index: Int32(k)) }
        } else if let id = numbers[list] {
            return id
        }
        let id = ListID(index: Int32(lists.count))
        lists.append(list)
        if !numbers.isEmpty {
            numbers[list] = id
        } else if lists.count > Self.scanLimit {
            for (k, l) in lists.enumerated() { numbers[l] = ListID(index: Int32(k)) }
        }
        return id
    }

    /// The list numbered `id`.
    public subscript(id: ListID) -> [Int32] { lists[Int(id.index)] }

    /// The version of the name of object `object` in a copy with objects `objects` and name
    /// versions `names` (0 when the copy lists no versions; −1 when it lacks the object).
    public func nameVersion(of object: Int32, objects: ListID, names: ListID) -> Int32 {
        let list = lists[Int(objects.index)]
        guard let k = list.firstIndex(of: object) else { return -1 }
        let versions = lists[Int(names.index)]
        return k < versions.count ? versions[k] : 0
    }
}
