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
    /// When a person glances at the screen, if the measurement layer schedules it from the
    /// declaration (the car's: while a drive is under way); nil: the layer's own schedule
    /// (the widget's and the app's, `Measurement+Glances.swift`) or a program's look.
    let glances: GlanceSchedule?

    init(_ name: String, slots: @escaping @Sendable () -> SurfaceObserver.Slots, isOn: @escaping @Sendable (Parameters) -> Bool,
         room: Int = 64, leakEndsAtOtherAccount: String? = nil, slotEvery: @escaping @Sendable (Parameters) -> SimTime = { _ in 0 },
         configuredTarget: Int32? = nil, glances: GlanceSchedule? = nil) {
        (self.name, self.slots, self.isOn, self.room) = (name, slots, isOn, room)
        (self.leakEndsAtOtherAccount, self.slotEvery, self.configuredTarget) = (leakEndsAtOtherAccount, slotEvery, configuredTarget)
        self.glances = glances
    }
}

/// How often a person glances at a screen while they look at it (docs/metrics.md): a Poisson
/// stream at the rate the parameters give, with its hourly profile, drawn from a random stream
/// of its own name. The measurement layer takes the glances (`DeferredGlances`); the surface's
/// program says only when someone begins and stops looking (`Measurement.glancesBegin`,
/// `glancesEnd`), as a drive begins and ends.
public struct GlanceSchedule: Sendable {
    /// The random stream's name (`glances.car`), hashed once (`SeedMixer.nameHash`).
    let streamName: UInt64
    /// The rate of glances with parameters `p` (`observe.glances.car.perHour`).
    let rate: @Sendable (Parameters) -> Rate

    init(stream: String, rate: @escaping @Sendable (Parameters) -> Rate) {
        streamName = SeedMixer.nameHash(stream)
        self.rate = rate
    }
}
