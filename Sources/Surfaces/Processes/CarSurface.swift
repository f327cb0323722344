import SimKernel
import Platform

/// The car surface (§25.8; SPEC §3.9): the app supplies data to the system's templates.
/// `projected`: the phone's app and session — the car connection runs the phone app in
/// the background, which syncs and hands its store to the templates; with the phone
/// offline the car shows old data. `onCar`: a separate client on the car's computer with
/// its own sign-in and network.
final class CarSurface: SimulatedProcess {
    typealias Message = Surfaces.Message
    unowned(unsafe) let world: World
    enum Tag: Int32 { case drive = 1, refresh, glance, arrive }
    private var driving = false

    init(world: World) { self.world = world }
    func discardMemory() {}

    func start() {
        world.carObserver.show(.blank(.none), at: world.now, truth: world.truth)
        schedule()
    }

    private func schedule() {
        world.scheduleArrival(perDay: world.p.car.drivesPerDay, rng: &world.rng.car, .timer(Tag.drive.rawValue), to: world.ids.car)
    }

    func receive(_ message: Message, engine: Engine<Message>) {
        let w = world
        switch message {
        case .timer(Tag.drive.rawValue):
            if !driving {
                driving = true
                w.carIsDriving = true
                engine.send(.timer(Tag.arrive.rawValue), to: w.ids.car, after: w.p.car.driveLength.sampleTime(&w.rng.car))
                refresh()
                scheduleGlance()
            }
            schedule()
        case .timer(Tag.refresh.rawValue):
            if driving { refresh() }
        case .timer(Tag.glance.rawValue):
            if driving {
                w.glance(w.carObserver)
                scheduleGlance()
            }
        case .timer(Tag.arrive.rawValue):
            driving = false
            w.carIsDriving = false
            w.carObserver.show(.blank(.none), at: w.now, truth: w.truth)
        case .reply(let r):
            if driving, r.status == .ok, let d = w.data(of: r) { w.carShows(d) }
        default:
            break
        }
    }

    private func scheduleGlance() {
        let t = PoissonArrivals.next(after: world.now, rate: world.p.observe.carGlances, rng: &world.rng.car)
        if t < world.p.duration { world.engine.send(.timer(Tag.glance.rawValue), to: world.ids.car, at: t) }
    }

    private func refresh() {
        let w = world
        switch w.p.car.mode {
        case .projected:
            if let kept = w.appStorage.reading, w.carObserver.current.kind != .data { w.carShows(kept) }
            // The car connection runs the phone app in the background, even after a force-quit.
            w.wakeAppInBackground(.system)
            w.engine.send(.backgroundWake(.system), to: w.ids.app)
        case .onCar:
            w.request(.compactFetch, from: w.ids.car, credential: Backend.carSession, online: true)
        }
        w.engine.send(.timer(Tag.refresh.rawValue), to: w.ids.car, after: w.p.app.syncInterval)
    }
}

