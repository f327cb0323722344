import SimKernel

/// One random stream per source of randomness (SPEC §2.2), each seeded from the
/// replication seed and its own stable name, so turning a surface on or off, or
/// changing a design, never changes the draws of the others.
struct RandomStreams {
    var user, elsewhere, network, push, device, widget, app, glances: RandomStream
    var live, watch, share, action, instant, car, tv, backend: RandomStream

    init(seed: UInt64) {
        func s(_ name: String) -> RandomStream { RandomStream(replicationSeed: seed, name: name) }
        user = s("user"); elsewhere = s("elsewhere"); network = s("network"); push = s("push")
        device = s("device"); widget = s("widget"); app = s("app"); glances = s("glances")
        live = s("live"); watch = s("watch"); share = s("share"); action = s("action")
        instant = s("instant"); car = s("car"); tv = s("tv"); backend = s("backend")
    }
}
