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

/// The assembly wires and starts every program from what the program declares in its own
/// folder (`AssembledProgram`): its name, its replies' input, and how it starts at time 0.
final class AssemblyTests: XCTestCase {
    /// The share extension's limits reach the system, which launches it with them
    /// (`launchShareExtension`), as the study's parameters set them.
    func testTheShareExtensionsLimitsReachTheSystem() {
        var p = Parameters()
        p.share.timeBudget = 12 * Time.second
        p.share.memoryLimit = 7 * 1_048_576
        let settings = PlatformSettings(p)
        XCTAssertEqual(settings.shareExtensionLimits, ProcessLimits(timeBudget: 12 * Time.second, memoryLimit: 7 * 1_048_576))
    }

    /// The names are the event log's and the random streams' seeds: they must not change.
    /// The surfaces' own credentials are named by their descriptors (`SurfaceDescriptor.credentials`)
    /// when the list of surfaces is first read, so the event log prints every credential by name.
    func testTheSurfacesCredentialsPrintTheirNames() {
        _ = SurfaceRegistry.all
        XCTAssertEqual(Credential.named.map(\.credential.description),
                       ["none", "phoneSession", "watch", "television", "car", "signInCode",
                        "secondAccountSession", "otherDevice", "addedSurface"])
        XCTAssertEqual(Credential.named.map(\.credential.number), [0, 1, 2, 3, 4, 5, 6, 9, 10])
    }

    func testTheProgramsAreRegisteredUnderTheirNamesInOrder() {
        XCTAssertEqual(SurfaceRegistry.programNames, [
            "backend", "pushService", "device", "user", "elsewhere", "glances", "widgetHost", "widgetProvider",
            "app", "liveStatus", "watchLink", "watchApp", "shareExtension", "shareSheet", "automations",
            "actionRunner", "instantVersion", "car", "television"])
        let world = World(Parameters(), seed: 1)
        let assembly = Assembly(world: world)
        // Each program's process is named as the program (one name per program in the code and in traces).
        XCTAssertEqual((0..<world.engine.processCount).map { world.engine.record(ProcessID(Int32($0))).name }, SurfaceRegistry.programNames)
        // Exactly the programs that declare a reply input have a route for their replies.
        XCTAssertEqual(world.os.wiring.replyRoutes.map { $0 != nil }, SurfaceRegistry.programTypes.map { $0.hasReplies })
        // A program that sends requests has a surface to count them under, and only such a program.
        XCTAssertEqual(SurfaceRegistry.programTypes.map { $0.requestsCountUnder != nil }, SurfaceRegistry.programTypes.map { $0.hasReplies })
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: zip(SurfaceRegistry.programNames, CostSurface.ofBuiltInProcess).compactMap { n, s in s.map { (n, $0) } }),
                       ["app": .app, "device": .app, "widgetProvider": .widget, "watchApp": .watch, "shareExtension": .share,
                        "shareSheet": .share, "actionRunner": .action, "car": .car, "television": .tv, "elsewhere": .elsewhere])
        world.dismantle()
        _ = assembly
    }

    /// The operating system holds no program (docs/model.md#what-a-program-knows): what it keeps
    /// for the programs is the platform's state (the watch link's queues, the shared storage
    /// area, the snapshot table), and it reaches them by messages. Checked by reflection on an
    /// assembled world, three levels into everything the system stores but its engine, the
    /// measurement layer and the changes' journeys it reports to (which own or see the processes
    /// by design), and the programs' addresses in its wiring (which name processes and hold none:
    /// their program is unowned).
    func testTheOperatingSystemHoldsNoProgram() {
        let world = World(Parameters(), seed: 1)
        let assembly = Assembly(world: world)
        func programs(in value: Any, at path: String, depth: Int) -> [String] {
            if value is AnyProcess { return [path] }
            guard depth > 0, !String(describing: type(of: value)).hasPrefix("Address<") else { return [] }
            return Mirror(reflecting: value).children.flatMap { child in
                programs(in: child.value, at: "\(path).\(child.label ?? "?")", depth: depth - 1)
            }
        }
        let stored = Mirror(reflecting: world.os).children.filter {
            !["engine", "engineRef", "observer", "custody"].contains($0.label ?? "")
        }
        XCTAssertGreaterThan(stored.count, 15, "the system's stored properties are seen")
        XCTAssertEqual(stored.flatMap { programs(in: $0.value, at: "os.\($0.label ?? "?")", depth: 3) }, [])
        world.dismantle()
        _ = assembly
    }

    /// The system tells the programs that listen for its notices, and a restart ends the
    /// phone's app processes: each program says whether it is one, and under which designs.
    func testTheNoticeListenersAndThePhonesProcessesAreThoseThatSaySo() {
        func wired(_ p: Parameters) -> (listeners: [String], phone: [String]) {
            let world = World(p, seed: 1)
            let assembly = Assembly(world: world)
            defer { world.dismantle(); _ = assembly }
            let name = { (pid: ProcessID) in world.engine.record(pid).name }
            return (world.os.wiring.noticeListeners.map { name($0.process) }, world.os.wiring.phoneProcesses.map(name))
        }
        var p = Parameters()
        (p.share.enabled, p.watch.enabled, p.device.doze) = (false, true, false)
        let quiet = wired(p)
        XCTAssertEqual(quiet.listeners, ["pushService", "widgetHost"])
        XCTAssertEqual(quiet.phone, ["app", "widgetProvider", "shareExtension", "actionRunner"])
        (p.share.enabled, p.device.doze) = (true, true)
        XCTAssertEqual(wired(p).listeners, ["pushService", "widgetHost", "shareSheet", "watchLink"])
        p.watch.enabled = false
        XCTAssertEqual(wired(p).listeners, ["pushService", "widgetHost", "shareSheet"], "no watch: its link does not listen")
    }

    /// Right after the start, the system's programs and the surfaces that run all day are
    /// running, and nothing else: pinned per design, one design for each way a surface starts.
    func testTheProgramsRunningAtTimeZeroAreTheSystemsAndTheAllDaySurfaces() {
        let system = ["backend", "pushService", "device", "user", "elsewhere", "glances"]
        var all = Parameters()
        (all.live.enabled, all.watch.enabled, all.share.enabled, all.action.enabled) = (true, true, true, true)
        (all.instant.enabled, all.car.enabled, all.tv.enabled) = (true, true, true)
        (all.watch.lifetime, all.car.lifetime, all.tv.lifetime) = (.allDay, .allDay, .allDay)
        var looked = all
        (looked.watch.lifetime, looked.car.lifetime, looked.tv.lifetime) = (.whenLooked, .whileConnected, .whilePlaying)
        var byCode = looked
        byCode.tv.signIn = .byCode
        var none = Parameters()
        none.turnOffSurfacesBeyondTheWidget()
        none.widget.enabled = false
        let everyDay = ["widgetHost", "liveStatus", "watchLink", "shareSheet", "automations", "instantVersion"]
        let designs: [(name: String, p: Parameters, running: [String])] = [
            ("every surface all day", all, system + everyDay + ["watchApp", "car", "television"]),
            ("the watch when looked at, the car while connected, the television while playing", looked, system + everyDay),
            ("as above, the television signed in by code", byCode, system + everyDay + ["television"]),
            ("no surface", none, system),
        ]
        for design in designs {
            let world = World(design.p, seed: 7)
            let assembly = Assembly(world: world)
            assembly.start()
            let running = (0..<world.engine.processCount).map { ProcessID(Int32($0)) }
                .filter { world.engine.isRunning($0) }.map { world.engine.record($0).name }
            XCTAssertEqual(running.sorted(), design.running.sorted(), design.name)
            world.dismantle()
        }
    }

    /// A program started without running has its arrivals scheduled at the start: a car that
    /// lives while connected and a television that lives while it plays are not running at
    /// time 0, and their drives and playbacks launch them within a day.
    func testAProgramStartedWithoutRunningIsLaunchedByItsArrivals() {
        var p = Parameters()
        p.turnOffSurfacesBeyondTheWidget()
        (p.car.enabled, p.car.lifetime, p.tv.enabled, p.tv.lifetime) = (true, .whileConnected, true, .whilePlaying)
        (p.car.drivesPerDay, p.tv.playbacksPerDay) = (24, 24)   // none in a day: a chance of e^-24 each
        p.duration = Time.day
        let world = World(p, seed: 11)
        let assembly = Assembly(world: world)
        assembly.start()
        let programs = [assembly.address(of: CarSurface.self).process, assembly.address(of: TelevisionApp.self).process]
        XCTAssertEqual([CarSurface.startsAtTimeZero(p), TelevisionApp.startsAtTimeZero(p)], [.startedNotRunning, .startedNotRunning])
        XCTAssertEqual(programs.map { world.engine.incarnation($0) }, [0, 0], "not launched at time 0")
        world.engine.run(until: p.duration)
        for (name, pid) in zip(["car", "television"], programs) {
            XCTAssertGreaterThan(world.engine.incarnation(pid), 0, "the \(name)'s arrivals launch it within a day")
        }
        world.dismantle()
    }
}

private extension AssembledProgram {
    static var hasReplies: Bool { Input.self is any ReplyInput.Type }
}
