import Platform

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

    /// Counts one request from the surface at `place` in `CostSurface.allCases` (its
    /// `rawValue`); `withData` when its reply carries the account's data.
    mutating func count(_ kind: RequestKind, fromSurfaceAt place: Int, withData: Bool) {
        let cell = Self.cell(place, Int(kind.rawValue))
        requests[cell] += 1
        if withData { answered[cell] += 1 }
    }

    /// Requests from `surface` (nil: every surface) to `kind` (nil: every endpoint).
    func requests(_ surface: CostSurface? = nil, _ kind: RequestKind? = nil) -> Int {
        sum(requests, surface, kind)
    }


    func sum(_ table: [Int], _ surface: CostSurface?, _ kind: RequestKind?) -> Int {
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
    static let kinds = RequestKind.allCases
}
