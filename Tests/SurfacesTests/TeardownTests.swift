import SimKernel
import XCTest
@testable import Surfaces

/// A replication frees its world: the programs hold their world and its operating system
/// strongly (so that calling a platform service costs no reference counting), and
/// `World.dismantle()` breaks those cycles (docs/model.md#the-kernel). A cycle left would keep
/// every replication's world alive until the study ends.
final class TeardownTests: XCTestCase {
    func testADismantledWorldAndItsSystemAreFreed() {
        weak var world: World?
        weak var os: OperatingSystem?
        weak var app: MainApp?
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
        }
        XCTAssertNil(world, "the world outlived its replication")
        XCTAssertNil(os, "the operating system outlived its replication")
        XCTAssertNil(app, "a program outlived its replication")
    }
}
