import SimKernel
import Platform
import SurfaceCore

/// Sign-out across surfaces (§25.9; docs/model.md#sign-out): the six steps, each a parameter. What a
/// missing step leaves behind is not written here: it is whatever the stored views,
/// held credentials, live statuses and watch caches still show.
extension MainApp {
    /// Signs out: memory and kept readings go with the account.
    package func signOut() {
        state.memory?.store = DataCopy(account: .nobody)
        state.memory?.hasReading = false
        state.memory?.freshSinceLaunch = false
        performSignOut()
    }

    /// Signs the user out, performing the steps in `signout.steps`.
    private func performSignOut() {
        guard !container.storage.signedOut else { return }
        let now = context.now
        measure.catchUpWidgetGlances(through: now)
        measure.catchUpAppGlances(through: now, appInForeground: device.appInForeground)
        container.storage.signedOut = true
        measure.signOut()
        container.storage.account = .nobody
        container.storage.clear(at: now)
        appOutboxClear()
        showApp(.blank(.signedOut))
        if keptAlive(.carConnection) {
            // The phone app fills a projected car's templates: they show its signed-out state.
            measure.shows(carScreen, .blank(.signedOut))
        }
        let steps = signout.steps
        if steps.contains(.clearSession) {
            sharedStorage.setSession(nil)
        }
        if steps.contains(.clearSharedData) {
            sharedStorage.clearProjection()
        }
        if steps.contains(.reloadWidgets) && hasWidget {
            context.send(.reloadRequest(free: true, reason: .signOut), to: ports.widgetHost)
        }
        if steps.contains(.endLiveStatus), let live = ports.liveStatus {     // an app with live statuses
            context.send(.endAll, to: live)
        }
        if steps.contains(.notifyWatch) && watch.enabled {
            watchLink.transferNoticeToWatch(.signedOut)
        }
        if steps.contains(.revokeCredentials) {
            // Handed to the system's background transfer service too: kept until the backend
            // confirms, sent when the network returns and again at each sync until then.
            transfers.holdRevocation()
            network.request(.revoke, from: context.me, to: ports.backend, credential: .phoneSession)
        }
    }

    /// Someone signs in with `account` after the sign-out (docs/model.md#a-second-account): the
    /// backend issues the phone a session of that account, the app stores it where its design
    /// stores sessions, starts from an empty store and syncs. What the other surfaces show next
    /// is whatever their own mechanisms bring them: a reload, a message, a request.
    package func signIn(_ account: Account) {
        guard container.storage.account == .nobody, account != .nobody else { return }
        container.storage.account = account
        state.memory?.store = DataCopy(account: account)
        state.memory?.hasReading = false
        state.memory?.freshSinceLaunch = false
        storeSession()
        appShowsBlank()
        state.memory?.syncInFlight = false        // a signed-out sync still in flight answers no account
        sync()
    }
}
