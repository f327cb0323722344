import Foundation
import XCTest
import Platform
import SimKernel
@testable import Study
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

/// A surface added through the one registry call the built-in list goes through
/// (`SurfaceRegistry.add`, issue 42 item 4): a doorbell, a program launched by a device notice
/// (as the system launches a built-in program, along a launch route its declaration gives:
/// `AssembledProgram.launchedByNotice`), that reads the shared storage area and reports one
/// metric. It lives in this test target only; no test surface ships in the product.
///
/// The registry is fixed at its first read, and this process's other tests read it, so the
/// study runs in a child: the test runs this same test binary on itself with
/// `SURFACESIM_DOORBELL_CHILD` set, and the child adds the doorbell before anything reads a
/// catalogue, runs a study into a temporary folder and checks its summary.csv.
final class DoorbellSurfaceTests: XCTestCase {
    static let childVariable = "SURFACESIM_DOORBELL_CHILD"

    func testAnAddedSurfacesMetricReachesSummary() throws {
        if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
            try runAsChild()
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["StudyTests.DoorbellSurfaceTests/testAnAddedSurfacesMetricReachesSummary"]
        process.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: "1"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the child's study with the doorbell failed:\n\(text)")
        XCTAssertTrue(text.contains("Executed 1 test"), "the child ran no test:\n\(text)")
    }

    /// In the child: the doorbell added before the first read, launched by each notice in one
    /// replication's trace, then a study run and its metric read back.
    private func runAsChild() throws {
        SurfaceRegistry.add(.doorbell)
        XCTAssertEqual(Replication.programNames.last, "doorbell")
        try checkLaunchedByNotices()
        let fixture = try StudyFixture("""
        { name: "doorbell", duration: "1d", replications: 4, seed: 7, network: {offline: {perDay: 6}} }
        """)
        fixture.cli(["run", fixture.scenario, "--out", fixture.path("out"), "--quiet"])
        let summary = try String(contentsOfFile: fixture.path("out/summary.csv"), encoding: .utf8)
        let row = try XCTUnwrap(summary.split(separator: "\n").first { $0.hasPrefix("0,doorbell.rings,") },
                                "summary.csv has no doorbell.rings row")
        let mean = try XCTUnwrap(Double(row.split(separator: ",")[3]))
        // Six offline periods a day, each an offline and an online notice, with the widget's
        // projection in the shared storage area from time 0: the doorbell rings at each.
        XCTAssertGreaterThan(mean, 4, String(row))
        XCTAssertTrue(try String(contentsOfFile: fixture.path("out/runs.csv"), encoding: .utf8)
                        .split(separator: "\n")[0].hasSuffix(",doorbell.rings"), "its column follows every built-in one")
    }
}

extension DoorbellSurfaceTests {
    /// One day of six offline periods a day and no restart, traced: the doorbell does not run at time 0; each offline
    /// and online notice launches it, by the system, and its run handles that notice and ends
    /// at once, so it is launched as many times as those notices came, at their times.
    func checkLaunchedByNotices() throws {
        var p = Parameters()
        p.duration = Time.day
        p.network.offlinePerDay = 6
        p.device.restartsPerDay = 0         // the network's notices only
        let log = TraceLog()
        let result = Replication.run(p, seed: 7, trace: log)
        let doorbell = log.records.filter { $0.process == "doorbell" }
        let launches = doorbell.filter { $0.event == "launched" }
        let notices = log.records.filter { $0.process == "device" && $0.event == "receive" && ($0.details == "offline" || $0.details == "online") }
        XCTAssertFalse(notices.isEmpty, "no offline period in the day")
        XCTAssertEqual(launches.map(\.time), notices.map(\.time), "launched at each network notice")
        XCTAssertTrue(launches.allSatisfy { $0.details == "system" && $0.time > 0 })
        XCTAssertEqual(doorbell.filter { $0.event == "ended" }.count, launches.count, "each run ends after its ring")
        XCTAssertEqual(result.values[Metric.named("doorbell.rings").rawValue], Double(launches.count),
                       "the widget's projection is in the shared storage area all day: every ring finds it")
    }
}

/// What the doorbell is launched for: a platform notice.
enum DoorbellInput {
    case notice(DeviceNotice)
}

/// The doorbell: the system launches it for each device notice; its run looks into the shared
/// storage area, counts the ring if it found data there, and ends.
final class Doorbell: SurfaceProgram<DoorbellInput, Int, NoPorts>, SetUpProgram, AssembledProgram {
    typealias Input = DoorbellInput

    /// The one OS capability it declares: the shared storage area it looks into.
    let sharedStorage: SharedStorageService
    /// The measurement layer's record of its signals, which it only emits into.
    let signals: DoorbellSignals

    required init(_ setup: ProgramSetup) {
        sharedStorage = setup.platform.sharedStorage
        signals = setup.measure.signals(DoorbellSignals.self)
        super.init(setup, state: 0)
    }

    /// It keeps nothing across its runs.
    override func discardMemory() {}

    override func receive(_ input: DoorbellInput) {
        switch input {
        case .notice:
            if sharedStorage.readProjection() != nil { signals.emit(.rang) }
            context.end()
        }
    }

    static var programName: String { "doorbell" }
    static func launchedByNotice(_ p: Parameters) -> ((DeviceNotice) -> DoorbellInput)? { { .notice($0) } }
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .notStarted }
}

extension SurfaceDescriptor {
    /// The doorbell surface: its program and its one metric, no parameters.
    static let doorbell = SurfaceDescriptor(
        name: "doorbell",
        programs: [Doorbell.self],
        parameters: [],
        metrics: [{
            SurfaceMetrics(surface: "doorbell", metrics: [
                MetricSpec(name: "doorbell.rings", unit: "count", shape: .perReplication,
                           doc: "device notices the doorbell heard with data in the shared storage area"),
            ]) { measure, _, report in
                report.record(Double(measure.signals(DoorbellSignals.self).rings), for: "doorbell.rings")
            }
        }],
        costSurfaces: [],
        credentials: [],
        accountHolders: [])
}

/// What the doorbell emits for measurement: it rang, with data in the shared storage area.
enum DoorbellSignal {
    case rang
}

/// What the measurement layer keeps of the doorbell's signals: its rings, all day.
final class DoorbellSignals: SurfaceSignals {
    fileprivate var rings = 0

    func emit(_ signal: DoorbellSignal) {
        switch signal {
        case .rang: rings += 1
        }
    }
}
