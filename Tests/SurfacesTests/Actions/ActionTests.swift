import XCTest
import SimKernel
import Surfaces
@_spi(AppDesign) import SurfaceCore
import TestSupport

/// Assistant and shortcut actions (§25.8, P25.3; docs/model.md#actions).
final class ActionTests: XCTestCase {

    /// Automations retry an action that does not answer within `action.timeout`. With a backend
    /// slower than the timeout every action is retried after the backend already applied it;
    /// without idempotency keys each retry is applied again.
    func testRetriedActionsAreDuplicatedOnlyWithoutIdempotencyKeys() {
        var p = SurfaceSetUp.quiet(days: 3)
        p.action.enabled = true
        p.action.perDay = 48
        p.action.timeout = 2 * Time.second
        p.backend.processingTime = .constant(5)
        p.backend.idempotencyKeys = false
        let without = SurfaceRuns(p, seeds: 3, base: 10_100)
        for (i, v) in without.values(.actionDuplicated).enumerated() {
            XCTAssertGreaterThan(v, 0.9, "seed \(10_100 + i): action.duplicated without keys")
        }
        p.backend.idempotencyKeys = true
        let with = SurfaceRuns(p, seeds: 3, base: 10_100)
        for (i, v) in with.values(.actionDuplicated).enumerated() {
            XCTAssertEqual(v, 0, "seed \(10_100 + i): action.duplicated with keys")
        }
        // The keys change only what the backend applies, not what completes.
        XCTAssertEqual(without.values(.actionCompletedWithoutApp), with.values(.actionCompletedWithoutApp))
    }

    /// With a fast backend the automation hears back before its timeout: no retry, no duplicate
    /// even without keys.
    func testFastBackendNeedsNoRetry() {
        var p = SurfaceSetUp.quiet(days: 3)
        p.action.enabled = true
        p.action.perDay = 48
        p.backend.processingTime = .constant(0.05)
        p.backend.idempotencyKeys = false
        for (i, v) in SurfaceRuns(p, seeds: 3, base: 10_150).values(.actionDuplicated).enumerated() {
            XCTAssertEqual(v, 0, "seed \(10_150 + i): action.duplicated with the reply inside the timeout")
        }
    }

    /// P25.3: an action that opens the app never completes without it; one that runs in the
    /// background with a session in shared secure storage almost always does (default world:
    /// offline periods and restarts before the first unlock account for the rest).
    func testBackgroundActionsCompleteWithoutTheApp() {
        var p = Parameters()
        p.action.perDay = 48
        p.action.background = false
        for (i, v) in SurfaceRuns(p, seeds: 3, base: 10_200).values(.actionCompletedWithoutApp).enumerated() {
            XCTAssertEqual(v, 0, "seed \(10_200 + i): action.completedWithoutApp of a deep link")
        }
        p.action.background = true
        for (i, v) in SurfaceRuns(p, seeds: 3, base: 10_200).values(.actionCompletedWithoutApp).enumerated() {
            XCTAssertGreaterThan(v, 0.9, "seed \(10_200 + i): action.completedWithoutApp of a background action")
        }
    }

    /// §25.14 "a voice action answers that you must continue in the app": a background action
    /// with no session available to a background process falls back to opening the app.
    func testBackgroundActionWithoutASharedSessionOpensTheApp() {
        var p = Parameters()
        p.action.perDay = 48
        p.session.inSharedSecureStorage = false
        for (i, v) in SurfaceRuns(p, seeds: 3, base: 10_250).values(.actionCompletedWithoutApp).enumerated() {
            XCTAssertEqual(v, 0, "seed \(10_250 + i): action.completedWithoutApp without a shared session")
        }
    }
}
