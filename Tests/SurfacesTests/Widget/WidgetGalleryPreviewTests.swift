import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// The widget gallery's preview (docs/model.md#the-gallery-preview; the chapter's "Snapshot: a
/// realistic single entry for previews, gallery display"): when the user opens the gallery the
/// system asks the provider for a preview, which must be drawn from fixture data; drawn from the
/// account's data it shows that data in the gallery.
final class WidgetGalleryPreviewTests: XCTestCase {
    /// An app-fed widget whose projection is readable always (so an account-data preview always
    /// has data to draw), and the gallery opened 24 times a day.
    private func gallery(_ preview: WidgetPreview) -> Parameters {
        var p = WidgetSetUp.appFed(opensPerHour: 1, editsPerHour: 1, days: 4)
        p.widget.galleryOpensPerDay = 24
        p.widget.preview = preview
        return p
    }

    /// Previews after the warm-up, read from the event log.
    private func previews(_ trace: TraceLog, after warmup: SimTime) -> [TraceRecord] {
        trace.records.filter { $0.process == "gallery" && $0.event == "preview" && $0.time >= warmup }
    }

    func testFixturePreviewNeverShowsTheAccount() {
        let p = gallery(.fixture)
        var shown = 0
        for seed in WidgetSeeds.range(1_300..<1_304) {
            let trace = TraceLog()
            let r = Replication.run(p, seed: seed, trace: trace)
            let seen = previews(trace, after: p.observe.warmup)
            shown += seen.count
            XCTAssertTrue(seen.allSatisfy { $0.details == "fixture" }, "seed \(seed): a preview was not the fixture")
            XCTAssertEqual(r[value: .widgetPreviewShowsAccount], 0, "seed \(seed): a fixture preview showed the account")
        }
        XCTAssertGreaterThan(shown, 200, "too few gallery opens to tell")
    }

    func testAccountDataPreviewAlwaysShowsTheAccount() {
        let p = gallery(.accountData)
        var shown = 0
        for seed in WidgetSeeds.range(1_300..<1_304) {
            let trace = TraceLog()
            let r = Replication.run(p, seed: seed, trace: trace)
            let seen = previews(trace, after: p.observe.warmup)
            shown += seen.count
            XCTAssertTrue(seen.allSatisfy { $0.details.hasPrefix("data(") && $0.details.contains("account: first") },
                          "seed \(seed): a preview drawn from the account's data showed something else")
            XCTAssertEqual(r[value: .widgetPreviewShowsAccount], 1, "seed \(seed)")
        }
        XCTAssertGreaterThan(shown, 200, "too few gallery opens to tell")
    }

    /// A preview is not a reload: it spends no budget and leaves the widget's own views as they
    /// were without a gallery (the same staleness samples and reloads, seed for seed).
    func testPreviewsLeaveTheWidgetAsItWas() {
        var none = gallery(.fixture)
        none.widget.galleryOpensPerDay = 0
        for seed in WidgetSeeds.range(1_310..<1_312) {
            let a = Replication.run(none, seed: seed), b = Replication.run(gallery(.fixture), seed: seed)
            XCTAssertEqual(a[samples: .widgetStaleness], b[samples: .widgetStaleness], "seed \(seed)")
            XCTAssertEqual(a[value: .widgetReloads], b[value: .widgetReloads], "seed \(seed)")
            XCTAssertTrue(a[value: .widgetPreviewShowsAccount].isNaN, "seed \(seed): no gallery, no preview")
        }
    }
}
