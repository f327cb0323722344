import SimKernel
import Platform

/// How the assembly wires the push service (`Platform`'s `PushService`, a system process) into
/// a world.
extension PushService: AssembledProgram {
    public typealias Input = PushServiceInput
    convenience init(world: World) { self.init(os: world.os) }
    static var programName: String { "pushService" }
    /// The system reaches it at its address: a force-quit's discarded push, the phone back
    /// within a standalone watch's reach, and its own notifications on their way.
    static func hears(_ system: inout SystemWiring, at address: Address<PushServiceInput>, _ p: Parameters) {
        system.pushService = address
    }
    static func noticeInput(_ p: Parameters) -> ((DeviceNotice) -> PushServiceInput)? { PushServiceInput.deviceNotice }
    /// At time 0: the push service runs from time 0.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}
