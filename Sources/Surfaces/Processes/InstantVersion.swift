import SimKernel
import Platform

/// The instant version (§25.8; SPEC §3.9): opened from a link without installation, a
/// subset of the app with its own small container. A use leaves state there (a cart, a
/// sign-in). When the person then installs the full app, the platform hands over a small
/// amount of data — only if the instant version put it in the handover area
/// (`instant.handover`). The full app's first launch reads its own container.
final class InstantVersion: SimulatedProcess<Surfaces.Message> {
    typealias Message = Surfaces.Message
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    enum Tag: Int32 { case use = 1, install }
    /// Per install: whether the full app's first launch found state.
    private(set) var firstLaunches: [Bool] = []
    /// The platform's handover area, by use: whether the instant version left state there
    /// (its own container is removed at install, so nothing else of it reaches the full app).
    private var handoverArea: [Bool] = []

    init(world: World) { self.world = world }
    override func discardMemory() {}

    func start() { schedule() }

    private func schedule() {
        world.scheduleArrival(perDay: world.p.instant.usesPerDay, rng: &world.rng.instant, .timer(Tag.use.rawValue), to: world.ids.instant)
    }

    override func receive(_ message: Message, engine: Engine<Message>) {
        let w = world
        switch message {
        case .timer(Tag.use.rawValue):
            // Someone opens the instant version from a link and leaves state in it.
            handoverArea.append(w.p.instant.handover)
            let use = handoverArea.count - 1
            if w.rng.instant.bernoulli(w.p.instant.installAfterUse) {
                let delay = SimTime(w.rng.instant.exponential(mean: Double(Time.hour)))
                engine.send(.timerWithValue(Tag.install.rawValue, Int64(use)), to: w.ids.instant, after: delay)
            }
            schedule()
        case .timerWithValue(Tag.install.rawValue, let use):
            // Installing the full app: the platform moves the handover area into its container;
            // the instant version and its own container are removed.
            let fullAppContainerHasState = handoverArea[Int(use)]
            if w.measuring { firstLaunches.append(fullAppContainerHasState) }
        default:
            break
        }
    }
}

