import SimKernel
import Platform
import SurfaceCore

/// What the device program accepts: its own timers for the phone's events, the system's
/// decision to terminate the app in the background, and the reply to a revocation it sent.
package enum DeviceInput {
    case lock, unlock, restart, offline, online, update, keyLoss, keepChange, backgroundRefresh
    /// A power-saving period begins or ends.
    case lowPowerStarts, lowPowerEnds
    /// The phone was unlocked (by the user, or by opening the app): with Doze, it wakes.
    case screenOn
    /// Doze: the idle window of the lock period `generation` begins, or its maintenance window.
    case dozeIdle(generation: Int64), dozeMaintenance(generation: Int64)
    /// Light Doze: an idle window of the lock period `generation` begins, or its maintenance window.
    case lightIdle(generation: Int64), lightMaintenance(generation: Int64)
    /// Standby buckets: the quota that held back a background refresh may allow it now (the
    /// `generation`-th refresh held back).
    case quotaFrees(generation: Int64)
    /// Memory pressure: the system terminates the app's run `incarnation` if it is still in the background.
    case terminateApp(incarnation: UInt32)
    /// The car connection's check that the app it projects still runs (`CarConnection.swift`).
    case carConnectionCheck(connection: Int64)
    case reply(Reply)
}

/// The phone's operating system events (docs/model.md#device): lock and unlock, restarts (after
/// which storage protected until first unlock stays closed until the next unlock),
/// offline periods, app updates (which may change the projection schema), the system
/// reclaiming a suspended app, and the scripted events of docs/model.md#kept-readings (key loss, a
/// change of the readings' lifetime).
package final class DeviceProcess: SurfaceProgram<DeviceInput, DeviceProcessState, DeviceProcessPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let appLaunch: AppLaunchService
    package let device: DeviceService
    package let transfers: BackgroundTransferService
    package let arrivals: WorldArrivals
    package let personAndPhone: PersonAndPhone
    package let carConnection: CarConnectionService
    /// The phone's parameters (`device.*`), its network's (`network.*`) and the app's settings
    /// the phone acts on (`app.*`: background refresh, updates, the readings' lifetime).
    package let deviceParameters: Parameters.Device
    package let networkParameters: Parameters.Network
    package let app: Parameters.App
    /// The replication's length.
    package let duration: SimTime

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        appLaunch = setup.platform.appLaunch
        device = setup.platform.device
        transfers = setup.platform.transfers
        arrivals = setup.platform.arrivals
        personAndPhone = setup.platform.personAndPhone
        carConnection = setup.platform.carConnection
        let p = setup.parameters
        (deviceParameters, networkParameters, app, duration) = (p.device, p.network, p.app, p.duration)
        let share = min(max(p.device.locked, 0), 0.999)
        lockedMean = p.device.unlockedPeriod.mean * share / (1 - share)
        super.init(setup, state: DeviceProcessState(rng: DeviceStreams(replicationSeed: setup.seed)))
    }
    package override func discardMemory() {}

    package func start() {
        scheduleUnlockCycle(locked: true)
        schedule(.restart, perDay: deviceParameters.restartsPerDay, rng: &state.rng.restarts)
        schedule(.offline, perDay: networkParameters.offlinePerDay, rng: &state.rng.network)
        schedule(.update, perDay: deviceParameters.appUpdatesPerDay, rng: &state.rng.updates)
        scheduleBackgroundRefresh()
        schedule(.lowPowerStarts, perDay: deviceParameters.lowPowerPerDay, rng: &state.rng.power)
        screenOff()
        if let t = deviceParameters.keyLossAt { context.at(t, .keyLoss) }
        if let t = app.keepReadingsChangeAt { context.at(t, .keepChange) }
    }

    private func send(_ event: DeviceInput, after delay: SimTime) {
        let t = context.now + delay
        if t < duration { context.at(t, event) }
    }

    private func schedule(_ event: DeviceInput, perDay: Double, rng: inout RandomStream) {
        arrivals.schedule(perDay: perDay, rng: &rng, event, to: context.me)
    }

    /// The system's background scheduler grants the app refreshes at `app.backgroundRefresh`
    /// (docs/platform-facts.md#extensions `bgrefresh`: the start time is only a lower bound, 30 s of runtime).
    private func scheduleBackgroundRefresh() {
        arrivals.schedule(rate: app.backgroundRefresh, rng: &state.rng.scheduler, .backgroundRefresh, to: context.me)
    }

    /// Mean locked period giving the locked share `device.locked` beside the unlocked periods.
    private let lockedMean: Double

    /// Alternating unlocked and locked periods with the locked share `device.locked`.
    private func scheduleUnlockCycle(locked: Bool) {
        if locked {
            if lockedMean > 0 { send(.unlock, after: Time.fromSeconds(state.rng.lock.exponential(mean: lockedMean))) }
        } else {
            send(.lock, after: deviceParameters.unlockedPeriod.sampleTime(&state.rng.lock))
        }
    }

    package override func receive(_ input: DeviceInput) {
        switch input {
        case .terminateApp(let inc):
            personAndPhone.endAppKeptForActivity(incarnation: inc)
        case .carConnectionCheck(let connection):
            carConnection.check(connection: connection)
        case .reply(let r):
            if r.kind == .revoke && r.status == .ok { transfers.revocationConfirmed() }
        case .unlock:
            personAndPhone.unlock()
            scheduleUnlockCycle(locked: false)
        case .screenOn:
            screenOn()
        case .lock:
            if device.appInForeground {
                send(.lock, after: Time.minute)      // the phone stays unlocked while the app is in use
            } else {
                personAndPhone.setLocked(true)
                screenOff()
                scheduleUnlockCycle(locked: true)
            }
        case .restart:
            restart()
            schedule(.restart, perDay: deviceParameters.restartsPerDay, rng: &state.rng.restarts)
        case .offline:
            personAndPhone.setNetwork(online: false)
            send(.online, after: networkParameters.offlineDuration.sampleTime(&state.rng.network))
        case .online:
            personAndPhone.setNetwork(online: true)
            // A sign-out's revocation left as a background transfer goes out with the network.
            if transfers.holdsRevocation { network.request(.revoke, from: context.me, to: ports.backend, credential: .phoneSession) }
            schedule(.offline, perDay: networkParameters.offlinePerDay, rng: &state.rng.network)
        case .update:
            update()
            schedule(.update, perDay: deviceParameters.appUpdatesPerDay, rng: &state.rng.updates)
        case .backgroundRefresh:
            runBackgroundRefresh()
            scheduleBackgroundRefresh()
        case .quotaFrees(let generation):
            guard generation == state.quotaGeneration, state.quotaDeferred else { return }
            state.quotaDeferred = false
            runBackgroundRefresh()
        case .lowPowerStarts:
            personAndPhone.setPowerSaving(true)
            send(.lowPowerEnds, after: deviceParameters.lowPowerDuration.sampleTime(&state.rng.power))
        case .lowPowerEnds:
            personAndPhone.setPowerSaving(false)
            schedule(.lowPowerStarts, perDay: deviceParameters.lowPowerPerDay, rng: &state.rng.power)
        case .dozeIdle(let period):
            guard period == state.dozePeriod, device.state.locked else { return }
            personAndPhone.enterDeepIdle()             // deep Doze takes over from light Doze
            // Idle windows of an hour, doubling, at most six hours (docs/platform-facts.md#power).
            let window = Self.deepIdleWindows[min(state.idleWindows, Self.deepIdleWindows.count - 1)]
            state.idleWindows += 1
            send(.dozeMaintenance(generation: period), after: window)
        case .dozeMaintenance(let period):
            guard period == state.dozePeriod else { return }
            endIdleWindow()
            send(.dozeIdle(generation: period), after: Self.maintenanceWindow)
        case .lightIdle(let period):
            // Light Doze runs until deep Doze first goes idle in the lock period.
            guard period == state.dozePeriod, device.state.locked, state.idleWindows == 0 else { return }
            personAndPhone.enterLightIdle()
            // Idle windows of 5 minutes, doubling, at most 15 (docs/platform-facts.md#power).
            let window = Self.lightIdleWindows[min(state.lightWindows, Self.lightIdleWindows.count - 1)]
            state.lightWindows += 1
            send(.lightMaintenance(generation: period), after: window)
        case .lightMaintenance(let period):
            guard period == state.dozePeriod, device.state.lightDozing else { return }
            endLightIdleWindow()
            send(.lightIdle(generation: period), after: Self.lightMaintenanceWindow)
        case .keyLoss:
            personAndPhone.restoreOntoAnotherPhone()
        case .keepChange:
            personAndPhone.userChangesAppSetting(.readingsLifetime(app.keepReadingsChangedTo))
        }
    }

    /// A background refresh is due: Doze holds it for the next maintenance window; past the
    /// quota of the app's standby bucket it waits until the quota allows it (one refresh waits,
    /// as periodic work has one pending run; docs/model.md#power).
    private func runBackgroundRefresh() {
        if device.state.dozing || device.state.lightDozing {
            state.refreshDeferred = true               // Doze: the job waits for the next window
            return
        }
        if let bucket = device.standbyBucket, !state.jobRuns.allows(bucket.jobQuota, at: context.now) {
            if !state.quotaDeferred {
                state.quotaDeferred = true
                state.quotaGeneration += 1
                let at = state.jobRuns.nextAllowed(bucket.jobQuota, at: context.now)
                context.log("refreshDeferred", "standby bucket \(bucket.rawValue)")
                if at < duration { context.at(at, .quotaFrees(generation: state.quotaGeneration)) }
            }
            return
        }
        state.quotaDeferred = false                    // a higher bucket's quota let it run now
        grantBackgroundRefresh()
    }

    /// The system's background scheduler grants a refresh: not to a force-quit app, nor to one
    /// whose registration a restore left stale, nor during a power-saving period. With standby
    /// buckets, a refresh that runs counts against the bucket's quota.
    private func grantBackgroundRefresh() {
        if !device.state.appForceQuit && !device.state.pushTokenStale && !device.appInForeground && !device.state.lowPower {
            if appLaunch.wakeAppInBackground(.backgroundScheduler, for: .backgroundWake(.backgroundScheduler), at: ports.app), let bucket = device.standbyBucket {
                state.jobRuns.record(at: context.now)
                context.log("refreshRun", "standby bucket \(bucket.rawValue)")
            }
        }
    }

    /// Doze's maintenance window (AOSP's deep-idle maintenance lasts 5–10 minutes).
    package static let maintenanceWindow = 5 * Time.minute
    /// Light Doze: idle a minute after the screen goes off (AOSP's light idle-after-inactive
    /// timeout), for 5 minutes doubling to at most 15, with maintenance windows of a minute
    /// (the light maintenance's minimum budget; docs/platform-facts.md#power).
    package static let lightDozeAfter = Time.minute
    /// Deep Doze's idle windows in turn, the last repeating (docs/platform-facts.md#power).
    package static let deepIdleWindows: [SimTime] = [Time.hour, 2 * Time.hour, 4 * Time.hour, 6 * Time.hour]
    /// Light Doze's idle windows in turn, the last repeating.
    package static let lightIdleWindows: [SimTime] = [5 * Time.minute, 10 * Time.minute, 15 * Time.minute]
    package static let lightMaintenanceWindow = Time.minute

    /// The screen goes off (a lock, a restart): with Doze, a still phone goes idle an hour later;
    /// with light Doze, any phone goes lightly idle a minute later; a moving one (drawn per lock
    /// period, `device.movingWhenLocked`) never deeply, with light Doze or without it.
    private func screenOff() {
        // A restart in an idle window boots a phone that is not idle (yet).
        if device.state.dozing { endIdleWindow() }
        if device.state.lightDozing { endLightIdleWindow() }
        let lightDoze = deviceParameters.doze && deviceParameters.lightDoze
        let moving = deviceParameters.doze && state.rng.motion.bernoulli(deviceParameters.movingWhenLocked)
        if lightDoze {
            state.dozePeriod += 1
            state.lightWindows = 0
            send(.lightIdle(generation: state.dozePeriod), after: Self.lightDozeAfter)
        }
        guard deviceParameters.doze else { return }
        if !lightDoze { state.dozePeriod += 1 }
        state.idleWindows = 0
        if !moving { send(.dozeIdle(generation: state.dozePeriod), after: deviceParameters.dozeAfter) }
    }

    /// The screen comes on: Doze, deep or light, ends at once.
    private func screenOn() {
        guard deviceParameters.doze else { return }
        state.dozePeriod += 1
        if device.state.dozing { endIdleWindow() }
        if device.state.lightDozing { endLightIdleWindow() }
    }

    /// A light idle window ends: a background refresh it held runs (unless deep Doze holds it).
    private func endLightIdleWindow() {
        personAndPhone.endLightIdleWindow()
        if state.refreshDeferred && !device.state.dozing {
            state.refreshDeferred = false
            runBackgroundRefresh()
        }
    }

    /// An idle window ends: deferred work and normal-priority pushes go through.
    private func endIdleWindow() {
        personAndPhone.endDeepIdleWindow()
        if state.refreshDeferred {
            state.refreshDeferred = false
            runBackgroundRefresh()
        }
    }

    /// A restart ends every phone process; the phone comes back locked, before first unlock
    /// (the system's `restartPhone`), its screen off.
    private func restart() {
        personAndPhone.restartPhone()
        screenOff()
    }

    /// An app update replaces the app and its extensions; it may change the projection schema.
    private func update() {
        let changesSchema = state.rng.updates.bernoulli(app.updateChangesSchema)   // drawn whether it installs or not
        personAndPhone.installAppUpdate(changesSchema: changesSchema)
    }
}

/// Everything the device program keeps: its Doze and standby-bucket bookkeeping and its streams.
package struct DeviceProcessState {
    /// Doze: the lock period the timers belong to (an unlock starts a new one), the idle
    /// windows so far in it, and a background refresh deferred to the next window.
    package var dozePeriod: Int64 = 0
    package var idleWindows = 0
    /// Light Doze: its idle windows so far in the lock period.
    package var lightWindows = 0
    package var refreshDeferred = false
    /// Standby buckets: the background refreshes run in the last day, a refresh held back by its
    /// bucket's quota, and the generation of the timer that re-checks it.
    package var jobRuns = QuotaRecord()
    package var quotaDeferred = false
    package var quotaGeneration: Int64 = 0
    package var rng: DeviceStreams
}

/// The device program's peers: the backend (a sign-out's revocation left as a background
/// transfer) and the app (woken for a background refresh).
package struct DeviceProcessPorts: ProgramPorts {
    package let backend: Address<BackendInput>
    package let app: Address<MainAppInput>
    package init(_ peers: Peers) {
        backend = peers.peer()
        app = peers.peer()
    }
}

/// How the assembly wires the device program (`AssembledProgram`).
extension DeviceProcess: AssembledProgram {
    package typealias Input = DeviceInput
    package static var programName: String { "device" }
    /// The phone's own process: the screen coming on, the timer that ends an app kept running
    /// for an activity, and the car connection's checks.
    package static func hears(_ system: inout SystemWiring, at address: Address<DeviceInput>, _ p: Parameters) {
        system.phone = Route(to: address, as: { event in
            switch event {
            case .screenOn: return DeviceInput.screenOn
            case .endAppKeptForActivity(let incarnation): return DeviceInput.terminateApp(incarnation: incarnation)
            case .carConnectionCheck(let connection): return DeviceInput.carConnectionCheck(connection: connection)
            }
        })
    }
    /// The device sends the app's pending revocation when the network comes back: it counts as the app.
    package static var requestsCountUnder: CostSurface? { .app }
    /// At time 0: the phone runs from time 0.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension DeviceInput: ReplyInput {}
