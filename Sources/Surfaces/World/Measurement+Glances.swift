import SimKernel
import Platform

/// The glances the measurement layer takes without events (see `DeferredGlances`): every glance
/// due is taken, at its own time, just before what it would see changes and at the end of the run.
extension Measurement {
    /// What the app's screen shows changes now to `view` (glances due before it see the old
    /// screen); `appInForeground`: whether the app is in the foreground until now.
    package func showsApp(_ view: consuming View, appInForeground: Bool) {
        catchUpAppGlances(through: now, appInForeground: appInForeground)
        shows(app, view)
    }

    /// Glances at the app (`observe.glances.app`) come while it is in the foreground: from an
    /// opening, until the first glance due while it is not (see `DeferredGlances`).
    package func startAppGlances() {
        appGlances.start(at: now)
    }

    /// Takes every app glance due at or before `t`, the app being in the foreground or not
    /// (`appInForeground`) until then: call before the screen, the foreground state or the
    /// sign-out changes.
    package func catchUpAppGlances(through t: SimTime, appInForeground: Bool) {
        appGlances.catchUp(through: t) { at in
            guard appInForeground else { return false }
            glance(app, at: at)
            return true
        }
    }

    /// Glances at the widget (`observe.glances.widget`) go on all day; what one sees depends
    /// only on the stored view, the sign-out and its time (see `DeferredGlances`).
    package func startWidgetGlances() {
        guard p.widget.enabled else { return }
        widgetGlances.start(at: now)
    }

    /// Takes every widget glance due at or before `t`: call before the view or the sign-out changes.
    package func catchUpWidgetGlances(through t: SimTime) {
        widgetGlances.catchUp(through: t) { at in
            glanceWidget(at: at)
            return true
        }
    }

    /// Someone begins looking at the screen `screen` watches now (a drive begins): the
    /// measurement layer takes glances at it at its declared rate (`ObservedSurface.glances`)
    /// until `glancesEnd`. Nothing for a screen that declares none.
    package func glancesBegin(_ screen: SurfaceObserver) {
        screen.scheduledGlances?.start(at: now)
    }

    /// No one looks at the screen `screen` watches from now (the drive ended): the glances due
    /// until now are taken, the next one is dropped.
    package func glancesEnd(_ screen: SurfaceObserver) {
        guard screen.scheduledGlances != nil else { return }
        catchUpGlances(at: screen, through: now)
        screen.scheduledGlances!.stop()
    }

    /// Takes every declared glance at `screen` due at or before `t`: before what it shows changes.
    func catchUpGlances(at screen: SurfaceObserver, through t: SimTime) {
        screen.scheduledGlances!.catchUp(through: t) { at in
            glance(screen, at: at)
            return true
        }
    }

    /// At the end of the replication: every screen's declared glances due before `end` are taken.
    @_spi(Assembly) public func finishScheduledGlances(through end: SimTime) {
        for screen in observers where screen.scheduledGlances != nil { catchUpGlances(at: screen, through: end) }
    }
}
