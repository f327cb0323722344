import SimKernel

/// The watch link (WatchConnectivity's `WCSession` on iOS, the Data Layer on Wear OS;
/// docs/model.md#watch): the phone side sends deliveries, application context and notices to
/// the watch; the watch side sends messages and queued transfers to the phone, and takes what
/// waited for its app. `WatchConnectivity.swift`, `PairedDevices.swift`.
public struct WatchLinkService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    // MARK: The phone's side

    /// Sends `delivery` to the watch app after `delay` (launching it when the design does).
    @inlinable @inline(__always)
    public func sendToWatch(_ delivery: WatchDelivery, after delay: SimTime) {
        system._withUnsafeGuaranteedRef { $0.sendToWatch(delivery, after: delay) }
    }

    /// Updates the application context (the latest snapshot) the watch gets.
    @inlinable @inline(__always)
    public func updateWatchContext(_ snapshot: SnapshotID) { system._withUnsafeGuaranteedRef { $0.updateWatchContext(snapshot) } }

    /// Queues a notice (sign-out) to the watch.
    @inlinable @inline(__always)
    public func transferNoticeToWatch(_ notice: WatchNotice) { system._withUnsafeGuaranteedRef { $0.transferNoticeToWatch(notice) } }

    /// The time one hop over the link takes (the link's own stream).
    @inlinable @inline(__always)
    public func watchLinkHop() -> SimTime { system._withUnsafeGuaranteedRef { $0.watchLinkHop() } }

    // MARK: The watch's side

    /// Sends an interactive message to the phone app; false when the link refuses it now.
    @inlinable @inline(__always)
    public func sendMessageToPhone(_ request: WatchRequest) -> Bool { system._withUnsafeGuaranteedRef { $0.sendMessageToPhone(request) } }

    /// Queues a change for the phone (delivered when the link allows).
    @inlinable @inline(__always)
    public func transferToPhone(_ change: ChangeID) { system._withUnsafeGuaranteedRef { $0.transferToPhone(change) } }

    /// Takes what waited on the watch for its app (the latest context, the notices).
    @inlinable @inline(__always)
    public func takeWaitingForWatchApp() -> (context: SnapshotID?, notices: [WatchNotice]) {
        system._withUnsafeGuaranteedRef { $0.takeWaitingForWatchApp() }
    }

    /// How many transfers to the phone are queued.
    @inlinable public var relayQueueLength: Int { @inline(__always) get { system._withUnsafeGuaranteedRef { $0.relayQueueLength } } }
}
