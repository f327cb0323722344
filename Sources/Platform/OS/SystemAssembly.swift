import SimKernel

/// What the assembly needs of the system beyond the capabilities it hands the programs
/// (docs/extending.md#the-one-door): handing over the wiring the programs declared, reading
/// the reply routes back for its checks, and the shared storage area's contents before the replication starts. Programs never get the
/// system, so they cannot call these: the compiler keeps every other member of
/// `OperatingSystem` inside `Platform`.
extension OperatingSystem {
    /// Hands the system the routes the programs declared (swapped whole with `wiring`, which
    /// gets the system's previous, empty, wiring back): set before anything runs.
    public func install(_ wiring: inout SystemWiring) {
        swap(&self.wiring, &wiring)
    }

    /// The reply route of each process, by process index (nil: it accepts no replies).
    public var wiredReplyRoutes: [Route<Reply>?] { _wiring.replyRoutes }

    /// Before the replication starts: the app has been used, and its projection of `data`
    /// (at the installed schema) is in the shared storage area, if the area takes it now.
    public func placeInitialProjection(_ data: DataCopy) {
        shared.writeProjection(SharedStorageArea.Projection(data: data, schemaVersion: _schemaVersion), _device)
    }
}
