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

/// The instant version alone against a harness context (issue 42): it has no peers (its uses,
/// installs and removal checks are its own timers), so what it does is what it keeps in its
/// containers, which the full app's first launch reads.
final class InstantVersionAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<InstantVersion, InstantVersionInput, InstantVersionState, NoPorts>

    /// Uses only as the test sends them (`instant.usesPerDay` 0), none leading to an install on
    /// its own (`instant.installAfterUse` 0), removed after 30 days unused.
    private func harness(handover: Bool) -> Harness {
        var p = Parameters()
        p.duration = 200 * Time.day
        p.observe.warmup = 0
        p.instant.usesPerDay = 0
        p.instant.installAfterUse = 0
        p.instant.removedAfter = 30 * Time.day
        p.instant.handover = handover
        let h = Harness(p, peers: [])
        h.engine.launch(h.address.process, by: .system)
        h.program.start()
        return h
    }

    /// With the handover design, a use's state is in both its container and its handover area
    /// until the full app is installed, which takes it out of both (the full app's container is
    /// the handover area's state). Unused for the whole removal period, the instant version is
    /// removed with both; a use within the period keeps the earlier uses' state past it.
    func testRemovalAfterTheUnusedPeriodAndHandoverAtInstall() {
        let h = harness(handover: true)
        defer { h.dismantle() }
        h.send(.use)                                              // use 0, at 0
        h.run(until: Time.day)
        XCTAssertEqual(h.program.state.ownContainer, [0])
        XCTAssertEqual(h.program.state.handoverArea, [0])
        h.send(.install(use: 0))
        h.run(until: 2 * Time.day)
        XCTAssertTrue(h.program.state.ownContainer.isEmpty && h.program.state.handoverArea.isEmpty, "installed: moved out")

        h.send(.use)                                              // use 1, at 2 days
        h.send(.use, after: 20 * Time.day)                        // use 2, at 22 days
        h.run(until: 2 * Time.day + 30 * Time.day + Time.hour)    // use 1's period is over, not use 2's
        XCTAssertEqual(h.program.state.handoverArea, [1, 2], "used within the period: nothing removed")
        h.run(until: 22 * Time.day + 30 * Time.day - Time.hour)
        XCTAssertEqual(h.program.state.ownContainer, [1, 2], "not yet 30 days since the last use")
        h.run(until: 22 * Time.day + 30 * Time.day + Time.hour)
        XCTAssertTrue(h.program.state.ownContainer.isEmpty, "unused 30 days: removed")
        XCTAssertTrue(h.program.state.handoverArea.isEmpty, "with its handover area")
        XCTAssertEqual(h.program.state.uses, 3)
    }

    /// Without the handover design, a use leaves state in its own container only: installing
    /// the full app leaves it nothing to move.
    func testWithoutHandoverNothingReachesTheHandoverArea() {
        let h = harness(handover: false)
        defer { h.dismantle() }
        h.send(.use)
        h.run(until: Time.hour)
        XCTAssertEqual(h.program.state.ownContainer, [0])
        XCTAssertTrue(h.program.state.handoverArea.isEmpty)
        XCTAssertEqual(h.program.state.lastUsedAt, 0)
    }

    /// Its uses are its own timer at `instant.usesPerDay`, drawn from its own stream seeded as
    /// the `instant` stream of the replication: 2 a day over 100 days, the count of uses is
    /// Poisson with mean 200 (sd 14.1): within 4 sd.
    func testItsUsesArriveAtItsRate() {
        var p = Parameters()
        p.duration = 100 * Time.day
        p.observe.warmup = 0
        p.instant.usesPerDay = 2
        p.instant.installAfterUse = 0
        let h = Harness(p, seed: 7, peers: [])
        defer { h.dismantle() }
        h.engine.launch(h.address.process, by: .system)
        h.program.start()
        h.run(until: p.duration)
        XCTAssertEqual(Double(h.program.state.uses), 200, accuracy: 4 * 200.0.squareRoot())
    }
}
