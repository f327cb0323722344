import SimKernel
import Platform

/// Platform requests that reach system programs as messages: the backend's requests to the
/// push service (docs/model.md#backend-and-push), the revocation the television's connection
/// hears, and the other device's edits reaching the backend.
extension OperatingSystem {
    /// The backend asks the push service for a silent push to the phone app, for a write of `writer`.
    func pushSendsSilentToApp(for writer: ProcessID) {
        send(.sendSilent(writer: writer), to: ids.pushService)
    }

    /// The push service discards the notification it held for the app.
    func pushServiceDiscardsHeld() {
        send(.discardHeld, to: ids.pushService)
    }

    /// The backend revoked every credential: the television, which keeps a connection to the
    /// backend, is told at once (docs/model.md#sign-out: a revocation that reaches it); a watch finds out at its
    /// next request.
    func backendRevoked() {
        if p.tv.enabled { send(.revoked, to: ids.tv, after: withWorld { p.push.delay.sampleTime(&$0.rng.pushTV) }) }
    }

    /// Another device deletes an object; the backend applies it.
    func backendDeletesObject(index: Int) {
        send(.deleteObject(index: Int32(index)), to: ids.backend)
    }

    func backendRenamesObject(index: Int) {
        send(.renameObject(index: Int32(index)), to: ids.backend)
    }
}
