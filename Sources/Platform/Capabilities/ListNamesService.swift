import SimKernel

/// The table of the lists of objects and name versions that copies of the data name
/// (`DataCopy.objects`, `.names`), each content stored once: what a server's response body
/// and an app's decoded model share. Not a platform API of its own: the model keeps lists by
/// entry so that messages carry an index, not an array (`ListTable.swift`).
public struct ListNamesService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// The entry of `list` (stored if new).
    @inlinable @inline(__always)
    public func intern(_ list: [Int32]) -> ListID { system._withUnsafeGuaranteedRef { $0.lists.intern(list) } }

    /// The list stored at `id`.
    @inlinable
    public subscript(_ id: ListID) -> [Int32] { system._withUnsafeGuaranteedRef { $0.lists[id] } }

    /// The version of `object`'s name in the lists `objects` and `names`.
    @inlinable @inline(__always)
    public func nameVersion(of object: Int32, objects: ListID, names: ListID) -> Int32 {
        system._withUnsafeGuaranteedRef { $0.lists.nameVersion(of: object, objects: objects, names: names) }
    }
}
