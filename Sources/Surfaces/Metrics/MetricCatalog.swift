/// How a metric's per-replication value is formed (docs/metrics.md, §6).
public enum MetricShape: Sendable, Equatable {
    /// One value per glance, change, item or activity; runs.csv gives the replication's
    /// mean and quantiles, summary.csv pools all samples of a point.
    case sampled
    /// One value per replication (an item fraction, a time average, a leak).
    case perReplication
}

/// A metric's name (a contract: docs/metrics.md), unit, shape and meaning.
public struct MetricSpec: Sendable, Equatable {
    public let name: String
    public let unit: String
    public let shape: MetricShape
    public let doc: String

    /// A metric named `name` (`speaker.staleness`: docs/metrics.md's `S.measure`), in `unit`
    /// (`s`, `fraction`, `count`), formed per `shape`, meaning `doc` (what `help metrics` prints).
    public init(name: String, unit: String, shape: MetricShape, doc: String) {
        (self.name, self.unit, self.shape, self.doc) = (name, unit, shape, doc)
    }
}

/// Every built-in metric a replication reports, in a fixed order (the column order of
/// runs.csv); the metrics of surfaces added from outside follow them in `MetricCatalog.specs`.
public enum Metric: Int, CaseIterable, Sendable {
    // Per-surface view metrics, for S in widget, app, watch, car.
    case widgetStaleness, widgetAge, widgetLag, widgetLagCensored, widgetBlank, widgetUnlabeledStale, widgetWrongAccount, widgetStalenessTimeAvg
    case widgetDiffersFromApp, widgetWrongTarget, widgetProviderKilled, widgetReloads
    case appStaleness, appAge, appLag, appLagCensored, appBlank, appUnlabeledStale, appWrongAccount, appStalenessTimeAvg
    case appKeptReadingOverdue, appColdStartUnexplained
    case watchStaleness, watchAge, watchLag, watchLagCensored, watchBlank, watchUnlabeledStale, watchWrongAccount, watchStalenessTimeAvg
    case watchNeedsPhone, watchWriteLost, watchWriteLatency, watchRelayQueue
    case liveStaleness, liveStuck, liveAge, liveLag, liveLagCensored, liveBlank, liveUnlabeledStale, liveWrongAccount, liveStalenessTimeAvg
    case shareLost, shareDuplicated, shareKilled, shareLatency, shareSignInRequested, shareOpenedApp
    case actionDuplicated, actionCompletedWithoutApp, actionOpenedApp
    case instantEmptyFirstLaunch
    case carStaleness, carAge, carLag, carLagCensored, carBlank, carUnlabeledStale, carWrongAccount, carStalenessTimeAvg
    case tvStoppedAtLock
    case signoutWidgetLeak, signoutLiveLeak, signoutWatchLeak, signoutShareLeak, signoutShareDataLeak, signoutActionsLeak, signoutTVLeak, signoutCarLeak
    case backendRequests
    // Lost changes and the censored partners of the item latencies (added last, so the
    // earlier columns of runs.csv keep their places).
    case changesLost, shareLatencyCensored, watchWriteLatencyCensored, actionLost
    case widgetProviderCrashed
    case widgetSlotStaleness
    // The backend's cost by surface and endpoint (docs/model.md#backend-and-push): requests by
    // the sender's surface (`CostSurface` order), then by endpoint (`RequestKind` order), then bytes.
    case backendRequestsApp, backendRequestsWidget, backendRequestsWatch, backendRequestsShare, backendRequestsAction
    case backendRequestsCar, backendRequestsTV, backendRequestsElsewhere, backendRequestsAdded
    case backendRequestsSync, backendRequestsCompactFetch, backendRequestsWrite, backendRequestsRevoke
    case backendBytes
    case backendBytesApp, backendBytesWidget, backendBytesWatch, backendBytesShare, backendBytesAction
    case backendBytesCar, backendBytesTV, backendBytesElsewhere, backendBytesAdded
    case backendBytesSync, backendBytesCompactFetch, backendBytesWrite
    // Sign-in by code (docs/model.md#television).
    case tvSignInTime, backendRequestsDeviceCode
    // The gallery's preview, lock-screen redaction and renamed targets (appended: earlier columns keep their places).
    case widgetPreviewShowsAccount, widgetRedacted, widgetStaleName

    public var spec: MetricSpec { MetricCatalog.specs[rawValue] }
}

/// The metric table. Names follow docs/metrics.md: `S.staleness`, `S.age`, `S.lag`, ...
public enum MetricCatalog {
    /// Every metric a replication reports, by index: the built-in ones (`Metric.rawValue`),
    /// then those of the surfaces added from outside, in installation order
    /// (docs/extending.md#metrics), so the built-in columns never move.
    public static let specs: [MetricSpec] = builtIn + SurfaceExtensions.installed.flatMap(\.metrics)
    /// The metrics of the surfaces this package has, in `Metric` order.
    static let builtIn: [MetricSpec] = build()
    /// Each metric's shape, by raw value (read per replication without copying its spec).
    public static let shapes: [MetricShape] = specs.map(\.shape)
    /// Metrics computed across replications of a point rather than within one.
    public static let pointMetrics: [MetricSpec] = [
        MetricSpec(name: "backend.requests.peakToMean", unit: "ratio", shape: .perReplication,
                   doc: "per-minute request rate summed over the point's replications: peak minute over mean minute"),
        MetricSpec(name: "backend.requests.perMinute.mean", unit: "requests/min", shape: .perReplication,
                   doc: "the point's population (its replications as users) against one backend: mean requests per minute after the warm-up"),
        MetricSpec(name: "backend.requests.perMinute.p99", unit: "requests/min", shape: .perReplication,
                   doc: "the population's 99th-percentile minute (nearest rank)"),
        MetricSpec(name: "backend.requests.perMinute.peak", unit: "requests/min", shape: .perReplication,
                   doc: "the population's busiest minute"),
        MetricSpec(name: "backend.requests.burst", unit: "requests", shape: .perReplication,
                   doc: "the largest burst: over a run of consecutive minutes above twice the mean, the requests beyond the mean"),
    ]

    static func view(_ s: String, _ what: String) -> [MetricSpec] { [
        MetricSpec(name: "\(s).staleness", unit: "s", shape: .sampled, doc: "at a glance at the \(what): 0 if the view includes every change made so far, else now − when the earliest missing change was made"),
        MetricSpec(name: "\(s).age", unit: "s", shape: .sampled, doc: "at a glance: now − when the view's data was read from the backend"),
        MetricSpec(name: "\(s).lag", unit: "s", shape: .sampled, doc: "per change: time until the \(what) first shows it"),
        MetricSpec(name: "\(s).lag.censored", unit: "fraction", shape: .perReplication, doc: "changes the \(what) had not shown by the end"),
        MetricSpec(name: "\(s).blank", unit: "fraction", shape: .perReplication, doc: "glances that show no data"),
        MetricSpec(name: "\(s).unlabeledStale", unit: "fraction", shape: .perReplication, doc: "glances staler than observe.staleAfter with no data age printed"),
        MetricSpec(name: "\(s).wrongAccount", unit: "fraction", shape: .perReplication, doc: "glances that show an account that is signed out"),
        MetricSpec(name: "\(s).staleness.timeAvg", unit: "s", shape: .perReplication, doc: "time-weighted mean staleness while data is shown"),
    ] }

    /// The backend's requests and bytes by surface and endpoint (docs/metrics.md#backend-cost).
    static func backendCost() -> [MetricSpec] {
        var m: [MetricSpec] = []
        for s in CostSurface.allCases {
            m.append(MetricSpec(name: "backend.requests.\(s.name)", unit: "count", shape: .perReplication,
                                doc: "requests the backend served after the warm-up from \(s.senders)"))
        }
        for (k, what) in [("sync", "the full sync"), ("compactFetch", "the compact, screen-shaped endpoint"),
                          ("write", "write a change"), ("revoke", "revoke the credentials of the phone and its surfaces")] {
            m.append(MetricSpec(name: "backend.requests.\(k)", unit: "count", shape: .perReplication,
                                doc: "requests the backend served after the warm-up to \(what)"))
        }
        m.append(MetricSpec(name: "backend.bytes", unit: "bytes", shape: .perReplication,
                            doc: "payload bytes of the requests backend.requests counts: backend.writeBytes per write, backend.syncBytes per sync and backend.compactBytes per compact fetch answered with data (a revocation and a refused fetch carry none)"))
        for s in CostSurface.allCases {
            m.append(MetricSpec(name: "backend.bytes.\(s.name)", unit: "bytes", shape: .perReplication,
                                doc: "the part of backend.bytes from \(s.senders)"))
        }
        for k in ["sync", "compactFetch", "write"] {
            m.append(MetricSpec(name: "backend.bytes.\(k)", unit: "bytes", shape: .perReplication,
                                doc: "the part of backend.bytes on the \(k) endpoint"))
        }
        return m
    }

    static func build() -> [MetricSpec] {
        var m = view("widget", "widget")
        m += [
            MetricSpec(name: "widget.differsFromApp", unit: "fraction", shape: .perReplication, doc: "looks at the widget on return to the home screen (30 s after leaving the app) where it lacks a change the app showed"),
            MetricSpec(name: "widget.wrongTarget", unit: "fraction", shape: .perReplication, doc: "glances at the account's data that show another object than the configured one (of the glances at data, not of all)"),
            MetricSpec(name: "widget.providerKilled", unit: "fraction", shape: .perReplication, doc: "provider runs started after the warm-up that were killed for time or memory"),
            MetricSpec(name: "widget.reloads", unit: "count", shape: .perReplication, doc: "provider runs started after the warm-up, per replication"),
        ]
        m += view("app", "app")
        m += [
            MetricSpec(name: "app.keptReadingOverdue", unit: "s", shape: .perReplication, doc: "after the lifetime was shortened below the age of the kept reading: time that reading stayed kept"),
            MetricSpec(name: "app.coldStartUnexplained", unit: "fraction", shape: .perReplication, doc: "cold starts that show neither a kept reading nor a message saying why"),
        ]
        m += view("watch", "watch app")
        m += [
            MetricSpec(name: "watch.needsPhone", unit: "fraction", shape: .perReplication, doc: "watch glances that show \"needs the phone\""),
            MetricSpec(name: "watch.write.lost", unit: "fraction", shape: .perReplication, doc: "watch writes lost for good: refused by an immediate relay, or dropped with no other holder"),
            MetricSpec(name: "watch.write.latency", unit: "s", shape: .sampled, doc: "per watch write: time until the backend applies it"),
            MetricSpec(name: "watch.relay.queue", unit: "items", shape: .sampled, doc: "at each watch write: writes waiting in the relay queue"),
            MetricSpec(name: "live.staleness", unit: "s", shape: .sampled, doc: "at a glance at a live status: now − when the earliest stage not shown began"),
            MetricSpec(name: "live.stuck", unit: "s", shape: .sampled, doc: "per ended activity: time its status still showed it running (on the lock screen after the platform ended it included, up to live.maxActive + live.lingerAfterEnd)"),
            MetricSpec(name: "live.age", unit: "s", shape: .sampled, doc: "at a glance at a live status: now − when the data it draws was produced (the backend's update as the stage began, the app's read at its run, the plan at the start for a stage the clock draws)"),
            MetricSpec(name: "live.lag", unit: "s", shape: .sampled, doc: "per stage: time from its beginning until the live status first draws it or a later one"),
            MetricSpec(name: "live.lag.censored", unit: "fraction", shape: .perReplication, doc: "stages the live status had not drawn by the end"),
            MetricSpec(name: "live.blank", unit: "fraction", shape: .perReplication, doc: "glances during an activity with no live status shown"),
            MetricSpec(name: "live.unlabeledStale", unit: "fraction", shape: .perReplication, doc: "glances staler than observe.staleAfter with no data age printed (a live status prints none)"),
            MetricSpec(name: "live.wrongAccount", unit: "fraction", shape: .perReplication, doc: "glances at a live status of an account that is signed out"),
            MetricSpec(name: "live.staleness.timeAvg", unit: "s", shape: .perReplication, doc: "time-weighted mean staleness while a live status is shown"),
            MetricSpec(name: "share.lost", unit: "fraction", shape: .perReplication, doc: "confirmed shares (not killed) whose change was lost for good, e.g. overwritten in an uncoordinated outbox"),
            MetricSpec(name: "share.duplicated", unit: "fraction", shape: .perReplication, doc: "shares the backend applied more than once"),
            MetricSpec(name: "share.killed", unit: "fraction", shape: .perReplication, doc: "shares whose extension was killed (the sheet vanished)"),
            MetricSpec(name: "share.latency", unit: "s", shape: .sampled, doc: "per share: time from confirm to the backend applying it"),
            MetricSpec(name: "share.signInRequested", unit: "fraction", shape: .perReplication, doc: "shares stopped by a sign-in request while the app is signed in"),
            MetricSpec(name: "share.openedApp", unit: "fraction", shape: .perReplication, doc: "shares whose confirm opened the main app"),
            MetricSpec(name: "action.duplicated", unit: "fraction", shape: .perReplication, doc: "actions the backend applied more than once"),
            MetricSpec(name: "action.completedWithoutApp", unit: "fraction", shape: .perReplication, doc: "actions completed without the app opening"),
            MetricSpec(name: "action.openedApp", unit: "fraction", shape: .perReplication, doc: "actions that had to open the app (\"continue in the app\")"),
            MetricSpec(name: "instant.emptyFirstLaunch", unit: "fraction", shape: .perReplication, doc: "first launches of the full app, after using the instant version, that start empty"),
        ]
        m += view("car", "car screen")
        m += [
            MetricSpec(name: "tv.stoppedAtLock", unit: "fraction", shape: .perReplication, doc: "playbacks that stopped when the phone locked"),
        ]
        for (s, what) in [("widget", "the widget shows the account"), ("live", "a live status of the account stays"),
                          ("watch", "the watch shows the account's data"), ("share", "the share extension acts as signed in"),
                          ("shareData", "the share sheet lists the account's data"), ("actions", "actions act on the account"),
                          ("tv", "the television plays as signed in"),
                          ("car", "the car screen shows the account, or the car's own client stays signed in")] {
            m.append(MetricSpec(name: "signout.\(s).leak", unit: "s", shape: .perReplication, doc: "time after sign-out during which \(what)"))
        }
        m.append(MetricSpec(name: "backend.requests", unit: "count", shape: .perReplication, doc: "requests the backend served after the warm-up"))
        m += [
            MetricSpec(name: "changes.lost", unit: "fraction", shape: .perReplication, doc: "changes made after the warm-up that were lost for good (no holder left and never applied); from that moment they leave the truth"),
            MetricSpec(name: "share.latency.censored", unit: "fraction", shape: .perReplication, doc: "shares on their way (not lost) that the backend had not applied by the end, which share.latency leaves out"),
            MetricSpec(name: "watch.write.latency.censored", unit: "fraction", shape: .perReplication, doc: "watch writes on their way (not lost) that the backend had not applied by the end, which watch.write.latency leaves out"),
            MetricSpec(name: "action.lost", unit: "fraction", shape: .perReplication, doc: "actions whose change was lost for good (every attempt failed and nothing carries it)"),
            MetricSpec(name: "widget.providerCrashed", unit: "fraction", shape: .perReplication, doc: "provider runs started after the warm-up that crashed (a projection they could not decode); the old views stay"),
            MetricSpec(name: "widget.slotStaleness", unit: "s", shape: .sampled, doc: "at each glance at a widget showing data whose own schedule moves on (widget.slotEvery above 0s): how long ago the entry it shows stopped being current, 0 when it shows the current one (an entry shown on time is fresh)"),
        ]
        m += backendCost()
        m += [
            MetricSpec(name: "tv.signInTime", unit: "s", shape: .sampled, doc: "per sign-in by code (tv.signIn: byCode) whose code was shown after the warm-up: time from the code on the television to its session, the user's approval on the phone and the next poll included"),
            MetricSpec(name: "backend.requests.deviceCode", unit: "count", shape: .perReplication, doc: "requests the backend served after the warm-up for sign-in by code: the television's requests for a code and its polls, and the phone's approvals"),
            MetricSpec(name: "widget.previewShowsAccount", unit: "fraction", shape: .perReplication, doc: "previews the widget gallery showed after the warm-up (widget.galleryOpens.perDay) that drew the account's data rather than fixture data"),
            MetricSpec(name: "widget.redacted", unit: "fraction", shape: .perReplication, doc: "glances at the widget that saw the system's redacted view (widget.redactsWhenLocked, the phone locked)"),
            MetricSpec(name: "widget.staleName", unit: "fraction", shape: .perReplication, doc: "glances at the widget showing data whose object has been renamed at the backend since the name it shows (elsewhere.renames.perDay)"),
        ]
        precondition(m.count == Metric.allCases.count, "metric table and Metric enum disagree")
        return m
    }
}
