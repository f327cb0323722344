import SimKernel
import Platform

/// The points where the main app's life meets the other surfaces (§25.5–25.9).
extension MainApp {
    /// The user opened the app: it brings its live statuses up to date.
    func surfacesAppOpened() {
        let w = world
        if w.p.live.enabled { w.send(.appRuns, to: w.ids.liveStatus) }
    }

    /// The app finished a sync: the companion watch gets the latest context; a remote
    /// control whose request this run owes an answer gets one; projected car templates take
    /// the store.
    func appSynced(_ store: DataCopy, changed: Bool, answersWatch: Bool) {
        let w = world
        if w.p.watch.enabled && w.p.watch.level != .standalone {
            let snapshot = os.enclose(store)
            if w.p.watch.level == .companion && changed { os.updateWatchContext(snapshot) }
            if answersWatch { answerWatch(snapshot) }
        }
        if keptAlive(.carConnection) { measure.shows(.car, .carTemplates(store)) }
    }

    /// The app's sync failed (no network): a remote control waiting for an answer gets the
    /// reading the app holds, or word that it has none (`store` nil: a cold start that could not
    /// read a kept reading has nothing to show, which is not data read at time zero).
    func appSyncFailed(_ store: DataCopy?, answersWatch: Bool) {
        guard world.p.watch.enabled, answersWatch, container.storage.account != .nobody else { return }
        answerWatch(store.map(os.enclose))
    }

    /// The app's answer to a remote-control request, over the watch link (nil: it holds no reading).
    private func answerWatch(_ snapshot: SnapshotID?) {
        os.sendToWatch(.remoteReply(snapshot: snapshot), after: os.watchLinkHop())
    }

    /// The user leaves the app for the home screen and looks at the widget half a minute
    /// later, remembering what the app showed (F4).
    /// The person looks whatever the app showed: what they remember is the measurement
    /// layer's, which no program reads.
    func userReturnsHome() {
        let w = world
        guard w.p.widget.enabled else { return }
        measure.userLeavesApp()
        w.send(.homeScreen, to: w.ids.glances, after: 30 * Time.second)
    }
}
