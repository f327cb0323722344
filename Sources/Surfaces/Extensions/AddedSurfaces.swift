/// The surfaces added from outside, in one replication's world (docs/extending.md): installed
/// after the built-in programs are registered, started after they start, reported after
/// them. With none installed it holds nothing and does nothing.
struct AddedSurfaces {
    private let surfaces: [(description: any SurfaceExtension, instance: any InstalledSurface)]

    init(_ assembly: Assembly, seed: UInt64) {
        let world = assembly.world
        surfaces = SurfaceExtensions.installed.map { surface in
            (surface, surface.install(in: SurfaceContext(world: world, backend: assembly.backend, surface: surface, replicationSeed: seed)))
        }
    }

    func start() {
        for s in surfaces { s.instance.start() }
    }

    /// Writes each surface's metrics into its slots after the built-in ones.
    func report(into result: inout ReplicationResult) {
        guard !surfaces.isEmpty else { return }
        var slot = MetricCatalog.builtIn.count
        for s in surfaces {
            var report = SurfaceReport(result: result, metrics: s.description.metrics, firstSlot: slot)
            s.instance.report(into: &report)
            result = report.result
            slot += s.description.metrics.count
        }
    }
}
