import SimKernel
import Platform

/// The widget path's platform services and observations (§25.4, docs/model.md#widget).
extension World {
    /// The host now shows `view` (a stored picture), or the system's redacted view in its place
    /// while the phone is locked (docs/model.md#lock-screen-redaction).
    func showWidget(_ view: View, redacted: Bool = false) {
        catchUpWidgetGlances(through: now)
        measure.showsWidget(view, redacted: redacted)
    }

    /// The widget gallery shows the preview the provider drew (docs/model.md#the-gallery-preview):
    /// does the person adding the widget see the account's data there?
    func showGalleryPreview(_ view: View) {
        engine.trace?.record(now, "gallery", "preview", SurfaceObserver.describe(view))
        measure.report(.galleryPreview(view))
    }

    /// The backend renamed object `id` (its name's version is now `version`): recorded to
    /// measure `widget.staleName`, which no program reads. Glances due so far are taken first,
    /// since each compares what it shows with the names at the backend at its time (see `DeferredGlances`).
    func backendRenamed(object id: Int32, to version: Int32) {
        if p.widget.enabled { catchUpWidgetGlances(through: now) }
        measure.report(.renamed(object: id, version: version))
    }

    /// Glances at the widget (`observe.glances.widget`) go on all day; what one sees depends
    /// only on the stored view, the sign-out and its time (see `DeferredGlances`).
    func startWidgetGlances() {
        guard p.widget.enabled else { return }
        measure.widgetGlances.start(at: now, rng: &rng.glancesWidget)
    }

    /// Takes every widget glance due at or before `t`: call before the view or the sign-out changes.
    func catchUpWidgetGlances(through t: SimTime) {
        measure.widgetGlances.catchUp(through: t, rng: &rng.glancesWidget) { at in
            glanceWidget(at: at)
            return true
        }
    }

    /// Someone looks at the widget at `t` (not after now), seeing what it shows now.
    private func glanceWidget(at t: SimTime) {
        measure.glanceWidget(at: t, configuredTarget: configuredTarget)
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
    /// The person looks whatever the app showed: what they remember is the measurement
    /// layer's, which no program reads.
    func userReturnsHome() {
        guard p.widget.enabled else { return }
        measure.userLeavesApp()
        send(.homeScreen, to: ids.glances, after: 30 * Time.second)
    }
}
