import SimKernel
import Platform

/// Sign-out across surfaces (§25.9; docs/model.md#sign-out): the six steps, each a parameter. What a
/// missing step leaves behind is not written here: it is whatever the stored views,
/// held credentials, live statuses and watch caches still show.
extension World {
    /// Time the user takes from opening the app to the sign-out button.
    static let signOutNavigation: SimTime = 30 * Time.second
    /// Time someone else takes from opening the signed-out app to being signed in with their
    /// own account (docs/model.md#a-second-account).
    static let signInNavigation: SimTime = 30 * Time.second

    /// The main app signs the user out, performing the steps in `signout.steps`.
    func performSignOut() {
        guard !os.appStorage.signedOut else { return }
        catchUpWidgetGlances(through: now)
        catchUpAppGlances(through: now)
        os.appStorage.signedOut = true
        measure.signOut()
        os.appStorage.account = Account.none
        os.appStorage.clear(at: now)
        appOutboxClear()
        showApp(.blank(.signedOut))
        if os.keepAlive.isGranted(.carConnection) {
            // The phone app fills a projected car's templates: they show its signed-out state.
            measure.shows(.car, .blank(.signedOut))
        }
        let steps = p.signout.steps
        if steps.contains(.clearSession) {
            os.shared.setSession(nil)
        }
        if steps.contains(.clearSharedData) {
            os.shared.clearProjection()
        }
        if steps.contains(.reloadWidgets) && p.widget.enabled {
            send(.reloadRequest(free: true, reason: .signOut), to: ids.widgetHost)
        }
        if steps.contains(.endLiveStatus) && p.live.enabled {
            send(.endAll, to: ids.live)
        }
        if steps.contains(.notifyWatch) && p.watch.enabled {
            os.watchLinkService.queueNotice(.signedOut)
        }
        if steps.contains(.revokeCredentials) {
            // Handed to the system's background transfer service too: kept until the backend
            // confirms, sent when the network returns and again at each sync until then.
            os.device.revocationTransferPending = true
            os.request(.revoke, from: ids.app, credential: Backend.phoneSession)
        }
    }
}

extension MainApp {
    /// Signs out: memory and kept readings go with the account.
    func signOut() {
        memory?.store = DataCopy(account: 0)
        memory?.hasReading = false
        memory?.freshSinceLaunch = false
        world.performSignOut()
    }

    /// Someone signs in with `account` after the sign-out (docs/model.md#a-second-account): the
    /// backend issues the phone a session of that account, the app stores it where its design
    /// stores sessions, starts from an empty store and syncs. What the other surfaces show next
    /// is whatever their own mechanisms bring them: a reload, a message, a request.
    func signIn(_ account: Int32) {
        let w = world
        guard w.os.appStorage.account == Account.none, account != Account.none else { return }
        w.os.appStorage.account = account
        memory?.store = DataCopy(account: account)
        memory?.hasReading = false
        memory?.freshSinceLaunch = false
        storeSession()
        w.appShowsBlank()
        memory?.syncInFlight = false        // a signed-out sync still in flight answers no account
        sync()
    }
}
