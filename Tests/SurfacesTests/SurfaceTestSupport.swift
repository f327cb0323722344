import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// Set-ups and small statistics for the tests of the non-widget surfaces (live status,
/// watch, share, outbox, actions, sign-out, instant version, car, television).
/// Names are prefixed `Surface…` so they never collide with the widget tests' helpers.
enum SurfaceSetUp {
    /// A world with every surface off and the phone's own noise removed: no restarts, no
    /// offline periods, no app updates, no in-app edits, no background refresh, no app opens,
    /// no push wakes. Each test turns on what it measures.
    static func quiet(days: Double, warmup: SimTime = Time.hour) -> Parameters {
        var p = Parameters()
        p.duration = SimTime(days * Double(Time.day))
        p.observe.warmup = warmup
        p.device.restartsPerDay = 0
        p.device.appUpdatesPerDay = 0
        p.network.offlinePerDay = 0
        p.user.appOpens = Rate(perHour: 0)
        p.user.inAppChanges = Rate(perHour: 0)
        p.user.forceQuit = 0
        p.app.backgroundRefresh = Rate(perHour: 0)
        p.push.onChange = false
        p.elsewhere.edits = Rate(perHour: 0)
        p.widget.enabled = false
        p.turnOffSurfacesBeyondTheWidget()
        return p
    }
}

/// Runs of one parameter set over consecutive seeds, with their samples and values pooled.
struct SurfaceRuns {
    let results: [ReplicationResult]

    init(_ p: Parameters, seeds: Int, base: UInt64) {
        results = (0..<UInt64(seeds)).map { Replication.run(p, seed: base &+ $0) }
    }

    /// Every sample of `m`, all replications together.
    func samples(_ m: Metric) -> [Double] { results.flatMap { $0[samples: m] } }
    /// The per-replication values of `m` (NaN where not applicable).
    func values(_ m: Metric) -> [Double] { results.map { $0[value: m] } }
    /// The values of `m` that apply (not NaN).
    func applicable(_ m: Metric) -> [Double] { values(m).filter { !$0.isNaN } }
}

/// Small statistics for the surface tests.
enum SurfaceStat {
    /// Share of `x` strictly above `t`.
    static func shareAbove(_ x: [Double], _ t: Double) -> Double {
        x.isEmpty ? .nan : Double(x.filter { $0 > t }.count) / Double(x.count)
    }

    /// Long-run share of time in the "off" state of an alternating process whose "on"
    /// periods are exponential with rate `rate` (per unit time) and whose "off" periods have
    /// mean `mean` (same unit): r·d / (1 + r·d).
    static func offShare(rate r: Double, mean d: Double) -> Double { r * d / (1 + r * d) }

    /// Standard deviation, per √(sample), of the share of Poisson-timed samples (rate `lambda`
    /// per unit time) that fall in the "off" state of a two-state Markov process with rates
    /// `alpha` (on → off) and `beta` (off → on). Over a time T with n ≈ λT samples,
    /// Var(share) = [π(1−π) + 2π(1−π)·λ/(α+β)] / n: the binomial part plus the part the
    /// state's correlation over time adds (its integrated autocovariance is π(1−π)/(α+β)).
    static func markovShareSD(alpha: Double, beta: Double, lambda: Double) -> Double {
        let pi = alpha / (alpha + beta)
        return (pi * (1 - pi) * (1 + 2 * lambda / (alpha + beta))).squareRoot()
    }
}

/// Reading a replication's event log (for the tests of mechanisms and common random numbers).
extension TraceLog {
    /// Times at which `process` received a message whose description is `details` exactly.
    func receiveTimes(_ process: String, _ details: String) -> [SimTime] {
        records.filter { $0.process == process && $0.event == "receive" && $0.details == details }.map(\.time)
    }
}

extension XCTestCase {
    /// Every sample of `metrics` is finite and ≥ 0; every per-replication value is finite and
    /// ≥ 0, and at most 1 for a fraction. NaN ("not applicable") passes only where allowed.
    func assertMetricsInRange(_ r: ReplicationResult, _ label: String, metrics: [Metric] = Metric.allCases,
                              notApplicableAllowed: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        for m in metrics {
            switch m.spec.shape {
            case .sampled:
                XCTAssertTrue(r[samples: m].allSatisfy { $0.isFinite && $0 >= 0 }, "\(label): \(m.spec.name)", file: file, line: line)
            case .perReplication:
                let v = r[value: m]
                if v.isNaN && notApplicableAllowed { continue }
                XCTAssertTrue(v.isFinite && v >= 0, "\(label): \(m.spec.name) = \(v)", file: file, line: line)
                if m.spec.unit == "fraction" { XCTAssertLessThanOrEqual(v, 1, "\(label): \(m.spec.name)", file: file, line: line) }
            }
        }
    }

    /// Asserts every value in `xs` is exactly zero, reporting the first offender's index.
    func assertAllZero(_ xs: [Double], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        if let i = xs.firstIndex(where: { $0 != 0 }) {
            XCTFail("\(what): value \(xs[i]) at index \(i) of \(xs.count), expected all 0", file: file, line: line)
        }
    }

    /// Two lists of event times are equal; on failure, reports the counts and the first difference.
    func assertSameTimes(_ a: [SimTime], _ b: [SimTime], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard a != b else { return }
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        func at(_ x: [SimTime]) -> String { i < x.count ? "\(Time.seconds(x[i])) s" : "none" }
        XCTFail("\(what): \(a.count) vs \(b.count) events; first difference at #\(i): \(at(a)) vs \(at(b))", file: file, line: line)
    }

    /// Two results are identical, NaNs included (bit for bit).
    func assertIdentical(_ a: ReplicationResult, _ b: ReplicationResult, _ what: String,
                         file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.values.map(\.bitPattern), b.values.map(\.bitPattern), "\(what): values differ", file: file, line: line)
        XCTAssertEqual(a.samples.map { $0.map(\.bitPattern) }, b.samples.map { $0.map(\.bitPattern) }, "\(what): samples differ", file: file, line: line)
        XCTAssertEqual(a.requestsPerMinute, b.requestsPerMinute, "\(what): requests per minute differ", file: file, line: line)
        XCTAssertEqual(a.events, b.events, "\(what): event counts differ", file: file, line: line)
    }
}
