import SimKernel

/// A surface added from outside the package (docs/extending.md): its name, its part of the
/// parameter catalogue, its metrics, and how it puts its programs into one world.
///
/// The description is plain data shared by every replication (hence `Sendable`); each
/// replication calls `install(in:)` once, after every built-in program is registered, and
/// the surface it returns lives for that replication only.
public protocol SurfaceExtension: Sendable {
    /// The surface's stable name (`speaker`): the first segment of its parameter paths and
    /// metric names, and of its programs' names, which seed their random streams
    /// (docs/model.md#randomness). A letter, then letters and digits; no built-in program's name.
    var name: String { get }
    /// Its parameters (`ParameterSpec.added`), each path starting with `name.`; listed by
    /// `help parameters`, set by `--set` and scenario files, after the built-in catalogue.
    var parameters: [ParameterSpec] { get }
    /// Its metrics, each name starting with `name.`; reported in summary.csv and runs.csv
    /// after the built-in metrics (docs/extending.md#metrics).
    var metrics: [MetricSpec] { get }
    /// Builds the surface's programs in one replication's world and registers them through
    /// `context`; nothing runs until `InstalledSurface.start()`.
    func install(in context: SurfaceContext) -> any InstalledSurface
}

/// One replication's instance of an added surface: started with the world, asked for its
/// metrics at the end (docs/extending.md#the-surface-in-one-world).
public protocol InstalledSurface: AnyObject {
    /// Called once at time 0, after the built-in programs started: launch the programs
    /// that run from the start (`SurfaceContext.launch`) and schedule their first inputs.
    func start()
    /// Called once at the end of the replication: writes every metric the extension declared.
    func report(into report: inout SurfaceReport)
}
