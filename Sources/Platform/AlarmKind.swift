import SimKernel

/// How closely a program asks for its alarm to keep its time (docs/model.md#alarms): the line
/// Android's `AlarmManager` draws between an exact alarm (`setExact`, which from Android 12
/// needs the exact-alarm permission) and an inexact one the system may batch with others
/// (`set`, `setWindow`). The alarms service (`OS/Alarms.swift`) delivers every kind at its time
/// today; the kind is the program's declaration, which the platform's rules on alarms read
/// there and nowhere else.
public enum AlarmKind: Equatable, Sendable {
    /// The alarm goes off at its time.
    case exact
    /// The alarm may go off at any point of `window` from its time (Android batches inexact
    /// alarms into such windows).
    case inexact(window: SimTime)
}
