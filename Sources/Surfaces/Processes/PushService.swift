import SimKernel
import Platform

/// The push service and the phone's rules for background pushes (§25.4 fig. 25.2;
/// platform-facts §3 `bgpush`, §6): best effort, a delay distribution, loss, reordering
/// by independent delays; for an offline phone only the newest notification is held;
/// a force-quit app is never woken and its held push is discarded; a wake may be
/// refused, and at most `push.wakesPerHour` wakes are granted per rolling hour. A live
/// status's updates come through it too (their own topic, so their own held slot), and
/// reach the lock screen only while the phone is on and online (§3.5).
final class PushService: SimulatedProcess<Surfaces.Message> {
    typealias Message = Surfaces.Message
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    private var heldSilent = false
    /// The newest live-status update that found the phone offline, if any.
    private var heldLive: Int64? = nil
    private var wakeBudget: RollingBudget

    init(world: World) {
        self.world = world
        wakeBudget = RollingBudget(limit: world.p.push.wakesPerHour, window: Time.hour)
    }
    override func discardMemory() {}

    /// Message tags: the backend asks for a silent push; the app was force-quit.
    static let sendSilentTag: Int32 = 1, discardHeldTag: Int32 = 2

    /// The backend sends a silent push to the phone app now, for a write of process `writer`
    /// (whose stream draws its loss and delay: one surface's writes never shift another's pushes).
    private func sendSilentToApp(for writer: Int) {
        if world.rng.pushFrom[writer].bernoulli(world.p.push.loss) { return }
        let delay = world.p.push.delay.sampleTime(&world.rng.pushFrom[writer])
        world.engine.send(.pushArrives(.silentToApp, Int64(writer)), to: world.ids.pushService, after: delay)
    }

    override func receive(_ message: Message, engine: Engine<Message>) {
        switch message {
        case .surface(.tagValue(Self.sendSilentTag, let writer)):
            sendSilentToApp(for: Int(writer))
        case .surface(.tag(Self.discardHeldTag)):
            heldSilent = false
        case .pushArrives(.silentToApp, _):
            arriveAtPhone()
        case .pushArrives(.liveUpdate, let update):
            liveUpdateArrives(update)
        case .deviceNotice(.online):
            if heldSilent {
                heldSilent = false
                arriveAtPhone()
            }
            if let update = heldLive {
                heldLive = nil
                liveUpdateArrives(update)
            }
        default:
            break
        }
    }

    /// A live-status update reaches the phone: drawn on the lock screen by the system (no app
    /// code runs), or held, the newest only, while the phone is offline or switched off.
    private func liveUpdateArrives(_ update: Int64) {
        let w = world
        guard w.device.online, w.device.poweredOn else {
            heldLive = update
            w.engine.log(w.ids.pushService, "held", "live update, phone offline")
            return
        }
        w.engine.send(.timerWithValue(LiveStatus.Tag.pushArrives.rawValue, update), to: w.ids.live)
    }

    private func arriveAtPhone() {
        let w = world
        guard w.device.online, w.device.poweredOn else {
            heldSilent = true          // only the newest is held
            w.engine.log(w.ids.pushService, "held", "phone offline")
            return
        }
        if w.device.appForceQuit {     // discarded: not woken until opened
            w.engine.log(w.ids.pushService, "discarded", "app force-quit")
            return
        }
        if w.device.pushTokenStale {   // sent to a token the restored phone no longer has
            w.engine.log(w.ids.pushService, "discarded", "stale push token")
            return
        }
        if w.appInForeground {
            w.engine.send(.silentPush, to: w.ids.app)
            return
        }
        if w.rng.pushWake.bernoulli(w.p.push.wakeRefusal) {
            w.engine.log(w.ids.pushService, "wakeRefused", "refusal")
            return
        }
        guard wakeBudget.spend(at: w.now) else {
            w.engine.log(w.ids.pushService, "wakeRefused", "hourly budget spent")
            return
        }
        w.engine.log(w.ids.pushService, "wake", "app")
        w.wakeAppInBackground(.pushWake, for: .silentPush)
    }
}
