import SimKernel
import Platform
import SurfaceCore


/// What the instant version's program accepts (§25.10): its own timers.
package enum InstantVersionInput {
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
///
/// A program of the one door (docs/extending.md#the-one-door): it reaches the simulation through
/// its `context` and keeps everything in `state`; it has no peers (its timers are its own).
package final class InstantVersion: SurfaceProgram<InstantVersionInput, InstantVersionState, NoPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let arrivals: WorldArrivals
    /// The instant version's parameters (`instant.*`).
    package let p: Parameters.Instant
    /// The measurement layer's record of the instant version's signals, which it only emits
    /// into (`InstantVersionMetrics.swift`).
    package let signals: InstantVersionSignals

    package init(_ setup: ProgramSetup) {
        arrivals = setup.platform.arrivals
        p = setup.parameters.instant
        signals = setup.measure.signals(InstantVersionSignals.self)
        super.init(setup, state: InstantVersionState(rng: InstantVersionStreams(replicationSeed: setup.seed)))
    }
    /// It runs all day: nothing it keeps is a run's memory.
    package override func discardMemory() {}

    package func start() { schedule() }

    /// The next use, its own timer.
    private func schedule() {
        arrivals.schedule(perDay: p.usesPerDay, rng: &state.rng.instant, .use, to: context.me)
    }

    package override func receive(_ input: InstantVersionInput) {
        switch input {
        case .use:
            // Someone opens the instant version from a link and leaves state in its container;
            // a design that hands over writes it to the handover area as well.
            let use = state.uses
            state.uses += 1
            state.ownContainer.insert(use)
            if p.handover { state.handoverArea.insert(use) }
            state.lastUsedAt = context.now
            context.after(p.removedAfter, .removeIfUnused)
            if state.rng.instant.bernoulli(p.installAfterUse) {
                let delay = p.installDelay.sampleTime(&state.rng.instant)
                context.after(delay, .install(use: use))
            }
            schedule()
        case .removeIfUnused:
            // Unused for the whole period: the platform removes it with everything it stored.
            if context.now - state.lastUsedAt >= p.removedAfter {
                state.ownContainer.removeAll()
                state.handoverArea.removeAll()
            }
        case .install(let use):
            // Installing the full app: the instant version's container goes; its handover area
            // becomes the full app's container, which the first launch reads.
            state.ownContainer.remove(use)
            let fullAppContainerHasState = state.handoverArea.remove(use) != nil
            signals.emit(.fullAppFirstLaunch(foundState: fullAppContainerHasState))
        }
    }
}

/// Everything the instant version's program keeps (`SurfaceProgram.state`): its containers,
/// its count of uses and its random stream.
package struct InstantVersionState {
    /// The instant version's own container: the state each use left, by use. Each use is its
    /// own person's visit (several may be pending at once).
    package var ownContainer: Set<Int64> = []
    /// Its handover area, which installing the full app moves into the full app's container:
    /// the state each use wrote there (`instant.handover`), by use.
    package var handoverArea: Set<Int64> = []
    /// How many uses so far (each use's number is its place in that order).
    package var uses: Int64 = 0
    /// When it was last used (what `removeIfUnused` checks against `instant.removedAfter`).
    package var lastUsedAt: SimTime = 0
    /// The instant version's own random stream (uses, installs).
    package var rng: InstantVersionStreams
}

/// How the assembly wires the instantVersion program (`AssembledProgram`).
extension InstantVersion: AssembledProgram {
    package typealias Input = InstantVersionInput
    package static var programName: String { "instantVersion" }
    /// At time 0: running all day when the app has an instant version.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { p.instant.enabled ? .launched : .notStarted }
}
