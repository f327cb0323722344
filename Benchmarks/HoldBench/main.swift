// The classic hold model (docs/performance.md): N pending events; repeatedly pop the
// earliest and schedule one more at an exponential increment. Measured through
// the full engine: each event is delivered to a simulated process by a direct
// call, and the process schedules the next one.
import SimKernel
#if canImport(Glibc)
import Glibc
#endif

/// One process that holds: on every message it schedules another after an exponential delay.
final class Holder: SimulatedProcess<Int> {
    // The compiler cannot prove statically that the draws (which call the C library's `log`)
    // never overlap another access to the stream, so release builds skip that dynamic check,
    // as a model's own programs do.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var rng = RandomStream(seed: 42)
    var me: Address<Int>!
    override func receive(_ message: Int, engine: Engine) {
        engine.send(message, to: me, after: 1 + SimTime(rng.exponential(mean: 1_000_000)))
    }
    /// An exponential delay of mean one second, from the holder's own stream.
    func draw() -> Double { rng.exponential(mean: 1_000_000) }
    override func discardMemory() {}
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func hold(n: Int, events: Int) -> Double {
    let engine = Engine()
    let holder = Holder()
    holder.me = engine.register(holder, name: "holder")
    engine.launch(holder.me, by: .system)
    for k in 0..<n { engine.send(k, to: holder.me, after: SimTime(holder.draw())) }
    // Warm up, then measure.
    var horizon = SimTime(1_000_000)
    while engine.eventsDispatched < events / 10 { horizon += 1_000_000 * SimTime(max(1, 1000 / n)); engine.run(until: horizon) }
    let start = monotonicSeconds()
    let before = engine.eventsDispatched
    let step = SimTime(1_000_000) * SimTime(max(1, 100_000 / n))
    while engine.eventsDispatched - before < events { horizon += step; engine.run(until: horizon) }
    let elapsed = monotonicSeconds() - start
    return Double(engine.eventsDispatched - before) / elapsed
}

let args = CommandLine.arguments
let events = args.count > 1 ? Int(args[1]) ?? 20_000_000 : 20_000_000
for n in [10, 1000] {
    var best = 0.0
    for _ in 0..<3 { best = max(best, hold(n: n, events: events)) }
    print("hold n=\(n) events_per_s=\(Int(best))")
}
