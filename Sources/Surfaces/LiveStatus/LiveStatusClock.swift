import SimKernel

/// A clock-driven status's drawing (`live.updates = clock`; docs/model.md#live-status): between
/// updates the widget extension draws the stage the activity's plan reaches by the clock. The
/// live-status program draws it so, and the measurement layer's glances see it so
/// (`LiveStatusSignals`).
package enum LiveStatusClock {
    /// The stage the plan of an activity started at `start`, planned to end at `plannedEnd`, of
    /// `stages` stages, reaches at `t`: by the planned times, never past the last before the end.
    @inline(__always)
    package static func stageReached(start: SimTime, plannedEnd: SimTime, stages n: Int, at t: SimTime) -> Int {
        let span = max(plannedEnd - start, 1)
        return Int(min((t - start) * SimTime(n) / span, SimTime(n - 1)))
    }
}
