import SimKernel

/// What a surface's part of the metric catalogue forms its metrics from at the end of a
/// replication (`SurfaceMetrics.report`; docs/metrics.md): what the measurement layer
/// recorded (its observers and counts, each surface's record of its signals, the truth), the
/// point's parameters, and how the phone was left. Never a program, the world or the
/// assembly: a surface's metrics are what was measured of it, as for a surface added from
/// outside (`SurfaceReport`), which reads the same measurement layer.
@_spi(Assembly) public struct ReplicationReadout {
    /// The measurement layer of the replication.
    let measure: Measurement
    /// Whether the app is in the foreground at the end (the app's glances due at the end see it).
    let appInForeground: Bool

    package init(measure: Measurement, appInForeground: Bool) {
        (self.measure, self.appInForeground) = (measure, appInForeground)
    }

    /// The point's parameters, read where the measurement layer keeps them (`w.p.widget.enabled`
    /// reads one value; a getter copied the whole struct, retaining every reference it holds).
    var p: Parameters { _read { yield measure.p } }
    /// The truth the measures are taken against.
    var truth: Truth { measure.truth }
}
