import SimKernel
import Platform

/// The push service and the phone's rules for background pushes (§25.4 fig. 25.2;
/// platform-facts §3 `bgpush`, §6): best effort, a delay distribution, loss, reordering
/// by independent delays; for an offline phone only the newest notification is held;
/// a force-quit app is never woken and its held push is discarded; a wake may be
/// refused, and at most `push.wakesPerHour` wakes are granted per rolling hour.
final class PushService: SimulatedProcess<Surfaces.Message> {
    typealias Message = Surfaces.Message
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    private var heldSilent = false
    private var wakeBudget: RollingBudget

    init(world: World) {
        self.world = world
        wakeBudget = RollingBudget(limit: world.p.push.wakesPerHour, window: Time.hour)
    }
    override func discardMemory() {}

    /// Message tags: the backend asks for a silent push; the app was force-quit.
    static let sendSilentTag: Int32 = 1, discardHeldTag: Int32 = 2

    /// The backend sends a silent push to the phone app now.
    private func sendSilentToApp() {
        if world.rng.push.bernoulli(world.p.push.loss) { return }
        let delay = world.p.push.delay.sampleTime(&world.rng.push)
        world.engine.send(.pushArrives(.silentToApp, 0), to: world.ids.pushService, after: delay)
    }

    override func receive(_ message: Message, engine: Engine<Message>) {
        switch message {
        case .surface(.tag(Self.sendSilentTag)):
            sendSilentToApp()
        case .surface(.tag(Self.discardHeldTag)):
            heldSilent = false
        case .pushArrives(.silentToApp, _):
            arriveAtPhone()
        case .deviceNotice(.online):
            if heldSilent {
                heldSilent = false
                arriveAtPhone()
            }
        default:
            break
        }
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
        if w.rng.push.bernoulli(w.p.push.wakeRefusal) {
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
