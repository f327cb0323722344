import SimKernel

/// The shared storage area a program and its app's other programs share (an App Group
/// container with its data protection classes on iOS; docs/model.md#shared-storage), the
/// shared session entry in it (a keychain access group), the outbox file with its coordinated
/// lock (`NSFileCoordinator`), and the projection schema the installed app version writes.
/// `Storage.swift`, `SharedOutbox.swift`.
public struct SharedStorageService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    // MARK: The area and its projection

    /// Whether the app's container was granted at signing.
    @inlinable public var granted: Bool { @inline(__always) get { system._withUnsafeGuaranteedRef { $0.shared.granted } } }
    /// The protection class the projection is written with.
    @inlinable public var projectionProtection: ProtectionClass {
        @inline(__always) get { system._withUnsafeGuaranteedRef { $0.shared.projectionProtection } }
    }
    /// The projection schema the installed app version writes and its widget reads.
    @inlinable public var schemaVersion: Int32 { @inline(__always) get { system._withUnsafeGuaranteedRef { $0.schemaVersion } } }

    /// Reads the projection, if its protection class allows it now.
    @inlinable @inline(__always)
    public func readProjection() -> SharedStorageArea.Projection? { system._withUnsafeGuaranteedRef { $0.readSharedProjection() } }

    /// Writes the projection; false when the area refuses it (shown in a trace as `refused`).
    @discardableResult @inlinable @inline(__always)
    public func writeProjection(_ projection: SharedStorageArea.Projection) -> Bool {
        system._withUnsafeGuaranteedRef { $0.writeSharedProjection(projection) }
    }

    /// Records `readAt` as the projection's read time in place, if the area is open now and the
    /// projection `matches`: true if it did.
    @inlinable @inline(__always)
    public func refreshProjection(readAt: SimTime, if matches: (borrowing SharedStorageArea.Projection) -> Bool) -> Bool {
        system._withUnsafeGuaranteedRef { $0.shared.refreshProjection(readAt: readAt, $0.device, if: matches) }
    }

    /// Deletes the projection.
    @inlinable @inline(__always)
    public func clearProjection() { system._withUnsafeGuaranteedRef { $0.shared.clearProjection() } }

    // MARK: The shared session entry

    /// Looks the shared session entry up (found, not found, or closed by its protection class now).
    @inlinable @inline(__always)
    public func lookUpSession() -> SessionLookup { system._withUnsafeGuaranteedRef { $0.lookUpSharedSession() } }

    /// Reads the shared session entry, if readable now.
    @inlinable @inline(__always)
    public func readSession() -> SessionToken? { system._withUnsafeGuaranteedRef { $0.readSharedSession() } }

    /// Stores (or, nil, deletes) the shared session entry.
    @inlinable @inline(__always)
    public func setSession(_ token: SessionToken?) { system._withUnsafeGuaranteedRef { $0.shared.setSession(token) } }

    // MARK: The outbox file and its lock

    /// The changes the outbox file holds.
    @inlinable @inline(__always)
    public func readOutbox() -> [ChangeID] { system._withUnsafeGuaranteedRef { $0.outbox.read() } }

    /// Writes the outbox file whole (the system follows which changes it holds).
    @inlinable @inline(__always)
    public func writeOutbox(_ items: [ChangeID]) { system._withUnsafeGuaranteedRef { $0.writeSharedOutbox(items) } }

    /// The outbox's item files (one per change, a design without the lock).
    @inlinable @inline(__always)
    public func outboxItemFiles() -> [ChangeID] { system._withUnsafeGuaranteedRef { $0.outbox.listItemFiles() } }

    /// Creates the item file of `change`.
    @inlinable @inline(__always)
    public func createOutboxItemFile(_ change: ChangeID) { system._withUnsafeGuaranteedRef { $0.createOutboxItemFile(change) } }

    /// Deletes the item file of `change`.
    @inlinable @inline(__always)
    public func deleteOutboxItemFile(_ change: ChangeID) { system._withUnsafeGuaranteedRef { $0.deleteOutboxItemFile(change) } }

    /// Asks for the outbox lock for `pid`: true if granted now, else it waits in line and is
    /// granted later in its own protocol (`OutboxLockGranted`).
    @inlinable @inline(__always)
    public func acquireOutboxLock(_ pid: ProcessID) -> Bool { system._withUnsafeGuaranteedRef { $0.outbox.acquire(pid.index) } }

    /// `pid` is done with the outbox lock.
    @inlinable @inline(__always)
    public func releaseOutboxLock(_ pid: ProcessID) { system._withUnsafeGuaranteedRef { $0.releaseOutboxLock(pid) } }

    /// `pid` ended holding the outbox lock or waiting for it.
    @inlinable @inline(__always)
    public func abandonOutboxLock(_ pid: ProcessID) { system._withUnsafeGuaranteedRef { $0.abandonOutboxLock(pid) } }

    /// Time one read or write of a shared file by process `pid` takes (its own stream).
    @inlinable @inline(__always)
    public func ioTime(_ pid: ProcessID) -> SimTime { system._withUnsafeGuaranteedRef { $0.ioTime(pid) } }
}
