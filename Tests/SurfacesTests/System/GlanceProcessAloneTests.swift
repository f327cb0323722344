import XCTest
import SimKernel
import Platform
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

/// The person looking alone against a harness context (issue 42): a recording watch app stands
/// in for the watch a look reaches. Glances at the widget and the app are the measurement
/// layer's (no event); what this program sends is the looks at the watch.
final class GlanceProcessAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<GlanceProcess, GlanceInput, GlanceState, GlancePorts>

    private func glances(watch enabled: Bool, lifetime: WatchLifetime, seed: UInt64) -> [(at: SimTime, input: WatchAppInput)] {
        var p = Parameters()
        p.duration = 10 * Time.day
        p.observe.warmup = 0
        p.observe.watchGlances = Rate(perHour: 3)
        p.watch.enabled = enabled
        p.watch.lifetime = lifetime
        let watchApp = Recorder<WatchAppInput>(1)
        let h = Harness(p, seed: seed, peers: [watchApp])
        defer { h.dismantle() }
        h.engine.launch(h.address.process, by: .system)
        h.program.start()
        h.run(until: p.duration)
        return watchApp.received
    }

    /// Glances at the watch reach the watch app's port at `observe.watchGlances` (3 an hour):
    /// 720 over 10 days (sd 26.8, 4 sd allowed), each a glance, whether the look is delivered to
    /// a watch app running all day or brings up one that lives when looked at.
    func testLooksAtTheWatchReachItAtTheirRate() {
        for lifetime in [WatchLifetime.allDay, .whenLooked] {
            let looks = glances(watch: true, lifetime: lifetime, seed: 2)
            XCTAssertEqual(Double(looks.count), 720, accuracy: 4 * 720.0.squareRoot(), "\(lifetime)")
            XCTAssertTrue(looks.allSatisfy { if case .glance = $0.input { true } else { false } }, "\(lifetime)")
        }
    }

    /// An app with no watch app: nobody looks at a watch.
    func testWithoutAWatchAppNothingIsSent() {
        XCTAssertTrue(glances(watch: false, lifetime: .allDay, seed: 2).isEmpty)
    }
}
