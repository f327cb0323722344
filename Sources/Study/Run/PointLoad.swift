// The backend's load from a point's population (its replications as users, each
// replication's requests per minute summed): the point metrics of summary.csv.
import Statistics
import Surfaces
import SurfaceCore

extension PointAccumulator {
    /// The summed per-minute requests from `warmupMinutes` on (empty when none).
    func measuredMinutes(warmupMinutes: Int) -> ArraySlice<Int64> {
        warmupMinutes < requestsPerMinute.count ? requestsPerMinute[warmupMinutes...] : []
    }

    /// Every point metric, in `MetricCatalog.pointMetrics` order (NaN when there is no
    /// measured minute or no request).
    public func pointMetricValues(warmupMinutes: Int) -> [Double] {
        let minutes = measuredMinutes(warmupMinutes: warmupMinutes)
        let total = minutes.reduce(0, +)
        guard !minutes.isEmpty, total > 0 else { return Array(repeating: .nan, count: MetricCatalog.pointMetrics.count) }
        let mean = Double(total) / Double(minutes.count)
        let sorted = minutes.sorted()
        // The 99th percentile minute: the smallest minute at or above 99% of minutes (nearest rank).
        let p99 = Double(sorted[SampleQuantile.nearestRank(0.99, count: sorted.count) - 1])
        let peak = Double(sorted.last!)
        return [peakToMean(warmupMinutes: warmupMinutes), mean, p99, peak, Self.largestBurst(minutes, mean: mean)]
    }

    /// The largest burst: over each run of consecutive minutes above twice the mean, the
    /// requests beyond the mean; the largest such excess (0 when no minute is that high).
    static func largestBurst(_ minutes: ArraySlice<Int64>, mean: Double) -> Double {
        var best = 0.0, current = 0.0
        for m in minutes {
            if Double(m) > 2 * mean {
                current += Double(m) - mean
                best = max(best, current)
            } else {
                current = 0
            }
        }
        return best
    }
}
