import SimKernel
import Platform

/// The main app's platform services and observations (docs/model.md#main-app).
extension World {
    /// The credential the app uses: the phone's session while signed in, the second
    /// account's session once someone else signed in (docs/model.md#a-second-account).
    var appCredential: Int32 {
        switch os.appStorage.account {
        case Account.none: return 0
        case Account.first: return Backend.phoneSession
        default: return Backend.secondAccountSession
        }
    }

    /// The app shows its store now.
    func appShows(_ store: DataCopy) {
        guard os.appInForeground else { return }
        showApp(View(kind: .data, account: store.account, changes: store.changes, readAt: store.readAt, showsAge: true))
    }

    /// The app shows no data (a cold start with nothing kept).
    func appShowsBlank() {
        guard os.appInForeground else { return }
        if os.appStorage.keyLossMessagePending {
            os.appStorage.keyLossMessagePending = false
            showApp(.blank(.readingsReset))
        } else {
            showApp(.blank(.nothingYet))
        }
    }

    /// The app process ended (not suspension).
    func appEnded() {
        if os.appInForeground { os.appInForeground = false; appLeftForeground() }
        showApp(.blank(.none))
    }

    /// Hooks run when the user opens the app: a glance at the opening screen, then each
    /// surface's duties that need the app in the foreground.
    func appOpenedHooks() {
        measure.glance(.app)
        startAppGlances()
        surfacesAppOpened()
    }

    /// What the app's screen shows changes now (glances due before it see the old screen).
    func showApp(_ view: View) {
        measure.showsApp(view, appInForeground: os.appInForeground)
    }

    /// Glances at the app (`observe.glances.app`) come while it is in the foreground: from an
    /// opening, until the first glance due while it is not (see `DeferredGlances`).
    func startAppGlances() {
        measure.startAppGlances()
    }

    /// Takes every app glance due at or before `t`: call before the screen, the foreground
    /// state or the sign-out changes.
    func catchUpAppGlances(through t: SimTime) {
        measure.catchUpAppGlances(through: t, appInForeground: os.appInForeground)
    }

    /// The app was force-quit: the push service discards the one held push (docs/platform-facts.md#extensions).
    func forceQuitHooks() {
        os.pushServiceDiscardsHeld()
    }

    /// The user changes the readings' lifetime (docs/model.md#kept-readings).
    func changeReadingsLifetime(to lifetime: SimTime) {
        os.appStorage.changeLifetime(to: lifetime, at: now)
        if p.app.deleteExpiredReadings == .atOnce { os.appStorage.deleteExpired(at: now) }
    }

    /// The backend applied a write: changes made away from the phone app trigger a silent push.
    func backendApplied(change: Int32, from: ProcessID) {
        if from != ids.app.process && p.push.onChange { os.pushSendsSilentToApp(for: from) }
        surfacesBackendApplied(change: change, from: from)
    }

    /// An object was deleted on another device.
    func deleteObjectElsewhere(index: Int) { os.backendDeletesObject(index: index) }

    /// An object was renamed on another device.
    func renameObjectElsewhere(index: Int) { os.backendRenamesObject(index: index) }
}
