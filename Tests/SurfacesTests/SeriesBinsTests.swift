import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// The bins the measurement layer records for `observe.series` (docs/scenarios.md#time-series):
/// a count's bins add up to its replication total, a sampled metric's bins hold exactly its
/// samples, and asking for a series changes nothing else of the replication.
final class SeriesBinsTests: XCTestCase {
    /// A day with the widget fetching its own data, the live status and the watch on: every
    /// kind of recordable metric has values.
    static func busyDay(warmup: SimTime = 90 * Time.minute) -> Parameters {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = warmup
        p.live.enabled = true
        p.watch.enabled = true
        p.widget.fetchesOwnData = true
        return p
    }

    static let counted: [Metric] = [.backendRequests, .backendRequestsWidget, .backendRequestsApp, .backendRequestsSync,
                                    .backendRequestsWrite, .backendRequestsElsewhere]
    static let sampled: [Metric] = [.widgetStaleness, .widgetAge, .widgetLag, .appStaleness, .liveStaleness, .liveAge,
                                    .watchRelayQueue]

    func testACountsBinsAddUpToItsReplicationTotalAndNoneFallsInTheWarmUp() {
        let p = Self.busyDay()
        // Bins of 45 minutes: the warm-up's end (90 min) is a bin edge; 50 minutes: it is not.
        for every in [45 * Time.minute, 50 * Time.minute, 7 * Time.minute] {
            let request = SeriesRequest(every: every, metrics: Self.counted.map(\.rawValue))
            for seed in UInt64(1)...4 {
                let r = Replication.run(p, seed: seed, series: request)
                let bins = try! XCTUnwrap(r.series)
                XCTAssertEqual(bins.counts[0].count, request.bins(duration: p.duration))
                XCTAssertEqual(bins.counts[0].count, Int((Time.day + every - 1) / every), "the bins tile the day from t = 0")
                for (k, m) in Self.counted.enumerated() {
                    let total = r[value: m]
                    XCTAssertEqual(Double(bins.counts[k].reduce(0, +)), total, "\(m) seed \(seed) every \(every)")
                    for b in bins.counts[k].indices where (SimTime(b) + 1) * every <= p.observe.warmup {
                        XCTAssertEqual(bins.counts[k][b], 0, "\(m): nothing is counted in a bin of the warm-up")
                    }
                }
                XCTAssertGreaterThan(r[value: .backendRequestsWidget], 0, "the test needs the widget's requests")
            }
        }
    }

    func testASampledMetricsBinsHoldExactlyItsSamples() {
        let p = Self.busyDay()
        let request = SeriesRequest(every: Time.hour, metrics: Self.sampled.map(\.rawValue))
        for seed in UInt64(1)...4 {
            let r = Replication.run(p, seed: seed, series: request)
            let bins = try! XCTUnwrap(r.series)
            for (k, m) in Self.sampled.enumerated() {
                let samples = r[samples: m]
                XCTAssertEqual(bins.counts[k].reduce(0, +), samples.count, "\(m) seed \(seed)")
                let total = samples.reduce(0, +)
                XCTAssertEqual(bins.sums[k].reduce(0, +), total, accuracy: 1e-9 * max(1, total), "\(m) seed \(seed)")
            }
            XCTAssertFalse(r[samples: .widgetStaleness].isEmpty && r[samples: .liveStaleness].isEmpty, "the test needs samples")
        }
    }

    func testAskingForASeriesChangesNothingElse() {
        let p = Self.busyDay()
        let request = SeriesRequest(every: 10 * Time.minute, metrics: (Self.counted + Self.sampled).map(\.rawValue))
        for seed in UInt64(5)...7 {
            let plain = Replication.run(p, seed: seed)
            let binned = Replication.run(p, seed: seed, series: request)
            XCTAssertNil(plain.series, "no series is recorded unless asked for")
            XCTAssertNotNil(binned.series)
            XCTAssertEqual(plain.samples, binned.samples)
            XCTAssertEqual(plain.values.map(\.bitPattern), binned.values.map(\.bitPattern))
            XCTAssertEqual(plain.requestsPerMinute, binned.requestsPerMinute)
            XCTAssertEqual(plain.events, binned.events)
        }
    }

    func testOnlyMetricsTiedToMomentsHaveASeries() {
        XCTAssertEqual(SeriesRequest.kind(ofSlot: Metric.widgetStaleness.rawValue), .sampled)
        XCTAssertEqual(SeriesRequest.kind(ofSlot: Metric.backendRequests.rawValue), .counted)
        XCTAssertNil(SeriesRequest.kind(ofSlot: Metric.widgetBlank.rawValue), "a fraction has no series")
        XCTAssertNil(SeriesRequest.kind(ofSlot: Metric.shareLatency.rawValue), "a latency formed at the end has none")
        XCTAssertEqual(SeriesRequest.bins(every: Time.hour, duration: Time.day), 24)
        XCTAssertEqual(SeriesRequest.bins(every: 7 * Time.hour, duration: Time.day), 4, "the last bin is shorter")
    }
}
