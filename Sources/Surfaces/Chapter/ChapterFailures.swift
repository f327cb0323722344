import SimKernel
import Platform
@_spi(Assembly) @_spi(AppDesign) import SurfaceCore
import SystemPrograms
import WidgetPrograms
import AppPrograms
import LiveStatusPrograms
import WatchPrograms
import SharePrograms
import ActionsPrograms
import InstantVersionPrograms
import CarPrograms
import TelevisionPrograms

/// The failure modes of §25.14 (F1 … F16 in the chapter's order), the outbox race of
/// §25.3, the synchronized bursts of §25.13, the action retries of §25.8, and the field reports'
/// cases (the App Group refused; a kept reading past its lifetime, the key lost; the widget
/// schema after an update, a configured target deleted elsewhere: docs/model.md).
public enum ChapterFailures {
    /// The base world of a failure run: one iOS day with the widget and the app, every other
    /// surface off unless the failure concerns it, and no restarts (F2's own mechanism).
    public static func quietBase() -> Parameters {
        var p = Parameters()
        p.device.restartsPerDay = 0
        p.turnOffSurfacesBeyondTheWidget()
        return p
    }

    public static let all: [FailureMode] = widgetFailures + otherSurfaceFailures + extraFailures + seedFailures

    /// The failure with the given id.
    public static func failure(_ id: String) -> FailureMode? { all.first { $0.id == id } }

    static func mode(_ id: String, _ title: String, metric: Metric,
                     setUp: @escaping @Sendable (inout Parameters) -> Void = { _ in },
                     causes: @escaping @Sendable (inout Parameters) -> Void,
                     avoids: @escaping @Sendable (inout Parameters) -> Void,
                     observe rule: NoticeRule) -> FailureMode {
        FailureMode(id: id, title: title, metric: metric.spec.name, setUp: setUp, causes: causes, avoids: avoids, rule: rule)
    }

    static let widgetFailures: [FailureMode] = [
        mode("F1", "A widget shows the previous account's data after sign-out", metric: .signoutWidgetLeak,
             setUp: { $0.signout.at = 12 * Time.hour },
             causes: { $0.signout.steps = Set(SignoutStep.allCases).subtracting([.reloadWidgets]) },
             avoids: { $0.signout.steps = Set(SignoutStep.allCases) },
             observe: Observe.above(.signoutWidgetLeak, 60)),
        mode("F2", "A widget is blank after a restart until the device is unlocked", metric: .widgetBlank,
             setUp: { $0.device.restartsPerDay = 3 },
             causes: { $0.widget.dataProtection = .afterFirstUnlock; $0.session.protection = .afterFirstUnlock },
             avoids: { $0.widget.dataProtection = .always; $0.session.protection = .always },
             observe: Observe.above(.widgetBlank)),
        mode("F3", "A widget is blank after an app update until the app is opened", metric: .widgetBlank,
             setUp: { $0.device.appUpdatesPerDay = 2; $0.user.appOpens = Rate(perHour: 0.2) },
             causes: { $0.widget.projectionSchema = .versionedAppMigrates },
             avoids: { $0.widget.projectionSchema = .versionedReadsOld },
             observe: Observe.above(.widgetBlank)),
        mode("F4", "A widget and the app show different values at the same moment", metric: .widgetDiffersFromApp,
             // Reload delays bounded at 10 s (mean 5 s, as the default's): F4 is the projection
             // written only at sync. The default's exponential tail alone makes a reload asked
             // for just before the user leaves land after their look 30 s later, in either
             // design (rare: one home return of the 12 runs' 360 or so, in one run).
             setUp: { $0.user.appOpens = Rate(perHour: 1); $0.user.inAppChanges = Rate(perHour: 20)
                      $0.widget.reloadDelay = .uniform(low: 0, high: 10) },
             causes: { $0.app.projectionWriter = .onSync },
             avoids: { $0.app.projectionWriter = .onDomainChange },
             observe: Observe.above(.widgetDiffersFromApp)),
        mode("F5", "A widget changes only when you open the app", metric: .widgetLag,
             causes: { $0.push.onChange = false; $0.widget.fetchesOwnData = false; $0.app.backgroundRefresh = Rate(perHour: 0) },
             // The widget's own budgeted requests do not wait for the app (push reloads do, after
             // a force-quit: a force-quit app is not woken until the user opens it).
             avoids: { $0.push.onChange = false; $0.widget.fetchesOwnData = true; $0.app.backgroundRefresh = Rate(perHour: 0) },
             // Own requests show a change within the 30-minute hint; the app opens every two hours.
             observe: Observe.median(.widgetLag, above: 2400)),
        mode("F6", "A widget shows hours-old data with no time on it", metric: .widgetUnlabeledStale,
             causes: { $0.widget.showsDataAge = false },
             avoids: { $0.widget.showsDataAge = true },
             observe: Observe.above(.widgetUnlabeledStale)),
    ]

    static let otherSurfaceFailures: [FailureMode] = [
        mode("F7", "A live status stays on the lock screen long after the activity ended", metric: .liveStuck,
             // No offline periods: an update held for an offline phone is stuck for a while in
             // either design (the push service delivers it at reconnection); F7 is the lost one.
             setUp: { $0.live.enabled = true; $0.live.activitiesPerDay = 4; $0.user.appOpens = Rate(perHour: 0.1)
                      $0.network.offlinePerDay = 0 },
             causes: { $0.live.finalUpdateLoss = 1 },
             avoids: { $0.live.finalUpdateLoss = 0 },
             observe: Observe.sampled(.liveStuck, .mean)),
        mode("F8", "A live status freezes when the app is force-quit", metric: .liveStaleness,
             // No offline periods: a push-driven status also stops while the phone is offline (its
             // updates held until reconnection); F8 is the freeze that the force-quit causes.
             setUp: { $0.live.enabled = true; $0.live.activitiesPerDay = 4; $0.user.forceQuit = 1
                      $0.push.loss = 0; $0.live.finalUpdateLoss = 0; $0.network.offlinePerDay = 0 },
             causes: { $0.live.updates = .app },
             avoids: { $0.live.updates = .push },
             observe: Observe.sampled(.liveStaleness, .p99, above: 900)),
        mode("F9", "The watch app says to open the app on the phone", metric: .watchNeedsPhone,
             setUp: { $0.watch.enabled = true },
             causes: { $0.watch.level = .remoteControl },
             avoids: { $0.watch.level = .companion },
             observe: Observe.above(.watchNeedsPhone)),
        mode("F10", "An action taken on the watch never takes effect", metric: .watchWriteLost,
             setUp: { $0.watch.enabled = true; $0.watch.writes = Rate(perHour: 2) },
             causes: { $0.watch.level = .companion; $0.watch.relay = .immediate },
             avoids: { $0.watch.level = .companion; $0.watch.relay = .queued },
             observe: Observe.above(.watchWriteLost)),
        mode("F11", "The share sheet vanishes when sharing a large video", metric: .shareKilled,
             setUp: { $0.share.enabled = true; $0.share.perDay = 10
                      $0.share.itemSize = .lognormal(median: 20 * 1_048_576, p95: 300 * 1_048_576) },
             causes: { $0.share.loadsIntoMemory = true },
             avoids: { $0.share.loadsIntoMemory = false },
             observe: Observe.above(.shareKilled)),
        mode("F12", "A shared item appears on other devices only after you open the app", metric: .shareLatency,
             setUp: { $0.share.enabled = true; $0.share.perDay = 6 },
             causes: { $0.share.design = .outbox },
             avoids: { $0.share.design = .inExtension },
             observe: Observe.median(.shareLatency, above: 600)),
        mode("F13", "The share extension asks you to sign in although the app is signed in", metric: .shareSignInRequested,
             setUp: { $0.share.enabled = true; $0.share.perDay = 6 },
             causes: { $0.session.inSharedSecureStorage = false },
             avoids: { $0.session.inSharedSecureStorage = true },
             observe: Observe.above(.shareSignInRequested)),
        mode("F14", "A voice action answers that you must continue in the app", metric: .actionOpenedApp,
             setUp: { $0.action.enabled = true; $0.action.perDay = 6; $0.device.restartsPerDay = 0 },
             causes: { $0.action.background = false },
             avoids: { $0.action.background = true; $0.session.inSharedSecureStorage = true },
             observe: Observe.above(.actionOpenedApp)),
        mode("F15", "The full app starts empty after you used the instant version", metric: .instantEmptyFirstLaunch,
             setUp: { $0.instant.enabled = true; $0.instant.usesPerDay = 4; $0.instant.installAfterUse = 1 },
             causes: { $0.instant.handover = false },
             avoids: { $0.instant.handover = true },
             observe: Observe.above(.instantEmptyFirstLaunch)),
        mode("F16", "Video on the television stops when the phone locks", metric: .tvStoppedAtLock,
             setUp: { $0.tv.enabled = true; $0.tv.playbacksPerDay = 3 },
             causes: { $0.tv.handoff = .mirror },
             avoids: { $0.tv.handoff = .location },
             observe: Observe.above(.tvStoppedAtLock)),
    ]
}
