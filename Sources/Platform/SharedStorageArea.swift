import SimKernel

/// The shared storage area (App Group, §25.2–25.3; docs/model.md#shared-storage): a container every
/// program of the maker can open, holding the widget projection, the outbox, and the
/// shared secure-storage entry for the session. Each item has a protection class.
/// If the container was refused at signing, nothing can be read or written, and the
/// surfaces that rely on it show their empty state (docs/model.md#app-group-refused).
public struct SharedStorageArea: Sendable {
    /// The widget projection: a copy of the account's data shaped for the widget, with
    /// the schema version of the app that wrote it (docs/model.md#the-widgets-projection).
    public struct Projection: Sendable {
        public var data: DataCopy
        public var schemaVersion: Int32
        @inlinable public init(data: DataCopy, schemaVersion: Int32) {
            self.data = data
            self.schemaVersion = schemaVersion
        }
    }

    public var granted: Bool
    public var projectionProtection: ProtectionClass
    public var sessionProtection: ProtectionClass
    /// The widget projection, if one was written and not deleted.
    @inlinable public var projection: Projection? { hasProjection ? storedProjection : nil }
    // Stored in place with a flag rather than as an optional, so that a refresh compares the
    // stored projection where it lies instead of copying it (and its lists) out of the optional.
    @usableFromInline var storedProjection = Self.noProjection
    @usableFromInline var hasProjection = false
    /// What stands in the projection's place while there is none (it holds no data).
    @usableFromInline static let noProjection = Projection(data: DataCopy(account: .nobody), schemaVersion: 0)
    /// The session in the shared secure-storage entry (keychain access group), if any.
    public private(set) var session: SessionToken?

    @inlinable public init(granted: Bool, projectionProtection: ProtectionClass, sessionProtection: ProtectionClass) {
        self.granted = granted
        self.projectionProtection = projectionProtection
        self.sessionProtection = sessionProtection
    }

    /// Reads the projection, if the container exists and its protection allows it now.
    @inlinable
    public func readProjection(_ device: DeviceState) -> Projection? {
        guard granted, device.canRead(projectionProtection) else { return nil }
        return projection
    }

    /// Writes the projection; fails when the container is missing or closed.
    @discardableResult
    public mutating func writeProjection(_ p: Projection, _ device: DeviceState) -> Bool {
        guard granted, device.canRead(projectionProtection) else { return false }
        storedProjection = p
        hasProjection = true
        return true
    }

    /// Records `readAt` as the projection's read time, in place, if the container is open now
    /// and the projection `matches` (the writer read the same data again): true if it did.
    /// The same as reading the projection, setting its read time and writing it back, without
    /// copying it twice.
    @inlinable
    public mutating func refreshProjection(readAt: SimTime, _ device: DeviceState, if matches: (borrowing Projection) -> Bool) -> Bool {
        guard granted, device.canRead(projectionProtection), hasProjection, matches(storedProjection) else { return false }
        storedProjection.data.readAt = readAt
        return true
    }

    /// Deletes the projection (sign-out step 2).
    public mutating func clearProjection() {
        storedProjection = Self.noProjection
        hasProjection = false
    }

    /// Reads the shared session entry, if readable now.
    @inlinable
    public func readSession(_ device: DeviceState) -> SessionToken? {
        if case .found(let token) = lookUpSession(device) { return token }
        return nil
    }

    /// What a program of the maker finds when it looks up the shared session entry, as a
    /// keychain answers: the entry, no such entry (never placed, removed, or the container
    /// refused), or an entry its protection class keeps closed now.
    @inlinable
    public func lookUpSession(_ device: DeviceState) -> SessionLookup {
        guard granted, let token = session else { return .notFound }
        return device.canRead(sessionProtection) ? .found(token) : .protected
    }

    /// Places or removes the shared session entry.
    public mutating func setSession(_ token: SessionToken?) {
        guard granted else { return }
        session = token
    }
}

/// The answer to a look-up of the shared session entry.
public enum SessionLookup: Sendable, Equatable {
    case found(SessionToken)
    case notFound
    /// The entry exists but its protection class keeps it closed now (before the first
    /// unlock, or while locked).
    case protected
}

/// A credential the backend issued: a session or a narrower per-surface credential.
public struct SessionToken: Sendable, Equatable {
    public var id: Credential
    public var account: Account
    @inlinable public init(id: Credential, account: Account) {
        self.id = id
        self.account = account
    }
}
