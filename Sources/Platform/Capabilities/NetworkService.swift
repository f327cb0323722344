import SimKernel

/// The network a program reaches its server over (URLSession on iOS, OkHttp/`HttpURLConnection`
/// on Android; docs/model.md#backend-and-push): requests, replies, and the data and views the
/// messages carry (stored once by the system, referred to by entry). `Network.swift`.
public struct NetworkService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// Sends a request from `sender` to `server` over the phone's network (`online` nil) or a
    /// device's own (`online` its state); the reply arrives as the sender's own input.
    @inlinable @inline(__always)
    public func request<Input, Server: ServerInput>(_ kind: RequestKind, from sender: Address<Input>, to server: Address<Server>,
                                                    credential: Credential, change: ChangeID? = nil, key: Bool = false,
                                                    item: Int32 = -1, online: Bool? = nil) {
        system._withUnsafeGuaranteedRef {
            $0.request(kind, from: sender, to: server, credential: credential, change: change, key: key, item: item, online: online)
        }
    }

    /// A server answers the request of process `pid`'s run `incarnation`, `delay` from now.
    @inlinable @inline(__always)
    public func sendReply(_ reply: Reply, to pid: ProcessID, incarnation: UInt32, after delay: SimTime) {
        system._withUnsafeGuaranteedRef { $0.sendReply(reply, to: pid, incarnation: incarnation, after: delay) }
    }

    /// Stores a copy of the data for a message and returns its entry.
    @inlinable @inline(__always)
    public func enclose(_ d: DataCopy) -> SnapshotID { system._withUnsafeGuaranteedRef { $0.enclose(d) } }

    /// Stores a view for a message and returns its entry.
    @inlinable @inline(__always)
    public func enclose(_ v: View) -> ViewID { system._withUnsafeGuaranteedRef { $0.enclose(v) } }

    /// The data a reply carries, if any.
    @inlinable @inline(__always)
    public func data(of reply: Reply) -> DataCopy? { system._withUnsafeGuaranteedRef { $0.data(of: reply) } }

    /// The copy of the data a message names by entry `index` (`SnapshotID.index`).
    @inlinable @inline(__always)
    public func snapshot(_ index: Int) -> DataCopy { system._withUnsafeGuaranteedRef { $0.snapshots[index] } }

    /// Whether the watch reaches the network now (through the phone, or its own).
    @inlinable @inline(__always)
    public var watchHasNetwork: Bool { system._withUnsafeGuaranteedRef { $0.watchHasNetwork } }
}
