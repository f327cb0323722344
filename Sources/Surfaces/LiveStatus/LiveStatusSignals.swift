import SimKernel
import Platform

/// What the live-status program emits for measurement (`LiveStatusSignals.emit`): what each
/// activity did, and what its status holds and when it left the lock screen. (The glances at
/// the lock screen are the measurement layer's own, taken from these: `LiveStatusSignals`.)
package enum LiveStatusSignal {
    /// Activity `activity` began now, for `account`, planned to end at `plannedEnd`; its stages
    /// begin at `stageTimes` (the last is its end). Its status shows the plan made now.
    case began(activity: Int32, plannedEnd: SimTime, stageTimes: [SimTime], account: Account)
    /// The backend moved activity `activity` to its next stage now.
    case stageBegan(activity: Int32)
    /// Activity `activity`'s final update is on its way and arrives at `arrivesAt` (a lost one
    /// is never emitted).
    case finalUpdateOnItsWay(activity: Int32, arrivesAt: SimTime)
    /// Activity `activity`'s final update was sent to the app (process `app`) over its
    /// connection and arrives at `arrivesAt`: on its way if the app runs now to hear it.
    case finalUpdateSentToTheApp(activity: Int32, arrivesAt: SimTime, app: ProcessID)
    /// An update (a push, the app's update call or its catch-up) left activity `activity`'s
    /// status holding `content` now, as ActivityKit keeps it: a later stage drawn, or a later
    /// read of the stage it drew.
    case holds(activity: Int32, content: LiveActivityContent)
    /// Activity `activity`'s status left the lock screen now.
    case removed(activity: Int32)
}

/// What the measurement layer keeps of the live status's signals, and the per-stage metrics
/// formed from them at the end (docs/metrics.md for `S` = `live`): the stages of an activity
/// play the part of the changes. A stage is shown when the status draws it or a later one, as
/// `live.staleness` counts it at a glance.
///
/// The glances at the lock screen are the layer's own (`observe.glances.live.perHour`, stream
/// `glances.live`): someone looks while an activity runs or its status shows, from the first
/// activity's start until a glance finds neither (the next activity starts them again). They
/// are taken without events (`DeferredGlances`), each at its own time, before any signal that
/// changes what one would see and at the end. What a glance sees is what the status draws:
/// the content ActivityKit holds or, for a clock-driven status, the stage its plan reaches by
/// the clock if later (the widget extension's drawing), until the status leaves the lock screen.
package final class LiveStatusSignals: SurfaceSignals {
    /// An activity as the measurement layer follows it.
    private struct MeasuredActivity {
        var start: SimTime
        var plannedEnd: SimTime
        var end: SimTime
        var stageTimes: [SimTime]
        /// The stages the backend has begun (stageTimes.count: ended).
        var stage = 0
        /// The latest stage the status drew by an update.
        var drawn = 0
        /// When the data the status draws was read (ActivityKit's content: `holds`).
        var readAt: SimTime
        /// The account the activity was placed under (what its status shows).
        var account: Account
        /// When the status left the lock screen (`Time.never`: not yet).
        var removedAt: SimTime = Time.never
        /// When the final update (push or the app's own call) arrives, if it was not lost.
        var finalUpdateArrives: SimTime? = nil
        /// Per stage k (index k − 1): when the status first drew stage k or a later one by an
        /// update (`Time.never`: not yet; a clock-driven status's own stages are derived from
        /// the plan, see `firstShown`).
        var drawnAt: [SimTime]
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Every activity, by number.
    private var activities: [MeasuredActivity] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Glances after the warm-up during an activity or at a status, and of those: at no status
    /// (`live.blank`), staler than `observe.staleAfter` (`live.unlabeledStale`: a status prints
    /// no age), at the signed-out account's status (`live.wrongAccount`).
    private(set) var glances = 0, blankGlances = 0, unlabeledStaleGlances = 0, wrongAccountGlances = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Per glance at a status after the warm-up, in seconds: its staleness (`live.staleness`)
    /// and the age of what it draws (`live.age`).
    private(set) var staleness: [Double] = [], age: [Double] = []

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The glances at the lock screen, drawn ahead from `glances.live` and taken after the fact.
    private var lockScreenGlances: DeferredGlances

    package required init(_ p: borrowing Parameters, engine: Engine, measure: Measurement) {
        lockScreenGlances = DeferredGlances(rate: p.observe.liveGlances, end: p.duration,
                                            rng: RandomStream(replicationSeed: measure.seed, nameHash: Self.glancesName))
        super.init(p, engine: engine, measure: measure)
    }

    /// The glance stream's name hash (`SeedMixer.nameHash`), computed once.
    static let glancesName = SeedMixer.nameHash("glances.live")

    /// The live-status program reports what happened now. A signal that changes what a glance
    /// would see first lets the glances due until now see the lock screen as it was.
    package func emit(_ signal: LiveStatusSignal) {
        switch signal {
        case .began(let i, let plannedEnd, let times, let account):
            precondition(Int(i) == activities.count, "activities are numbered in order")
            takeGlances(through: now)
            activities.append(MeasuredActivity(start: now, plannedEnd: plannedEnd, end: times.last!, stageTimes: times,
                                               readAt: now, account: account,
                                               drawnAt: Array(filledWith: Time.never, count: times.count)))
            // Someone looks at the lock screen from now, if no glance is coming already.
            lockScreenGlances.resume(at: now)
        case .stageBegan(let i):
            takeGlances(through: now)
            activities[Int(i)].stage += 1
        case .finalUpdateOnItsWay(let i, let arrivesAt):
            activities[Int(i)].finalUpdateArrives = arrivesAt
        case .finalUpdateSentToTheApp(let i, let arrivesAt, let app):
            if isRunning(app) { activities[Int(i)].finalUpdateArrives = arrivesAt }
        case .holds(let i, let content):
            takeGlances(through: now)
            let i = Int(i)
            if content.stage > activities[i].drawn {
                for k in activities[i].drawn..<min(content.stage, activities[i].drawnAt.count) { activities[i].drawnAt[k] = now }
                activities[i].drawn = content.stage
            }
            activities[i].readAt = content.readAt
        case .removed(let i):
            takeGlances(through: now)
            activities[Int(i)].removedAt = now
        }
    }

    /// Takes every glance at the lock screen due at or before `t` (before what it shows changes,
    /// and at the end: `LiveStatusMetrics.swift`).
    func takeGlances(through t: SimTime) {
        lockScreenGlances.catchUp(through: t) { at in glance(at: at) }
    }

    /// Someone looks at the lock screen at `t` (nothing it shows changed since): at the latest
    /// activity's status, if it runs or its status shows. False, taking no glance, when neither:
    /// the glances stop until the next activity begins. A glance in the warm-up is not counted.
    private func glance(at t: SimTime) -> Bool {
        guard let a = activities.last else { return false }
        // On the lock screen until it was removed (its final update, the app's end, or
        // ActivityKit's time limit: each reported as `.removed` when it comes).
        let shown = a.removedAt == Time.never
        guard shown || a.stage < a.stageTimes.count else { return false }
        guard t >= warmup else { return true }
        guard shown else {
            glances += 1
            blankGlances += 1
            return true
        }
        // A clock-driven status draws the later of the stage its plan reaches and the one it
        // holds; a stage the clock draws ahead of every update comes from the plan made at the start.
        let clock = p.live.updates == .clock ? clockReached(a, at: t) : 0
        seen(a, drawnStage: max(clock, a.drawn), readAt: clock > a.drawn ? a.start : a.readAt, at: t)
        return true
    }

    /// The stage a clock-driven status's plan reaches at `t` (`LiveStatusClock`).
    private func clockReached(_ a: MeasuredActivity, at t: SimTime) -> Int {
        LiveStatusClock.stageReached(start: a.start, plannedEnd: a.plannedEnd, stages: a.stageTimes.count, at: t)
    }

    /// A glance at `now` at activity `a`'s status drawing stage `drawn`: as stale as the time
    /// since the earliest stage not shown began (0 when it shows the stage the activity
    /// reached), sampled with the age of what it draws (`live.staleness`, `live.age`, and a
    /// study's time series) and counted as unlabeled stale or at the wrong account.
    private func seen(_ a: MeasuredActivity, drawnStage drawn: Int, readAt: SimTime, at now: SimTime) {
        let account = a.account
        let stale: SimTime
        if a.stage > drawn {
            stale = now - a.stageTimes[drawn]      // the earliest stage not shown began then
        } else {
            stale = 0
        }
        if let trace {
            trace.record(now, "glances", "looks at live", "stage \(drawn) of \(a.stageTimes.count), stale \(Time.seconds(stale)) s")
        }
        glances += 1
        staleness.append(Time.seconds(stale))
        age.append(Time.seconds(now - readAt))
        if let series {
            series.sample(.liveStaleness, Time.seconds(stale), at: now)
            series.sample(.liveAge, Time.seconds(now - readAt), at: now)
        }
        if stale > p.observe.staleAfter { unlabeledStaleGlances += 1 }
        if measure.signedOutAt <= now && account == .first { wrongAccountGlances += 1 }
    }

    /// When the status first showed stage `k` (1…n) or a later one: by an update (a push,
    /// the app's update call or its catch-up), or, for a clock-driven status, when its plan
    /// reached the stage while the status was still shown. `Time.never` if it never did.
    private func firstShown(_ a: MeasuredActivity, stage k: Int) -> SimTime {
        var t = a.drawnAt[k - 1]
        let n = a.stageTimes.count
        if p.live.updates == .clock && k < n {
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
    /// looks at the latest activity (`LiveStatus.current`), so activity i counts from its start until
    /// it is removed or the next one starts. While it draws stage d, its staleness is 0 until
    /// stage d + 1 begins (at `stageTimes[d]`) and then grows with the clock until the status
    /// draws that stage or a later one. Integrated in closed form: glances at a live status
    /// are events of their own stream, and a clock-driven status changes with no event.
    func stalenessTimeAvg(end: SimTime) -> Double {
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

    /// Per ended activity: time its status was still shown as running after it ended —
    /// until it was removed or the platform ended it — beyond the moment its final update
    /// arrived (a final update on its way is delivery, not a stuck status; a lost one never
    /// arrives). The platform's end at `live.maxActive` does not stop it: the status stays on
    /// the lock screen, as it last looked, for up to `live.lingerAfterEnd` more, so a stuck
    /// status lasts at most `live.maxActive + live.lingerAfterEnd` from the start.
    func stuckSamples(end: SimTime) -> [Double] {
        activities.compactMap { a in
            guard a.end >= warmup, a.end < end else { return nil }
            let limit = a.start + p.live.maxActive + p.live.lingerAfterEnd
            let stoppedRunning = min(a.removedAt, limit, end)
            let from = max(a.end, a.finalUpdateArrives ?? a.end)
            if a.finalUpdateArrives != nil && stoppedRunning <= from { return 0 }
            return max(0, Time.seconds(stoppedRunning - from))
        }
    }
}
