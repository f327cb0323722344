import SimKernel
import Platform

/// The television (§25.8; docs/model.md#instant-version): its own client with its own session, granted by a
/// sign-in code, refreshed hourly; video handed over as a stream location the television
/// fetches itself (`location`) or as the phone's own picture (`mirror`), which stops
/// when the phone's app leaves the foreground (the phone is locked or put away).
final class TelevisionApp: SimulatedProcess<Surfaces.Message> {
    typealias Message = Surfaces.Message
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    enum Tag: Int32 { case playback = 1, finish, checkIn }
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
        world.engine.send(.timer(Tag.checkIn.rawValue), to: world.ids.tv, after: Time.hour)
    }

    private func schedule() {
        world.scheduleArrival(perDay: world.p.tv.playbacksPerDay, rng: &world.rng.tv, .timer(Tag.playback.rawValue), to: world.ids.tv)
    }

    override func receive(_ message: Message, engine: Engine<Message>) {
        let w = world
        switch message {
        case .timer(Tag.playback.rawValue):
            if !playing && signedIn {
                playing = true
                playback += 1
                playingCounted = w.measuring
                if playingCounted { playbacks += 1 }
                w.openAppInForeground(.user, bySurface: w.ids.tv)   // the user starts playback from the phone
                engine.send(.timerWithValue(Tag.finish.rawValue, playback), to: w.ids.tv, after: w.p.tv.playbackLength.sampleTime(&w.rng.tv))
            }
            schedule()
        case .timerWithValue(Tag.finish.rawValue, let which):
            if which == playback { playing = false }   // a stopped playback's timer finds a later one
        case .timer(Tag.checkIn.rawValue):
            if signedIn { w.request(.compactFetch, from: w.ids.tv, credential: Backend.tvSession, online: true) }
            engine.send(.timer(Tag.checkIn.rawValue), to: w.ids.tv, after: Time.hour)
        case .surface(.tag(TelevisionApp.phoneAppLeftForegroundTag)):
            if playing && w.p.tv.handoff == .mirror {
                playing = false
                if playingCounted { stoppedAtLock += 1 }
            }
        case .surface(.tag(TelevisionApp.revokedTag)):
            if signedIn { w.request(.compactFetch, from: w.ids.tv, credential: Backend.tvSession, online: true) }
        case .reply(let r):
            if r.status == .unauthorized && signedIn {
                signedIn = false
                w.tvSignedIn = false
                playing = false
                w.noteLeakEnded(.signoutTVLeak)
            }
        default:
            break
        }
    }

    /// Message tags: the phone's app left the foreground (locked, put away, suspended); the
    /// backend says the session was revoked.
    static let phoneAppLeftForegroundTag: Int32 = 80, revokedTag: Int32 = 81

    /// Share of playbacks that stopped when the phone's app left the foreground.
    var stoppedShare: Double { playbacks == 0 ? .nan : Double(stoppedAtLock) / Double(playbacks) }
}
