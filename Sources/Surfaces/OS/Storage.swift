import SimKernel
import Platform

/// Storage on the phone (docs/model.md#shared-storage, docs/model.md#what-a-program-knows):
/// the shared storage area (App Group) with its protection classes, the outbox file in it,
/// the time each program's reads and writes of a shared file take, and each program's own
/// container (the app's, the car's, the watch's, the television's, the widget extension's),
/// read and written only by its own surface. What the outbox files' items mean to the truth
/// (who holds a change) is in `SharedOutbox.swift`.
extension OperatingSystem {
    // A program reads the shared storage area as the phone's lock state allows, through one
    // call (written at the call site as `os.shared.readProjection(os.device)`, the compiler
    // copies the whole area per read).

    /// Reads the projection in the shared storage area, if its protection class allows it now.
    @inline(__always)
    func readSharedProjection() -> SharedStorageArea.Projection? {
        shared.readProjection(device)
    }

    /// Looks up the shared session entry (found, not found, or closed by its protection class now).
    @inline(__always)
    func lookUpSharedSession() -> SessionLookup {
        shared.lookUpSession(device)
    }

    /// Reads the shared session entry, if readable now.
    @inline(__always)
    func readSharedSession() -> SessionToken? {
        shared.readSession(device)
    }

    /// `pid` is done with the outbox lock: file coordination grants it to the next in line.
    func releaseOutboxLock(_ pid: ProcessID) {
        if let next = outbox.release(pid.index) { grantOutboxLock(to: next) }
    }

    /// `pid` ended holding the outbox lock or waiting for it: it is let go, and granted to the
    /// next in line.
    func abandonOutboxLock(_ pid: ProcessID) {
        if let next = outbox.abandon(pid.index) { grantOutboxLock(to: next) }
    }

    /// File coordination grants the outbox lock to the process next in line, in its own protocol.
    func grantOutboxLock(to holder: Int32) {
        if holder == ids.app.process.index {
            send(.outboxLockGranted, to: ids.app)
        } else {
            precondition(holder == ids.share.process.index, "only the app and the share extension lock the outbox")
            send(.outboxLockGranted, to: ids.share)
        }
    }

    /// Time one read or write of a shared file by process `pid` takes (its own stream).
    func ioTime(_ pid: ProcessID) -> SimTime {
        p.storage.ioTime.sampleTime(&rng.storageFrom[Int(pid.index)])
    }
}

extension Protection {
    /// The platform's protection class for this parameter value.
    var protectionClass: ProtectionClass {
        switch self {
        case .always: return .always
        case .afterFirstUnlock: return .afterFirstUnlock
        case .whenUnlocked: return .whenUnlocked
        }
    }
}
