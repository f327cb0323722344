import SimKernel

/// The outbox in the shared storage area (§25.3, §25.7): items the share extension
/// queues for the main app to send. Two processes write it; how they coordinate is
/// the design (docs/model.md#shared-storage):
/// - `uncoordinated`: each does read-modify-write on one file; reads and writes take
///   time, so an append and the app's rewrite can interleave and lose or resurrect items;
/// - `coordinated`: a lock (as a file coordinator gives) is held across a whole
///   read-modify-write, so the two never interleave;
/// - `perProcessFiles`: the extension creates one new file per item and the app deletes
///   exactly the files it sent, so nothing is rewritten by two writers.
///
/// This type holds the file contents and the lock; the processes perform the steps
/// with the delays between them.
public struct OutboxFile: Sendable {
    /// The single shared file's contents (the changes queued), for the one-file modes.
    public private(set) var contents: [ChangeID] = []
    /// The per-item files (one per change), for `perProcessFiles`.
    public private(set) var itemFiles: [ChangeID] = []
    /// The process holding the coordination lock, if any.
    public private(set) var lockHolder: Int32? = nil
    /// Processes waiting for the lock, in order.
    public private(set) var lockWaiters: [Int32] = []

    @inlinable public init() {}

    /// Reads the whole file (a snapshot of its contents now).
    @inlinable
    public func read() -> [ChangeID] { contents }
    /// Replaces the whole file.
    public mutating func write(_ items: [ChangeID]) { contents = items }

    /// Creates one file for `item` (perProcessFiles).
    public mutating func createItemFile(_ item: ChangeID) { itemFiles.append(item) }
    /// Lists the per-item files.
    @inlinable
    public func listItemFiles() -> [ChangeID] { itemFiles }
    /// Deletes the file of `item` (perProcessFiles).
    public mutating func deleteItemFile(_ item: ChangeID) { itemFiles.removeAll { $0 == item } }

    /// Asks for the lock: true if `holder` now holds it, else it is queued.
    public mutating func acquire(_ holder: Int32) -> Bool {
        if lockHolder == nil || lockHolder == holder {
            lockHolder = holder
            return true
        }
        if !lockWaiters.contains(holder) { lockWaiters.append(holder) }
        return false
    }

    /// Releases the lock and returns the next holder, if any waited.
    public mutating func release(_ holder: Int32) -> Int32? {
        guard lockHolder == holder else { return nil }
        lockHolder = nil
        guard !lockWaiters.isEmpty else { return nil }
        let next = lockWaiters.removeFirst()
        lockHolder = next
        return next
    }

    /// Drops a dead process's hold or place in line (its lock dies with it, as a
    /// coordinator's does), returning the next holder if the lock passed on.
    public mutating func abandon(_ holder: Int32) -> Int32? {
        if !lockWaiters.isEmpty { lockWaiters.removeAll { $0 == holder } }
        return release(holder)
    }

    /// Items pending in either form.
    @inlinable
    public var pending: [ChangeID] { contents + itemFiles }
}
