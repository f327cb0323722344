import SimKernel

/// The background transfer service (a background `URLSession` on iOS, `WorkManager` with a
/// network constraint on Android): it holds the app's sign-out revocation until the backend
/// confirms it, across the app's runs. `BackgroundTransfers.swift`.
public struct BackgroundTransferService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// Whether it holds the app's revocation.
    @inlinable public var holdsRevocation: Bool { @inline(__always) get { system._withUnsafeGuaranteedRef { $0.transfers.holdsRevocation } } }

    /// The app hands it its revocation.
    @inlinable @inline(__always)
    public func holdRevocation() { system._withUnsafeGuaranteedRef { $0.transfers.holdRevocation() } }

    /// The backend confirmed the revocation: it is dropped.
    @inlinable @inline(__always)
    public func revocationConfirmed() { system._withUnsafeGuaranteedRef { $0.transfers.revocationConfirmed() } }
}
