import SimKernel

/// Messages of the engine tests: plain strings are enough to tell them apart.
typealias TestEngine = Engine

/// A process's persistent storage, modelled as an object outside the process:
/// it survives every end of a run, as the device's disk does.
final class Storage {
    var values: [String: Int] = [:]
}

/// One thing a `Probe` saw, recorded for the test (not part of the process's memory).
enum ProbeEvent: Equatable {
    case launched(Launcher, resumed: Bool, at: SimTime)
    case received(String, at: SimTime)
    case discarded
    case ended(ProcessEnd, at: SimTime)
}

/// A scriptable process. `cache` is its memory (dropped by `discardMemory`);
/// `storage` is outside it; `events` is the test's view of what happened.
final class Probe: SimulatedProcess<String> {

    /// In-memory state of the current run.
    var cache: [String] = []
    /// Value read from storage at launch (in memory too).
    var loadedFromStorage: Int?
    let storage: Storage
    var events: [ProbeEvent] = []
    var onLaunch: ((Probe, TestEngine) -> Void)?
    var onReceive: ((Probe, String, TestEngine) -> Void)?

    init(storage: Storage = Storage()) { self.storage = storage }

    var received: [String] {
        events.compactMap { if case .received(let m, _) = $0 { return m } else { return nil } }
    }
    var discardCount: Int {
        events.filter { if case .discarded = $0 { return true } else { return false } }.count
    }
    var endReasons: [ProcessEnd] {
        events.compactMap { if case .ended(let r, _) = $0 { return r } else { return nil } }
    }
    var launches: [ProbeEvent] {
        events.filter { if case .launched = $0 { return true } else { return false } }
    }

    override func launched(by launcher: Launcher, resumed: Bool, engine: TestEngine) {
        events.append(.launched(launcher, resumed: resumed, at: engine.now))
        if !resumed { loadedFromStorage = storage.values["count"] }
        onLaunch?(self, engine)
    }

    override func receive(_ message: String, engine: TestEngine) {
        events.append(.received(message, at: engine.now))
        cache.append(message)
        onReceive?(self, message, engine)
    }

    override func discardMemory() {
        events.append(.discarded)
        cache.removeAll()
        loadedFromStorage = nil
    }

    override func ended(_ reason: ProcessEnd, engine: TestEngine) {
        events.append(.ended(reason, at: engine.now))
    }
}

/// A random workload: `count` workers that message each other, set timers,
/// allocate and release memory, launch, suspend and kill each other, all driven by
/// their own seeded streams. Used for determinism and invariant checks.
final class Worker: SimulatedProcess<String> {
    var rng: RandomStream
    var peers: [Address<String>] = []
    var me: Address<String>!
    /// Memory of the current run.
    var held: Int64 = 0
    var handled = 0

    init(replicationSeed: UInt64, name: String) {
        rng = RandomStream(replicationSeed: replicationSeed, name: name)
    }

    override func launched(by launcher: Launcher, resumed: Bool, engine: TestEngine) {
        engine.send("tick", to: me, after: Time.fromSeconds(rng.exponential(mean: 2)))
    }

    override func receive(_ message: String, engine: TestEngine) {
        handled += 1
        engine.log(me, "got", "\(message) #\(handled)")
        let peer = peers[rng.index(peers.count)]
        switch rng.index(10) {
        case 0, 1, 2:
            engine.send("msg from \(me.process.index)", to: peer, after: Time.fromSeconds(rng.exponential(mean: 0.5)))
        case 3:
            // Several messages with the same delay: exercises FIFO at equal times.
            let d = SimTime(rng.index(3)) * Time.second
            for k in 0..<3 { engine.send("burst \(k)", to: peer, after: d) }
        case 4:
            let bytes = Int64(rng.index(8) + 1) << 20
            if engine.allocate(me, bytes: bytes) { held += bytes }
        case 5:
            let bytes = min(held, Int64(rng.index(4)) << 20)
            engine.release(me, bytes: bytes)
            held -= bytes
        case 6:
            engine.launch(peer, by: [Launcher.user, .system, Launcher("other")][rng.index(3)])
        case 7:
            let reason = ProcessEnd.allCases[rng.index(ProcessEnd.allCases.count)]
            if peer != me { engine.end(peer, reason) }
        default:
            break
        }
        if engine.isRunning(me) {
            engine.send("tick", to: me, after: Time.fromSeconds(rng.exponential(mean: 2)))
        }
    }

    override func discardMemory() { held = 0 }
}

/// The process that keeps a random workload alive: it relaunches workers.
final class Driver: SimulatedProcess<String> {
    var rng: RandomStream
    var workers: [Address<String>] = []
    var me: Address<String>!

    init(replicationSeed: UInt64) {
        rng = RandomStream(replicationSeed: replicationSeed, name: "driver")
    }

    override func launched(by launcher: Launcher, resumed: Bool, engine: TestEngine) {
        engine.send("wake", to: me, after: 0)
    }

    override func receive(_ message: String, engine: TestEngine) {
        let w = workers[rng.index(workers.count)]
        engine.launch(w, by: .user)
        engine.send("wake", to: me, after: Time.fromSeconds(rng.exponential(mean: 1)))
    }

    override func discardMemory() {}
}

/// Builds a random world of `workerCount` workers and a driver, seeded from `seed`.
func makeRandomWorld(seed: UInt64, workerCount: Int = 8, trace: TraceLog? = nil,
                     checksInvariants: Bool = false) -> (engine: TestEngine, workers: [Worker]) {
    let engine = TestEngine()
    engine.trace = trace
    engine.checksInvariants = checksInvariants
    let replicationSeed = SeedMixer.replicationSeed(scenarioSeed: seed, point: 0, replication: 0)
    let driver = Driver(replicationSeed: replicationSeed)
    driver.me = engine.register(driver, name: "driver")
    var workers: [Worker] = []
    var ids: [Address<String>] = []
    for k in 0..<workerCount {
        let w = Worker(replicationSeed: replicationSeed, name: "worker\(k)")
        // Some workers have limits, so memory and time kills happen too.
        let limits: ProcessLimits
        switch k % 3 {
        case 0: limits = ProcessLimits(timeBudget: 3 * Time.second, memoryLimit: nil)
        case 1: limits = ProcessLimits(timeBudget: nil, memoryLimit: 20 << 20)
        default: limits = .none
        }
        w.me = engine.register(w, name: "worker\(k)", limits: limits)
        workers.append(w)
        ids.append(w.me)
    }
    for w in workers { w.peers = ids }
    driver.workers = ids
    engine.launch(driver.me, by: .system)
    return (engine, workers)
}
