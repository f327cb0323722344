import Platform

/// The surface a request to the backend is counted under (docs/model.md#backend-and-push):
/// the surface of the program that sent it. A registry: each surface's descriptor names the
/// cost surfaces its programs count under (`SurfaceDescriptor.costSurfaces`, declared in its
/// folder: `CostSurface.car`), and `allCases` lists them in the published order of the
/// `backend.requests.S` and `backend.bytes.S` metrics (`publishedOrder`, append only), then any
/// not published yet, in registration order.
struct CostSurface: Sendable, Equatable, CustomStringConvertible {
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

    static func == (a: CostSurface, b: CostSurface) -> Bool { a.name == b.name }
    var description: String { name }

    /// The programs of surfaces added from outside (`SurfaceExtension`): counted together.
    static let added = CostSurface("added", senders: "the programs of surfaces added from outside (no value when none is installed)",
                                   isOn: { _ in !SurfaceExtensions.installed.isEmpty })

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
    static let ofBuiltInProcess: [CostSurface?] = Assembly.programTypes.map { $0.requestsCountUnder.map(registered) }

    /// The surface of the process at `index` (past the built-in ones: a surface added from
    /// outside), read from `table` (`ofBuiltInProcess`).
    static func ofProcess(_ index: Int, in table: [CostSurface?]) -> CostSurface {
        guard index < table.count else { return addedRegistered }
        guard let s = table[index] else {
            preconditionFailure("\(Assembly.programNames[index]) sends requests but declares no requestsCountUnder")
        }
        return s
    }

    /// `added`, registered (read once).
    private static let addedRegistered = registered(added)
}

/// What the backend served after the warm-up, by surface and endpoint: the requests, and
/// the fetches it answered with data (a refused fetch carries no data back).
struct BackendCost {
    /// Requests by surface, then endpoint (`RequestKind.rawValue`: sync, compact fetch, write, revoke, sign-in code).
    /// (One flat table each, at `surface · endpoints + endpoint`: counting a request checks one
    /// array's storage for sharing, not two.)
    private(set) var requests = [Int](filledWith: 0, count: CostSurface.allCases.count * RequestKind.count)
    /// Syncs and compact fetches answered with data, by surface, then endpoint.
    private(set) var answered = [Int](filledWith: 0, count: CostSurface.allCases.count * RequestKind.count)

    /// The place of (`surface`, endpoint `kind`) in the tables.
    @inline(__always) private static func cell(_ surface: Int, _ kind: Int) -> Int { surface * endpoints + kind }
    /// The number of endpoints (`RequestKind`).
    private static var endpoints: Int { RequestKind.count }

    /// Counts one request from `surface`; `withData` when its reply carries the account's data.
    mutating func count(_ kind: RequestKind, from surface: CostSurface, withData: Bool) {
        let cell = Self.cell(surface.rawValue, Int(kind.rawValue))
        requests[cell] += 1
        if withData { answered[cell] += 1 }
    }

    /// Requests from `surface` (nil: every surface) to `kind` (nil: every endpoint).
    func requests(_ surface: CostSurface? = nil, _ kind: RequestKind? = nil) -> Int {
        sum(requests, surface, kind)
    }

    /// Bytes from `surface` (nil: every surface) on `kind` (nil: every endpoint): a write carries
    /// `writeBytes`, a sync answered with data `syncBytes`, a compact fetch answered with data
    /// `compactBytes`, a revocation and a refused fetch no payload.
    func bytes(_ surface: CostSurface? = nil, _ kind: RequestKind? = nil, sizes b: Parameters.Backend) -> Double {
        var total = 0.0
        for k in Self.kinds where kind == nil || kind == k {
            switch k {
            case .sync: total += Double(sum(answered, surface, k)) * Double(b.syncBytes)
            case .compactFetch: total += Double(sum(answered, surface, k)) * Double(b.compactBytes)
            case .write: total += Double(sum(requests, surface, k)) * Double(b.writeBytes)
            case .revoke, .deviceCode: break
            }
        }
        return total
    }

    private func sum(_ table: [Int], _ surface: CostSurface?, _ kind: RequestKind?) -> Int {
        // Only the cells asked for are visited (a replication's report asks for about forty sums).
        let surfaces = surface.map { $0.rawValue...$0.rawValue } ?? 0...(Self.surfaces.count - 1)
        let kinds = kind.map { Int($0.rawValue)...Int($0.rawValue) } ?? 0...(Self.endpoints - 1)
        var n = 0
        for s in surfaces {
            for k in kinds { n += table[Self.cell(s, k)] }
        }
        return n
    }

    // The cases, listed once (`allCases` builds a new array at each use).
    private static let surfaces = CostSurface.allCases
    private static let kinds = RequestKind.allCases
}
