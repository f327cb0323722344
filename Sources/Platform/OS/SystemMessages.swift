import SimKernel

/// Platform requests that reach the push service (`PushService.swift`) as messages: the app
/// switcher's discarding of the push the push service held (docs/model.md#backend-and-push).
extension OperatingSystem {
    /// The push service discards the notification it held for the app.
    @usableFromInline func pushServiceDiscardsHeld() {
        if let push = _wiring.pushService { send(.discardHeld, to: push) }
    }
}
