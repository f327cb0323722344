import SimKernel
import XCTest
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

/// A replication frees its world: the programs hold their world, its operating system, its
/// measurement layer and its changes' journeys strongly (so that a call costs no reference
/// counting), they hold the engine, and the engine holds the programs;
/// `World.dismantle()` breaks those cycles (docs/model.md#the-kernel). A cycle left would keep
/// every replication's world alive until the study ends.
final class TeardownTests: XCTestCase {
    func testADismantledWorldAndItsSystemAreFreed() {
        weak var world: World?
        weak var os: OperatingSystem?
        weak var app: MainApp?
        weak var engine: Engine?
        weak var measure: SurfaceCore.Measurement?
        weak var changes: ChangeJourneys?
        do {
            var p = Parameters()
            p.duration = 6 * Time.hour
            let w = World(p, seed: 3)
            let assembly = Assembly(world: w)
            assembly.start()
            w.engine.run(until: p.duration)
            _ = assembly.report()
            w.dismantle()
            (world, os, app) = (w, w.os, assembly.app)
            (engine, measure, changes) = (w.engine, w.measure, w.changes)
        }
        XCTAssertNil(world, "the world outlived its replication")
        XCTAssertNil(os, "the operating system outlived its replication")
        XCTAssertNil(app, "a program outlived its replication")
        XCTAssertNil(engine, "the engine outlived its replication")
        XCTAssertNil(measure, "the measurement layer outlived its replication")
        XCTAssertNil(changes, "the changes' journeys outlived its replication")
    }
}
