import XCTest
import SimKernel
import Surfaces
import TestSupport

/// The car connection's keep-alive (docs/model.md#keep-alives): the car's program asks the
/// system to keep the phone app running for a drive and gives the keep-alive back at its end;
/// the app hears each as a notice at that instant, and keeps what it was told.
final class CarKeepAliveTests: XCTestCase {
    /// Projected, the phone online: at every drive's start the app is told of the keep-alive
    /// before the car scene's wake reaches it (so the wake fills the templates and starts the
    /// sync timer), and at every drive's end that it was withdrawn, both at the car's instant.
    /// (A drive that comes while one is under way connects nothing.)
    func testTheAppHearsTheCarsKeepAliveAtTheDrivesStartAndEnd() {
        var p = CarSurfaceTests.car(.projected)
        p.network.offlinePerDay = 0
        let granted = "keepAlive(KeepAliveNotice(granted: [carConnection]))"
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
            XCTAssertTrue(grants.count == arrivals.count || grants.count == arrivals.count + 1,
                          "\(what): one grant per drive (\(grants.count) for \(arrivals.count) drives ended)")
            for g in grants {
                XCTAssertTrue(drivesCalled.contains(appHeard[g].time), "\(what): granted at a drive's start")
                XCTAssertEqual(appHeard[g + 1].details, "backgroundWake(system)", "\(what): the car scene's wake comes next")
                XCTAssertEqual(appHeard[g + 1].time, appHeard[g].time, "\(what): at the same instant")
            }
            XCTAssertEqual(appHeard.filter { $0.details == withdrawn }.map(\.time), arrivals, "\(what): withdrawn as each drive ends")
            drives += arrivals.count
        }
        XCTAssertGreaterThan(drives, 30)
    }
}
