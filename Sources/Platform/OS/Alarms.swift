import SimKernel

/// The alarms service (docs/model.md#alarms): the one place a program sets an alarm for itself,
/// the timer of its own scheduled work (the app's periodic sync), as against an input another
/// program sends it, a step of work in progress (a storage operation's time) or the world's own
/// events (the person, the phone's periods). On a device such a timer goes through the system
/// (Android's `AlarmManager` and `WorkManager`; on iOS a timer of the app's run), and so the
/// platform's rules on alarms belong here: Android's exact-alarm permission, the batching of
/// inexact alarms into windows, Doze holding alarms until a maintenance window (the widget
/// host's own periodic update, a standard alarm of the system, waits for it:
/// `alarmsWait`). The study's figures set none of these rules for a program's alarms, so the
/// service applies none: it draws nothing and makes no event of its own. (An alarm's kind,
/// exact or inexact, is added with the first rule that reads it.)
extension OperatingSystem {
    /// Sets an alarm for the program at `address` (the caller's own address): `input` goes off
    /// after `delay`. The alarm
    /// belongs to the program's run that is current when it is set, as a timer of that run: it
    /// goes off only if that run still runs then, and is lost if the run ends or is suspended
    /// before (a run that starts later never gets it), or if the program is not running when it
    /// is set. It is delivered as any input sent then with that delay would be: at its time, after
    /// the inputs sent earlier for the same time (first in, first out).
    /// - Complexity: one event, O(log n) in the pending events.
    @inlinable @inline(__always)
    func setAlarm<Input>(_ input: Input, for address: Address<Input>, after delay: SimTime) {
        send(input, to: address, after: delay)
    }
}
