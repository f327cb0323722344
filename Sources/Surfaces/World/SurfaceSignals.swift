import SimKernel
import Platform

/// What the measurement layer keeps of one surface's signals (docs/metrics.md): a surface
/// declares the signals its programs emit, and how they become its metric values, in its own
/// `<Surface>Metrics.swift`, as a subclass of this. The measurement layer makes one per
/// replication and owns it (`Measurement.signals(_:)`); a program holds it only to emit what
/// happened into it, and what it keeps is private to the surface's metrics file (or, where the
/// chapter's probes read it, `@_spi(Assembly)`), so no program keeps a sample or reads one back. A signal that adds to the layer's common
/// measures (a glance's staleness) is reported on to it (`measure`).
open class SurfaceSignals {
    private let engine: Engine
    /// The measurement layer that owns this record (which outlives it as long as it is used):
    /// held unmanaged, as the kernel holds its programs, so reaching it costs no reference
    /// counting and no check of an unowned reference.
    unowned(unsafe) let measure: Measurement
    /// The replication's parameters: the measurement layer's, read in place (a copy kept in
    /// each record retained and released every reference the parameters hold, per record
    /// and replication).
    @inline(__always) public var p: Parameters { measure.p }
    /// The start of measurement (`observe.warmup`): what happens before it is not counted.
    public let warmup: SimTime

    /// The record of one replication with parameters `p`, on its engine's clock, owned by `measure`.
    public required init(_ p: borrowing Parameters, engine: Engine, measure: Measurement) {
        self.engine = engine
        self.measure = measure
        warmup = p.observe.warmup
    }

    /// Simulated time now.
    @inline(__always) public var now: SimTime { engine.now }
    /// The warm-up is over: what happens now is counted.
    @inline(__always) public var measuring: Bool { engine.now >= warmup }
    /// Whether `process` runs now: what a signal means may depend on it (an update sent to an
    /// app that is not running is never drawn by it). The measurement layer reads it; a program
    /// never asks whether another runs.
    @inline(__always) func isRunning(_ process: ProcessID) -> Bool { engine.isRunning(process) }
    /// The staleness of `data` now (docs/metrics.md): 0 if it includes every change made so
    /// far, else now − when the earliest change it lacks was made (the truth's own measure,
    /// which the measurement layer keeps and no program reads).
    public func staleness(of data: DataCopy) -> SimTime { measure.truth.staleness(of: data.changes, at: now) }
    /// The trace attached to the replication, if any.
    var trace: TraceLog? { engine.trace }
    /// The first account has signed out (docs/model.md#sign-out): what a signal means may
    /// change with it (a glance at its data is at the wrong account).
    var firstAccountSignedOut: Bool { measure.signedOutAt != Time.never }
    /// The time series' recorder, when a study asked for a series (`Measurement.recordSeries`).
    var series: SeriesRecorder? { measure.series }
}
