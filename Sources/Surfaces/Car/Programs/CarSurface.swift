import SimKernel
import Platform
import SurfaceCore

/// The car surface (§25.8; docs/model.md#car): the car's screen and its client; the app supplies
/// data to the system's templates. `projected`: the phone's app and session — the car
/// connection, a service of the system (`Platform/OS/CarConnection.swift`), launches the phone
/// app in the background and keeps it running for the drive (even after a force-quit: a run
/// that ends is relaunched within `app.syncInterval`); the app syncs on its own timer and hands
/// its store to the templates, so with the phone offline the car shows old data. This program
/// only tells the connection that a drive connects and disconnects the car. `onCar`: a
/// separate client on the car's computer with its own sign-in and network, fetching every
/// `app.syncInterval`.
package final class CarSurface: SurfaceProgram<CarInput, CarState, CarPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let carConnection: CarConnectionService
    package let arrivals: WorldArrivals
    /// The car's parameters (`car.*`).
    package let p: Parameters.Car
    /// How often the app syncs (`app.syncInterval`): the car's own client fetches this often.
    package let syncInterval: SimTime

    /// The measurement layer's observer of the car screen, which it reports what it shows to,
    /// and when a drive begins and ends: the layer takes the glances at it during a drive
    /// (`ObservedSurface.car`, `observe.glances.car.perHour`).
    package let screen: SurfaceObserver

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        carConnection = setup.platform.carConnection
        arrivals = setup.platform.arrivals
        screen = setup.measure.observer(.car)
        p = setup.parameters.car
        syncInterval = setup.parameters.app.syncInterval
        var state = CarState(rng: CarStreams(replicationSeed: setup.seed))
        state.container.clientSignedIn = setup.parameters.car.mode == .onCar
        super.init(setup, state: state)
    }
    /// A run's memory: whether a drive is under way and its number (docs/model.md#car-lifetime).
    /// A drive the run forgets is one no one looks at any more.
    package override func discardMemory() {
        if state.memory.driving { measure.glancesEnd(screen) }
        state.memory = CarMemory()
    }

    /// The car's own client (`car.mode = onCar`) holds a session it has not yet found revoked:
    /// kept in the car's storage, so it outlives a run (docs/model.md#car-lifetime).
    private var clientSignedIn: Bool {
        get { state.container.clientSignedIn }
        set { state.container.clientSignedIn = newValue }
    }

    /// `car.lifetime = whileConnected`: the program runs only while a drive connects the car.
    private var perDrive: Bool { p.lifetime == .whileConnected }

    /// At time 0 (launched for the replication with `allDay`; not running with `whileConnected`).
    package func start() {
        measure.shows(screen, .blank(.none))
        schedule()
    }

    /// The next drive: the car's own timer when it runs all day; with `whileConnected` the
    /// user's (the drive comes whether the car's program runs or not), which launches it.
    private func schedule() {
        if perDrive {
            arrivals.schedule(perDay: p.drivesPerDay, rng: &state.rng.car, .drive, to: ports.user)
        } else {
            arrivals.schedule(perDay: p.drivesPerDay, rng: &state.rng.car, .drive, to: context.me)
        }
    }

    package override func receive(_ input: CarInput) {
        switch input {
        case .drive:
            if !state.memory.driving {
                state.memory.driving = true
                state.memory.drive += 1
                context.after(p.driveLength.sampleTime(&state.rng.car), .arrive)
                if p.mode == .projected {
                    // The car connects: the connection keeps the app running for the drive and
                    // launches its car scene; the app fills the templates with what it can read (MainApp).
                    carConnection.connects()
                } else {
                    refresh()
                }
                measure.glancesBegin(screen)
            }
            schedule()
        case .refresh(let d):
            guard state.memory.driving, d == state.memory.drive else { break }
            refresh()
        case .arrive:
            state.memory.driving = false
            measure.glancesEnd(screen)
            // Disconnected: the app, told so, suspends once idle (unless something else keeps it running).
            if p.mode == .projected { carConnection.disconnects() }
            measure.shows(screen, .blank(.none))
            if perDrive { context.end() }   // disconnected: the program ends
        case .reply(let r):
            if r.status == .unauthorized && clientSignedIn {
                // The car's client finds its session revoked (sign-out step 6) at its next fetch.
                clientSignedIn = false
                measure.report(.holdsAccount(.carClient, false))
                if state.memory.driving { measure.shows(screen, .blank(.signedOut)) }
            } else if state.memory.driving, r.status == .ok, let d = network.data(of: r) {
                measure.shows(screen, .carTemplates(d))
            }
        }
    }

    /// The car's own client fetches from the backend over the car's network, every
    /// `app.syncInterval`, while it is signed in; signed out, it shows so.
    private func refresh() {
        guard clientSignedIn else {
            measure.shows(screen, .blank(.signedOut))
            return
        }
        network.request(.compactFetch, from: context.me, to: ports.backend, credential: .car, online: true)
        scheduleRefresh()
    }

    /// The car's own client's next fetch of this drive.
    private func scheduleRefresh() {
        context.after(syncInterval, .refresh(drive: state.memory.drive))
    }

    /// A drive is under way.
    package var isDriving: Bool { state.memory.driving }
}

/// Everything the car program keeps (`SurfaceProgram.state`): a run's memory, its own storage
/// and its random streams.
package struct CarState {
    /// A run's memory, gone when the run ends.
    package var memory = CarMemory()
    /// The car's own container (docs/model.md#car-lifetime): kept across its runs
    /// (`discardMemory` leaves it), read and written by this program only.
    package var container = CarStorage()
    /// The car's own random stream (its drives).
    package var rng: CarStreams
}

/// What a run of the car program holds in memory (docs/model.md#car-lifetime).
package struct CarMemory {
    /// A drive connects the car.
    package var driving = false
    /// The drive under way (its refresh timers carry it: a timer left from an
    /// earlier drive does nothing).
    package var drive: Int64 = 0
}

/// The car's peers: the user (who drives, and so launches a car that lives while connected)
/// and the backend the car's own client fetches from. The phone app the projected car's
/// connection launches is the system's to reach (`carConnection.connects`).
package struct CarPorts: ProgramPorts {
    package let user: Address<UserInput>
    package let backend: Address<BackendInput>
    package init(_ peers: Peers) {
        user = peers.peer()
        backend = peers.peer()
    }
}

/// The car's own storage (docs/model.md#car-lifetime): what survives the end of a run of the
/// car's program. Everything else it holds is memory, gone at the end.
package struct CarStorage {
    /// The car's own client (`onCar`) holds a session.
    package var clientSignedIn = false
}

/// How the assembly wires the car program (`AssembledProgram`).
extension CarSurface: AssembledProgram {
    package typealias Input = CarInput
    package static var programName: String { "car" }
    package static var requestsCountUnder: CostSurface? { .car }
    /// At time 0: a car that runs all day runs from time 0; one that lives while connected
    /// is launched by its drives.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart {
        guard p.car.enabled else { return .notStarted }
        switch p.car.lifetime {
        case .allDay: return .launched
        case .whileConnected: return .startedNotRunning
        }
    }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
