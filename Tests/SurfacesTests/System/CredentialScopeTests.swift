import XCTest
@testable import Platform
import SimKernel
@testable import Surfaces
@_spi(Assembly) @_spi(AppDesign) @testable import SurfaceCore
@testable import SystemPrograms
@testable import WidgetPrograms
@testable import AppPrograms
@testable import LiveStatusPrograms
@testable import WatchPrograms
@testable import SharePrograms
@testable import ActionsPrograms
@testable import InstantVersionPrograms
@testable import CarPrograms
@testable import TelevisionPrograms

/// Credentials per surface (§25.3 "a credential per surface … the backend can limit what it may
/// do"; docs/model.md#credentials): what the backend issued to one surface is narrower than the
/// app's session, and a revoked one is refused whatever it asks.
final class CredentialScopeTests: XCTestCase {
    /// Sends one request of each kind with `credential` (from the second device's program, which
    /// only carries it and, in the quiet probe world, sends nothing of its own) and returns the
    /// reply statuses in `RequestKind.allCases` order, as the event log prints them.
    private func statuses(_ credential: Credential, revokeFirst: Bool = false) -> [String] {
        let p = ChapterProbes.base()
        let log = TraceLog()
        let run = ProbeRun(p, seed: 7, trace: log)
        let w = run.world
        if revokeFirst {
            w.os.request(.revoke, from: run.assembly.address(of: MainApp.self), to: run.assembly.address(of: Backend.self), credential: .phoneSession)
            run.wait(Time.minute)
        }
        // No revocation of the phone's session below: it is sent last.
        for kind in RequestKind.allCases where kind != .revoke {
            // A write carries a change of its own (its maker lets go once the request holds it);
            // a device-code request with no code asks for a new one, or approves none.
            let change: ChangeID? = kind == .write ? w.changes.make(.app) : nil
            w.os.request(kind, from: run.assembly.address(of: OtherDevice.self), to: run.assembly.address(of: Backend.self), credential: credential, change: change)
            if let change { w.changes.letGo(change) }
            run.wait(Time.minute)
        }
        // "reply(Reply(kind: write, status: forbidden, …))" → "write forbidden".
        return log.records.filter { $0.process == "elsewhere" && $0.details.hasPrefix("reply(") }.map { r in
            let words = r.details.split(whereSeparator: { " ,()".contains($0) })
            return "\(words[words.firstIndex(of: "kind:")! + 1]) \(words[words.firstIndex(of: "status:")! + 1])"
        }
    }

    /// The phone's session may do everything the app does; the watch's credential reads the
    /// compact endpoint and writes; the television's and the car client's only read it; a
    /// sign-in code only asks for a session. Everything else is forbidden, not unauthorized:
    /// the credential is valid, the request is not its to make.
    func testACredentialIssuedToASurfaceIsNarrowerThanTheAppsSession() {
        XCTAssertEqual(statuses(Credential.phoneSession), ["sync ok", "compactFetch ok", "write ok", "deviceCode ok"])
        XCTAssertEqual(statuses(Credential.watch), ["sync forbidden", "compactFetch ok", "write ok", "deviceCode forbidden"])
        for credential in [Credential.television, Credential.car] {
            XCTAssertEqual(statuses(credential), ["sync forbidden", "compactFetch ok", "write forbidden", "deviceCode forbidden"], "\(credential)")
        }
        XCTAssertEqual(statuses(Credential.signInCode), ["sync forbidden", "compactFetch forbidden", "write forbidden", "deviceCode ok"])
    }

    /// The sign-out's revocation reaches every credential derived from the session, those given
    /// to surfaces included: each is refused as unauthorized at its next request, whatever it asks.
    func testRevocationReachesEveryCredentialIssuedToASurface() {
        for credential in [Credential.phoneSession, Credential.watch, Credential.television, Credential.car] {
            XCTAssertEqual(Set(statuses(credential, revokeFirst: true).map { $0.split(separator: " ")[1] }), ["unauthorized"], "\(credential)")
        }
        // Another device's own session is not derived from the phone's: it still works.
        XCTAssertEqual(statuses(Credential.otherDevice, revokeFirst: true), ["sync ok", "compactFetch ok", "write ok", "deviceCode ok"])
    }
}
