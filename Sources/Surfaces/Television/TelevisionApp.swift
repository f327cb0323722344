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
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
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
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The playback under way started after the warm-up (its stop, if any, counts with it).
    private var playingCounted = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var playbacks = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var stoppedAtLock = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var signedIn = true
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Sign-in by code: the code on its screen, and since when (docs/model.md#television).
    private var code: (number: Int32, shownAt: SimTime)? = nil
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Per sign-in by code after the warm-up: seconds from the code shown to the session granted.
    private(set) var signInTimes: [Double] = []

    init(world: World) { self.world = world }
    override func discardMemory() {}

    func start() {
        if world.p.tv.signIn == .byCode {
            signedIn = false
            askForCode()
        }
        schedule()
        world.engine.send(.checkIn, to: world.ids.tv, after: Time.hour)
    }

    private func schedule() {
        world.scheduleArrival(perDay: world.p.tv.playbacksPerDay, rng: &world.rng.tv, .playback, to: world.ids.tv)
    }

    override func receive(_ input: TelevisionInput, engine: Engine) {
        let w = world
        switch input {
        case .playback:
            if !playing && signedIn {
                playing = true
                playback += 1
                playingCounted = w.measuring
                if playingCounted { playbacks += 1 }
                w.openAppInForeground(.user, bySurface: w.ids.tv.process)   // the user starts playback from the phone
                engine.send(.finish(playback: playback), to: w.ids.tv, after: w.p.tv.playbackLength.sampleTime(&w.rng.tv))
            }
            schedule()
        case .finish(let which):
            if which == playback { playing = false }   // a stopped playback's timer finds a later one
        case .checkIn:
            if signedIn { w.request(.compactFetch, from: w.ids.tv, credential: Backend.tvSession, online: true) }
            engine.send(.checkIn, to: w.ids.tv, after: Time.hour)
        case .phoneAppLeftForeground:
            if playing && w.p.tv.handoff == .mirror {
                playing = false
                if playingCounted { stoppedAtLock += 1 }
            }
        case .revoked:
            if signedIn { w.request(.compactFetch, from: w.ids.tv, credential: Backend.tvSession, online: true) }
        case .pollCode:
            if let c = code, !signedIn {
                w.request(.deviceCode, from: w.ids.tv, credential: Backend.signInCode, item: c.number, online: true)
            }
        case .reply(let r) where r.kind == .deviceCode:
            codeReply(r)
        case .reply(let r):
            if r.status == .unauthorized && signedIn {
                signedIn = false
                w.holders.television = false
                playing = false
                w.noteLeakEnded(.signoutTVLeak)
            }
        }
    }


    /// Sign-in by code (§25.13): asks the backend for a code.
    private func askForCode() {
        world.request(.deviceCode, from: world.ids.tv, credential: Backend.signInCode, online: true)
    }

    /// A reply about the code: a new code is shown (the user sees it) and polled for; a poll
    /// is refused until the phone approved it, then the television has its session.
    private func codeReply(_ r: Reply) {
        let w = world
        if code == nil {
            guard r.status == .ok, r.item >= 0 else { return }
            code = (r.item, w.now)
            w.engine.send(.seesTelevisionCode(r.item), to: w.ids.user)
            w.engine.send(.pollCode, to: w.ids.tv, after: w.p.tv.pollInterval)
        } else if r.status == .ok {
            signedIn = true
            w.holders.television = true
            if let c = code, c.shownAt >= w.p.observe.warmup { signInTimes.append(Time.seconds(w.now - c.shownAt)) }
        } else {
            w.engine.send(.pollCode, to: w.ids.tv, after: w.p.tv.pollInterval)
        }
    }

    /// A playback is on the television's screen.
    var isPlaying: Bool { playing }

    /// Share of playbacks that stopped when the phone's app left the foreground.
    var stoppedShare: Double { playbacks == 0 ? .nan : Double(stoppedAtLock) / Double(playbacks) }
}
