import SimKernel

/// Storage on the phone (docs/model.md#shared-storage, docs/model.md#what-a-program-knows):
/// the shared storage area (App Group) with its protection classes, the outbox file in it,
/// and the time each program's reads and writes of a shared file take. What the outbox file's
/// items mean to the changes' journeys (who holds a change) is in `SharedOutbox.swift`. A
/// program's own container is declared with its surface, whose contents it holds.
extension OperatingSystem {
    // A program reads the shared storage area as the phone's lock state allows, through one
    // call (written at the call site as `os.shared.readProjection(os.device)`, the compiler
    // copies the whole area per read).

    /// Reads the projection in the shared storage area, if its protection class allows it now.
    @inlinable @inline(__always)
    func readSharedProjection() -> SharedStorageArea.Projection? {
        _shared.readProjection(_device)
    }

    /// Writes the widget's projection into the shared storage area; false when the area refuses
    /// it (its container was refused at signing, or its protection class keeps it closed now),
    /// which a trace shows as a `refused` row of the program writing.
    @discardableResult @inlinable @inline(__always)
    func writeSharedProjection(_ projection: SharedStorageArea.Projection) -> Bool {
        let written = shared.writeProjection(projection, _device)
        if !written {
            engine.logByRunning("refused", "shared storage write: "
                                + (_shared.granted ? "closed by its protection class now" : "the container was refused"))
        }
        return written
    }

    /// Looks up the shared session entry (found, not found, or closed by its protection class now).
    @inlinable @inline(__always)
    func lookUpSharedSession() -> SessionLookup {
        _shared.lookUpSession(_device)
    }

    /// Reads the shared session entry, if readable now.
    @inlinable @inline(__always)
    func readSharedSession() -> SessionToken? {
        _shared.readSession(_device)
    }

    /// `pid` is done with the outbox lock: file coordination grants it to the next in line.
    @usableFromInline func releaseOutboxLock(_ pid: ProcessID) {
        if let next = _outbox.release(pid.index) { grantOutboxLock(to: next) }
    }

    /// `pid` ended holding the outbox lock or waiting for it: it is let go, and granted to the
    /// next in line.
    @usableFromInline func abandonOutboxLock(_ pid: ProcessID) {
        if let next = _outbox.abandon(pid.index) { grantOutboxLock(to: next) }
    }

    /// File coordination grants the outbox lock to the process next in line, in its own protocol.
    func grantOutboxLock(to holder: Int32) {
        guard let route = _wiring.outboxLockGrants[Int(holder)] else {
            preconditionFailure("\(engine.record(ProcessID(holder)).name) locks the outbox but accepts no grant")
        }
        send(OutboxLockGranted(), via: route)
    }

    /// Time one read or write of a shared file by process `pid` takes (its own stream).
    @usableFromInline func ioTime(_ pid: ProcessID) -> SimTime {
        settings.storageIOTime.sampleTime(&_rng.storageFrom[Int(pid.index)])
    }
}
