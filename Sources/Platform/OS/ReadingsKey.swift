/// The key in the phone's secure storage that seals the app's kept readings
/// (docs/model.md#kept-readings). Restoring the phone onto another loses it (the phone's own
/// process, which draws when that happens, calls `OperatingSystem.restoreOntoAnotherPhone`);
/// the app makes a new one when it next keeps a reading, or when it clears the reading it can
/// no longer unseal. Both reach it through the
/// operating system (`os.readingsKey`), never through each other.
public struct ReadingsKey {
    /// The key is gone: a kept reading cannot be unsealed until the app keeps one under a new key.
    public private(set) var lost = false

    /// The phone was restored onto another: the key did not come with it.
    public mutating func lose() { lost = true }

    /// The app keeps a reading under a new key (or has cleared the one it could not unseal).
    public mutating func renew() { lost = false }
}
