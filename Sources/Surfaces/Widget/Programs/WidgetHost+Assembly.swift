import SimKernel
import Platform
import SurfaceCore

/// How the assembly wires the widget host (`Platform`'s `WidgetHost`, a system process) into a
/// world.
extension WidgetHost: AssembledProgram {
    public typealias Input = WidgetHostInput
    public static var programName: String { "widgetHost" }
    /// The system's widget host, when the app has a widget: reload requests, lock changes, dead
    /// providers, and its own timers, at its address.
    public static func hears(_ system: inout SystemWiring, at address: Address<WidgetHostInput>, _ p: Parameters) {
        if p.widget.enabled { system.widgetHost = address }
    }
    public static func noticeInput(_ p: Parameters) -> ((DeviceNotice) -> WidgetHostInput)? { WidgetHostInput.deviceNotice }
    /// The app has a widget (`widget.enabled`): a port to the widget host is connected only then.
    public static func isPresent(_ p: Parameters) -> Bool { p.widget.enabled }
    /// At time 0: the system runs the widget host all day when the app has a widget.
    public static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { p.widget.enabled ? .launched : .notStarted }
}

/// The widget host is built from what a program of the one door is built with: the operating
/// system it is part of and the replication's seed (its own streams), never from the world itself.
extension WidgetHost: SetUpProgram {
    public convenience init(_ setup: ProgramSetup) { self.init(platform: setup.platform, seed: setup.seed) }
}
