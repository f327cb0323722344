import SimKernel
import Platform

/// The widget path's platform services and observations (§25.4, docs/model.md#widget).
extension World {
    /// The host now shows `view` (a stored picture), or the system's redacted view in its place
    /// while the phone is locked (docs/model.md#lock-screen-redaction). The sign-out's leak follows
    /// the stored picture: a redacted widget shows the account again at the next unlock.
    func showWidget(_ view: View, redacted: Bool = false) {
        catchUpWidgetGlances(through: now)
        widgetObserver.show(redacted ? .blank(.redacted) : view, at: now, truth: truth)
        if signedOut && view.account != Account.first { noteLeakEnded(.signoutWidgetLeak) }
    }

    /// The widget gallery shows the preview the provider drew (docs/model.md#the-gallery-preview):
    /// does the person adding the widget see the account's data there?
    func showGalleryPreview(_ view: View) {
        engine.trace?.record(now, "gallery", "preview", SurfaceObserver.describe(view))
        guard measuring else { return }
        counters.galleryPreviews += 1
        if view.kind == .data && view.account != 0 { counters.galleryPreviewsAccount += 1 }
    }

    /// The phone locks or unlocks. With `widget.redactsWhenLocked` the system tells the widget
    /// host, which redacts the widget while locked (docs/model.md#lock-screen-redaction).
    func setLocked(_ locked: Bool) {
        let changed = device.locked != locked
        device.locked = locked
        if changed && p.widget.enabled && p.widget.redactsWhenLocked { engine.send(.lockChanged, to: ids.widgetHost) }
    }

    /// The backend renamed object `id` (its name's version is now `version`): recorded to
    /// measure `widget.staleName`, which no program reads. Glances due so far are taken first,
    /// since each compares what it shows with the names at the backend at its time (see `DeferredGlances`).
    func backendRenamed(object id: Int32, to version: Int32) {
        if p.widget.enabled { catchUpWidgetGlances(through: now) }
        let i = Int(id)
        if namesAtBackend.count <= i { namesAtBackend.append(contentsOf: repeatElement(0, count: i + 1 - namesAtBackend.count)) }
        namesAtBackend[i] = version
    }

    /// The version of object `id`'s name at the backend (0 until it is renamed).
    func nameAtBackend(of id: Int32) -> Int32 { Int(id) < namesAtBackend.count ? namesAtBackend[Int(id)] : 0 }

    /// Glances at the widget (`observe.glances.widget`) go on all day; what one sees depends
    /// only on the stored view, the sign-out and its time (see `DeferredGlances`).
    func startWidgetGlances() {
        guard p.widget.enabled else { return }
        widgetGlances.start(at: now, rng: &rng.glancesWidget)
    }

    /// Takes every widget glance due at or before `t`: call before the view or the sign-out changes.
    func catchUpWidgetGlances(through t: SimTime) {
        widgetGlances.catchUp(through: t, rng: &rng.glancesWidget) { at in
            glanceWidget(at: at)
            return true
        }
    }

    /// Someone looks at the widget at `t` (not after now), seeing what it shows now.
    private func glanceWidget(at t: SimTime) {
        let v = widgetObserver.current
        let measuring = t >= p.observe.warmup
        if measuring && v.kind != .data, let trace = engine.trace { trace.record(t, "glances", "blankWidget", "\(v.kind)") }
        if measuring && v.kind == .data {
            counters.widgetGlancesData += 1
            if v.object != configuredTarget { counters.widgetWrongTarget += 1 }
            // The object shown has a newer name at the backend than the one drawn.
            if v.object >= 0 && v.name >= 0 && nameAtBackend(of: v.object) > v.name { counters.widgetStaleName += 1 }
        }
        glance(widgetObserver, at: t)
    }

    /// A glance at any surface observer, now or at a time not after now (seeing what it shows
    /// now); wrong account when it shows the signed-out account.
    func glance(_ o: SurfaceObserver, at t: SimTime? = nil) {
        let v = o.current
        o.glance(at: t ?? now, truth: truth, signedOutAccount: signedOut && v.kind == .data && v.account == Account.first)
    }

    /// The app asks the widget host for a reload (a request, not a command). It is free
    /// while the app is in the foreground and charged to the budget otherwise.
    func requestWidgetReload(_ reason: ReloadReason) {
        guard p.widget.enabled, p.app.requestsWidgetReload else { return }
        engine.send(.reloadRequest(free: appInForeground, reason: reason), to: ids.widgetHost)
    }

    /// The provider was killed before returning a timeline.
    func widgetHostProviderDied() {
        engine.send(.providerDied, to: ids.widgetHost)
    }

    /// The object a configured widget shows (docs/model.md#configured-targets): by stable identifier, or by the
    /// position it had when configured. −1 when the target cannot be resolved.
    func resolveConfiguredTarget(in objects: [Int32]) -> Int32 {
        switch p.widget.configuration {
        case .stableIdentifier:
            return objects.contains(configuredTarget) ? configuredTarget : -1
        case .position:
            let k = Int(configuredTarget)
            return k < objects.count ? objects[k] : -1
        }
    }

    /// The widget was configured to show object 2, the third row.
    var configuredTarget: Int32 { 2 }

    /// The user leaves the app for the home screen and looks at the widget half a minute
    /// later, remembering what the app showed (F4).
    func userReturnsHome() {
        guard p.widget.enabled, measuring, appObserver.current.kind == .data else { return }
        appViewAtReturn = appObserver.current.changes
        engine.send(.homeScreen, to: ids.glances, after: 30 * Time.second)
    }

    /// The look at the widget on return: does it show older data than the app just did?
    /// (Changes that arrived after the user left may reach the two at different moments
    /// in any design; a change the app showed and the widget lacks is the failure.)
    func compareWidgetWithApp() {
        guard let a = appViewAtReturn else { return }
        appViewAtReturn = nil
        let w = widgetObserver.current
        counters.homeReturns += 1
        var missing = 0
        if w.kind == .data { a.forEachMissing(from: w.changes) { _ in missing += 1 } }
        if w.kind != .data || missing > 0 {
            counters.homeReturnsDiffer += 1
            engine.log(ids.glances, "widgetDiffersFromApp", "widget \(w.kind) lacks \(missing) of the app's changes")
        }
    }
}
