import SimKernel
import Platform
import SurfaceCore

/// How the assembly wires the watch link's process (`Platform`'s `WatchLink`, the system's own
/// process for the link's timers and deliveries) into a world.
extension WatchLink: AssembledProgram {
    public typealias Input = WatchLinkInput
    public static var programName: String { "watchLink" }
    /// A sleeping phone's wake lets the watch's waiting transfers through.
    public static func noticeInput(_ p: Parameters) -> ((DeviceNotice) -> WatchLinkInput)? {
        guard p.watch.enabled && (p.device.lowPowerPerDay > 0 || p.device.doze) else { return nil }
        return WatchLinkInput.deviceNotice
    }
    public static func hears(_ system: inout SystemWiring, at address: Address<WatchLinkInput>, _ p: Parameters) {
        system.watchLink = address
    }
    /// At time 0: the link runs all day when the app has a watch app.
    public static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { p.watch.enabled ? .launched : .notStarted }
}

/// The watch link is built from what a program of the one door is built with (its platform
/// capabilities), never from the world itself.
extension WatchLink: SetUpProgram {
    public convenience init(_ setup: ProgramSetup) { self.init(platform: setup.platform) }
}
