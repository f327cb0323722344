import SimKernel
import Platform
import SurfaceCore

/// What the main app shows and the credential it uses (docs/model.md#main-app).
extension MainApp {
    /// The credential the app uses: the phone's session while signed in, the second
    /// account's session once someone else signed in (docs/model.md#a-second-account).
    package var appCredential: Credential {
        switch container.storage.account {
        case .nobody: return .none
        case .first: return .phoneSession
        default: return .secondAccountSession
        }
    }

    /// The app shows its store now.
    package func appShows(_ store: DataCopy) {
        guard device.appInForeground else { return }
        showApp(View(kind: .data, account: store.account, changes: store.changes, readAt: store.readAt, showsAge: true))
    }

    /// The app shows no data (a cold start with nothing kept).
    package func appShowsBlank() {
        guard device.appInForeground else { return }
        if container.storage.keyLossMessagePending {
            container.storage.keyLossMessagePending = false
            showApp(.blank(.readingsReset))
        } else {
            showApp(.blank(.nothingYet))
        }
    }

    /// The app process ended (not suspension).
    package func appEnded() {
        if device.appInForeground { appLifecycle.appLeavesForeground() }
        showApp(.blank(.none))
    }

    /// Hooks run when the user opens the app: a glance at the opening screen, then each
    /// surface's duties that need the app in the foreground.
    package func appOpenedHooks() {
        measure.glance(screen)
        measure.startAppGlances()
        surfacesAppOpened()
    }

    /// What the app's screen shows changes now (glances due before it see the old screen).
    package func showApp(_ view: consuming View) {
        measure.showsApp(view, appInForeground: device.appInForeground)
    }
}
