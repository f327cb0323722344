import SimKernel

/// What the watch link service accepts: its own timers (the phone going out of reach and
/// back, messages and queued writes on their way to the phone, what is on its way to the
/// watch), word that the phone was switched on, and the platform's notices.
public enum WatchLinkInput: Sendable {
    /// The phone goes out of the watch's reach (its own timer).
    case goAway
    /// The phone is back within reach (its own timer).
    case comeBack
    /// The phone was switched on again.
    case phonePoweredOn
    /// The phone woke (a power-saving period ended, a Doze window): transfers waiting go through.
    case deviceNotice(DeviceNotice)
    /// An immediate message reaches the phone after its hop.
    case deliverToPhone(WatchRequest)
    /// A queued write reaches the phone after its hop.
    case deliverQueuedToPhone(change: ChangeID)
    /// Something for the watch app reaches the watch after its hop (`watch.lifetime =
    /// whenLooked`: the system takes it whether the app runs or not).
    case toWatch(WatchDelivery)
}

/// The watch link service's own process (§25.6; docs/platform-facts.md#watch-connectivity,
/// WatchConnectivity): a system process, running all day when the app has a watch app, that
/// gets the link's timers (the phone going out of reach and back) and what travels over it
/// (messages and queued writes reaching the phone, what reaches the watch). What it does with
/// them is the operating system's watch connectivity (`WatchConnectivity.swift`), which keeps
/// the link's state and which both apps call; no program holds this one.
public final class WatchLink: SimulatedProcess<WatchLinkInput> {
    /// The operating system it is part of, held strongly (no reference counting per call);
    /// unregistering the processes breaks the cycle through the engine at the end.
    let os: OperatingSystem

    /// The link's process on the system `os`.
    init(os: OperatingSystem) { self.os = os }
    /// The watch link of the system whose capabilities are `platform`.
    public convenience init(platform: PlatformCapabilities) { self.init(os: platform.system.takeUnretainedValue()) }
    override public func discardMemory() {}

    /// The link starts: its first period out of reach is drawn.
    public func start() { os.scheduleWatchOutOfReach() }

    override public func receive(_ input: WatchLinkInput, engine: Engine) {
        switch input {
        case .goAway: os.phoneLeavesWatchReach()
        case .comeBack: os.phoneBackInWatchReach()
        case .phonePoweredOn, .deviceNotice(.powerRestored), .deviceNotice(.dozeWindow): os.flushWatchLink()
        case .deviceNotice: break
        case .deliverToPhone(let request): os.watchMessageArrives(request, queued: false)
        case .deliverQueuedToPhone(let change): os.watchMessageArrives(.write(change: change), queued: true)
        case .toWatch(let input): os.arrivesOnWatch(input)
        }
    }
}
