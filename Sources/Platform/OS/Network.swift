import SimKernel

/// What a server accepts: a request that reached it over the network (the backend's input
/// has such a case, `case request(Request)`).
public protocol ServerInput {
    /// The input a request arriving at the server is.
    static func request(_ request: Request) -> Self
}

/// The network (docs/model.md#backend-and-push): requests to the backend over the phone's
/// network (or a device's own), the routes that deliver each program's replies as its own
/// input, and the snapshot table, where the data and views messages carry are stored once
/// and referred to by index.
extension OperatingSystem {
    /// Sends a request from the program at `sender` to the server at `server` over the phone's
    /// network (`online` nil), or over a device's own (`online` its state). Half a round trip
    /// (`network.latency`, from the sender's own stream) later it reaches the server, which
    /// answers along the sender's reply route; with no network the sender gets a failure at once,
    /// and so does a program on the phone whose network Doze holds (`phoneNetworkHeld`).
    /// A write on its way is held by the network (the server lets go of it on arrival).
    /// (`@inlinable` for the server's input type only: what does not depend on it is
    /// `departure`, compiled once here rather than again in every program's module.)
    @inlinable
    func request<Input, Server: ServerInput>(_ kind: RequestKind, from sender: Address<Input>, to server: Address<Server>,
                                                    credential: Credential, change: ChangeID? = nil, key: Bool = false,
                                                    item: Int32 = -1, online: Bool? = nil) {
        let (request, delay) = departure(kind, from: sender.process, credential: credential, change: change, key: key,
                                         item: item, online: online)
        if let request { send(Server.request(request), to: server, after: delay) }
    }

    /// A request of process `pid` leaving over the network, and the time it takes to reach the
    /// server (half the round trip, drawn from the sender's own stream); nil when there is no
    /// network, and the sender then gets a failure at once.
    @usableFromInline
    func departure(_ kind: RequestKind, from pid: ProcessID, credential: Credential, change: ChangeID?, key: Bool,
                   item: Int32, online: Bool?) -> (Request?, SimTime) {
        let inc = engine.incarnation(pid)
        guard online ?? (_device.online && !phoneNetworkHeld) else {
            sendReply(Reply(kind: kind, status: .failed, data: .noData, change: change, item: item, readAt: 0),
                      to: pid, incarnation: inc, after: 0)
            return (nil, 0)
        }
        let rtt = settings.networkLatency.sampleTime(&_rng.networkFrom[Int(pid.index)])
        if kind == .write, let change { custody.hold(change) }   // a write on its way; the backend lets go on arrival
        let request = Request(kind: kind, from: pid, incarnation: inc, credential: credential, change: change,
                              idempotencyKey: key, item: item, returnDelay: rtt - rtt / 2)
        return (request, rtt / 2)
    }

    /// Where a reply to process `pid` goes (every program that sends requests has a route).
    @usableFromInline func replyRoute(_ pid: ProcessID) -> Route<Reply> {
        guard let route = _wiring.replyRoutes[Int(pid.index)] else {
            preconditionFailure("\(engine.record(pid).name) sends requests but accepts no replies")
        }
        return route
    }

    /// Sends `reply` along the reply route of process `pid`, to its run `incarnation` (the run
    /// that asked), after `delay`: the server's answer, or the network's failure.
    @inlinable
    func sendReply(_ reply: Reply, to pid: ProcessID, incarnation: UInt32, after delay: SimTime) {
        let i = Int(pid.index)
        if i >= replyCells.count || replyCells[i] == nil { makeReplyCell(i) }
        replyCells[i].unsafelyUnwrapped._withUnsafeGuaranteedRef { cell in
            engineRef._withUnsafeGuaranteedRef { $0.send(reply, via: cell.route, incarnation: incarnation, after: delay) }
        }
    }

    @usableFromInline func makeReplyCell(_ i: Int) {
        if replyCells.count <= i { replyCells.append(contentsOf: repeatElement(nil, count: i + 1 - replyCells.count)) }
        replyCells[i] = keep(RouteCell(replyRoute(ProcessID(Int32(i)))))
    }

    /// Whether a standalone watch has a network: the phone's while the phone is within reach and
    /// online, else its own (`watch.ownNetwork`; docs/model.md#watch-reachability).
    @usableFromInline var watchHasNetwork: Bool {
        (watchReachable && _device.online) || settings.watchOwnNetwork
    }

    // MARK: The snapshot table

    /// Stores a copy of data for a message and returns its entry.
    @inlinable
    func enclose(_ d: DataCopy) -> SnapshotID {
        _snapshots.append(d)
        return SnapshotID(Int32(_snapshots.count - 1))
    }
    /// The data a reply carries, if any.
    @inlinable
    func data(of reply: Reply) -> DataCopy? {
        guard reply.data.holdsData else { return nil }
        var d = _snapshots[reply.data.index]
        d.readAt = reply.readAt
        return d
    }
    /// Stores a view for a message and returns its entry.
    @inlinable
    func enclose(_ v: View) -> ViewID {
        _viewsInFlight.append(v)
        return ViewID(Int32(_viewsInFlight.count - 1))
    }
}
