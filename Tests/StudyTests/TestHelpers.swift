import SimKernel
import Surfaces
import SurfaceCore

/// Replication seeds with common random numbers.
enum SeedMixerCheck {
    static func seed(_ scenarioSeed: UInt64, _ replication: UInt64) -> UInt64 {
        SeedMixer.replicationSeed(scenarioSeed: scenarioSeed, point: 0, replication: replication)
    }
}

/// Rows per point in summary.csv: every metric plus the point metrics.
enum MetricCatalogCount {
    static let all = Metric.allCases.count + MetricCatalog.pointMetrics.count
}
