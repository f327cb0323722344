import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// Television sign-in by code (§25.13; docs/model.md#television): the television asks the
/// backend for a short code, the user approves it in the phone's app, and the television
/// gets its session at its next poll.
final class TelevisionSignInTests: XCTestCase {
    private func byCode(approval: Double, poll: SimTime) -> Parameters {
        var p = WidgetSetUp.closedForm(days: 1)
        p.observe.warmup = 0
        p.tv.enabled = true
        p.tv.signIn = .byCode
        p.tv.approvalDelay = .constant(approval)
        p.tv.pollInterval = poll
        p.tv.playbacksPerDay = 6
        return p
    }

    /// With zero latencies, a code shown at t and approved at t + A is granted at the first
    /// poll after the approval: the sign-in takes ⌈A/P⌉·P for polls every P (62 s → 65 s at 5 s).
    func testTheSessionComesAtTheFirstPollAfterTheApproval() {
        for (approval, poll, expected) in [(62.0, 5 * Time.second, 65.0), (62.0, 30 * Time.second, 90.0), (5.5, Time.second, 6.0)] {
            let r = Replication.run(byCode(approval: approval, poll: poll), seed: 3)
            XCTAssertEqual(r.samples[Metric.tvSignInTime.rawValue], [expected], "approval \(approval) s, polls every \(Time.seconds(poll)) s")
            // The code was asked for once, polled ⌈A/P⌉ times, approved once.
            let polls = (approval / Time.seconds(poll)).rounded(.up)
            XCTAssertEqual(r.values[Metric.backendRequestsDeviceCode.rawValue], 1 + polls + 1)
        }
    }

    /// Signed out until the code is approved, it plays nothing; approved, it plays; and a
    /// television signed in from the start (the default) asks for no code.
    func testNoPlaybackBeforeTheApprovalAndNoCodeByDefault() {
        let late = Replication.run(byCode(approval: 2 * 86_400, poll: 60 * Time.second), seed: 4)
        XCTAssertEqual(late.samples[Metric.tvSignInTime.rawValue], [], "never approved within the day")
        var signedIn = byCode(approval: 60, poll: 5 * Time.second)
        signedIn.tv.signIn = .signedIn
        let d = Replication.run(signedIn, seed: 4)
        XCTAssertEqual(d.values[Metric.backendRequestsDeviceCode.rawValue], 0)
        XCTAssertEqual(d.samples[Metric.tvSignInTime.rawValue], [])
        XCTAssertTrue(late.values[Metric.tvStoppedAtLock.rawValue].isNaN, "no playback started while signed out")
    }
}
