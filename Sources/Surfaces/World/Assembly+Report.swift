import SimKernel
import Platform

/// The other surfaces' metrics (docs/metrics.md): item measures as fractions of the
/// replication's items of that kind, so they do not depend on the duration.
extension Assembly {
    func reportSurfaces(into r: inout ReplicationResult, end: SimTime) {
        let w = world
        let p = w.p
        func frac(_ a: Int, _ b: Int) -> Double { b == 0 ? .nan : Double(a) / Double(b) }
        func set(_ m: Metric, _ v: Double) { r.values[m.rawValue] = v }
        if p.watch.enabled {
            w.measure.watch.report(into: &r, end: end, truth: w.truth, .init(
                staleness: .watchStaleness, blank: .watchBlank, age: .watchAge, lag: .watchLag, censored: .watchLagCensored,
                unlabeled: .watchUnlabeledStale, wrongAccount: .watchWrongAccount, timeAvg: .watchStalenessTimeAvg))
            let o = w.measure.watch
            set(.watchNeedsPhone, o.glances == 0 ? .nan : Double(o.blankByKind[Int(ViewKind.needsPhone.rawValue)]) / Double(o.glances))
            let writes = watch.writes.filter { $0.madeAt >= p.observe.warmup }
            // Lost: the truth's record (refused by an immediate relay, or dropped with no other
            // holder). The rest are applied (a latency) or still on their way (censored).
            var lost = 0, onItsWay = 0
            for wr in writes {
                if let t = backend.firstApplied(wr.change) {
                    r.samples[Metric.watchWriteLatency.rawValue].append(Time.seconds(t - wr.madeAt))
                } else if w.truth.lostAt[Int(wr.change)] < Time.never {
                    lost += 1
                } else {
                    onItsWay += 1
                }
            }
            set(.watchWriteLost, frac(lost, writes.count))
            set(.watchWriteLatencyCensored, frac(onItsWay, writes.count - lost))
        }
        if p.live.enabled {
            r.samples[Metric.liveStuck.rawValue] = live.stuckSamples(end: end)
            let stages = live.stageLags(end: end)
            r.samples[Metric.liveLag.rawValue] = stages.lags
            set(.liveLagCensored, frac(stages.begun - stages.lags.count, stages.begun))
            let c = w.measure.counters
            set(.liveBlank, frac(c.liveBlank, c.liveGlances))
            set(.liveUnlabeledStale, frac(c.liveUnlabeledStale, c.liveGlances))
            set(.liveWrongAccount, frac(c.liveWrongAccount, c.liveGlances))
            set(.liveStalenessTimeAvg, live.stalenessTimeAvg(end: end))
        }
        if p.share.enabled { reportShares(into: &r) }
        if p.action.enabled {
            let runs = w.measure.actions.filter { $0.startedAt >= p.observe.warmup }
            set(.actionDuplicated, frac(runs.filter { $0.change >= 0 && backend.timesApplied($0.change) > 1 }.count, runs.count))
            set(.actionOpenedApp, frac(runs.filter(\.openedApp).count, runs.count))
            set(.actionCompletedWithoutApp, frac(runs.filter { !$0.openedApp && $0.change >= 0 && backend.timesApplied($0.change) > 0 }.count, runs.count))
            set(.actionLost, frac(runs.filter { $0.change >= 0 && w.truth.lostAt[Int($0.change)] < Time.never }.count, runs.count))
        }
        if p.instant.enabled {
            set(.instantEmptyFirstLaunch, frac(instant.firstLaunches.filter { !$0 }.count, instant.firstLaunches.count))
        }
        if p.car.enabled {
            // The templates print no data age (`World.carShows`): every stale glance is unlabeled.
            w.measure.car.report(into: &r, end: end, truth: w.truth, .init(
                staleness: .carStaleness, blank: .carBlank, age: .carAge, lag: .carLag, censored: .carLagCensored,
                unlabeled: .carUnlabeledStale, wrongAccount: .carWrongAccount, timeAvg: .carStalenessTimeAvg))
        }
        if p.tv.enabled { set(.tvStoppedAtLock, tv.stoppedShare) }
        if p.tv.enabled { r.samples[Metric.tvSignInTime.rawValue] = tv.signInTimes }
        var made = 0, lostChanges = 0
        for id in 0..<Int(w.truth.count) where w.truth.madeAt[id] >= p.observe.warmup {
            made += 1
            if w.truth.lostAt[id] < Time.never { lostChanges += 1 }
        }
        set(.changesLost, frac(lostChanges, made))
        for m in [Metric.signoutWidgetLeak, .signoutLiveLeak, .signoutWatchLeak, .signoutShareLeak, .signoutShareDataLeak,
                  .signoutActionsLeak, .signoutTVLeak, .signoutCarLeak] {
            set(m, w.measure.leak(m, end: end))
        }
    }

    /// Shares: killed, sign-in requested, opened the app, lost, duplicated, latency.
    private func reportShares(into r: inout ReplicationResult) {
        let w = world
        let items = w.measure.shares.filter { $0.confirmedAt >= w.p.observe.warmup && !$0.forSecondAccount }
        guard !items.isEmpty else { return }
        var lost = 0, duplicated = 0, measured = 0, onItsWay = 0
        for item in items where item.change >= 0 && !item.killed {
            let applied = backend.timesApplied(item.change)
            if applied > 1 { duplicated += 1 }
            if let t = backend.firstApplied(item.change) {
                r.samples[Metric.shareLatency.rawValue].append(Time.seconds(t - item.confirmedAt))
                measured += 1
            } else if w.truth.lostAt[Int(item.change)] < Time.never {
                lost += 1
            } else {
                measured += 1
                onItsWay += 1
            }
        }
        r.values[Metric.shareLatencyCensored.rawValue] = measured == 0 ? .nan : Double(onItsWay) / Double(measured)
        let n = Double(items.count)
        r.values[Metric.shareLost.rawValue] = Double(lost) / n
        r.values[Metric.shareDuplicated.rawValue] = Double(duplicated) / n
        r.values[Metric.shareKilled.rawValue] = Double(items.filter(\.killed).count) / n
        r.values[Metric.shareSignInRequested.rawValue] = Double(items.filter(\.signInRequested).count) / n
        r.values[Metric.shareOpenedApp.rawValue] = Double(items.filter(\.openedApp).count) / n
    }
}
