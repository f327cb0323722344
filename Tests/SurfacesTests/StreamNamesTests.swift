import XCTest
import SimKernel
@testable import Platform
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

/// Every random stream is seeded by a name written out where it is drawn, never by a Swift
/// type's name (docs/model.md#randomness): renaming a program's type, a
/// stream's holder or a field moves no figure. These are the names, pinned: changing one
/// changes every replication's draws from that stream, which is a change of the model.
final class StreamNamesTests: XCTestCase {
    private let seed: UInt64 = 0x5EED_0042

    /// The first draw of the stream named `name` in the replication seeded `seed`.
    private func first(_ name: String) -> UInt64 {
        var stream = RandomStream(replicationSeed: seed, name: name)
        return stream.next()
    }

    private func check(_ stream: RandomStream, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        var s = stream
        XCTAssertEqual(s.next(), first(name), "not the stream named \(name)", file: file, line: line)
    }

    /// The names the programs' per-program streams are seeded by (`network.from.<name>`): a
    /// program renamed keeps its old one (`AssembledProgram.streamName`).
    private let programStreamNames = [
        "backend", "pushService", "device", "user", "elsewhere", "glances", "widgetHost", "widgetProvider",
        "app", "liveStatus", "watchLink", "watchApp", "shareExtension", "shareSheet", "automations",
        "actionRunner", "instantVersion", "car", "television",
    ]

    func testEveryProgramKeepsTheNameItsStreamsAreSeededBy() {
        XCTAssertEqual(SurfaceRegistry.streamNames, programStreamNames)
    }

    func testTheSystemProgramsStreamsKeepTheirNames() {
        let backend = BackendStreams(replicationSeed: seed), elsewhere = OtherDeviceStreams(replicationSeed: seed)
        var pinned: [(RandomStream, String)] = [
            (backend.pushTV, "push.tv"),
            (elsewhere.edits, "elsewhere"), (elsewhere.deletes, "elsewhere.deletes"), (elsewhere.renames, "elsewhere.renames"),
        ]
        let u = UserStreams(replicationSeed: seed)
        pinned += [
            (u.user, "user"), (u.userSessions, "user.sessions"), (u.live, "live"), (u.action, "action"),
            (u.widgetButtons, "widget.buttons"), (u.tvSignIn, "tv.signIn"), (u.signOutVisit, "user.signOutVisit"),
            (GlanceState(replicationSeed: seed).glancesWatch, "glances.watch"),
        ]
        let d = DeviceStreams(replicationSeed: seed)
        pinned += [
            (d.scheduler, "scheduler"), (d.lock, "device.lock"), (d.restarts, "device.restarts"), (d.network, "device.network"),
            (d.updates, "device.updates"), (d.power, "device.power"), (d.motion, "device.motion"),
        ]
        for (stream, name) in pinned { check(stream, name) }
        for (k, program) in programStreamNames.enumerated() { check(backend.backendFrom[k], "backend.from.\(program)") }
    }

    func testTheSurfacesStreamsKeepTheirNames() {
        let car = CarStreams(replicationSeed: seed), live = LiveStatusStreams(replicationSeed: seed)
        let share = ShareStreams(replicationSeed: seed)
        let pinned: [(RandomStream, String)] = [
            (car.car, "car"),
            (InstantVersionStreams(replicationSeed: seed).instant, "instant"),
            (live.liveDelivery, "live.delivery"),
            (share.share, "share"), (share.networkShare, "network.share"),
            (TelevisionStreams(replicationSeed: seed).tv, "tv"),
            (WatchStreams(replicationSeed: seed).watch, "watch"),
            (WidgetProviderStreams(replicationSeed: seed).widget, "widget"),
        ]
        for (stream, name) in pinned { check(stream, name) }
    }

    /// The glances the measurement layer takes at the car screen and the lock screen draw from
    /// the streams the car and the live status drew them from when they were their programs'
    /// timers (`glances.car`, `glances.live`).
    func testTheLayersGlanceStreamsKeepTheirNames() {
        XCTAssertEqual(ObservedSurface.car.glances?.streamName, SeedMixer.nameHash("glances.car"))
        XCTAssertEqual(LiveStatusSignals.glancesName, SeedMixer.nameHash("glances.live"))
    }

    func testTheSystemsStreamsKeepTheirNames() {
        let world = World(Parameters(), seed: seed)
        defer { world.dismantle() }
        let s = world.os.rng       // as the world seeds them
        check(s.app, "app")
        check(s.liveTermination, "live.termination")
        let families: [(ProgramStreams, String)] = [
            (s.networkFrom, "network.from"), (s.storageFrom, "storage.from"), (s.sessionsOpenedBy, "user.sessions.openedBy"),
            (s.pushFrom, "push.from"), (s.pushWakeFrom, "push.wake.from"), (s.pushWatchFrom, "push.watch.from"),
        ]
        for (family, prefix) in families {
            for (k, program) in programStreamNames.enumerated() { check(family[k], "\(prefix).\(program)") }
        }
        let host = WidgetHostStreams(replicationSeed: seed)
        check(host.widgetGallery, "widget.gallery")
        XCTAssertEqual(ReloadReason.allCases.map(\.name),
                       ["appRequest", "hint", "pushWake", "button", "boot", "appUpdate", "firstUnlock", "signOut"])
        for (reason, stream) in zip(ReloadReason.allCases, host.reloadDelayFor) { check(stream, "widget.reloadDelay.\(reason.name)") }
        let link = WatchLinkStreams(replicationSeed: seed)
        check(link.watchLink, "watch.link")
        check(link.networkWatch, "network.watch")
    }
}
