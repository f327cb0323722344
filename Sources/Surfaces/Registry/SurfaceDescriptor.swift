import Platform

/// One surface as the registries see it: the only way a surface joins a world and its
/// catalogues, for a built-in surface and for one added from outside alike (issue 42;
/// docs/extending.md). A surface declares its descriptor beside its programs
/// (`Widget/Programs/WidgetDescriptor.swift`; the smart speaker of `Examples/CustomSurface`), and the
/// list of surfaces (`BuiltInSurfaces.all`, then those `SurfaceRegistry.add` takes) fills every
/// registry from it: the programs a world registers (`SurfaceRegistry.programTypes`), the parameter
/// catalogue (`ParameterCatalog.all()`), the metric catalogue (`MetricCatalog.contributions`)
/// and the surfaces the backend's cost is counted under (`CostSurface.allCases`).
///
/// `@unchecked Sendable`: a metatype of a protocol with class programs is not `Sendable`,
/// but a descriptor is a constant, made once, and nothing in it can change.
public struct SurfaceDescriptor: @unchecked Sendable {
    /// The surface's name (`widget`; `system` for the phone's and the world's own programs).
    public let name: String
    /// Its programs, in the order a world registers them (each declares its own wiring,
    /// `AssembledProgram`); the assembly registers the surfaces' programs in list order.
    let programs: [any AssembledProgram.Type]
    /// Its parts of the parameter catalogue, each a named group of specs (the group's place in
    /// help and manifests: `ParameterCatalog.publishedGroupOrder`).
    let parameters: [ParameterGroup]
    /// Its parts of the metric catalogue: its metrics and how their values are formed
    /// (`<Surface>Metrics.swift`), made when the catalogue is (a part may read another
    /// registry, as the backend's reads `CostSurface.allCases`).
    let metrics: [@Sendable () -> SurfaceMetrics]
    /// The surfaces its programs' requests are counted under in the backend's cost
    /// (`AssembledProgram.requestsCountUnder`; `backend.requests.<surface>`).
    let costSurfaces: [CostSurface]
    /// The credentials the backend issues to its programs (declared in its folder:
    /// `Credential.watch`), with the names the event log prints them by (`Credential.register`).
    let credentials: [(credential: Credential, name: String)]
    /// What of it can hold the signed-in account for the sign-out's leak measures
    /// (`AccountHolder`, declared in its folder).
    let accountHolders: [AccountHolder]
    /// Its screens the measurement layer watches (`ObservedSurface`, declared in its
    /// `<Surface>Metrics.swift`): one observer each per replication, in the list's order.
    let views: [ObservedSurface]
    /// What its metrics hear of the platform's reports beyond its screens: the widget
    /// gallery's previews (`PlatformObserver.galleryShowsPreview`), which the measurement
    /// layer hears and hands on to each surface that declares this, so the core names no
    /// surface's signals (the widget's: `WidgetSignals.galleryShowsPreview`).
    let galleryPreviews: (@Sendable (Measurement, View) -> Void)?

    /// A built-in surface: its programs, parameter groups, metric parts, cost surfaces,
    /// credentials and account holders, the screens the measurement layer watches and what its
    /// metrics hear of the widget gallery.
    package init(name: String, programs: [any AssembledProgram.Type], parameters: [ParameterGroup],
                 metrics: [@Sendable () -> SurfaceMetrics], costSurfaces: [CostSurface],
                 credentials: [(credential: Credential, name: String)], accountHolders: [AccountHolder],
                 views: [ObservedSurface] = [], galleryPreviews: (@Sendable (Measurement, View) -> Void)? = nil) {
        (self.name, self.programs, self.parameters, self.metrics) = (name, programs, parameters, metrics)
        (self.costSurfaces, self.credentials, self.accountHolders) = (costSurfaces, credentials, accountHolders)
        (self.views, self.galleryPreviews) = (views, galleryPreviews)
    }
}

/// A named group of a surface's parameters (`widget`: every `widget.…` path), made when the
/// catalogue is read (docs/scenarios.md). A surface added from outside names one group, its
/// own name, of parameters made with `ParameterSpec.added` (docs/extending.md#parameters).
public struct ParameterGroup: Sendable {
    /// The group's name in `ParameterCatalog.publishedGroupOrder` (`widget`, `push`).
    let name: String
    /// Its specs, in the order help and manifests list them.
    let specs: @Sendable () -> [ParameterSpec]

    /// The group `name` of the parameters `specs` makes.
    public init(_ name: String, _ specs: @escaping @Sendable () -> [ParameterSpec]) {
        (self.name, self.specs) = (name, specs)
    }
}

extension SurfaceDescriptor {
    /// A surface named `name` (a letter, then letters and digits; the first segment of its
    /// parameter paths, metric names and programs' names), with its programs in the order a
    /// world registers them, its parameter groups, its parts of the metric catalogue, the cost
    /// surfaces its programs' requests count under and the credentials the backend issues them.
    /// What can hold the account at a sign-out is the built-in surfaces' own (`AccountHolder`).
    public init(name: String, programs: [any AssembledProgram.Type], parameters: [ParameterGroup],
                metrics: [@Sendable () -> SurfaceMetrics], costSurfaces: [CostSurface] = [],
                credentials: [(credential: Credential, name: String)] = []) {
        self.init(name: name, programs: programs, parameters: parameters, metrics: metrics, costSurfaces: costSurfaces,
                  credentials: credentials, accountHolders: [])
    }
}
