import XCTest
import SimKernel
@testable import Platform

/// The event log prints identities by name (docs/cli.md#trace): a credential and an
/// account as the words the model uses for them, an entry of the system's tables as `#n`, and
/// a change as its number.
final class IdentityNamesTests: XCTestCase {
    func testCredentialsPrintTheirNames() {
        XCTAssertEqual(Credential.platformNamed.map(\.credential.description),
                       ["none", "phoneSession", "secondAccountSession", "otherDevice", "addedSurface"])
        XCTAssertEqual(Credential.platformNamed.map(\.credential.number), [0, 1, 6, 9, 10])
        XCTAssertEqual(Credential(7).description, "credential 7")
    }

    func testAccountsPrintTheirNames() {
        XCTAssertEqual([Account.nobody, .first, .second].map(\.description), ["nobody", "first", "second"])
        XCTAssertEqual([Account.nobody, .first, .second].map(\.number), [0, 1, 2])
    }

    func testARequestAndAReplyPrintCredentialAndDataByNameAndTheChangeAsANumber() {
        let request = Request(kind: .write, from: ProcessID(4), incarnation: 1, credential: .otherDevice, change: ChangeID(12),
                              idempotencyKey: true, item: -1, returnDelay: 500_000)
        XCTAssertEqual(request.description,
                       "Request(kind: write, from: 4, credential: otherDevice, change: 12, idempotencyKey: true, returnDelay: 0.5 s)")
        let reply = Reply(kind: .sync, status: .ok, data: SnapshotID(7), change: nil, item: -1, readAt: 2_000_000)
        XCTAssertEqual(reply.description, "Reply(kind: sync, status: ok, data: #7, readAt: 2.0 s)")
        XCTAssertEqual(Reply(kind: .sync, status: .failed, data: .noData, change: nil, item: -1, readAt: 0).description,
                       "Reply(kind: sync, status: failed)")
    }

    func testAnInputPrintsTheIdentitiesItCarriesByName() {
        XCTAssertEqual(String(describing: WatchDelivery.context(snapshot: SnapshotID(3))), "context(snapshot: #3)")
        XCTAssertEqual(String(describing: WidgetHostInput.preview(view: .noView)), "preview(view: none)")
        XCTAssertEqual(String(describing: View(kind: .data, account: .second).account), "second")
    }

    /// The identities are one integer each, so messages that carry them keep their size.
    func testIdentitiesAreTheSizeOfTheirNumber() {
        XCTAssertEqual(MemoryLayout<Credential>.size, MemoryLayout<Int32>.size)
        XCTAssertEqual(MemoryLayout<Account>.size, MemoryLayout<Int32>.size)
        XCTAssertEqual(MemoryLayout<SnapshotID>.size, MemoryLayout<Int32>.size)
        XCTAssertEqual(MemoryLayout<ViewID>.size, MemoryLayout<Int32>.size)
    }
}
