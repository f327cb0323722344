import SimKernel

/// One random stream per source of randomness (SPEC §2.2), each seeded from the
/// replication seed and its own stable name, so turning a surface on or off, or
/// changing a design, never changes the draws of the others.
struct RandomStreams {
    var user, elsewhere, network, push, device, widget, app, glances: RandomStream
    /// Activities (world events) apart from their delivery (design), apart from glances at them.
    var live, liveDelivery, liveGlances: RandomStream
    /// The phone's reachability (world) apart from the user's writes on the watch.
    var watch, watchLink: RandomStream
    var share, action, instant, car, tv, backend: RandomStream

    init(seed: UInt64) {
        func s(_ name: String) -> RandomStream { RandomStream(replicationSeed: seed, name: name) }
        user = s("user"); elsewhere = s("elsewhere"); network = s("network"); push = s("push")
        device = s("device"); widget = s("widget"); app = s("app"); glances = s("glances")
        live = s("live"); liveDelivery = s("live.delivery"); liveGlances = s("glances.live")
        watch = s("watch"); watchLink = s("watch.link"); share = s("share"); action = s("action")
        instant = s("instant"); car = s("car"); tv = s("tv"); backend = s("backend")
    }
}
