import SimKernel

/// Keep-alives a program asks the platform for (an ongoing activity's background mode on iOS, a
/// foreground service on Android; docs/model.md#keep-alives): the system decides, and the app
/// hears the grant as a notice. A program asks and gives back; it never reads the grants.
/// `KeepAlives.swift`.
public struct KeepAliveService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// Asks the system to keep the app running for `reason`.
    @inlinable @inline(__always)
    public func request(_ reason: KeepAliveReason) { system._withUnsafeGuaranteedRef { $0.requestKeepAlive(reason) } }

    /// Gives back the keep-alive for `reason`.
    @inlinable @inline(__always)
    public func release(_ reason: KeepAliveReason) { system._withUnsafeGuaranteedRef { $0.releaseKeepAlive(reason) } }
}
