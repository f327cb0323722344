import SimKernel

/// Alarms a program sets for itself (Android's `AlarmManager` and `WorkManager`, on iOS a
/// timer of the app's run; docs/model.md#alarms): the timer of its own scheduled work, where
/// the platform's rules on alarms (exact-alarm permission, inexact batching, Doze) belong.
/// `Alarms.swift`.
public struct AlarmService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// Sets an alarm for the program at `address` (the caller's own): `input` goes off after
    /// `delay`, to the run current now.
    @inlinable @inline(__always)
    public func setAlarm<Input>(_ input: Input, for address: Address<Input>, after delay: SimTime) {
        system._withUnsafeGuaranteedRef { $0.setAlarm(input, for: address, after: delay) }
    }
}
