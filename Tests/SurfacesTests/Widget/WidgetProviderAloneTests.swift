import XCTest
import SimKernel
@testable import Platform
@testable import Surfaces
@_spi(Assembly) @_spi(AppDesign) @testable import SurfaceCore
@testable import SystemPrograms
@testable import WidgetPrograms
@testable import AppPrograms
@testable import LiveStatusPrograms
@testable import WatchPrograms
@testable import SharePrograms
@testable import ActionsPrograms
@testable import InstantVersionPrograms
@testable import CarPrograms
@testable import TelevisionPrograms

/// The widget provider alone against a harness context (issue 42): a recording widget host and a
/// recording backend stand in for the rest of the world, reached only through its ports. The
/// host's launches are the test's own (`launch(…, first:)`, as the host's launch route does).
final class WidgetProviderAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<WidgetProvider, WidgetProviderInput, WidgetProviderState, WidgetProviderPorts>

    private func parameters(align: Bool = true, jitter: SimTime = 0) -> Parameters {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = 0
        p.widget.enabled = true
        p.widget.reloadAfter = 30 * Time.minute
        p.widget.alignReloads = align
        p.widget.jitter = jitter
        return p
    }

    /// What reached the host, as (when, next reload) for each timeline.
    private func timelines(_ host: Recorder<WidgetHostInput>) -> [(at: SimTime, next: SimTime)] {
        host.received.compactMap { if case .timeline(_, let next, _, _) = $0.input { ($0.at, next.time) } else { nil } }
    }

    /// One timeline build launched at `at`: what the host received, and whether the run still runs after.
    private func build(_ p: Parameters, at: SimTime) -> (timelines: [(at: SimTime, next: SimTime)], requests: Int, running: Bool) {
        let host = Recorder<WidgetHostInput>(1), backend = Recorder<BackendInput>(2)
        let h = Harness(p, peers: [host, backend])
        defer { h.dismantle() }
        h.run(until: at)
        XCTAssertTrue(h.engine.launch(h.address, by: .system, first: .buildTimeline(.hint)))
        h.run(until: at + Time.minute)
        return (timelines(host), backend.received.count, h.engine.isRunning(h.address))
    }

    /// The reload hint it hands the host (`widget.reloadAfter`, docs/model.md#widget): a build at
    /// 40 min asks for 60 min when reloads fall on round clock times, one at 60 min for 90 min
    /// (the next round time, not now), and 70 min when they do not; each run hands over one timeline at once, asks
    /// the backend nothing (it does not fetch its own data) and ends.
    func testItHandsTheHostOneTimelineWithItsReloadHintAndEnds() {
        for (p, at, next) in [(parameters(), 40 * Time.minute, 60 * Time.minute),
                              (parameters(), 60 * Time.minute, 90 * Time.minute),
                              (parameters(align: false), 40 * Time.minute, 70 * Time.minute)] {
            let r = build(p, at: at)
            XCTAssertEqual(r.timelines.map(\.at), [at], "built at \(Time.seconds(at)) s")
            XCTAssertEqual(r.timelines.map(\.next), [next], "built at \(Time.seconds(at)) s")
            XCTAssertEqual(r.requests, 0)
            XCTAssertFalse(r.running, "the run ends with its timeline")
        }
    }

    /// With `widget.jitter` the hint is the aligned time plus a uniform draw below the jitter:
    /// over 200 seeds every hint lies in [60 min, 65 min) and they spread over it (the draws'
    /// mean of 2.5 min within 4 standard errors: σ = 5/√12 min, √200 draws).
    func testJitterAddsAUniformDrawBelowIt() {
        var offsets: [Double] = []
        for seed in UInt64(1)...200 {
            let host = Recorder<WidgetHostInput>(1), backend = Recorder<BackendInput>(2)
            let h = Harness(parameters(jitter: 5 * Time.minute), seed: seed, peers: [host, backend])
            h.run(until: 40 * Time.minute)
            XCTAssertTrue(h.engine.launch(h.address, by: .system, first: .buildTimeline(.hint)))
            h.run(until: 41 * Time.minute)
            let next = timelines(host).map(\.next)
            h.dismantle()
            XCTAssertEqual(next.count, 1, "seed \(seed)")
            guard let t = next.first else { continue }
            XCTAssertTrue(t >= 60 * Time.minute && t < 65 * Time.minute, "seed \(seed): \(Time.seconds(t)) s")
            offsets.append(Time.seconds(t - 60 * Time.minute) / 60)
        }
        let mean = offsets.reduce(0, +) / Double(offsets.count)
        XCTAssertEqual(mean, 2.5, accuracy: 4 * (5 / 12.0.squareRoot()) / 200.0.squareRoot())
    }

    /// The gallery's preview (docs/model.md#the-gallery-preview): a run that draws it hands the
    /// host the fixture view and ends; one killed for memory before drawing leaves the gallery
    /// the platform's placeholder (no view), and neither hands over a timeline.
    func testAPreviewRunKilledForMemoryLeavesTheGalleryNoView() {
        for killed in [false, true] {
            let p = parameters()
            let host = Recorder<WidgetHostInput>(1), backend = Recorder<BackendInput>(2)
            let h = Harness(p, peers: [host, backend])
            defer { h.dismantle() }
            let limit = killed ? p.widget.providerMemory - 1 : p.widget.memoryLimit
            XCTAssertTrue(h.engine.launch(h.address, by: .system, limits: ProcessLimits(memoryLimit: limit), first: .buildPreview))
            h.run(until: Time.minute)
            let previews = host.received.compactMap { if case .preview(let v) = $0.input { v } else { nil } }
            XCTAssertEqual(previews.count, 1, "killed: \(killed)")
            XCTAssertTrue(timelines(host).isEmpty)
            guard let v = previews.first else { continue }
            if killed {
                XCTAssertEqual(v, .noView)
                XCTAssertEqual(h.engine.record(h.address).endCount(.killedForMemory), 1)
            } else {
                XCTAssertEqual(h.os.viewsInFlight[v.index].kind, ViewKind.fixture)
                XCTAssertFalse(h.engine.isRunning(h.address))
            }
        }
    }
}
