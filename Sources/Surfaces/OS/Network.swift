import SimKernel
import Platform

/// The network (docs/model.md#backend-and-push): requests to the backend over the phone's
/// network (or a device's own), the routes that deliver each program's replies as its own
/// input, and the snapshot table, where the data and views messages carry are stored once
/// and referred to by index.
extension OperatingSystem {
    /// Sends a request to the backend over the phone's network (or the watch's own,
    /// with `viaPhone: false`). When there is no network the sender gets a failure at once.
    func request<Input>(_ kind: RequestKind, from sender: Address<Input>, credential: Int32, change: Int32 = -1,
                        key: Bool = false, item: Int32 = -1, online: Bool? = nil) {
        let pid = sender.process
        let inc = engine.incarnation(pid)
        guard online ?? device.online else {
            send(Reply(kind: kind, status: .failed, data: -1, change: change, item: item, readAt: 0),
                        via: replyRoute(pid), incarnation: inc, after: 0)
            return
        }
        let rtt = p.network.latency.sampleTime(&rng.networkFrom[Int(pid.index)])
        if kind == .write { changes.hold(change) }   // a write on its way; the backend lets go on arrival
        let req = Request(kind: kind, from: pid, incarnation: inc, credential: credential, change: change,
                          idempotencyKey: key, item: item, returnDelay: rtt - rtt / 2)
        send(.request(req), to: ids.backend, after: rtt / 2)
    }

    /// Gives the program registered after the built-in ones, named `name`, the system's streams
    /// of its own (its requests' round trips, its storage times, the seeds of sessions it opens),
    /// seeded by that name like a built-in program's, so an added program reseeds none of the
    /// others (docs/extending.md#programs).
    func addProcess(named name: String) {
        rng.addProcess(named: name)
    }

    /// Where a reply to process `pid` goes (every program that sends requests has a route).
    func replyRoute(_ pid: ProcessID) -> Route<Reply> {
        guard let route = replyRoutes[Int(pid.index)] else {
            preconditionFailure("\(engine.record(pid).name) sends requests but accepts no replies")
        }
        return route
    }

    /// Whether a standalone watch has a network: the phone's while the phone is within reach and
    /// online, else its own (`watch.ownNetwork`; docs/model.md#watch-reachability).
    var watchHasNetwork: Bool {
        (watchReachable && device.online) || p.watch.ownNetwork
    }

    // MARK: The snapshot table

    /// Stores a copy of data for a message and returns its index.
    func enclose(_ d: DataCopy) -> Int32 {
        snapshots.append(d)
        return Int32(snapshots.count - 1)
    }
    /// The data a reply carries, if any.
    func data(of reply: Reply) -> DataCopy? {
        guard reply.data >= 0 else { return nil }
        var d = snapshots[Int(reply.data)]
        d.readAt = reply.readAt
        return d
    }
    /// Stores a view for a message and returns its index.
    func enclose(_ v: View) -> Int32 {
        viewsInFlight.append(v)
        return Int32(viewsInFlight.count - 1)
    }
}
