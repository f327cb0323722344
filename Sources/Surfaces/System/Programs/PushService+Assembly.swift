import SimKernel
import Platform
import SurfaceCore

/// How the assembly wires the push service (`Platform`'s `PushService`, a system process) into
/// a world.
extension PushService: AssembledProgram {
    public typealias Input = PushServiceInput
    public static var programName: String { "pushService" }
    /// The system reaches it at its address: a force-quit's discarded push, the phone back
    /// within a standalone watch's reach, and its own notifications on their way.
    public static func hears(_ system: inout SystemWiring, at address: Address<PushServiceInput>, _ p: Parameters) {
        system.pushService = address
    }
    public static func noticeInput(_ p: Parameters) -> ((DeviceNotice) -> PushServiceInput)? { PushServiceInput.deviceNotice }
    /// At time 0: the push service runs from time 0.
    public static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}

/// The push service is built from what a program of the one door is built with (its platform
/// capabilities), never from the world itself.
extension PushService: SetUpProgram {
    public convenience init(_ setup: ProgramSetup) { self.init(platform: setup.platform) }
}
