import XCTest
import SimKernel
import Surfaces
@_spi(AppDesign) import SurfaceCore
import TestSupport

/// The share extension's three designs (§25.7, P25.4, §25.14; docs/model.md#share-extension).
final class ShareDesignTests: XCTestCase {

    /// Shares with nothing else able to run the main app: no app opens unless asked for, no push
    /// wakes, no background refresh, no other surface (car, live, actions, TV) that opens or wakes it.
    static func shares(_ design: ShareDesign, appOpensPerHour: Double = 0, days: Double = 3) -> Parameters {
        var p = SurfaceSetUp.quiet(days: days)
        p.share.enabled = true
        p.share.design = design
        p.share.perDay = 24
        p.user.appOpens = Rate(perHour: appOpensPerHour)
        return p
    }

    /// P25.4, "complete in the extension": the item reaches the backend without the app ever
    /// running; small items at once, large ones by a background transfer (about 2 MB/s).
    func testInExtensionReachesTheBackendWithoutTheApp() {
        let runs = SurfaceRuns(Self.shares(.inExtension), seeds: 4, base: 9_300)
        let latency = runs.samples(.shareLatency).sorted()
        XCTAssertGreaterThan(latency.count, 200)
        for (i, res) in runs.results.enumerated() {
            XCTAssertEqual(res[value: .shareLost], 0, "seed \(9_300 + i)")
            XCTAssertEqual(res[value: .shareOpenedApp], 0, "seed \(9_300 + i)")
        }
        XCTAssertLessThan(latency[latency.count / 2], 5, "median share.latency of inExtension (s)")
        XCTAssertLessThan(latency[latency.count * 9 / 10], 60, "90th percentile of share.latency of inExtension (s)")
    }

    /// P25.4, "queue for the main app": with the app never opened, nothing leaves the device —
    /// and nothing is counted lost either (the items are still pending in the outbox).
    func testOutboxSendsNothingUntilTheAppIsOpened() {
        let runs = SurfaceRuns(Self.shares(.outbox), seeds: 4, base: 9_400)
        XCTAssertEqual(runs.samples(.shareLatency).count, 0, "no share reaches the backend without the app")
        for (i, res) in runs.results.enumerated() {
            XCTAssertEqual(res[value: .shareLost], 0, "seed \(9_400 + i): pending items are not lost")
        }
    }

    /// With app opens at Poisson rate λ (one-second sessions), an outbox item waits for the next
    /// open: its latency is exponential with mean 1/λ (plus a round trip). Shares between the same
    /// two opens wait for the same one; the tolerance counts them as correlated (ρ = s/(s+λ)).
    func testOutboxLatencyFollowsTheAppOpens() {
        let lambda = 2.0, s = 1.0                                       // per hour
        var p = Self.shares(.outbox, appOpensPerHour: lambda, days: 6)
        p.share.perDay = s * 24
        p.user.sessionLength = .constant(1)
        let latency = SurfaceRuns(p, seeds: 6, base: 9_500).samples(.shareLatency)
        let expected = 3_600 / lambda
        let rho = s / (s + lambda)
        let nEff = max(1, Int(Double(latency.count) * (1 - rho) / (1 + rho)))
        let tol = Tolerance.mean(sd: expected, n: nEff)
        XCTAssertGreaterThan(latency.count, 500)
        assertClose(Stat.mean(latency), expected, tolerance: tol, "mean share.latency of the outbox design (s)")
        XCTAssertGreaterThan(abs(3_600 / (2 * lambda) - expected), 2 * tol, "the test can tell λ from 2λ")
    }

    /// "Open the main app": every confirmed share brings the main app to the screen.
    func testOpenAppDesignOpensTheAppForEveryShare() {
        let runs = SurfaceRuns(Self.shares(.openApp), seeds: 3, base: 9_600)
        for (i, v) in runs.values(.shareOpenedApp).enumerated() { XCTAssertEqual(v, 1, "seed \(9_600 + i): share.openedApp") }
        for design in [ShareDesign.inExtension, .outbox] {
            for v in SurfaceRuns(Self.shares(design), seeds: 2, base: 9_600).values(.shareOpenedApp) {
                XCTAssertEqual(v, 0, "\(design): share.openedApp")
            }
        }
    }

    /// §25.14 "the share sheet vanishes when sharing a large video": loading a 200 MB item into
    /// a 120 MB extension kills it; passing file references never does. Default world otherwise.
    func testLoadingLargeItemsIntoMemoryKillsTheExtension() {
        var p = Parameters()
        p.share.perDay = 24
        p.share.itemSize = .constant(200 * 1_048_576)
        p.share.loadsIntoMemory = true
        for (i, v) in SurfaceRuns(p, seeds: 3, base: 9_700).values(.shareKilled).enumerated() {
            XCTAssertEqual(v, 1, "seed \(9_700 + i): share.killed when loading 200 MB into 120 MB")
        }
        p.share.loadsIntoMemory = false
        for (i, v) in SurfaceRuns(p, seeds: 3, base: 9_700).values(.shareKilled).enumerated() {
            XCTAssertEqual(v, 0, "seed \(9_700 + i): share.killed when passing file references")
        }
    }

    /// §25.14 "the share extension asks you to sign in although the app is signed in": the
    /// session is not in shared secure storage.
    func testSessionOutsideSharedSecureStorageMakesTheExtensionAskToSignIn() {
        var p = Parameters()
        p.share.perDay = 24
        p.session.inSharedSecureStorage = false
        for (i, v) in SurfaceRuns(p, seeds: 3, base: 9_800).values(.shareSignInRequested).enumerated() {
            XCTAssertEqual(v, 1, "seed \(9_800 + i): every share asks to sign in")
        }
        p.session.inSharedSecureStorage = true
        for (i, v) in SurfaceRuns(p, seeds: 3, base: 9_800).values(.shareSignInRequested).enumerated() {
            XCTAssertEqual(v, 0, "seed \(9_800 + i): no share asks to sign in")
        }
    }

    /// docs/model.md#randomness: two designs compared over the same seeds see the same world events. The times
    /// the user shares are a world event; the outbox's coordination mode is a design.
    func testShareTimesDoNotDependOnTheOutboxDesign() {
        func confirms(_ mode: OutboxMode) -> [SimTime] {
            var p = Parameters()
            p.share.perDay = 200
            p.user.appOpens = Rate(perHour: 4)
            p.share.outbox = mode
            let trace = TraceLog()
            _ = Replication.run(p, seed: 9_900, trace: trace)
            return trace.receiveTimes("shareSheet", "share")
        }
        let coordinated = confirms(.coordinated), perFile = confirms(.perProcessFiles), unco = confirms(.uncoordinated)
        XCTAssertGreaterThan(coordinated.count, 100)
        assertSameTimes(coordinated, perFile, "share times with share.outbox = coordinated vs perProcessFiles")
        assertSameTimes(coordinated, unco, "share times with share.outbox = coordinated vs uncoordinated")
    }
}
