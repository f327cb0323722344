// What the system tells programs: why a widget is reloaded, and the device's notices.

/// Why a widget timeline is being rebuilt (§25.4's four triggers, plus boot and update).
public enum ReloadReason: UInt8, Sendable, CaseIterable { case appRequest, hint, pushWake, button, boot, appUpdate, firstUnlock, signOut }

extension ReloadReason {
    /// The reason's name as stream names spell it (`widget.reloadDelay.appRequest`): written out
    /// rather than reflected (`"\(reason)"` goes through the runtime's reflection, some 0.7 ms
    /// at every start of the program).
    public var name: String {
        switch self {
        case .appRequest: "appRequest"
        case .hint: "hint"
        case .pushWake: "pushWake"
        case .button: "button"
        case .boot: "boot"
        case .appUpdate: "appUpdate"
        case .firstUnlock: "firstUnlock"
        case .signOut: "signOut"
        }
    }
}

/// Platform events a process may be told of.
public enum DeviceNotice: UInt8, Sendable {
    case online, offline, firstUnlock, restarted, appUpdated
    /// A power-saving period ended; a Doze idle window ended (maintenance, or the phone woke).
    case powerRestored, dozeWindow
}
