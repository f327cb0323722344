import SimKernel

/// The world's arrivals: when the person does something (opens the app, shares, plays a video,
/// drives) and the phone's own periods, as Poisson arrivals within the replication. Not a
/// platform API: no app can schedule these. It lives with the capabilities because it reads
/// the replication's length from the platform's settings; it belongs with the world's side of
/// a program's context, and an app's own timers are alarms (`AlarmService`).
public struct WorldArrivals {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// Schedules `input` to `address` at the next arrival of `perDay` events a day drawn from
    /// `rng`, if it falls within the replication.
    @inlinable @inline(__always)
    public func schedule<Input>(perDay: Double, rng: inout RandomStream, _ input: Input, to address: Address<Input>) {
        system._withUnsafeGuaranteedRef { $0.scheduleArrival(perDay: perDay, rng: &rng, input, to: address) }
    }

    /// Schedules `input` to `address` at the next arrival of `rate` (with its hourly profile);
    /// false, scheduling nothing, when that falls past the replication.
    @discardableResult @inlinable @inline(__always)
    public func schedule<Input>(rate: Rate, rng: inout RandomStream, _ input: Input, to address: Address<Input>) -> Bool {
        system._withUnsafeGuaranteedRef { $0.scheduleArrival(rate: rate, rng: &rng, input, to: address) }
    }
}
