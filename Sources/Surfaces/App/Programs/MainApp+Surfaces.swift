import SimKernel
import Platform
import SurfaceCore

/// The points where the main app's life meets the other surfaces (§25.5–25.9).
extension MainApp {
    /// The user opened the app: it brings its live statuses up to date.
    package func surfacesAppOpened() {
        if let live = ports.liveStatus { context.send(.appRuns, to: live) }     // an app with live statuses
    }

    /// The app finished a sync: the companion watch gets the latest context; a remote
    /// control whose request this run owes an answer gets one; projected car templates take
    /// the store.
    package func appSynced(_ store: DataCopy, changed: Bool, answersWatch: Bool) {
        if watch.enabled && watch.level != .standalone {
            let snapshot = network.enclose(store)
            if watch.level == .companion && changed { watchLink.updateWatchContext(snapshot) }
            if answersWatch { answerWatch(snapshot) }
        }
        if keptAlive(.carConnection) { measure.shows(carScreen, .carTemplates(store)) }
    }

    /// The app's sync failed (no network): a remote control waiting for an answer gets the
    /// reading the app holds, or word that it has none (`store` nil: a cold start that could not
    /// read a kept reading has nothing to show, which is not data read at time zero).
    package func appSyncFailed(_ store: DataCopy?, answersWatch: Bool) {
        guard watch.enabled, answersWatch, container.storage.account != .nobody else { return }
        answerWatch(store.map(network.enclose))
    }

    /// The app's answer to a remote-control request, over the watch link (nil: it holds no reading).
    private func answerWatch(_ snapshot: SnapshotID?) {
        watchLink.sendToWatch(.remoteReply(snapshot: snapshot), after: watchLink.watchLinkHop())
    }

    /// The user leaves the app for the home screen and looks at the widget half a minute
    /// later, remembering what the app showed (F4).
    /// The person looks whatever the app showed: what they remember is the measurement
    /// layer's, which no program reads.
    package func userReturnsHome() {
        guard hasWidget else { return }
        measure.userLeavesApp()
        context.send(.homeScreen, to: ports.glances, after: 30 * Time.second)
    }
}
