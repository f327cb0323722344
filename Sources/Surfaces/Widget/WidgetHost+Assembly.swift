import SimKernel
import Platform

/// How the assembly wires the widget host (`Platform`'s `WidgetHost`, a system process) into a
/// world.
extension WidgetHost: AssembledProgram {
    public typealias Input = WidgetHostInput
    convenience init(world: World) { self.init(os: world.os, seed: world.seed) }
    static var programName: String { "widgetHost" }
    /// The system's widget host, when the app has a widget: reload requests, lock changes, dead
    /// providers, and its own timers, at its address.
    static func hears(_ system: inout SystemWiring, at address: Address<WidgetHostInput>, _ p: Parameters) {
        if p.widget.enabled { system.widgetHost = address }
    }
    static func noticeInput(_ p: Parameters) -> ((DeviceNotice) -> WidgetHostInput)? { WidgetHostInput.deviceNotice }
    /// At time 0: the system runs the widget host all day when the app has a widget.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { p.widget.enabled ? .launched : .notStarted }
}

extension Assembly {
    /// The widget host of this world (for its metrics and the chapter's probes).
    var widgetHost: WidgetHost { program(WidgetHost.self) }
}
