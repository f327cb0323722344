import SimKernel

/// Who on the platform launches a process (docs/model.md#the-operating-system), beside the
/// kernel's `user` and `system`: the names the event log prints after `launched`.
extension Launcher {
    /// The system's widget host, running a widget extension's provider.
    @inlinable public static var widgetHost: Launcher { Launcher("widgetHost") }
    /// A push that wakes the app in the background.
    @inlinable public static var pushWake: Launcher { Launcher("pushWake") }
    /// The share sheet, running a share extension.
    @inlinable public static var shareSheet: Launcher { Launcher("shareSheet") }
    /// The watch's system, running the watch app.
    @inlinable public static var watch: Launcher { Launcher("watch") }
    /// The background scheduler, granting the app a refresh.
    @inlinable public static var backgroundScheduler: Launcher { Launcher("backgroundScheduler") }
    /// The background transfer service, waking the app for a finished transfer.
    @inlinable public static var backgroundTransfer: Launcher { Launcher("backgroundTransfer") }
    /// A link opened on the device.
    @inlinable public static var link: Launcher { Launcher("link") }
}
