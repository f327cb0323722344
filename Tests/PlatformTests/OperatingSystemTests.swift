import XCTest
import SimKernel
@testable import Platform

/// The operating system runs behind its interface, with programs it knows only by the routes
/// they gave it (docs/model.md#the-operating-system): the network's round trip, the failure
/// offline, the foreground and its notices, the force-quit rule of background launches, the
/// reclaim of a suspended app, and the changes the system holds. Closed forms from the
/// constant round trip and lifetime the harness sets.
final class OperatingSystemTests: XCTestCase {
    /// A request reaches the server half a round trip after it is sent, and its reply reaches
    /// the sender's run the other half later: one round trip in all.
    func testARequestTakesOneRoundTripThereAndBack() {
        let h = PlatformHarness(roundTrip: 0.2)
        defer { h.dismantle() }
        h.engine.launch(h.appAddress.process, by: .user)
        h.os.request(.sync, from: h.appAddress, to: h.serverAddress, credential: Credential(7))
        h.engine.run(until: Time.minute)
        XCTAssertEqual(h.server.received.map(\.at), [Time.fromSeconds(0.1)])
        XCTAssertEqual(h.server.received.first?.request.credential, Credential(7))
        XCTAssertEqual(h.server.received.first?.request.from, h.appAddress.process)
        XCTAssertEqual(h.app.received.map(\.at), [Time.fromSeconds(0.2)])
        XCTAssertEqual(h.app.received.map(\.message), [.replied(.ok)])
    }

    /// Offline, the sender gets a failure at once and nothing reaches the server.
    func testOfflineARequestFailsAtOnce() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.engine.launch(h.appAddress.process, by: .user)
        h.os.setNetwork(online: false)
        h.os.request(.sync, from: h.appAddress, to: h.serverAddress, credential: Credential(7))
        h.engine.run(until: Time.minute)
        XCTAssertTrue(h.server.received.isEmpty)
        XCTAssertEqual(h.app.received.map(\.at), [0])
        XCTAssertEqual(h.app.received.map(\.message), [.replied(.failed)])
    }

    /// Doze holds the phone's network (docs/model.md#power): in a deep or a light idle window a
    /// request from the phone fails at once, as offline, and one over a device's own network
    /// goes; the end of the window gives the network back, and a high-priority push's allowlist
    /// gives it for its 5 minutes, after which the idle window holds it again.
    func testDozeHoldsThePhonesNetworkUnlessAHighPriorityPushAllowsIt() {
        let h = PlatformHarness(roundTrip: 0.2)
        defer { h.dismantle() }
        h.engine.launch(h.appAddress.process, by: .user)
        func statusOfARequest(online: Bool? = nil) -> ReplyStatus? {
            let before = h.app.received.count
            h.os.request(.sync, from: h.appAddress, to: h.serverAddress, credential: Credential(7), online: online)
            h.engine.run(until: h.engine.now + Time.second)
            guard h.app.received.count == before + 1, case .replied(let status) = h.app.received.last!.message else { return nil }
            return status
        }
        XCTAssertEqual(statusOfARequest(), .ok, "not dozing")
        h.os.enterLightIdle()
        XCTAssertEqual(statusOfARequest(), .failed, "light idle")
        XCTAssertEqual(statusOfARequest(online: true), .ok, "light idle, a device's own network")
        h.os.endLightIdleWindow()
        XCTAssertEqual(statusOfARequest(), .ok, "light maintenance")
        h.os.enterDeepIdle()
        XCTAssertEqual(statusOfARequest(), .failed, "deep idle")
        h.os.allowNetworkForHighPriorityPush()
        XCTAssertEqual(statusOfARequest(), .ok, "deep idle, allowlisted")
        h.engine.run(until: h.engine.now + OperatingSystem.highPriorityAllowlist)
        XCTAssertEqual(statusOfARequest(), .failed, "deep idle, the allowlist over")
        h.os.endDeepIdleWindow()
        XCTAssertEqual(statusOfARequest(), .ok, "deep maintenance")
        XCTAssertEqual(h.server.received.count, 5)
    }

    /// An arrival at a rate so small that its gap exceeds any time falls past the replication:
    /// nothing is scheduled (the gap is not turned into a time that would overflow).
    func testAnArrivalAtATinyRateFallsPastTheReplication() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.engine.launch(h.appAddress.process, by: .user)
        var rng = RandomStream(replicationSeed: 1, nameHash: 2)
        for perDay in [1e-12, 1e-300, Double.leastNonzeroMagnitude] {
            h.os.scheduleArrival(perDay: perDay, rng: &rng, AppMessage.wake, to: h.appAddress)
        }
        h.os.scheduleArrival(perDay: 1e9, rng: &rng, AppMessage.wake, to: h.appAddress)
        h.engine.run(until: Time.day)
        XCTAssertEqual(h.app.received.map(\.message), [.wake], "only the arrival at a billion a day falls within the day")
    }

    /// A reply is for the run that asked: a run that ended in between never gets it.
    func testAReplyToARunThatEndedIsLost() {
        let h = PlatformHarness(roundTrip: 0.2)
        defer { h.dismantle() }
        h.engine.launch(h.appAddress.process, by: .user)
        h.os.request(.sync, from: h.appAddress, to: h.serverAddress, credential: Credential(7))
        h.engine.run(until: Time.fromSeconds(0.15))
        h.engine.end(h.appAddress.process, .terminatedBySystem)
        h.engine.launch(h.appAddress.process, by: .user)
        h.engine.run(until: Time.minute)
        XCTAssertEqual(h.server.received.count, 1)
        XCTAssertTrue(h.app.received.isEmpty)
    }

    /// A write on its way is held by the network; the outbox file holds what it gains and lets
    /// go of what a rewrite drops.
    func testTheSystemHoldsTheChangesItCarries() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.engine.launch(h.appAddress.process, by: .user)
        h.os.request(.write, from: h.appAddress, to: h.serverAddress, credential: Credential(7), change: ChangeID(3), key: true)
        XCTAssertEqual(h.observer.holders[ChangeID(3)], 1)
        h.os.writeSharedOutbox([ChangeID(4), ChangeID(5)])
        h.os.writeSharedOutbox([ChangeID(5), ChangeID(6)])
        XCTAssertEqual(h.observer.holders[ChangeID(4)], 0)
        XCTAssertEqual(h.observer.holders[ChangeID(5)], 1)
        XCTAssertEqual(h.observer.holders[ChangeID(6)], 1)
    }

    /// Opening the app launches it, tells it and the person along their routes, and is
    /// announced to the measurement layer before it changes; leaving the foreground tells the
    /// listeners.
    func testOpeningAndLeavingTheApp() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.os.openAppInForeground()
        h.engine.run(until: Time.second)
        XCTAssertTrue(h.os.appInForeground)
        XCTAssertTrue(h.engine.isRunning(h.appAddress.process))
        XCTAssertEqual(h.app.received.map(\.message), [.opened])
        XCTAssertEqual(h.person.received, [.sessionStarted(seed: nil)])
        XCTAssertEqual(h.observer.foregroundChanges.map(\.was), [false])
        h.os.appLeavesForeground()
        h.engine.run(until: 2 * Time.second)
        XCTAssertFalse(h.os.appInForeground)
        XCTAssertEqual(h.person.received, [.sessionStarted(seed: nil), .appLeftForeground])
        XCTAssertEqual(h.observer.foregroundChanges.map(\.was), [false, true])
    }

    /// An app the user force-quit is launched in the background by nothing until the user
    /// opens it again (docs/platform-facts.md#background-launches); a switched-off phone runs nothing.
    func testAForceQuitAppIsNotWokenUntilOpened() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.os.appForceQuitTakesEffect()
        XCTAssertFalse(h.os.wakeAppInBackground(.pushWake, for: .wake, at: h.appAddress))
        XCTAssertFalse(h.engine.isRunning(h.appAddress.process))
        h.os.openAppInForeground()
        h.engine.run(until: Time.second)
        h.os.appLeavesForeground()
        h.engine.end(h.appAddress.process, .suspended)
        XCTAssertTrue(h.os.wakeAppInBackground(.pushWake, for: .wake, at: h.appAddress))
        h.engine.run(until: 2 * Time.second)
        XCTAssertEqual(h.app.received.map(\.message), [.opened, .wake])
        h.engine.end(h.appAddress.process, .terminatedBySystem)
        h.os.setPhonePower(on: false)
        XCTAssertFalse(h.os.wakeAppInBackground(.pushWake, for: .wake, at: h.appAddress))
    }

    /// The car connection launches the app's car scene with no background time limit, even after
    /// a force-quit, and a background run the car scene takes over loses its limit; any other
    /// background wake has the background budget (30 s here), a second wake of a run leaves it
    /// as it was, and the run is killed for time at its end.
    func testTheCarSceneRunsWithoutTheBackgroundTimeLimit() {
        for (carScene, alreadyRunning) in [(false, false), (false, true), (true, false), (true, true)] {
            let h = PlatformHarness()
            defer { h.dismantle() }
            if alreadyRunning { XCTAssertTrue(h.os.wakeAppInBackground(.pushWake, for: .wake, at: h.appAddress)) }
            if carScene && !alreadyRunning { h.os.appForceQuitTakesEffect() }
            if carScene { h.os.carConnects() } else { XCTAssertTrue(h.os.wakeAppInBackground(.system, for: .wake, at: h.appAddress)) }
            let record = h.engine.record(h.appAddress.process)
            XCTAssertEqual(record.limits.timeBudget, carScene ? nil : 30 * Time.second, "car scene \(carScene), running \(alreadyRunning)")
            h.engine.run(until: Time.minute)
            XCTAssertEqual(h.engine.isRunning(h.appAddress.process), carScene, "car scene \(carScene), running \(alreadyRunning)")
            XCTAssertEqual(h.engine.record(h.appAddress.process).endCount(.killedForTime), carScene ? 0 : 1)
        }
    }

    /// The system launches the app's extensions with their limits: the share extension for the
    /// share sheet with its time budget and memory limit (the harness's 30 s and 120 MiB; no
    /// memory limit with a debugger attached), once while it runs; the intents extension anew
    /// for each action, ending a run still going, with the intent run time (30 s).
    func testTheSystemLaunchesTheAppsExtensionsWithTheirLimits() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        let process = h.appAddress.process
        h.os.wiring.shareExtension = process
        h.os.wiring.intentsExtension = process
        XCTAssertFalse(h.os.shareExtensionRuns)
        h.os.launchShareExtension()
        XCTAssertTrue(h.os.shareExtensionRuns)
        XCTAssertEqual(h.engine.record(process).limits, ProcessLimits(timeBudget: 30 * Time.second, memoryLimit: 120 * 1_048_576))
        let run = h.engine.incarnation(process)
        h.os.launchShareExtension()
        XCTAssertEqual(h.engine.incarnation(process), run, "a running share extension is not launched again")
        h.os.launchIntentsExtension()
        XCTAssertEqual(h.engine.record(process).endCount(.normal), 1, "the run still going is ended")
        XCTAssertTrue(h.engine.isRunning(process))
        XCTAssertEqual(h.engine.record(process).limits, ProcessLimits(timeBudget: OperatingSystem.intentRunTime))
        h.engine.run(until: Time.minute)
        XCTAssertEqual(h.engine.record(process).endCount(.killedForTime), 1)

        let debugged = PlatformHarness(developerAttached: true)
        defer { debugged.dismantle() }
        debugged.os.wiring.shareExtension = debugged.appAddress.process
        debugged.os.launchShareExtension()
        XCTAssertEqual(debugged.engine.record(debugged.appAddress.process).limits, ProcessLimits(timeBudget: 30 * Time.second))
    }

    /// What the user changes in the phone's Settings app reaches the preferences the app handed
    /// the system, at once, whether or not the app runs; the system lets go of them when the
    /// world is dismantled.
    func testTheUsersSettingReachesTheAppsPreferencesWhileTheAppIsNotRunning() {
        final class Preferences: AppSettingsDomain {
            var changes: [(AppSetting, SimTime)] = []
            func userChanged(_ setting: AppSetting, at now: SimTime) { changes.append((setting, now)) }
        }
        let h = PlatformHarness()
        var preferences: Preferences? = Preferences()
        weak let held = preferences
        h.os.holdSettings(of: preferences!)
        h.engine.run(until: Time.hour)
        XCTAssertFalse(h.engine.isRunning(h.appAddress.process))
        h.os.userChangesAppSetting(.readingsLifetime(Time.day))
        XCTAssertEqual(preferences?.changes.count, 1)
        if case .readingsLifetime(let lifetime)? = preferences?.changes.first?.0 { XCTAssertEqual(lifetime, Time.day) } else { XCTFail("no lifetime") }
        XCTAssertEqual(preferences?.changes.first?.1, Time.hour)
        preferences = nil
        XCTAssertNotNil(held, "the system holds the app's preferences while the world runs")
        h.dismantle()
        XCTAssertNil(held, "dismantling the world lets go of them")
    }

    /// A suspended app lives `appSuspendedLifetime`: woken before it, it resumes; after it,
    /// the system has reclaimed it and the wake starts it cold.
    func testASuspendedAppIsReclaimedAfterItsLifetime() {
        for (wokenAfter, resumed) in [(599.0, true), (601.0, false)] {
            let h = PlatformHarness(suspendedLifetime: 600)
            h.engine.launch(h.appAddress.process, by: .user)
            h.engine.end(h.appAddress.process, .suspended)
            h.os.scheduleAppReclaim()
            XCTAssertEqual(h.observer.suspensions, 1)
            h.engine.run(until: Time.fromSeconds(wokenAfter))
            XCTAssertTrue(h.os.wakeAppInBackground(.pushWake, for: .wake, at: h.appAddress))
            let record = h.engine.record(h.appAddress.process)
            XCTAssertEqual(record.endCount(.terminatedBySystem), resumed ? 0 : 1, "woken after \(wokenAfter) s")
            h.dismantle()
        }
    }

    /// A restart ends the phone's app processes (the app leaves the foreground first) and boots
    /// a locked phone before its first unlock; an app update does not install while the app is
    /// in use, and otherwise ends its processes and moves the projection schema on.
    func testARestartAndAnUpdate() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.os.openAppInForeground()
        XCTAssertFalse(h.os.installAppUpdate(changesSchema: true))
        XCTAssertEqual(h.os.schemaVersion, 1)
        h.os.restartPhone()
        XCTAssertFalse(h.engine.isRunning(h.appAddress.process))
        XCTAssertFalse(h.os.appInForeground)
        XCTAssertTrue(h.os.device.locked)
        XCTAssertFalse(h.os.device.unlockedSinceBoot)
        XCTAssertEqual(h.engine.record(h.appAddress.process).endCount(.terminatedBySystem), 1)
        h.engine.launch(h.appAddress.process, by: .pushWake)
        XCTAssertTrue(h.os.installAppUpdate(changesSchema: true))
        XCTAssertEqual(h.os.schemaVersion, 2)
        XCTAssertEqual(h.engine.record(h.appAddress.process).endCount(.terminatedBySystem), 2)
        h.os.unlock()
        XCTAssertTrue(h.os.device.unlockedSinceBoot)
    }

    /// The request kinds' constant count is their number.
    func testTheRequestKindsAreCounted() {
        XCTAssertEqual(RequestKind.count, RequestKind.allCases.count)
    }
}
