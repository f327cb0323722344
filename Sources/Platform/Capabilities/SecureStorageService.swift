import SimKernel

/// Secure storage (the Keychain on iOS, the Android Keystore): the key that seals the app's
/// kept readings, lost when the phone's data is restored onto another phone. `ReadingsKey.swift`.
public struct SecureStorageService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// Whether the key was lost (the kept readings can no longer be opened).
    @inlinable public var readingsKeyLost: Bool { @inline(__always) get { system._withUnsafeGuaranteedRef { $0.readingsKey.lost } } }

    /// Makes a new key (the app seals what it keeps from now on with it).
    @inlinable @inline(__always)
    public func renewReadingsKey() { system._withUnsafeGuaranteedRef { $0.readingsKey.renew() } }
}
