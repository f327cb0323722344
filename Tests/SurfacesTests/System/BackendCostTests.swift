import XCTest
import SimKernel
import Platform
import Surfaces
import SurfaceCore

/// The backend's cost by surface and endpoint (§25.2, §25.13; docs/model.md#backend-and-push,
/// docs/metrics.md#backend-cost): each request is counted under the surface of the program
/// that sent it and under its endpoint, with the bytes its endpoint carries.
final class BackendCostTests: XCTestCase {
    /// The endpoints' metrics, read from the registry for every endpoint the network knows
    /// (`RequestKind`): each has a `backend.requests.E`; those whose requests carry a payload a
    /// `backend.bytes.E`. A new endpoint without its metric fails here, and one with a payload
    /// but no bytes metric fails the bytes' sum.
    private var endpoints: [Metric] {
        RequestKind.allCases.map { kind in
            let m = Self.metric(named: "backend.requests.\(kind)")
            XCTAssertNotNil(m, "the endpoint \(kind) has no backend.requests.\(kind)")
            return m ?? .backendRequests
        }
    }
    private var endpointBytes: [Metric] { RequestKind.allCases.compactMap { Self.metric(named: "backend.bytes.\($0)") } }
    /// The surfaces' metrics, read from the registry: every other per-replication count or byte
    /// total under `backend.requests.` or `backend.bytes.`.
    private var surfaces: [Metric] { Self.bySurface("backend.requests.", unit: "count") }
    private var surfaceBytes: [Metric] { Self.bySurface("backend.bytes.", unit: "bytes") }

    private static func metric(named name: String) -> Metric? { Metric.allCases.first { $0.spec.name == name } }
    private static func bySurface(_ prefix: String, unit: String) -> [Metric] {
        let endpointNames = Set(RequestKind.allCases.map { "\(prefix)\($0)" })
        return Metric.allCases.filter { m in
            m.spec.name.hasPrefix(prefix) && m.spec.shape == .perReplication && m.spec.unit == unit && !endpointNames.contains(m.spec.name)
        }
    }

    /// The registry's breakdowns are the ones the docs list: nine surfaces, five endpoints
    /// (sign-in by code the fifth), three of them carrying bytes.
    func testTheBreakdownsComeFromTheRegistry() {
        XCTAssertEqual(surfaces.map(\.spec.name), ["app", "widget", "watch", "share", "action", "car", "tv", "elsewhere", "added"].map { "backend.requests.\($0)" })
        XCTAssertEqual(surfaceBytes.count, surfaces.count)
        XCTAssertEqual(endpoints.map(\.spec.name), ["sync", "compactFetch", "write", "revoke", "deviceCode"].map { "backend.requests.\($0)" })
        XCTAssertEqual(endpointBytes.map(\.spec.name), ["sync", "compactFetch", "write"].map { "backend.bytes.\($0)" })
    }

    /// The sum of the values that apply (a surface that is off has none).
    private func sum(_ r: ReplicationResult, _ ms: [Metric]) -> Double {
        ms.map { r[value: $0] }.filter { !$0.isNaN }.reduce(0, +)
    }

    /// Studies with every surface on: the defaults, the widget fetching its own data, a
    /// sign-out halfway (revocations, refused requests), and the android profile.
    private var everySurfaceOn: [(String, Parameters)] {
        var base = Parameters()
        base.duration = 3 * Time.day
        var own = base; own.widget.fetchesOwnData = true; own.widget.reloadAfter = 30 * Time.minute
        var signOut = own; signOut.signout.at = Time.day + 12 * Time.hour
        var android = Parameters.defaults(for: .android); android.duration = base.duration
        var direct = own; Self.everySurfaceCallsTheBackend(&direct)
        var directSignOut = direct; directSignOut.signout.at = Time.day + 12 * Time.hour
        var byCode = directSignOut; byCode.tv.signIn = .byCode; byCode.observe.warmup = 0   // the code is asked for at time 0
        return [("defaults", base), ("widget fetches its own data", own), ("sign-out", signOut), ("android", android),
                ("every surface calls the backend", direct), ("every surface calls the backend, sign-out", directSignOut),
                ("every surface calls the backend, sign-out, television signed in by code", byCode)]
    }

    /// The designs in which the watch, the share extension and the car call the backend
    /// themselves (by default they go through the phone app).
    private static func everySurfaceCallsTheBackend(_ p: inout Parameters) {
        p.widget.fetchesOwnData = true
        p.watch.level = .standalone
        p.watch.ownNetwork = true
        p.share.design = .inExtension
        p.car.mode = .onCar
    }

    /// Every request after the warm-up is counted under exactly one surface and one endpoint:
    /// the per-minute, the per-surface and the per-endpoint requests each sum to
    /// `backend.requests`, and the bytes to `backend.bytes`. (`backend.requests` is the
    /// breakdown's total; the per-minute counts are kept apart, so comparing them checks that
    /// each request is counted once in each.)
    func testPerSurfaceAndPerEndpointFiguresSumToTheTotals() {
        var everyEndpointUsed = false
        for (name, p) in everySurfaceOn {
            for seed: UInt64 in 1...3 {
                let r = Replication.run(p, seed: seed)
                let total = r[value: .backendRequests], bytes = r[value: .backendBytes]
                XCTAssertGreaterThan(total, 0, name)
                for m in surfaces.dropLast() { XCTAssertFalse(r[value: m].isNaN, "\(name): \(m) has no value with every surface on") }
                XCTAssertEqual(Double(r.requestsPerMinute.reduce(0) { $0 + Int($1) }), total, "\(name), seed \(seed): requests by minute")
                XCTAssertEqual(sum(r, surfaces), total, "\(name), seed \(seed): requests by surface")
                XCTAssertEqual(sum(r, endpoints), total, "\(name), seed \(seed): requests by endpoint")
                XCTAssertEqual(sum(r, surfaceBytes), bytes, accuracy: 1e-6 * bytes, "\(name), seed \(seed): bytes by surface")
                XCTAssertEqual(sum(r, endpointBytes), bytes, accuracy: 1e-6 * bytes, "\(name), seed \(seed): bytes by endpoint")
                if endpoints.allSatisfy({ r[value: $0] > 0 }) { everyEndpointUsed = true }
            }
        }
        XCTAssertTrue(everyEndpointUsed, "some study uses every endpoint, so each is in a sum that is checked")
    }

    /// The widget alone fetching its own data at every reload, on round half hours with no
    /// delay: one compact fetch per half hour, 48 a day. Over the measured days (duration −
    /// warm-up) that is 48 per day, give or take the one hint at each end of the window; the
    /// bytes are exactly the requests × `backend.compactBytes`, and nothing else requests.
    func testAWidgetFetchingEveryHalfHourCosts48CompactFetchesADay() {
        var p = WidgetSetUp.closedForm(days: 4)
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 0)
        p.elsewhere.deletesPerDay = 0
        p.push.onChange = false
        p.widget.fetchesOwnData = true
        p.widget.maxAge = Time.minute
        p.widget.reloadAfter = 30 * Time.minute
        p.widget.alignReloads = true
        p.widget.jitter = 0
        let measuredDays = Double(p.duration - p.observe.warmup) / Double(Time.day)
        for seed: UInt64 in 1...3 {
            let r = Replication.run(p, seed: seed)
            let n = r[value: .backendRequestsWidget]
            XCTAssertEqual(n, 48 * measuredDays, accuracy: 1, "widget requests over \(measuredDays) days")
            XCTAssertEqual(r[value: .backendRequestsCompactFetch], n)
            XCTAssertEqual(r[value: .backendRequests], n, "nothing but the widget requests")
            XCTAssertEqual(r[value: .backendBytesWidget], n * Double(p.backend.compactBytes))
            XCTAssertEqual(r[value: .backendBytes], n * Double(p.backend.compactBytes))
        }
    }

    /// The compact endpoint answers with one screen, a sync with the whole account: with the
    /// defaults a compact fetch carries fewer bytes than a sync, as parameters and per request
    /// in a run of every surface.
    func testACompactFetchCarriesLessThanASync() {
        let d = Parameters().backend
        XCTAssertLessThan(d.compactBytes, d.syncBytes)
        var p = Parameters()
        p.duration = 3 * Time.day
        p.widget.fetchesOwnData = true
        let r = Replication.run(p, seed: 7)
        let perCompact = r[value: .backendBytesCompactFetch] / r[value: .backendRequestsCompactFetch]
        let perSync = r[value: .backendBytesSync] / r[value: .backendRequestsSync]
        XCTAssertGreaterThan(r[value: .backendRequestsCompactFetch], 0)
        XCTAssertGreaterThan(r[value: .backendRequestsSync], 0)
        XCTAssertLessThan(perCompact, perSync)
    }

    /// A surface switched off costs the backend nothing: it has no requests and no bytes (no
    /// value, as for its other metrics), and the surfaces left on still account for every request.
    func testASurfaceSwitchedOffCostsNothing() {
        var base = Parameters()
        base.duration = 2 * Time.day
        Self.everySurfaceCallsTheBackend(&base)
        let offs: [(Metric, Metric, (inout Parameters) -> Void)] = [
            (.backendRequestsWidget, .backendBytesWidget, { $0.widget.enabled = false }),
            (.backendRequestsWatch, .backendBytesWatch, { $0.watch.enabled = false }),
            (.backendRequestsShare, .backendBytesShare, { $0.share.enabled = false }),
            (.backendRequestsAction, .backendBytesAction, { $0.action.enabled = false; $0.widget.buttonTapsPerDay = 0 }),
            (.backendRequestsCar, .backendBytesCar, { $0.car.enabled = false }),
            (.backendRequestsTV, .backendBytesTV, { $0.tv.enabled = false }),
        ]
        let on = Replication.run(base, seed: 5)
        for (requests, bytes, turnOff) in offs {
            XCTAssertGreaterThan(on[value: requests], 0, "\(requests) costs something when on")
            var p = base
            turnOff(&p)
            let r = Replication.run(p, seed: 5)
            XCTAssertTrue(r[value: requests].isNaN, "\(requests) with its surface off")
            XCTAssertTrue(r[value: bytes].isNaN, "\(bytes) with its surface off")
            XCTAssertEqual(sum(r, surfaces), r[value: .backendRequests], "\(requests) off: the rest account for every request")
            // The other device does not depend on the phone's surfaces: its cost is the same.
            XCTAssertEqual(r[value: .backendRequestsElsewhere], on[value: .backendRequestsElsewhere])
        }
    }
}
