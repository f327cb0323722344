import SimKernel

/// The system's widget service as the app calls it (docs/model.md#widget): a reload the app
/// asks the widget host for, and the word the host gets when its provider dies.
extension OperatingSystem {
    /// The app asks the widget host for a reload (a request, not a command). It is free
    /// while the app is in the foreground and charged to the budget otherwise. (Whether the app
    /// asks at all is its design, `app.requestsWidgetReload`.) Nothing happens without a widget.
    @usableFromInline func requestWidgetReload(_ reason: ReloadReason) {
        guard let host = _wiring.widgetHost else { return }
        send(.reloadRequest(free: _appInForeground, reason: reason), to: host)
    }

    /// The provider was killed before returning a timeline.
    @usableFromInline func widgetHostProviderDied() {
        if let host = _wiring.widgetHost { send(.providerDied, to: host) }
    }
}
