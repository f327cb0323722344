import SimKernel
import Platform

/// The metrics of the system as a whole (docs/metrics.md#losses, #backend-cost): the changes
/// lost for good, and what the backend served by surface and endpoint; each at its place in runs.csv.
extension Metric {
    /// `backend.requests`.
    public static var backendRequests: Metric { Metric(70) }
    /// `changes.lost`.
    public static var changesLost: Metric { Metric(71) }
    /// `backend.requests.app`.
    public static var backendRequestsApp: Metric { Metric(77) }
    /// `backend.requests.widget`.
    public static var backendRequestsWidget: Metric { Metric(78) }
    /// `backend.requests.watch`.
    public static var backendRequestsWatch: Metric { Metric(79) }
    /// `backend.requests.share`.
    public static var backendRequestsShare: Metric { Metric(80) }
    /// `backend.requests.action`.
    public static var backendRequestsAction: Metric { Metric(81) }
    /// `backend.requests.car`.
    public static var backendRequestsCar: Metric { Metric(82) }
    /// `backend.requests.tv`.
    public static var backendRequestsTV: Metric { Metric(83) }
    /// `backend.requests.elsewhere`.
    public static var backendRequestsElsewhere: Metric { Metric(84) }
    /// `backend.requests.added`.
    public static var backendRequestsAdded: Metric { Metric(85) }
    /// `backend.requests.sync`.
    public static var backendRequestsSync: Metric { Metric(86) }
    /// `backend.requests.compactFetch`.
    public static var backendRequestsCompactFetch: Metric { Metric(87) }
    /// `backend.requests.write`.
    public static var backendRequestsWrite: Metric { Metric(88) }
    /// `backend.requests.revoke`.
    public static var backendRequestsRevoke: Metric { Metric(89) }
    /// `backend.bytes`.
    public static var backendBytes: Metric { Metric(90) }
    /// `backend.bytes.app`.
    public static var backendBytesApp: Metric { Metric(91) }
    /// `backend.bytes.widget`.
    public static var backendBytesWidget: Metric { Metric(92) }
    /// `backend.bytes.watch`.
    public static var backendBytesWatch: Metric { Metric(93) }
    /// `backend.bytes.share`.
    public static var backendBytesShare: Metric { Metric(94) }
    /// `backend.bytes.action`.
    public static var backendBytesAction: Metric { Metric(95) }
    /// `backend.bytes.car`.
    public static var backendBytesCar: Metric { Metric(96) }
    /// `backend.bytes.tv`.
    public static var backendBytesTV: Metric { Metric(97) }
    /// `backend.bytes.elsewhere`.
    public static var backendBytesElsewhere: Metric { Metric(98) }
    /// `backend.bytes.added`.
    public static var backendBytesAdded: Metric { Metric(99) }
    /// `backend.bytes.sync`.
    public static var backendBytesSync: Metric { Metric(100) }
    /// `backend.bytes.compactFetch`.
    public static var backendBytesCompactFetch: Metric { Metric(101) }
    /// `backend.bytes.write`.
    public static var backendBytesWrite: Metric { Metric(102) }
    /// `backend.requests.deviceCode`.
    public static var backendRequestsDeviceCode: Metric { Metric(104) }
}

/// The backend's cost metrics by sender and endpoint (docs/metrics.md#backend-cost).
extension MetricCatalog {
    /// `backend.requests.S` and `backend.bytes.S`, by `CostSurface` (its raw value).
    static let backendBySurface: [(requests: Metric, bytes: Metric)] = [
        (.backendRequestsApp, .backendBytesApp), (.backendRequestsWidget, .backendBytesWidget),
        (.backendRequestsWatch, .backendBytesWatch), (.backendRequestsShare, .backendBytesShare),
        (.backendRequestsAction, .backendBytesAction), (.backendRequestsCar, .backendBytesCar),
        (.backendRequestsTV, .backendBytesTV), (.backendRequestsElsewhere, .backendBytesElsewhere),
        (.backendRequestsAdded, .backendBytesAdded),
    ]

    /// The endpoints with a `backend.requests.E` (and, those whose requests carry a payload,
    /// a `backend.bytes.E`): the endpoint, its name in the metrics and in the docs' words.
    static let backendByEndpoint: [(kind: RequestKind, name: String, what: String, requests: Metric, bytes: Metric?)] = [
        (.sync, "sync", "the full sync", .backendRequestsSync, .backendBytesSync),
        (.compactFetch, "compactFetch", "the compact, screen-shaped endpoint", .backendRequestsCompactFetch, .backendBytesCompactFetch),
        (.write, "write", "write a change", .backendRequestsWrite, .backendBytesWrite),
        (.revoke, "revoke", "revoke the credentials of the phone and its surfaces", .backendRequestsRevoke, nil),
    ]

    /// The changes lost for good (the truth's record, `ChangeJourneys`).
    static func lostChanges() -> SurfaceMetrics {
        SurfaceMetrics(surface: "changes", role: .notReported, metrics: [
            (.changesLost, MetricSpec(name: "changes.lost", unit: "fraction", shape: .perReplication, doc: "changes made after the warm-up that were lost for good (no holder left and never applied); from that moment they leave the truth")),
        ], report: { $0.reportLostChanges(into: &$1, end: $2) })
    }

    /// The backend's requests and bytes, in all and by surface and endpoint.
    static func backend() -> SurfaceMetrics {
        precondition(backendBySurface.count == CostSurface.allCases.count, "a cost surface without its metrics")
        var m: [(metric: Metric, spec: MetricSpec)] = [
            (.backendRequests, MetricSpec(name: "backend.requests", unit: "count", shape: .perReplication, doc: "requests the backend served after the warm-up")),
        ]
        for s in CostSurface.allCases {
            m.append((backendBySurface[s.rawValue].requests, MetricSpec(name: "backend.requests.\(s.name)", unit: "count", shape: .perReplication,
                                                                        doc: "requests the backend served after the warm-up from \(s.senders)")))
        }
        for e in backendByEndpoint {
            m.append((e.requests, MetricSpec(name: "backend.requests.\(e.name)", unit: "count", shape: .perReplication,
                                             doc: "requests the backend served after the warm-up to \(e.what)")))
        }
        m.append((.backendBytes, MetricSpec(name: "backend.bytes", unit: "bytes", shape: .perReplication,
                                            doc: "payload bytes of the requests backend.requests counts: backend.writeBytes per write, backend.syncBytes per sync and backend.compactBytes per compact fetch answered with data (a revocation and a refused fetch carry none)")))
        for s in CostSurface.allCases {
            m.append((backendBySurface[s.rawValue].bytes, MetricSpec(name: "backend.bytes.\(s.name)", unit: "bytes", shape: .perReplication,
                                                                     doc: "the part of backend.bytes from \(s.senders)")))
        }
        for e in backendByEndpoint {
            guard let bytes = e.bytes else { continue }
            m.append((bytes, MetricSpec(name: "backend.bytes.\(e.name)", unit: "bytes", shape: .perReplication,
                                        doc: "the part of backend.bytes on the \(e.name) endpoint")))
        }
        m.append((.backendRequestsDeviceCode, MetricSpec(name: "backend.requests.deviceCode", unit: "count", shape: .perReplication, doc: "requests the backend served after the warm-up for sign-in by code: the television's requests for a code and its polls, and the phone's approvals")))
        return SurfaceMetrics(surface: "backend", role: .notReported, metrics: m, report: { $0.reportBackend(into: &$1, end: $2) })
    }
}

extension Assembly {
    /// `changes.lost`: of the changes made after the warm-up, those lost for good.
    func reportLostChanges(into r: inout ReplicationResult, end: SimTime) {
        let w = world
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
        let w = world, p = w.p, cost = w.measure.backendCost
        // `countRequest` is the only place either is counted, and it counts each request in its
        // minute and in the breakdown together, so the two totals are equal.
        r.values[Metric.backendRequests.rawValue] = Double(cost.requests())
        func on(_ s: CostSurface) -> Bool {
            switch s {
            case .app, .elsewhere: true
            case .widget: p.widget.enabled
            case .watch: p.watch.enabled
            case .share: p.share.enabled
            // The action runner runs for the actions and for a widget's buttons (`start`).
            case .action: p.action.enabled || (p.widget.enabled && p.widget.buttonTapsPerDay > 0)
            case .car: p.car.enabled
            case .tv: p.tv.enabled
            case .added: !SurfaceExtensions.installed.isEmpty
            }
        }
        for s in CostSurface.allCases where on(s) {
            let m = MetricCatalog.backendBySurface[s.rawValue]
            r.values[m.requests.rawValue] = Double(cost.requests(s))
            r.values[m.bytes.rawValue] = cost.bytes(s, sizes: p.backend)
        }
        for e in MetricCatalog.backendByEndpoint {
            r.values[e.requests.rawValue] = Double(cost.requests(nil, e.kind))
        }
        r.values[Metric.backendRequestsDeviceCode.rawValue] = Double(cost.requests(nil, .deviceCode))
        for e in MetricCatalog.backendByEndpoint {
            guard let bytes = e.bytes else { continue }
            r.values[bytes.rawValue] = cost.bytes(nil, e.kind, sizes: p.backend)
        }
        r.values[Metric.backendBytes.rawValue] = cost.bytes(sizes: p.backend)
    }
}
