import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// A configured target renamed elsewhere (docs/model.md#configured-targets): the same object,
/// a new name, which the widget draws from its next reload on.
final class WidgetRenamedTargetTests: XCTestCase {
    /// Renames elsewhere at 24 a day (the configured object, one of eight, about three times a
    /// day) and nothing else changing; zero delays.
    private func renames(_ configuration: WidgetConfiguration, appFed: Bool) -> Parameters {
        var p = appFed ? WidgetSetUp.appFed(opensPerHour: 0.5, editsPerHour: 0, days: 6) : WidgetSetUp.closedForm(days: 6)
        p.elsewhere.edits = Rate(perHour: 0)
        p.elsewhere.renamesPerDay = 24
        p.widget.configuration = configuration
        p.push.wakeRefusal = 0
        return p
    }

    /// Fed only by the app's opens, the widget shows the configured object's old name from each
    /// rename of it until the next provider run, and its new name from then on: exactly the
    /// glances that fall between a rename of object 2 (position 2: nothing is deleted) and the
    /// next run are stale. Remembered by position, it is the same object, so the same glances.
    func testWidgetShowsTheNewNameFromItsNextReloadOn() {
        for configuration in WidgetConfiguration.allCases {
            let p = renames(configuration, appFed: true)
            var stale = 0
            for seed in WidgetSeeds.range(1_500..<1_504) {
                let trace = TraceLog()
                let r = Replication.run(p, seed: seed, trace: trace)
                let renamed = trace.receiveTimes("backend", "renameObject(index: 2)")
                let runs = trace.providerRuns
                let glances = trace.records.filter { $0.process == "glances" && $0.event == "looks at widget" && $0.time >= p.observe.warmup }
                XCTAssertTrue(glances.allSatisfy { $0.details.hasPrefix("data") }, "seed \(seed)")
                let expected = glances.filter { g in
                    guard let rename = renamed.last(where: { $0 <= g.time }) else { return false }
                    return !runs.contains { $0 >= rename && $0 <= g.time }
                }.count
                stale += expected
                XCTAssertEqual(r[value: .widgetStaleName], Double(expected) / Double(glances.count), accuracy: 1e-12,
                               "seed \(seed), \(configuration): stale-name glances")
            }
            XCTAssertGreaterThan(stale, 30, "\(configuration): too few glances after a rename to tell")
        }
    }

    /// With the change the rename makes pushed to the app at once, the app syncs, rewrites the
    /// projection and asks for a reload at the rename's instant (zero delays): no glance shows
    /// the old name, though the widget does show renamed objects.
    func testPushedRenameIsDrawnAtOnce() {
        let p = renames(.stableIdentifier, appFed: false)
        for seed in WidgetSeeds.range(1_510..<1_513) {
            let trace = TraceLog()
            let r = Replication.run(p, seed: seed, trace: trace)
            XCTAssertEqual(r[value: .widgetStaleName], 0, "seed \(seed): a glance showed the old name")
            XCTAssertTrue(trace.records.contains { $0.process == "widget" && $0.event == "shows" && $0.details.contains("name: ") },
                          "seed \(seed): the widget never drew a renamed object")
        }
    }

    /// Without renames nothing is stale by name.
    func testNoRenamesNoStaleNames() {
        var p = renames(.stableIdentifier, appFed: true)
        p.elsewhere.renamesPerDay = 0
        XCTAssertEqual(Replication.run(p, seed: WidgetSeeds.range(1_520..<1_521)[0])[value: .widgetStaleName], 0)
    }
}
