import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// Timelines of several entries (§25.4; docs/model.md#timelines): data whose own schedule
/// moves on (a countdown's minute, an agenda's next event) is drawn by the host from entries
/// the provider prepared, swapped on time with no code running; a timeline of one entry is
/// drawn at its reload and stays until the next.
final class WidgetTimelineTests: XCTestCase {
    /// Reloads only at the timeline's own hints, every 30 minutes on round clock times, with no
    /// delay; slots of 10 minutes; nobody opens the app or changes anything.
    private func hintsOnly(_ timeline: WidgetTimeline) -> Parameters {
        var p = WidgetSetUp.closedForm(days: 3)
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 0)
        p.push.onChange = false
        p.widget.reloadAfter = 30 * Time.minute
        p.widget.alignReloads = true
        p.widget.jitter = 0
        p.widget.slotEvery = 10 * Time.minute
        p.widget.timeline = timeline
        return p
    }

    private func slotStaleness(_ p: Parameters, seeds: [UInt64]) -> [Double] {
        seeds.flatMap { Replication.run(p, seed: $0).samples[Metric.widgetSlotStaleness.rawValue] }
    }

    /// Scheduled entries: an entry for the slot starting at t is shown from t, so every glance
    /// sees the current slot (slot staleness 0), whatever the time between reloads.
    func testScheduledEntriesAreShownOnTime() {
        let samples = slotStaleness(hintsOnly(.scheduledEntries), seeds: WidgetSeeds.range(1..<5))
        XCTAssertGreaterThan(samples.count, 500)
        XCTAssertEqual(samples.max(), 0, "a glance saw an entry after its slot ended")
    }

    /// One entry per reload: a reload at a round half hour t draws slot t/10 min, which ends at
    /// t + 10 min; a glance at a uniform moment of the half hour sees it u − 10 min late for
    /// u in (10, 30) min and on time before. Mean (1/30)∫₁₀³⁰(u − 10)du = 20/3 min = 400 s; the
    /// second moment (1/30)∫₀²⁰x²dx gives a standard deviation of 400 s too. With about 1,500
    /// glances the mean's standard error is about 10 s; the bound is four of them.
    func testOneEntryPerReloadIsLateByTheClosedForm() {
        let samples = slotStaleness(hintsOnly(.oneEntry), seeds: WidgetSeeds.range(1..<9))
        XCTAssertGreaterThan(samples.count, 1_200)
        let mean = samples.reduce(0, +) / Double(samples.count)
        let bound = 4 * 400 / Double(samples.count).squareRoot()
        XCTAssertEqual(mean, 400, accuracy: bound, "mean slot staleness \(mean) s over \(samples.count) glances")
        XCTAssertEqual(samples.max()!, 1200, accuracy: 60, "the latest a glance can be is 20 minutes")
    }

    /// Data with no schedule of its own gives no slot samples, and the timeline setting changes
    /// nothing else: every other figure is the same with either timeline.
    func testWithoutAScheduleTheTimelineChangesNothing() {
        var one = hintsOnly(.oneEntry)
        one.widget.slotEvery = 0
        var scheduled = one
        scheduled.widget.timeline = .scheduledEntries
        let a = Replication.run(one, seed: 3), b = Replication.run(scheduled, seed: 3)
        XCTAssertEqual(a.samples[Metric.widgetSlotStaleness.rawValue], [])
        XCTAssertEqual(a.samples[Metric.widgetStaleness.rawValue], b.samples[Metric.widgetStaleness.rawValue])
        XCTAssertEqual(a.events, b.events)
    }
}
