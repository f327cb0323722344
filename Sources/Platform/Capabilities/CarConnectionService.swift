import SimKernel

/// The car connection as its two sides reach it (CarPlay's and Android Auto's head-unit session;
/// docs/model.md#car): the car's client says when a drive connects and disconnects the car, and
/// the phone's own process brings the connection's checks at the times it set. What the
/// connection does (the keep-alive, launching the app's car scene) is the system's.
/// `CarConnection.swift`.
public struct CarConnectionService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// A drive connects the projected car.
    @inlinable @inline(__always)
    public func connects() { system._withUnsafeGuaranteedRef { $0.carConnects() } }

    /// The drive ended: the car disconnects.
    @inlinable @inline(__always)
    public func disconnects() { system._withUnsafeGuaranteedRef { $0.carDisconnects() } }

    /// The connection's check for connection `connection` is due (the phone's own process keeps its time).
    @inlinable @inline(__always)
    public func check(connection: Int64) { system._withUnsafeGuaranteedRef { $0.carConnectionCheck(connection: connection) } }
}
