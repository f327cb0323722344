import SimKernel
import Platform


/// What the instant version's program accepts (§25.10): its own timers.
enum InstantVersionInput {
    /// Someone opens the instant version from a link.
    case use
    /// The user installs the full app after use number `use`.
    case install(use: Int64)
    /// The platform checks whether it went unused for the whole removal period.
    case removeIfUnused
}
/// The instant version (§25.8; docs/model.md#instant-version): opened from a link without installation, a
/// subset of the app with its own small container. A use leaves state there (a cart, a
/// sign-in). When the person then installs the full app, the platform removes the instant
/// version with its container and moves only its handover area into the full app's new
/// container; the design decides whether the instant version writes its state there too
/// (`instant.handover`). An instant version unused for `instant.removedAfter` is removed
/// with all its data. The full app's first launch reads its own container: whether it starts
/// empty is what those storage operations left, never the design flag itself.
final class InstantVersion: SimulatedProcess<InstantVersionInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The measurement layer's record of the instant version's signals, which it only emits
    /// into (`InstantVersionMetrics.swift`).
    let signals: InstantVersionSignals
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The instant version's own container and its handover area: the state each use left,
    /// by use. Each use is its own person's visit (several may be pending at once).
    private var ownContainer: Set<Int64> = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var handoverArea: Set<Int64> = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var uses: Int64 = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var lastUsedAt: SimTime = 0

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The instant version's own random stream (uses, installs).
    private var rng: InstantVersionStreams

    init(world: World) {
        self.world = world
        signals = world.measure.signals(InstantVersionSignals.self)
        rng = InstantVersionStreams(replicationSeed: world.seed)
    }
    override func discardMemory() {}

    func start() { schedule() }

    private func schedule() {
        world.scheduleArrival(perDay: world.p.instant.usesPerDay, rng: &rng.instant, .use, to: world.ids.instantVersion)
    }

    override func receive(_ input: InstantVersionInput, engine: Engine) {
        let w = world
        switch input {
        case .use:
            // Someone opens the instant version from a link and leaves state in its container;
            // a design that hands over writes it to the handover area as well.
            let use = uses
            uses += 1
            ownContainer.insert(use)
            if w.p.instant.handover { handoverArea.insert(use) }
            lastUsedAt = w.now
            engine.send(.removeIfUnused, to: w.ids.instantVersion, after: w.p.instant.removedAfter)
            if rng.instant.bernoulli(w.p.instant.installAfterUse) {
                let delay = w.p.instant.installDelay.sampleTime(&rng.instant)
                engine.send(.install(use: use), to: w.ids.instantVersion, after: delay)
            }
            schedule()
        case .removeIfUnused:
            // Unused for the whole period: the platform removes it with everything it stored.
            if w.now - lastUsedAt >= w.p.instant.removedAfter {
                ownContainer.removeAll()
                handoverArea.removeAll()
            }
        case .install(let use):
            // Installing the full app: the instant version's container goes; its handover area
            // becomes the full app's container, which the first launch reads.
            ownContainer.remove(use)
            let fullAppContainerHasState = handoverArea.remove(use) != nil
            signals.emit(.fullAppFirstLaunch(foundState: fullAppContainerHasState))
        }
    }
}

/// How the assembly wires the instantVersion program (`AssembledProgram`).
extension InstantVersion: AssembledProgram {
    typealias Input = InstantVersionInput
    static var programName: String { "instantVersion" }
    /// At time 0: running all day when the app has an instant version.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { p.instant.enabled ? .launched : .notStarted }
}

extension Assembly {
    /// The instant version of this world (for its metrics and the chapter's probes).
    var instant: InstantVersion { program(InstantVersion.self) }
}
