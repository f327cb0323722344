// What a sensitivity analysis reads of a study (docs/output.md#sensitivitycsv): each
// metric's mean at each point, exactly the `mean` summary.csv reports for it.
import Surfaces
import SurfaceCore

/// Each metric of summary.csv, in its order, with its mean at every point.
enum MetricMeans {
    /// `(metric, mean at each point)`, NaN where a point has no value.
    static func of(_ state: StudyState) -> [(metric: String, means: [Double])] {
        var result: [(String, [Double])] = MetricCatalog.specs.enumerated().map { slot, spec in
            (spec.name, state.points.map { SummaryFigures($0.metrics[slot], shape: spec.shape, unit: spec.unit).mean })
        }
        let pointValues = zip(state.layout.points, state.points).map { $1.pointMetricValues(warmupMinutes: $0.warmupMinutes) }
        for (i, spec) in MetricCatalog.pointMetrics.enumerated() {
            result.append((spec.name, pointValues.map { $0[i] }))
        }
        return result
    }
}
