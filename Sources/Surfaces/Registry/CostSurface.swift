/// The surface a request to the backend is counted under (docs/model.md#backend-and-push):
/// the surface of the program that sent it. A registry: each surface's descriptor names the
/// cost surfaces its programs count under (`SurfaceDescriptor.costSurfaces`, declared in its
/// folder: `CostSurface.car`), and `allCases` lists them in the published order of the
/// `backend.requests.S` and `backend.bytes.S` metrics (`publishedOrder`, append only), then any
/// not published yet, in registration order.
public struct CostSurface: Sendable, Equatable, CustomStringConvertible {
    /// The name in the metrics (`backend.requests.widget`): the surface's metric prefix.
    let name: String
    /// Its programs that send requests, and when the surface has no figures (its metrics' docs).
    let senders: String
    /// Whether it has figures at a point with parameters `p` (its surface is on).
    let isOn: @Sendable (Parameters) -> Bool
    /// Its place in `allCases` (where the backend's tables count it); -1 until registered.
    let rawValue: Int

    /// A cost surface named `name`, its requests sent by `senders`, with figures where `isOn`.
    init(_ name: String, senders: String, isOn: @escaping @Sendable (Parameters) -> Bool) {
        self.init(name: name, senders: senders, isOn: isOn, rawValue: -1)
    }

    private init(name: String, senders: String, isOn: @escaping @Sendable (Parameters) -> Bool, rawValue: Int) {
        (self.name, self.senders, self.isOn, self.rawValue) = (name, senders, isOn, rawValue)
    }

    public static func == (a: CostSurface, b: CostSurface) -> Bool { a.name == b.name }
    public var description: String { name }

    /// The programs of surfaces added from outside (`SurfaceRegistry.add`): counted together.
    /// An added surface's program that sends requests declares it (`requestsCountUnder`).
    public static let added = CostSurface("added", senders: "the programs of surfaces added from outside (no value when none is added)",
                                   isOn: { _ in someAdded })
    /// Whether any surface was added from outside, read once: the registry's list is fixed at
    /// its first read, and reading it locks it and joins the built-in list to the added one.
    private static let someAdded = !SurfaceRegistry.added.isEmpty

    /// The order of the `backend.requests.S` and `backend.bytes.S` metrics: append only.
    static let publishedOrder = ["app", "widget", "watch", "share", "action", "car", "tv", "elsewhere", "added"]

    /// Every cost surface, registered: the descriptors', then `added`, in `publishedOrder`,
    /// each with its place (`rawValue`).
    static let allCases: [CostSurface] = {
        let declared = SurfaceRegistry.all.flatMap { $0.costSurfaces } + [added]
        return PublishedOrder.arranged(declared, by: \.name, published: publishedOrder).enumerated().map { i, s in
            CostSurface(name: s.name, senders: s.senders, isOn: s.isOn, rawValue: i)
        }
    }()

    /// `surface` as registered (its place set); stops the program for one no descriptor names.
    static func registered(_ surface: CostSurface) -> CostSurface {
        guard let s = allCases.first(where: { $0.name == surface.name }) else {
            preconditionFailure("no surface's descriptor names the cost surface \(surface.name) (SurfaceDescriptor.costSurfaces)")
        }
        return s
    }

    /// The surface each built-in program's requests count under, by process index (each program
    /// declares it: `AssembledProgram.requestsCountUnder`), registered; nil for a program that
    /// sends none. A program of a surface added from outside counts as `added`.
    @_spi(Assembly) public static let ofBuiltInProcess: [CostSurface?] = SurfaceRegistry.programTypes.map { $0.requestsCountUnder.map(registered) }

    /// The place in `allCases` (`rawValue`) of the surface each built-in program's requests
    /// count under, by process index; -1 for a program that sends none. What counting a request
    /// reads: a number, where a copy of the surface would retain and release its name, its
    /// senders and its `isOn`.
    static let placeOfBuiltInProcess: [Int] = ofBuiltInProcess.map { $0?.rawValue ?? -1 }

    /// The place in `allCases` of the surface of the process at `index` (past the built-in
    /// ones: a surface added from outside), read from `table` (`placeOfBuiltInProcess`).
    static func placeOfProcess(_ index: Int, in table: [Int]) -> Int {
        guard index < table.count else { return addedRegistered.rawValue }
        let place = table[index]
        guard place >= 0 else {
            preconditionFailure("\(SurfaceRegistry.programNames[index]) sends requests but declares no requestsCountUnder")
        }
        return place
    }

    /// `added`, registered (read once).
    private static let addedRegistered = registered(added)
}
