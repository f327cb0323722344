import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The car connection's keep-alive (docs/model.md#keep-alives): the car's program asks the
/// system to keep the phone app running for a drive and gives the keep-alive back at its end;
/// the app hears each as a notice at that instant, and keeps what it was told.
final class CarKeepAliveTests: XCTestCase {
    /// Projected, the phone online: at every drive's start the app's car scene connects, and the
    /// notice that wakes it names the car's keep-alive (so it fills the templates and starts the
    /// sync timer), and at every drive's end it is told the keep-alive was withdrawn, both at the
    /// car's instant, one notice each. (A drive that comes while one is under way connects nothing.)
    func testTheAppHearsTheCarsKeepAliveAtTheDrivesStartAndEnd() {
        var p = CarSurfaceTests.car(.projected)
        p.network.offlinePerDay = 0
        let granted = "carSceneConnected(keptAlive: [carConnection])"
        let withdrawn = "keepAlive(KeepAliveNotice(withdrawn: [carConnection]))"
        var drives = 0
        for seed in 0..<3 as Range<UInt64> {
            let log = TraceLog()
            _ = Replication.run(p, seed: 13_300 + seed, trace: log)
            let records = log.records
            let arrivals = log.times("car", "receive", details: "arrive")
            let drivesCalled = Set(log.times("car", "receive", details: "drive"))
            let appHeard = records.filter { $0.process == "app" && $0.event == "receive" }
            let grants = appHeard.indices.filter { appHeard[$0].details == granted }
            let what = "seed \(13_300 + seed)"
            XCTAssertFalse(appHeard.contains { $0.details.hasPrefix("keepAlive(KeepAliveNotice(granted") }, "\(what): no second notice of the grant")
            XCTAssertTrue(grants.count == arrivals.count || grants.count == arrivals.count + 1,
                          "\(what): one grant per drive (\(grants.count) for \(arrivals.count) drives ended)")
            for g in grants {
                XCTAssertTrue(drivesCalled.contains(appHeard[g].time), "\(what): the scene connects at a drive's start")
            }
            XCTAssertEqual(appHeard.filter { $0.details == withdrawn }.map(\.time), arrivals, "\(what): withdrawn as each drive ends")
            drives += arrivals.count
        }
        XCTAssertGreaterThan(drives, 30)
    }
}
