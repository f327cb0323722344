import SimKernel
import Platform

/// The metrics of the system as a whole (docs/metrics.md#losses, #backend-cost): the changes lost
/// for good, and what the backend served by surface and endpoint; each resolved by its name (its
/// columns in runs.csv: `MetricCatalog.publishedOrder`).
extension Metric {
    /// `backend.requests`.
    public static let backendRequests = Metric.named("backend.requests")
    /// `changes.lost`.
    public static let changesLost = Metric.named("changes.lost")
    /// `backend.requests.app`.
    public static let backendRequestsApp = Metric.named("backend.requests.app")
    /// `backend.requests.widget`.
    public static let backendRequestsWidget = Metric.named("backend.requests.widget")
    /// `backend.requests.watch`.
    public static let backendRequestsWatch = Metric.named("backend.requests.watch")
    /// `backend.requests.share`.
    public static let backendRequestsShare = Metric.named("backend.requests.share")
    /// `backend.requests.action`.
    public static let backendRequestsAction = Metric.named("backend.requests.action")
    /// `backend.requests.car`.
    public static let backendRequestsCar = Metric.named("backend.requests.car")
    /// `backend.requests.tv`.
    public static let backendRequestsTV = Metric.named("backend.requests.tv")
    /// `backend.requests.elsewhere`.
    public static let backendRequestsElsewhere = Metric.named("backend.requests.elsewhere")
    /// `backend.requests.added`.
    public static let backendRequestsAdded = Metric.named("backend.requests.added")
    /// `backend.requests.sync`.
    public static let backendRequestsSync = Metric.named("backend.requests.sync")
    /// `backend.requests.compactFetch`.
    public static let backendRequestsCompactFetch = Metric.named("backend.requests.compactFetch")
    /// `backend.requests.write`.
    public static let backendRequestsWrite = Metric.named("backend.requests.write")
    /// `backend.requests.revoke`.
    public static let backendRequestsRevoke = Metric.named("backend.requests.revoke")
    /// `backend.bytes`.
    public static let backendBytes = Metric.named("backend.bytes")
    /// `backend.bytes.app`.
    public static let backendBytesApp = Metric.named("backend.bytes.app")
    /// `backend.bytes.widget`.
    public static let backendBytesWidget = Metric.named("backend.bytes.widget")
    /// `backend.bytes.watch`.
    public static let backendBytesWatch = Metric.named("backend.bytes.watch")
    /// `backend.bytes.share`.
    public static let backendBytesShare = Metric.named("backend.bytes.share")
    /// `backend.bytes.action`.
    public static let backendBytesAction = Metric.named("backend.bytes.action")
    /// `backend.bytes.car`.
    public static let backendBytesCar = Metric.named("backend.bytes.car")
    /// `backend.bytes.tv`.
    public static let backendBytesTV = Metric.named("backend.bytes.tv")
    /// `backend.bytes.elsewhere`.
    public static let backendBytesElsewhere = Metric.named("backend.bytes.elsewhere")
    /// `backend.bytes.added`.
    public static let backendBytesAdded = Metric.named("backend.bytes.added")
    /// `backend.bytes.sync`.
    public static let backendBytesSync = Metric.named("backend.bytes.sync")
    /// `backend.bytes.compactFetch`.
    public static let backendBytesCompactFetch = Metric.named("backend.bytes.compactFetch")
    /// `backend.bytes.write`.
    public static let backendBytesWrite = Metric.named("backend.bytes.write")
    /// `backend.requests.deviceCode`.
    public static let backendRequestsDeviceCode = Metric.named("backend.requests.deviceCode")
}

/// The backend's cost metrics by sender and endpoint (docs/metrics.md#backend-cost).
extension MetricCatalog {
    /// `backend.requests.S` and `backend.bytes.S`, by `CostSurface` (its raw value), each
    /// resolved by its name once.
    static let backendBySurface: [(requests: Metric, bytes: Metric)] = CostSurface.allCases.map { s in
        (.named("backend.requests.\(s.name)"), .named("backend.bytes.\(s.name)"))
    }

    /// The endpoints with a `backend.requests.E` (and, those whose requests carry a payload,
    /// a `backend.bytes.E`): the endpoint, its name in the metrics and in the docs' words.
    static let backendEndpoints: [(kind: RequestKind, name: String, what: String, carriesPayload: Bool)] = [
        (.sync, "sync", "the full sync", true),
        (.compactFetch, "compactFetch", "the compact, screen-shaped endpoint", true),
        (.write, "write", "write a change", true),
        (.revoke, "revoke", "revoke the credentials of the phone and its surfaces", false),
    ]

    /// Each of `backendEndpoints` with its metrics, resolved by their names once.
    static let backendByEndpoint: [(kind: RequestKind, requests: Metric, bytes: Metric?)] = backendEndpoints.map { e in
        (e.kind, .named("backend.requests.\(e.name)"), e.carriesPayload ? .named("backend.bytes.\(e.name)") : nil)
    }

    /// The changes lost for good (the truth's record, `ChangeJourneys`).
    package static func lostChanges() -> SurfaceMetrics {
        SurfaceMetrics(surface: "changes", role: .notReported, metrics: [
            MetricSpec(name: "changes.lost", unit: "fraction", shape: .perReplication, doc: "changes made after the warm-up that were lost for good (no holder left and never applied); from that moment they leave the truth"),
        ], report: { $0.reportLostChanges(into: &$1, end: $2) })
    }

    /// The backend's requests and bytes, in all and by surface and endpoint.
    package static func backend() -> SurfaceMetrics {
        var m = [
            MetricSpec(name: "backend.requests", unit: "count", shape: .perReplication, doc: "requests the backend served after the warm-up"),
        ]
        for s in CostSurface.allCases {
            m.append(MetricSpec(name: "backend.requests.\(s.name)", unit: "count", shape: .perReplication,
                                doc: "requests the backend served after the warm-up from \(s.senders)"))
        }
        for e in backendEndpoints {
            m.append(MetricSpec(name: "backend.requests.\(e.name)", unit: "count", shape: .perReplication,
                                doc: "requests the backend served after the warm-up to \(e.what)"))
        }
        m.append(MetricSpec(name: "backend.bytes", unit: "bytes", shape: .perReplication,
                            doc: "payload bytes of the requests backend.requests counts: backend.writeBytes per write, backend.syncBytes per sync and backend.compactBytes per compact fetch answered with data (a revocation and a refused fetch carry none)"))
        for s in CostSurface.allCases {
            m.append(MetricSpec(name: "backend.bytes.\(s.name)", unit: "bytes", shape: .perReplication,
                                doc: "the part of backend.bytes from \(s.senders)"))
        }
        for e in backendEndpoints where e.carriesPayload {
            m.append(MetricSpec(name: "backend.bytes.\(e.name)", unit: "bytes", shape: .perReplication,
                                doc: "the part of backend.bytes on the \(e.name) endpoint"))
        }
        m.append(MetricSpec(name: "backend.requests.deviceCode", unit: "count", shape: .perReplication, doc: "requests the backend served after the warm-up for sign-in by code: the television's requests for a code and its polls, and the phone's approvals"))
        return SurfaceMetrics(surface: "backend", role: .notReported, metrics: m, report: { $0.reportBackend(into: &$1, end: $2) })
    }
}

extension ReplicationReadout {
    /// `changes.lost`: of the changes made after the warm-up, those lost for good.
    func reportLostChanges(into r: inout ReplicationResult, end: SimTime) {
        let w = self
        var made = 0, lostChanges = 0
        for id in 0..<Int(w.truth.count) where w.truth.madeAt[id] >= w.p.observe.warmup {
            made += 1
            if w.truth.lostAt[id] < Time.never { lostChanges += 1 }
        }
        r.setFraction(.changesLost, lostChanges, of: made)
    }

    /// The backend's requests after the warm-up (the breakdown's total, which is the per-minute
    /// counts' sum), and its requests and bytes by surface and endpoint: no value for a surface
    /// that is off, as for its other metrics.
    func reportBackend(into r: inout ReplicationResult, end: SimTime) {
        // The parameters are read where the measurement layer keeps them, and the sizes and
        // the catalogue's tables once: `self.p` is a copy of the whole struct, and each read of
        // a static table in the loops asked whether it was made yet.
        let measure = self.measure, cost = measure.backendCost, sizes = measure.p.backend
        let bySurface = MetricCatalog.backendBySurface, byEndpoint = MetricCatalog.backendByEndpoint
        // `countRequest` is the only place either is counted, and it counts each request in its
        // minute and in the breakdown together, so the two totals are equal.
        r.values[Metric.backendRequests.rawValue] = Double(cost.requests())
        for s in CostSurface.allCases where s.isOn(measure.p) {
            let m = bySurface[s.rawValue]
            r.values[m.requests.rawValue] = Double(cost.requests(s))
            r.values[m.bytes.rawValue] = cost.bytes(s, sizes: sizes)
        }
        for e in byEndpoint {
            r.values[e.requests.rawValue] = Double(cost.requests(nil, e.kind))
        }
        r.values[Metric.backendRequestsDeviceCode.rawValue] = Double(cost.requests(nil, .deviceCode))
        for e in byEndpoint {
            guard let bytes = e.bytes else { continue }
            r.values[bytes.rawValue] = cost.bytes(nil, e.kind, sizes: sizes)
        }
        r.values[Metric.backendBytes.rawValue] = cost.bytes(sizes: sizes)
    }
}

/// The backend's bytes (`backend.bytes`), from its record of requests and the sizes it serves.
extension BackendCost {
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
}
