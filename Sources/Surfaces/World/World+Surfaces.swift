import SimKernel
import Platform

/// The points where the main app's life meets the other surfaces (§25.5–25.9).
extension World {
    /// The user opened the app: it brings its live statuses up to date.
    func surfacesAppOpened() {
        if p.live.enabled { send(.appRuns, to: ids.live) }
    }

    /// The app left the foreground: a phone-mirrored video stops.
    func appLeftForeground() {
        if p.tv.enabled { send(.phoneAppLeftForeground, to: ids.tv) }
    }

    /// The backend applied change `change`: a standalone watch gets its own push, through the
    /// push service (docs/model.md#watch-reachability).
    func surfacesBackendApplied(change: Int32, from: ProcessID) {
        if p.watch.enabled && p.watch.level == .standalone && from != ids.watch.process {
            send(.sendToWatch(writer: from), to: ids.pushService)
        }
    }

    /// The app finished a sync: the companion watch gets the latest context; a remote
    /// control whose request this run owes an answer gets one; projected car templates take
    /// the store.
    func appSynced(_ store: DataCopy, changed: Bool, answersWatch: Bool) {
        if p.watch.enabled && p.watch.level != .standalone {
            let snapshot = os.enclose(store)
            if p.watch.level == .companion && changed { os.watchLinkService.updateContext(snapshot) }
            if answersWatch { answerWatch(snapshot) }
        }
        if os.keepAlive.isGranted(.carConnection) { carShows(store) }
    }

    /// The app's sync failed (no network): a remote control waiting for an answer gets the
    /// reading the app holds, or word that it has none (`store` nil: a cold start that could not
    /// read a kept reading has nothing to show, which is not data read at time zero).
    func appSyncFailed(_ store: DataCopy?, answersWatch: Bool) {
        guard p.watch.enabled, answersWatch, os.appStorage.account != 0 else { return }
        answerWatch(store.map(os.enclose))
    }

    /// The app's answer to a remote-control request, over the watch link (nil: it holds no reading).
    private func answerWatch(_ snapshot: Int32?) {
        os.sendToWatch(.remoteReply(snapshot: snapshot), after: os.watchLinkService.hop)
    }

    /// The projected or on-car templates show `data`.
    func carShows(_ data: DataCopy) {
        measure.shows(.car, View(kind: .data, account: data.account, changes: data.changes, readAt: data.readAt, showsAge: false))
    }

    /// Someone looks at the watch.
    func glanceWatch() {
        guard p.watch.enabled else { return }
        if p.watch.lifetime == .whenLooked {
            os.launchWatchApp(by: .user, for: .glance)     // a look brings the app up
        } else {
            send(.glance, to: ids.watch)
        }
    }
}
