import SimKernel

/// A surface's screen that the measurement layer watches (docs/metrics.md): declared in
/// the surface's `<Surface>Metrics.swift` and listed in its descriptor (`SurfaceDescriptor.views`).
/// The layer makes one `SurfaceObserver` per declaration per replication, in the registry's
/// order (`Measurement.observers`); a program resolves its screen's observer once, as it is
/// made (`Measurement.observer(_:)`), and reports what the screen shows to it.
public struct ObservedSurface: Sendable {
    /// The surface's name (`watch`): its observer's, and its trace counter's (`staleness watch`).
    let name: String
    /// The metrics its glances, lags and time-weighted staleness are written to, resolved when
    /// its observer is made (a descriptor is read before the metric catalogue is made).
    let slots: @Sendable () -> SurfaceObserver.Slots
    /// Whether the surface is on with parameters `p`; a surface that is off still has an
    /// observer, which nothing shows on and no report reads.
    let isOn: @Sendable (Parameters) -> Bool
    /// The room its samples start with when it is on (a day's glances at the default rates).
    let room: Int
    /// The name of the sign-out leak that ends when the surface shows data of another account
    /// than the first (`signout.watch.leak`: a watch that follows the phone's second account);
    /// nil if none.
    let leakEndsAtOtherAccount: String?
    /// The length of a slot of the data's own schedule on it (0: the data has none;
    /// docs/model.md#timelines).
    let slotEvery: @Sendable (Parameters) -> SimTime
    /// The object the person configured the screen to show (docs/model.md#configured-targets),
    /// which a glance at its data is judged by (`widget.wrongTarget`); nil: the screen shows no
    /// one configured object.
    let configuredTarget: Int32?

    init(_ name: String, slots: @escaping @Sendable () -> SurfaceObserver.Slots, isOn: @escaping @Sendable (Parameters) -> Bool,
         room: Int = 64, leakEndsAtOtherAccount: String? = nil, slotEvery: @escaping @Sendable (Parameters) -> SimTime = { _ in 0 },
         configuredTarget: Int32? = nil) {
        (self.name, self.slots, self.isOn, self.room) = (name, slots, isOn, room)
        (self.leakEndsAtOtherAccount, self.slotEvery, self.configuredTarget) = (leakEndsAtOtherAccount, slotEvery, configuredTarget)
    }
}
