import SimKernel
import Platform
import SurfaceCore

/// The television (§25.8; docs/model.md#instant-version): its own client with its own session, granted by a
/// sign-in code, refreshed hourly; video handed over as a stream location the television
/// fetches itself (`location`) or as the phone's own picture (`mirror`), which stops
/// when the phone's app leaves the foreground (the phone is locked or put away).
///
/// A program of the one door (docs/extending.md#the-one-door): it reaches the simulation through
/// its `context`, its peers through its `ports`, and keeps everything in `state`.
package final class TelevisionApp: SurfaceProgram<TelevisionInput, TelevisionState, TelevisionPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let appLaunch: AppLaunchService
    package let arrivals: WorldArrivals
    /// The television's parameters (`tv.*`).
    package let p: Parameters.TV
    /// The measurement layer's record of the television's signals, which it only emits into
    /// (`TelevisionMetrics.swift`).
    package let signals: TelevisionSignals

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        appLaunch = setup.platform.appLaunch
        arrivals = setup.platform.arrivals
        p = setup.parameters.tv
        signals = setup.measure.signals(TelevisionSignals.self)
        super.init(setup, state: TelevisionState(rng: TelevisionStreams(replicationSeed: setup.seed)))
    }
    /// A run's memory (docs/model.md#television-lifetime): the playback under way and the code
    /// on its screen.
    package override func discardMemory() { state.memory = TelevisionMemory() }

    /// `tv.lifetime = whilePlaying`: the program runs only for a playback (or a sign-in by code).
    private var perPlayback: Bool { p.lifetime == .whilePlaying }

    /// It holds a session (kept in the television's storage, so it outlives a run).
    package var signedIn: Bool { state.container.signedIn }

    /// A run that lives while it plays checks in as it starts (so a revocation made while it was
    /// not running is found now) and then hourly while it runs.
    package override func launched(by launcher: Launcher, resumed: Bool) {
        guard perPlayback else { return }
        if signedIn { checkIn() }
        context.after(Time.hour, .checkIn)
    }

    /// At time 0: launched for the replication (`allDay`, or `whilePlaying` signing in by
    /// code), or not running (`whilePlaying`, signed in).
    package func start() {
        if p.signIn == .byCode {
            state.container.signedIn = false
            askForCode()
        }
        schedule()
        if !perPlayback { context.after(Time.hour, .checkIn) }
    }

    /// The next playback: the television's own timer when it runs all day; with `whilePlaying`
    /// the user's (who starts it from the phone whether the program runs or not), which launches it.
    private func schedule() {
        if perPlayback {
            arrivals.schedule(perDay: p.playbacksPerDay, rng: &state.rng.tv, .playback, to: ports.user)
        } else {
            arrivals.schedule(perDay: p.playbacksPerDay, rng: &state.rng.tv, .playback, to: context.me)
        }
    }

    /// `whilePlaying`: playing nothing and not waiting for its code's approval, the program ends.
    private func endIfIdle() {
        if perPlayback && !state.memory.playing && !state.memory.signingIn { context.end() }
    }

    /// Asks the backend for the account's data with its own session.
    private func checkIn() {
        network.request(.compactFetch, from: context.me, to: ports.backend, credential: .television, online: true)
    }

    package override func receive(_ input: TelevisionInput) {
        switch input {
        case .playback:
            if !state.memory.playing && signedIn {
                state.memory.playing = true
                state.memory.playback += 1
                signals.emit(.playbackStarted)
                appLaunch.openAppInForeground(.user, bySurface: context.me.process)   // the user starts playback from the phone
                context.after(p.playbackLength.sampleTime(&state.rng.tv), .finish(playback: state.memory.playback))
            }
            schedule()
            if !state.memory.playing { endIfIdle() }     // launched for a playback it cannot start (signed out)
        case .finish(let which):
            if which == state.memory.playback { state.memory.playing = false; endIfIdle() }   // a stopped playback's timer finds a later one
        case .checkIn:
            if signedIn { checkIn() }
            context.after(Time.hour, .checkIn)
        case .phoneAppLeftForeground:
            if state.memory.playing && p.handoff == .mirror {
                state.memory.playing = false
                signals.emit(.playbackStoppedAtLock)
                endIfIdle()
            }
        case .revoked:
            if signedIn { checkIn() }
        case .pollCode:
            if let c = state.memory.code, !signedIn {
                network.request(.deviceCode, from: context.me, to: ports.backend, credential: .signInCode, item: c.number, online: true)
            }
        case .reply(let r) where r.kind == .deviceCode:
            codeReply(r)
        case .reply(let r):
            if r.status == .unauthorized && signedIn {
                state.container.signedIn = false
                measure.report(.holdsAccount(.television, false))
                state.memory.playing = false
                endIfIdle()                     // signed out: nothing to play
            }
        }
    }

    /// Sign-in by code (§25.13): asks the backend for a code.
    private func askForCode() {
        state.memory.signingIn = true
        network.request(.deviceCode, from: context.me, to: ports.backend, credential: .signInCode, online: true)
    }

    /// A reply about the code: a new code is shown (the user sees it) and polled for; a poll
    /// is refused until the phone approved it, then the television has its session.
    private func codeReply(_ r: Reply) {
        if state.memory.code == nil {
            guard r.status == .ok, r.item >= 0 else { return }
            state.memory.code = (r.item, context.now)
            context.send(.seesTelevisionCode(r.item), to: ports.user)
            context.after(p.pollInterval, .pollCode)
        } else if r.status == .ok {
            state.container.signedIn = true
            state.memory.signingIn = false
            measure.report(.holdsAccount(.television, true))
            if let c = state.memory.code { signals.emit(.signedInByCode(codeShownAt: c.shownAt)) }
            endIfIdle()
        } else {
            context.after(p.pollInterval, .pollCode)
        }
    }

    /// A playback is on the television's screen.
    package var isPlaying: Bool { state.memory.playing }
}

/// Everything the television program keeps (`SurfaceProgram.state`): a run's memory, its own
/// storage and its random stream.
package struct TelevisionState {
    /// A run's memory, gone when the run ends.
    package var memory = TelevisionMemory()
    /// The television's own container (docs/model.md#television-lifetime): kept across its
    /// runs (`discardMemory` leaves it), read and written by this program only.
    package var container = TelevisionStorage()
    /// The television's own random stream (playbacks).
    package var rng: TelevisionStreams
}

/// What a run of the television program holds in memory (docs/model.md#television-lifetime).
package struct TelevisionMemory {
    /// A playback is on the screen.
    package var playing = false
    /// The playback under way, numbered from 1: its finish timer carries the number, so an
    /// earlier playback's timer (one stopped at a lock) never ends a later one.
    package var playback: Int64 = 0
    /// Sign-in by code: the code on its screen, and since when (docs/model.md#television).
    package var code: (number: Int32, shownAt: SimTime)? = nil
    /// It has asked for a sign-in code and waits for its session.
    package var signingIn = false
}

/// The television's peers: the backend it checks in with and asks for sign-in codes, and the
/// user, who sees its code and starts playbacks from the phone.
package struct TelevisionPorts: ProgramPorts {
    package let backend: Address<BackendInput>
    package let user: Address<UserInput>
    package init(_ peers: Peers) {
        backend = peers.peer()
        user = peers.peer()
    }
}

/// The television's own storage (docs/model.md#television-lifetime): what survives the end of a
/// run of its program. Everything else it holds is memory, gone at the end.
package struct TelevisionStorage {
    /// It holds a session.
    package var signedIn = true
}

/// How the assembly wires the television program (`AssembledProgram`).
extension TelevisionApp: AssembledProgram {
    package typealias Input = TelevisionInput
    package static var programName: String { "television" }
    /// A video mirrored from the phone stops when the phone's app leaves the foreground.
    package static func hears(_ system: inout SystemWiring, at address: Address<TelevisionInput>, _ p: Parameters) {
        if p.tv.enabled { system.leftForeground.append(Route(to: address, as: { _ in TelevisionInput.phoneAppLeftForeground })) }
    }
    package static var requestsCountUnder: CostSurface? { .tv }
    /// Present when the app has a television app (`tv.enabled`).
    package static func isPresent(_ p: Parameters) -> Bool { p.tv.enabled }
    /// At time 0: an all-day television, or one that signs in by code, runs from time 0; one
    /// signed in that lives while it plays is launched by its playbacks.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart {
        guard p.tv.enabled else { return .notStarted }
        switch (p.tv.lifetime, p.tv.signIn) {
        case (.allDay, _), (_, .byCode): return .launched
        case (.whilePlaying, .signedIn): return .startedNotRunning
        }
    }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
