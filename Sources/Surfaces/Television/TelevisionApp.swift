import SimKernel
import Platform


/// What the television app accepts (§25.8): its own timers (playbacks, each playback's
/// end, the hourly check-in), the phone app leaving the foreground, the backend's
/// revocation notice, and replies.
enum TelevisionInput {
    /// The user starts a playback from the phone (its own timer).
    case playback
    /// Playback number `playback` reaches its end.
    case finish(playback: Int64)
    /// The hourly check-in with the backend.
    case checkIn
    /// The phone app left the foreground (a mirrored video stops).
    case phoneAppLeftForeground
    /// The backend's connection says the credentials were revoked.
    case revoked
    /// Its timer to ask again whether its sign-in code was approved.
    case pollCode
    case reply(Reply)
}
/// The television (§25.8; docs/model.md#instant-version): its own client with its own session, granted by a
/// sign-in code, refreshed hourly; video handed over as a stream location the television
/// fetches itself (`location`) or as the phone's own picture (`mirror`), which stops
/// when the phone's app leaves the foreground (the phone is locked or put away).
final class TelevisionApp: SimulatedProcess<TelevisionInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The operating system it runs on, held strongly as the world is (no reference counting per call).
    let os: OperatingSystem
    /// The measurement layer it reports to and never reads, held strongly as the system is.
    let measure: Measurement
    /// The measurement layer's record of the television's signals, which it only emits into
    /// (`TelevisionMetrics.swift`).
    let signals: TelevisionSignals
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var playing = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The playback under way, numbered from 1: its finish timer carries the number, so an
    /// earlier playback's timer (one stopped at a lock) never ends a later one.
    private var playback: Int64 = 0
    /// It holds a session (kept in the television's storage, so it outlives a run).
    private(set) var signedIn: Bool {
        get { container.signedIn }
        set { container.signedIn = newValue }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The television's own container (docs/model.md#television-lifetime): kept across its
    /// runs (`discardMemory` leaves it), read and written by this program only.
    private var container = TelevisionStorage()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Sign-in by code: the code on its screen, and since when (docs/model.md#television).
    private var code: (number: Int32, shownAt: SimTime)? = nil
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// It has asked for a sign-in code and waits for its session.
    private var signingIn = false

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The television's own random stream (playbacks).
    private var rng: TelevisionStreams

    init(world: World) {
        self.world = world
        os = world.os
        measure = world.measure
        signals = world.measure.signals(TelevisionSignals.self)
        rng = TelevisionStreams(replicationSeed: world.seed)
    }
    /// A run's memory (docs/model.md#television-lifetime): the playback under way and the code
    /// on its screen.
    override func discardMemory() {
        playing = false
        playback = 0
        code = nil
        signingIn = false
    }

    /// `tv.lifetime = whilePlaying`: the program runs only for a playback (or a sign-in by code).
    private var perPlayback: Bool { world.p.tv.lifetime == .whilePlaying }

    /// A run that lives while it plays checks in as it starts (so a revocation made while it was
    /// not running is found now) and then hourly while it runs.
    override func launched(by launcher: Launcher, resumed: Bool, engine: Engine) {
        guard perPlayback else { return }
        if signedIn { os.request(.compactFetch, from: world.ids.television, to: world.ids.backend, credential: .television, online: true) }
        engine.send(.checkIn, to: world.ids.television, after: Time.hour)
    }

    /// At time 0: launched for the replication (`allDay`, or `whilePlaying` signing in by
    /// code), or not running (`whilePlaying`, signed in).
    func start() {
        if world.p.tv.signIn == .byCode {
            signedIn = false
            askForCode()
        }
        schedule()
        if !perPlayback { world.send(.checkIn, to: world.ids.television, after: Time.hour) }
    }

    /// The next playback: the television's own timer when it runs all day; with `whilePlaying`
    /// the user's (who starts it from the phone whether the program runs or not), which launches it.
    private func schedule() {
        if perPlayback {
            world.scheduleArrival(perDay: world.p.tv.playbacksPerDay, rng: &rng.tv, .playback, to: world.ids.user)
        } else {
            world.scheduleArrival(perDay: world.p.tv.playbacksPerDay, rng: &rng.tv, .playback, to: world.ids.television)
        }
    }

    /// `whilePlaying`: playing nothing and not waiting for its code's approval, the program ends.
    private func endIfIdle() {
        if perPlayback && !playing && !signingIn { world.engine.end(world.ids.television, .normal) }
    }

    override func receive(_ input: TelevisionInput, engine: Engine) {
        let w = world
        switch input {
        case .playback:
            if !playing && signedIn {
                playing = true
                playback += 1
                signals.emit(.playbackStarted)
                os.openAppInForeground(.user, bySurface: w.ids.television.process)   // the user starts playback from the phone
                engine.send(.finish(playback: playback), to: w.ids.television, after: w.p.tv.playbackLength.sampleTime(&rng.tv))
            }
            schedule()
            if !playing { endIfIdle() }     // launched for a playback it cannot start (signed out)
        case .finish(let which):
            if which == playback { playing = false; endIfIdle() }   // a stopped playback's timer finds a later one
        case .checkIn:
            if signedIn { os.request(.compactFetch, from: w.ids.television, to: w.ids.backend, credential: .television, online: true) }
            engine.send(.checkIn, to: w.ids.television, after: Time.hour)
        case .phoneAppLeftForeground:
            if playing && w.p.tv.handoff == .mirror {
                playing = false
                signals.emit(.playbackStoppedAtLock)
                endIfIdle()
            }
        case .revoked:
            if signedIn { os.request(.compactFetch, from: w.ids.television, to: w.ids.backend, credential: .television, online: true) }
        case .pollCode:
            if let c = code, !signedIn {
                os.request(.deviceCode, from: w.ids.television, to: w.ids.backend, credential: .signInCode, item: c.number, online: true)
            }
        case .reply(let r) where r.kind == .deviceCode:
            codeReply(r)
        case .reply(let r):
            if r.status == .unauthorized && signedIn {
                signedIn = false
                measure.report(.holdsAccount(.television, false))
                playing = false
                endIfIdle()                     // signed out: nothing to play
            }
        }
    }


    /// Sign-in by code (§25.13): asks the backend for a code.
    private func askForCode() {
        signingIn = true
        os.request(.deviceCode, from: world.ids.television, to: world.ids.backend, credential: .signInCode, online: true)
    }

    /// A reply about the code: a new code is shown (the user sees it) and polled for; a poll
    /// is refused until the phone approved it, then the television has its session.
    private func codeReply(_ r: Reply) {
        let w = world
        if code == nil {
            guard r.status == .ok, r.item >= 0 else { return }
            code = (r.item, w.now)
            w.send(.seesTelevisionCode(r.item), to: w.ids.user)
            w.send(.pollCode, to: w.ids.television, after: w.p.tv.pollInterval)
        } else if r.status == .ok {
            signedIn = true
            signingIn = false
            measure.report(.holdsAccount(.television, true))
            if let c = code { signals.emit(.signedInByCode(codeShownAt: c.shownAt)) }
            endIfIdle()
        } else {
            w.send(.pollCode, to: w.ids.television, after: w.p.tv.pollInterval)
        }
    }

    /// A playback is on the television's screen.
    var isPlaying: Bool { playing }
}

/// The television's own storage (docs/model.md#television-lifetime): what survives the end of a
/// run of its program. Everything else it holds is memory, gone at the end.
struct TelevisionStorage {
    /// It holds a session.
    var signedIn = true
}

/// How the assembly wires the television program (`AssembledProgram`).
extension TelevisionApp: AssembledProgram {
    typealias Input = TelevisionInput
    static var programName: String { "television" }
    /// A video mirrored from the phone stops when the phone's app leaves the foreground.
    static func hears(_ system: inout SystemWiring, at address: Address<TelevisionInput>, _ p: Parameters) {
        if p.tv.enabled { system.leftForeground.append(Route(to: address, as: { _ in TelevisionInput.phoneAppLeftForeground })) }
    }
    static var requestsCountUnder: CostSurface? { .tv }
    /// At time 0: an all-day television, or one that signs in by code, runs from time 0; one
    /// signed in that lives while it plays is launched by its playbacks.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart {
        guard p.tv.enabled else { return .notStarted }
        switch (p.tv.lifetime, p.tv.signIn) {
        case (.allDay, _), (_, .byCode): return .launched
        case (.whilePlaying, .signedIn): return .startedNotRunning
        }
    }
}

extension Assembly {
    /// The television app of this world (for its metrics and the chapter's probes).
    var tv: TelevisionApp { program(TelevisionApp.self) }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension TelevisionInput: ReplyInput {}
