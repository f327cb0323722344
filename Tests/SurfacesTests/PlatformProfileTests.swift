import XCTest
import SimKernel
import Surfaces
import TestSupport

/// The `android` profile's defaults reach the mechanisms (SPEC §3; platform-facts §5):
/// periodic work at WorkManager's 15-minute floor grants four background refreshes an hour,
/// and the widget host refuses no update the app asks for (no daily budget is documented).
final class PlatformProfileTests: XCTestCase {
    static let days = 2.0

    /// Background refreshes granted (the device's scheduler timer) and widget reloads refused,
    /// over `days` of the profile's defaults.
    func counts(_ profile: PlatformProfile, seed: UInt64, editsPerHour: Double = 1) -> (refreshes: Int, refused: Int) {
        var p = Parameters.defaults(for: profile)
        p.duration = SimTime(Self.days * Double(Time.day))
        p.elsewhere.edits = Rate(perHour: editsPerHour)
        let trace = TraceLog()
        _ = Replication.run(p, seed: seed, trace: trace)
        return (trace.receiveTimes("device", "timer(9)").count, trace.times("widgetHost", "reloadRefused").count)
    }

    /// Refreshes are a Poisson count with mean rate × time: 4/h on android, 0.5/h on ios.
    func testAndroidRefreshesAtTheWorkManagerFloor() {
        for (profile, perHour) in [(PlatformProfile.android, 4.0), (.ios, 0.5)] {
            var total = 0
            for seed in UInt64(13_000)..<13_003 { total += counts(profile, seed: seed).refreshes }
            let expected = perHour * 24 * Self.days * 3
            assertClose(Double(total), expected, tolerance: 5 * expected.squareRoot(), "\(profile) background refreshes in 3 × \(Self.days) days")
        }
    }

    /// Android refuses no widget update; iOS, with the default budget of 55 a rolling day, does
    /// when pushes wake the app more often than that (a change every ten minutes).
    func testAndroidHasNoWidgetBudget() {
        for seed in UInt64(13_100)..<13_103 {
            XCTAssertEqual(counts(.android, seed: seed, editsPerHour: 6).refused, 0, "seed \(seed): android refuses no reload")
            XCTAssertGreaterThan(counts(.ios, seed: seed, editsPerHour: 6).refused, 0, "seed \(seed): ios does (the test's power)")
        }
    }
}

/// SPEC §2.2: each source of randomness draws from its own stream, so turning one surface on
/// or off, or changing one design, does not change the draws of the others.
final class RandomStreamSeparationTests: XCTestCase {
    /// When the other device's writes were applied (its replies), and when the pushes its
    /// writes made reached the phone, in one replication of `p`. (A push carries its writer's
    /// process index; the other device is process 4 in the fixed registration order of
    /// `Assembly`, and the test checks that such pushes exist.)
    func world(_ p: Parameters, seed: UInt64) -> (edits: [SimTime], pushes: [SimTime], wakes: [String], userEdits: Set<SimTime>) {
        let trace = TraceLog()
        _ = Replication.run(p, seed: seed, trace: trace)
        return (trace.records.filter { $0.process == "elsewhere" && $0.event == "receive" && $0.details.hasPrefix("reply") }.map(\.time),
                trace.records.filter { $0.process == "pushService" && $0.event == "receive"
                    && $0.details == "pushArrives(Surfaces.PushKind.silentToApp, 4)" }.map(\.time),
                trace.records.filter { $0.process == "pushService" && $0.details.hasSuffix("writer 4") }.map { "\($0.time) \($0.event)" },
                Set(trace.receiveTimes("user", "timer(3)")))
    }

    /// The refusal of each push's wake is drawn from its writer's stream: with nothing else
    /// deciding (no wake budget, the app never in front), actions' pushes do not change which of
    /// the other device's pushes wake the app.
    func testAnotherWritersPushesDoNotShiftWakeRefusals() {
        for seed in UInt64(13_300)..<13_303 {
            var p = Parameters()
            p.push.wakesPerHour = 1_000
            p.user.appOpens = Rate(perHour: 0)
            p.live.enabled = false; p.tv.enabled = false; p.car.enabled = false; p.instant.enabled = false
            p.share.design = .inExtension
            p.action.perDay = 24
            var off = p
            off.action.enabled = false
            let with = world(p, seed: seed).wakes, without = world(off, seed: seed).wakes
            XCTAssertGreaterThan(with.count, 5)
            XCTAssertEqual(with, without, "seed \(seed): the other device's pushes, woken or refused")
        }
    }

    func testTurningASurfaceOffOrChangingADesignLeavesTheOthersDrawsAlone() {
        for seed in UInt64(13_200)..<13_203 {
            var base = Parameters()
            base.tv.playbacksPerDay = 8
            let reference = world(base, seed: seed)
            XCTAssertGreaterThan(reference.edits.count, 5)
            XCTAssertGreaterThan(reference.pushes.count, 5)
            var changes: [(String, Parameters)] = []
            var p = base; p.tv.enabled = false; changes.append(("television off", p))
            p = base; p.widget.fetchesOwnData = true; changes.append(("widget fetches its own data", p))
            p = base; p.push.wakeRefusal = 0.9; changes.append(("wake refusal 0.9", p))
            p = base; p.observe.carGlances = Rate(perHour: 20); changes.append(("car glanced at more often", p))
            p = base; p.share.design = .inExtension; changes.append(("shares uploaded by the extension", p))
            p = base; p.action.enabled = false; changes.append(("actions off", p))
            for (what, changed) in changes {
                let other = world(changed, seed: seed)
                XCTAssertEqual(other.edits, reference.edits, "seed \(seed), \(what): the other device's writes")
                XCTAssertEqual(other.pushes, reference.pushes, "seed \(seed), \(what): pushes reaching the phone")
                // Whether a push wakes the app also depends on the app's life and the hourly wake
                // budget, which writes of another surface share by design; where they do not:
                if ["television off", "widget fetches its own data", "car glanced at more often"].contains(what) {
                    XCTAssertEqual(other.wakes, reference.wakes, "seed \(seed), \(what): whether those pushes woke the app")
                }
                // The user's own sessions keep their edits; sessions a surface opened add theirs.
                let (fewer, more) = other.userEdits.count <= reference.userEdits.count ? (other, reference) : (reference, other)
                XCTAssertTrue(fewer.userEdits.isSubset(of: more.userEdits), "seed \(seed), \(what): the user's edits")
            }
        }
    }
}
