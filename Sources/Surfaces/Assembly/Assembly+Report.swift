import SimKernel
@_spi(Assembly) @_spi(AppDesign) import SurfaceCore
import SystemPrograms
import WidgetPrograms
import AppPrograms
import LiveStatusPrograms
import WatchPrograms
import SharePrograms
import ActionsPrograms
import InstantVersionPrograms
import CarPrograms
import TelevisionPrograms

/// The result builder (docs/metrics.md): at the end of a replication each surface's part of
/// the metric catalogue turns what the measurement layer and its programs recorded into its
/// metrics (`SurfaceMetrics.report`, in the surface's folder), in the registry's order.
extension Assembly {
    /// Collects the replication's metrics.
    func report() -> ReplicationResult {
        let w = world
        let end = w.p.duration
        w.measure.finishScheduledGlances(through: end)
        var r = w.measure.takeResult()
        let readout = ReplicationReadout(measure: w.measure, appInForeground: w.os.appInForeground)
        for report in MetricCatalog.reports { report(readout, &r, end) }
        r.events = w.engine.eventsDispatched
        r.violations = w.engine.violations
        r.series = w.measure.series?.bins
        return r
    }
}
