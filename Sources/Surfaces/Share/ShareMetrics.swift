import SimKernel
import Platform

/// The share extension's metrics (docs/metrics.md), each resolved by its name (its columns in
/// runs.csv: `MetricCatalog.publishedOrder`).
extension Metric {
    /// `share.lost`.
    public static let shareLost = Metric.named("share.lost")
    /// `share.duplicated`.
    public static let shareDuplicated = Metric.named("share.duplicated")
    /// `share.killed`.
    public static let shareKilled = Metric.named("share.killed")
    /// `share.latency`.
    public static let shareLatency = Metric.named("share.latency")
    /// `share.signInRequested`.
    public static let shareSignInRequested = Metric.named("share.signInRequested")
    /// `share.openedApp`.
    public static let shareOpenedApp = Metric.named("share.openedApp")
    /// `signout.share.leak`.
    public static let signoutShareLeak = Metric.named("signout.share.leak")
    /// `signout.shareData.leak`.
    public static let signoutShareDataLeak = Metric.named("signout.shareData.leak")
    /// `share.latency.censored`.
    public static let shareLatencyCensored = Metric.named("share.latency.censored")
}

/// The share extension's part of the metric catalogue.
extension MetricCatalog {
    package static func share() -> SurfaceMetrics {
        SurfaceMetrics(surface: "share", role: .judgedBy(["share.latency", "share.lost", "share.duplicated"]), metrics: [
            MetricSpec(name: "share.lost", unit: "fraction", shape: .perReplication, doc: "confirmed shares (not killed) whose change was lost for good, e.g. overwritten in an uncoordinated outbox"),
            MetricSpec(name: "share.duplicated", unit: "fraction", shape: .perReplication, doc: "shares the backend applied more than once"),
            MetricSpec(name: "share.killed", unit: "fraction", shape: .perReplication, doc: "shares whose extension was killed (the sheet vanished)"),
            MetricSpec(name: "share.latency", unit: "s", shape: .sampled, doc: "per share: time from confirm to the backend applying it"),
            MetricSpec(name: "share.signInRequested", unit: "fraction", shape: .perReplication, doc: "shares stopped by a sign-in request while the app is signed in"),
            MetricSpec(name: "share.openedApp", unit: "fraction", shape: .perReplication, doc: "shares whose confirm opened the main app"),
            signOutLeak("share", "the share extension acts as signed in"),
            signOutLeak("shareData", "the share sheet lists the account's data"),
            MetricSpec(name: "share.latency.censored", unit: "fraction", shape: .perReplication, doc: "shares on their way (not lost) that the backend had not applied by the end, which share.latency leaves out"),
        ], report: { $0.reportShare(into: &$1, end: $2) })
    }
}

extension ReplicationReadout {
    /// The shares and the share extension's and share sheet's sign-out leaks.
    func reportShare(into r: inout ReplicationResult, end: SimTime) {
        if p.share.enabled { reportShares(into: &r) }
        r.values[Metric.signoutShareLeak.rawValue] = measure.leak(.signoutShareLeak, end: end)
        r.values[Metric.signoutShareDataLeak.rawValue] = measure.leak(.signoutShareDataLeak, end: end)
    }

    /// Shares: killed, sign-in requested, opened the app, lost, duplicated, latency.
    private func reportShares(into r: inout ReplicationResult) {
        let w = self
        let items = w.measure.signals(ShareSignals.self).items.filter { $0.confirmedAt >= w.p.observe.warmup && !$0.forSecondAccount }
        var lost = 0, duplicated = 0, measured = 0, onItsWay = 0
        for item in items where !item.killed {
            guard let change = item.change else { continue }
            let applied = w.truth.timesApplied(change)
            if applied > 1 { duplicated += 1 }
            if let t = w.truth.firstApplied(change) {
                r.samples[Metric.shareLatency.rawValue].append(Time.seconds(t - item.confirmedAt))
                measured += 1
            } else if w.truth.wasLost(change) {
                lost += 1
            } else {
                measured += 1
                onItsWay += 1
            }
        }
        r.setFraction(.shareLatencyCensored, onItsWay, of: measured)
        let n = items.count
        r.setFraction(.shareLost, lost, of: n)
        r.setFraction(.shareDuplicated, duplicated, of: n)
        r.setFraction(.shareKilled, items.filter(\.killed).count, of: n)
        r.setFraction(.shareSignInRequested, items.filter(\.signInRequested).count, of: n)
        r.setFraction(.shareOpenedApp, items.filter(\.openedApp).count, of: n)
    }
}

/// What the share sheet and the share extension emit for measurement of one shared item
/// (`ShareSignals.emit`; the share sheet numbers the items in order).
package enum ShareSignal {
    /// The user confirmed item `item` in the sheet (the next item in order).
    case confirmed(item: Int32)
    /// The extension made change `change` for item `item`.
    case change(item: Int32, ChangeID)
    /// The extension run was killed (memory or time) before handing item `item` over: the sheet vanished.
    case killed(item: Int32)
    /// The extension found no session for item `item` and asked the user to sign in.
    case askedToSignIn(item: Int32)
    /// Item `item` went to the second account, signed in after the first signed out: not
    /// followed (docs/model.md#a-second-account).
    case forSecondAccount(item: Int32)
    /// The extension handed item `item` to the app by deep link.
    case openedApp(item: Int32)
}

/// A shared item as the measurement layer follows it.
@_spi(Assembly) public struct MeasuredShare {
    var confirmedAt: SimTime
    /// The change the item made (nil: none, as the user was not signed in).
    package var change: ChangeID?
    package var killed = false
    /// The extension asked a user who had not signed out to sign in (after a sign-out the request
    /// is expected, not a failure).
    @_spi(Assembly) public var signInRequested = false
    var forSecondAccount = false
    var openedApp = false
}

/// What the measurement layer keeps of the share sheet's and extension's signals: every shared
/// item, by number, and what became of it (the `share.*` metrics follow their changes to the backend).
package final class ShareSignals: SurfaceSignals {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Every shared item, by number, and what became of it.
    @_spi(Assembly) public private(set) var items: [MeasuredShare] = []

    /// The share sheet or the share extension reports what happened now.
    package func emit(_ signal: ShareSignal) {
        switch signal {
        case .confirmed(let item):
            precondition(Int(item) == items.count, "shared items are numbered in order")
            items.append(MeasuredShare(confirmedAt: now))
        case .change(let item, let c): items[Int(item)].change = c
        case .killed(let item): items[Int(item)].killed = true
        case .askedToSignIn(let item): if !firstAccountSignedOut { items[Int(item)].signInRequested = true }
        case .forSecondAccount(let item): items[Int(item)].forSecondAccount = true
        case .openedApp(let item): items[Int(item)].openedApp = true
        }
    }
}
