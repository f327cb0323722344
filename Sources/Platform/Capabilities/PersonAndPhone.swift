import SimKernel

/// What the person and the phone do that no app can: lock and unlock, switch the phone off and
/// on, restart it, restore it onto another phone, install an app update, lose and regain the
/// network, switch power saving, Doze's idle periods, change a setting in the Settings app,
/// leave or force-quit the app. Declared only by the world's programs (the person's and the
/// phone's, and the share sheet the person drives), never by an app's. `Device.swift`,
/// `AppLifecycle.swift`, `AppSettings.swift`.
public struct PersonAndPhone {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// The person unlocks the phone.
    @inlinable @inline(__always) public func unlock() { system._withUnsafeGuaranteedRef { $0.unlock() } }
    /// The phone locks (true) or the person unlocks it (false).
    @inlinable @inline(__always) public func setLocked(_ locked: Bool) { system._withUnsafeGuaranteedRef { $0.setLocked(locked) } }
    /// The phone switches off or on.
    @inlinable @inline(__always) public func setPhonePower(on: Bool) { system._withUnsafeGuaranteedRef { $0.setPhonePower(on: on) } }
    /// The phone restarts.
    @inlinable @inline(__always) public func restartPhone() { system._withUnsafeGuaranteedRef { $0.restartPhone() } }
    /// The phone's data is restored onto another phone (secure storage's keys do not follow).
    @inlinable @inline(__always) public func restoreOntoAnotherPhone() { system._withUnsafeGuaranteedRef { $0.restoreOntoAnotherPhone() } }
    /// An app update installs; false when the app is in use (it waits).
    @discardableResult @inlinable @inline(__always)
    public func installAppUpdate(changesSchema: Bool) -> Bool { system._withUnsafeGuaranteedRef { $0.installAppUpdate(changesSchema: changesSchema) } }
    /// The phone's network comes or goes.
    @inlinable @inline(__always) public func setNetwork(online: Bool) { system._withUnsafeGuaranteedRef { $0.setNetwork(online: online) } }
    /// The person switches power saving on or off.
    @inlinable @inline(__always) public func setPowerSaving(_ on: Bool) { system._withUnsafeGuaranteedRef { $0.setPowerSaving(on) } }
    /// Doze: the phone enters deep idle.
    @inlinable @inline(__always) public func enterDeepIdle() { system._withUnsafeGuaranteedRef { $0.enterDeepIdle() } }
    /// Doze: the phone enters light idle.
    @inlinable @inline(__always) public func enterLightIdle() { system._withUnsafeGuaranteedRef { $0.enterLightIdle() } }
    /// Doze: a light idle maintenance window ends.
    @inlinable @inline(__always) public func endLightIdleWindow() { system._withUnsafeGuaranteedRef { $0.endLightIdleWindow() } }
    /// Doze: a deep idle maintenance window ends.
    @inlinable @inline(__always) public func endDeepIdleWindow() { system._withUnsafeGuaranteedRef { $0.endDeepIdleWindow() } }
    /// The person changes one of the app's settings in the Settings app.
    @inlinable @inline(__always)
    public func userChangesAppSetting(_ setting: AppSetting) { system._withUnsafeGuaranteedRef { $0.userChangesAppSetting(setting) } }
    /// The person leaves the app they had in the foreground (`endSession` at the app's address).
    @inlinable @inline(__always)
    public func userLeavesApp<Input>(endSession: Input, at app: Address<Input>) {
        system._withUnsafeGuaranteedRef { $0.userLeavesApp(endSession: endSession, at: app) }
    }
    /// The person force-quits the app.
    @inlinable @inline(__always)
    public func forceQuitApp<Input>(endSession: Input, at app: Address<Input>) {
        system._withUnsafeGuaranteedRef { $0.forceQuitApp(endSession: endSession, at: app) }
    }
    /// The system's time to end the app kept running for an activity came (the phone's timer).
    @inlinable @inline(__always)
    public func endAppKeptForActivity(incarnation: UInt32) { system._withUnsafeGuaranteedRef { $0.endAppKeptForActivity(incarnation: incarnation) } }
}
