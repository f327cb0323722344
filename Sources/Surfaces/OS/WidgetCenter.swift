import SimKernel
import Platform

/// The system's widget service as the app calls it (docs/model.md#widget): a reload the app
/// asks the widget host for, and the word the host gets when its provider dies.
extension OperatingSystem {
    /// The app asks the widget host for a reload (a request, not a command). It is free
    /// while the app is in the foreground and charged to the budget otherwise. (Whether the app
    /// asks at all is its design, `app.requestsWidgetReload`: `MainApp.askForWidgetReload`.)
    func requestWidgetReload(_ reason: ReloadReason) {
        guard p.widget.enabled else { return }
        send(.reloadRequest(free: appInForeground, reason: reason), to: ids.widgetHost)
    }

    /// The provider was killed before returning a timeline.
    func widgetHostProviderDied() {
        send(.providerDied, to: ids.widgetHost)
    }
}
