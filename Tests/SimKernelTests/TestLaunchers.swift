import SimKernel

/// The launchers a toy platform names for the kernel's tests (the kernel itself knows only the
/// person and the system; the real platform's are `Platform/Launchers.swift`).
extension Launcher {
    static let widgetHost = Launcher("widgetHost")
    static let pushWake = Launcher("pushWake")
    static let shareSheet = Launcher("shareSheet")
    static let backgroundScheduler = Launcher("backgroundScheduler")
}
