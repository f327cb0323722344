import XCTest
import Foundation
import SimKernel
import Surfaces
@_spi(AppDesign) import SurfaceCore
import TestSupport

/// Shared set-ups, runners and statistics for the widget-path tests (Widget*Tests.swift).
enum WidgetSetUp {
    /// A reload hint so far ahead that the timeline's own reloads never come due.
    static let noHints: SimTime = 10_000 * Time.day

    /// Zero latencies and delays and the other surfaces off: the set-up in which the
    /// chapter's staleness bounds (§25.4, §25.9) have closed forms. The app's sync at an
    /// open completes at the instant of the open (zero round trip), so a session of one
    /// millisecond outlasts it. The widget's budget is large, so it bounds nothing.
    static func closedForm(days: Int = 10) -> Parameters {
        var p = Parameters()
        p.duration = SimTime(days) * Time.day
        p.observe.warmup = Time.day
        p.network.latency = .constant(0)
        p.push.delay = .constant(0)
        p.widget.reloadDelay = .constant(0)
        p.storage.ioTime = .constant(0)
        p.backend.processingTime = .constant(0)
        p.device.restartsPerDay = 0
        p.network.offlinePerDay = 0
        p.device.appUpdatesPerDay = 0
        p.widget.dataProtection = .always
        p.session.protection = .always
        p.turnOffSurfacesBeyondTheWidget()
        p.user.inAppChanges = Rate(perHour: 0)
        p.app.backgroundRefresh = Rate(perHour: 0)
        p.push.loss = 0
        p.push.wakesPerHour = 1000
        p.widget.budgetPerDay = 100_000
        p.user.forceQuit = 0
        p.user.sessionLength = .constant(0.001)
        return p
    }

    /// The widget fed only by the main app through the shared storage area (§25.9 row 1):
    /// no push, no fetches of its own, no timeline reloads (they would only re-read the
    /// same projection, and cost events).
    static func appFed(opensPerHour lambda: Double, editsPerHour mu: Double, days: Int = 10) -> Parameters {
        var p = closedForm(days: days)
        p.push.onChange = false
        p.widget.fetchesOwnData = false
        p.widget.reloadAfter = noHints
        p.user.appOpens = Rate(perHour: lambda)
        p.elsewhere.edits = Rate(perHour: mu)
        return p
    }
}

/// The seeds of the widget tests. Set `WIDGET_TEST_SEED_OFFSET=n` to add n to every one of
/// them, to check on fresh seeds that a statistical test's tolerance does not flake.
enum WidgetSeeds {
    static let offset: UInt64 = ProcessInfo.processInfo.environment["WIDGET_TEST_SEED_OFFSET"].flatMap { UInt64($0) } ?? 0
    /// `seeds`, shifted by the offset.
    static func range(_ seeds: Range<UInt64>) -> [UInt64] { seeds.map { $0 &+ offset } }
}

/// Samples and values pooled over replications with seeds `base`, `base + 1`, ...
struct Pooled {
    var samples: [Double] = []
    var values: [Double] = []
    var replications = 0

    init() {}

    init(_ p: Parameters, seeds count: Int, base: UInt64, samples metric: Metric? = nil, value vMetric: Metric? = nil) {
        for i in 0..<UInt64(count) {
            let r = Replication.run(p, seed: base &+ WidgetSeeds.offset &+ i)
            if let metric { samples += r[samples: metric] }
            if let vMetric { values.append(r[value: vMetric]) }
            replications += 1
        }
    }

    var n: Int { samples.count }
    /// Share of samples strictly above `x`.
    func shareAbove(_ x: Double) -> Double {
        samples.isEmpty ? .nan : Double(samples.reduce(0) { $0 + ($1 > x ? 1 : 0) }) / Double(samples.count)
    }
    /// Share of samples at or below `x`.
    func shareAtMost(_ x: Double) -> Double { 1 - shareAbove(x) }
    var mean: Double { samples.isEmpty ? .nan : samples.reduce(0, +) / Double(samples.count) }
    /// The samples above `x` (e.g. staleness given stale).
    func above(_ x: Double) -> [Double] { samples.filter { $0 > x } }
    /// Mean of the per-replication values that are not NaN.
    var meanValue: Double {
        let v = values.filter { !$0.isNaN }
        return v.isEmpty ? .nan : v.reduce(0, +) / Double(v.count)
    }
}

/// Tolerances for pooled samples that are not independent draws.
enum Stat {
    /// Variance inflation of a mean over a stationary sequence whose lag-k correlation is at
    /// most ρ^k: (1 + ρ) / (1 − ρ). Glances at Poisson rate `g` at a surface whose state
    /// renews at Poisson rate `r` (after a renewal its reading is independent of the past)
    /// have ρ = g / (g + r): two glances k apart see no renewal between them with
    /// probability (g / (g + r))^k, and the covariance is zero otherwise.
    static func inflation(glances g: Double, renewals r: Double) -> Double {
        let rho = g / (g + r)
        return (1 + rho) / (1 - rho)
    }

    /// The effective number of independent draws among `n` correlated ones.
    static func effective(_ n: Int, inflation: Double) -> Int { max(1, Int(Double(n) / inflation)) }

    /// Binomial tolerance for an observed share with true value `p` over `n` draws: the z-sigma
    /// normal half-width plus a continuity margin z²/(2n) that keeps small tails honest.
    static func binomial(_ p: Double, n: Int, z: Double = 5) -> Double {
        Tolerance.proportion(p, n: n, z: z) + z * z / (2 * Double(max(n, 1)))
    }

    static func mean(_ x: [Double]) -> Double { x.isEmpty ? .nan : x.reduce(0, +) / Double(x.count) }

    /// Sample standard deviation of `x` (n − 1 in the denominator).
    static func sd(_ x: [Double]) -> Double {
        let m = mean(x)
        return (x.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(max(x.count - 1, 1))).squareRoot()
    }
}

/// Reading a replication's event log.
extension TraceLog {
    /// Times of the records of `process` with event `event` (and details starting with `details`).
    func times(_ process: String, _ event: String, details: String? = nil) -> [SimTime] {
        records.filter { $0.process == process && $0.event == event && (details == nil || $0.details.hasPrefix(details!)) }
            .map(\.time)
    }
    /// When the widget's provider was launched (each is one provider run).
    var providerRuns: [SimTime] { times("widgetProvider", "launched") }
}

extension XCTestCase {
    /// Asserts |observed − expected| ≤ tolerance, printing all three on failure.
    func assertClose(_ observed: Double, _ expected: Double, tolerance: Double, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(abs(observed - expected), tolerance,
                                 "\(what): observed \(observed), expected \(expected) ± \(tolerance)", file: file, line: line)
    }

    /// Asserts the test has the power to tell `expected` from `alternative` (what a wrong
    /// model, e.g. one with λ doubled, would give): the two differ by more than twice the tolerance.
    func assertDetects(_ alternative: Double, from expected: Double, tolerance: Double, _ what: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(abs(alternative - expected), 2 * tolerance,
                             "\(what): the test cannot tell \(expected) from \(alternative) with tolerance \(tolerance)",
                             file: file, line: line)
    }
}
