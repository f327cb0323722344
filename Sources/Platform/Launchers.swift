import SimKernel

/// Who on the platform launches a process (docs/model.md#the-operating-system), beside the
/// kernel's `user` and `system`: the names the event log prints after `launched`.
extension Launcher {
    /// The system's widget host, running a widget extension's provider.
    public static let widgetHost = Launcher("widgetHost")
    /// A push that wakes the app in the background.
    public static let pushWake = Launcher("pushWake")
    /// The share sheet, running a share extension.
    public static let shareSheet = Launcher("shareSheet")
    /// The watch's system, running the watch app.
    public static let watch = Launcher("watch")
    /// The background scheduler, granting the app a refresh.
    public static let backgroundScheduler = Launcher("backgroundScheduler")
    /// The background transfer service, waking the app for a finished transfer.
    public static let backgroundTransfer = Launcher("backgroundTransfer")
    /// A link opened on the device.
    public static let link = Launcher("link")
}
