import Foundation
import XCTest
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
import SimKernel

/// No accepted value crashes or crawls: every rate and every duration of the parameter
/// catalogue (read from the catalogue, kind by kind) at the smallest and the largest value its
/// range accepts, and at the smallest positive one, is decoded as `--set` decodes it, checked as
/// `validate` checks it, and run for a few simulated hours with every surface on and the
/// models' invariants checked. Each run must end with no violation and within
/// `eventsPerHourLimit` events per simulated hour begun (the run is stepped a second at a time
/// and stopped the moment it passes the limit, so a crawl fails the test instead of hanging it).
///
/// Checked against the code before the fixes: 15 rates trapped at 1e-12 a day
/// (`SimTime(_:)` of a delay past the clock's range) and `device.unlockedPeriod=1us` passed
/// the limit in its first hour (a lock cycle per microsecond).
final class ParameterExtremesTests: XCTestCase {
    /// Far above what any accepted value makes (every rate at one a second gives a few
    /// hundred thousand), far below a model looping on a microsecond timer (3.6 × 10⁹ an hour).
    static let eventsPerHourLimit = 2_000_000
    /// The simulated hours each value runs.
    static let hours = 3

    /// Every surface on, a short replication, no warm-up.
    static let study = """
    {
      name: "extremes", duration: "\(hours)h", replications: 1, seed: 5,
      observe: {warmup: "0s"},
      surfaces: ["widget", "live", "watch", "share", "action", "instant", "car", "tv"],
    }
    """

    /// The values to try for `spec`, as `--set` text: the range's ends and the smallest
    /// positive value (nil: not a rate or a duration).
    static func extremes(_ spec: ParameterSpec) -> [String]? {
        guard let range = spec.range else { return nil }
        switch spec.kind {
        case .rate, .nonNegative:
            let lowest = range.lowerExclusive ? range.lower.nextUp : range.lower
            return [lowest, Double.leastNonzeroMagnitude, 1e-12, range.upper]
                .filter(range.contains).map { "\($0)" }
        case .time, .optionalTime, .timeDistribution:
            let second = 1e6
            let lowest = Int64((range.lower * second).rounded()) + (range.lowerExclusive ? 1 : 0)
            let values = [lowest, Swift.max(lowest, 1), Int64((range.upper * second).rounded())]
            return Array(Set(values)).sorted().map { Units.formatDuration($0) }
        default:
            return nil
        }
    }

    func testEveryRateAndDurationRunsAtBothEndsOfItsRange() throws {
        let f = try StudyFixture(Self.study)
        var (rates, durations, tried, refusedByACheck) = (0, 0, 0, [String]())
        for spec in ParameterCatalog.all() {
            guard let values = Self.extremes(spec) else { continue }
            if spec.kind == .rate || spec.kind == .nonNegative { rates += 1 } else { durations += 1 }
            var accepted = 0
            for value in values {
                let setting = "\(spec.path)=\(value)"
                let scenario: Scenario
                do {
                    scenario = try ScenarioLoader.load(path: f.scenario, overrides: [setting])
                } catch {
                    // Within the range but refused by a check across values (a warm-up as long as
                    // the replication, a slot of less than a second): not accepted, so not run.
                    XCTAssertFalse(error.description.contains("expected a") && error.description.contains("from"),
                                   "\(setting) is inside its range but refused by it: \(error)")
                    refusedByACheck.append(setting)
                    continue
                }
                accepted += 1
                tried += 1
                try run(scenario.parameters(ofPoint: 0), setting)
            }
            XCTAssertGreaterThanOrEqual(accepted, 2, "\(spec.path): its smallest and its largest value are accepted")
        }
        XCTAssertGreaterThanOrEqual(rates, 26, "every rate of the catalogue")
        XCTAssertGreaterThanOrEqual(durations, 38, "every duration of the catalogue")
        XCTAssertLessThanOrEqual(refusedByACheck.count, 4, "only the cross-value checks refuse: \(refusedByACheck)")
        XCTAssertGreaterThan(tried, 200)
        print("ParameterExtremesTests: \(rates) rates, \(durations) durations, \(tried) values run, refused by a check: \(refusedByACheck)")
    }

    /// One replication of `p`, a second at a time (a `duration` of 1000 days: its first hours).
    private func run(_ p: Parameters, _ setting: String) throws {
        let world = World(p, seed: 17)
        let assembly = Assembly(world: world)
        world.engine.checksInvariants = true
        assembly.start()
        let end = Swift.min(p.duration, SimTime(Self.hours) * Time.hour)
        var t = SimTime(0)
        while t < end {
            // A simulated second at a time: a model that crawls passes the limit within its first.
            t = Swift.min(end, t + Time.second)
            world.engine.run(until: t)
            let events = world.engine.eventsDispatched
            let hours = Swift.max(1, Int((t + Time.hour - 1) / Time.hour))
            guard events <= Self.eventsPerHourLimit * hours else {
                world.dismantle()
                return XCTFail("\(setting): \(events) events by \(Time.seconds(t)) simulated seconds: the model crawls")
            }
        }
        let result = assembly.report()
        world.dismantle()
        XCTAssertEqual(result.violations, [], setting)
    }
}
