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

    init(world: World) { self.world = world }
    override func discardMemory() {}

    func start() {
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
        case .reply(let r):
            if r.status == .unauthorized && signedIn {
                signedIn = false
                w.holders.television = false
                playing = false
                w.noteLeakEnded(.signoutTVLeak)
            }
        }
    }


    /// A playback is on the television's screen.
    var isPlaying: Bool { playing }

    /// Share of playbacks that stopped when the phone's app left the foreground.
    var stoppedShare: Double { playbacks == 0 ? .nan : Double(stoppedAtLock) / Double(playbacks) }
}
