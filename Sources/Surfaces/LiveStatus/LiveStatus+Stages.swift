import SimKernel
import Platform

/// The live status's per-stage metrics (docs/metrics.md for `S` = `live`): the stages of an
/// activity play the part of the changes. A stage is shown when the status draws it or a
/// later one, as `live.staleness` counts it at a glance. Computed at the end from what each
/// activity recorded; nothing here draws a random number or schedules an event.
extension LiveStatus {
    /// When the status first showed stage `k` (1…n) or a later one: by an update (a push,
    /// the app's update call or its catch-up), or, for a clock-driven status, when its plan
    /// reached the stage while the status was still shown. `Time.never` if it never did.
    func firstShown(_ a: Activity, stage k: Int) -> SimTime {
        var t = a.drawnAt[k - 1]
        let n = a.stageTimes.count
        if world.p.live.updates == .clock && k < n {
            // The first moment `clockReached` is k: (t − start)·n ≥ k·span.
            let span = max(a.plannedEnd - a.start, 1)
            let planned = a.start + (SimTime(k) * span + SimTime(n) - 1) / SimTime(n)
            if planned < a.removedAt { t = min(t, planned) }
        }
        return t
    }

    /// `live.lag`: per stage begun after the warm-up, the time from its beginning until the
    /// status first showed it or a later one (0 when a clock-driven status drew it ahead of
    /// the backend). `begun` counts every such stage, shown or not: those not shown by `end`
    /// are censored (`live.lag.censored` = 1 − lags.count / begun), among them every stage
    /// begun after its status was removed — unless a clock-driven status had already drawn
    /// it from the plan before the removal (lag 0, as a glance would have seen it).
    func stageLags(end: SimTime) -> (lags: [Double], begun: Int) {
        let warmup = world.p.observe.warmup
        var lags: [Double] = [], begun = 0
        for a in activities where a.stage > 0 {
            for k in 1...a.stage where a.stageTimes[k - 1] >= warmup {
                begun += 1
                let shown = firstShown(a, stage: k)
                if shown <= end { lags.append(Time.seconds(max(0, shown - a.stageTimes[k - 1]))) }
            }
        }
        return (lags, begun)
    }

    /// `live.staleness.timeAvg`: the time-weighted mean of the staleness a glance would see,
    /// over the measured time a status is on the lock screen (NaN if none was). A glance
    /// looks at the latest activity (`current`), so activity i counts from its start until
    /// it is removed or the next one starts. While it draws stage d, its staleness is 0 until
    /// stage d + 1 begins (at `stageTimes[d]`) and then grows with the clock until the status
    /// draws that stage or a later one. Integrated in closed form: glances at a live status
    /// are events of their own stream, and a clock-driven status changes with no event.
    func stalenessTimeAvg(end: SimTime) -> Double {
        let warmup = world.p.observe.warmup
        var integral = 0.0, shownTime = 0.0
        for (i, a) in activities.enumerated() {
            let next = i + 1 < activities.count ? activities[i + 1].start : Time.never
            let from = max(a.start, warmup), to = min(a.removedAt, next, end)
            guard to > from else { continue }
            shownTime += Time.seconds(to - from)
            var drawnFrom = a.start
            for d in 0..<a.stageTimes.count where drawnFrom < to {
                let drawnUntil = firstShown(a, stage: d + 1)
                let began = a.stageTimes[d]
                let lo = max(drawnFrom, began, from), hi = min(drawnUntil, to)
                if hi > lo {
                    let span = Time.seconds(hi - lo)
                    integral += span * (Time.seconds(lo - began) + span / 2)
                }
                drawnFrom = drawnUntil
            }
        }
        return shownTime > 0 ? integral / shownTime : .nan
    }
}
