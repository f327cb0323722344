import SimKernel
import Platform

/// Platform requests that reach system programs as messages: the app switcher's discarding of
/// the push the push service held (docs/model.md#backend-and-push), and the revocation the
/// television's connection hears.
extension OperatingSystem {
    /// The push service discards the notification it held for the app.
    func pushServiceDiscardsHeld() {
        send(.discardHeld, to: ids.pushService)
    }

    /// The backend revoked every credential: the television, which keeps a connection to the
    /// backend, is told at once (docs/model.md#sign-out: a revocation that reaches it); a watch finds out at its
    /// next request.
    func backendRevoked() {
        if p.tv.enabled { send(.revoked, to: ids.tv, after: p.push.delay.sampleTime(&rng.pushTV)) }
    }
}
