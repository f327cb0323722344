import SimKernel

/// The app's settings in the phone's Settings app (docs/model.md#kept-readings): what the user
/// changes there the system writes into the app's own preferences, whether or not the app
/// runs, as it does for the settings an app declares (a settings bundle). The app hands the
/// system its preferences once, when it is made (`OperatingSystem.holdSettings(of:)`); the
/// phone's own process, which draws when the user changes a setting, calls
/// `OperatingSystem.userChangesAppSetting(_:)`, and neither reaches the other's state.
public protocol AppSettingsDomain: AnyObject {
    /// The user changed `setting` at `now`: the app's preferences take it, as the app declared.
    func userChanged(_ setting: AppSetting, at now: SimTime)
}

/// A setting of the app that the user can change in the phone's Settings app.
public enum AppSetting: Sendable {
    /// How long the app keeps readings (`app.keepReadingsChangedTo`).
    case readingsLifetime(SimTime)
}

extension OperatingSystem {
    /// The app hands the system the preferences a change in the phone's Settings app is written
    /// into (its container): once, when it is made.
    @usableFromInline func holdSettings(of domain: any AppSettingsDomain) {
        if _appSettings != nil { fatalError("the app's settings are held once") }
        _appSettings = domain
    }

    /// The user changes one of the app's settings in the phone's Settings app: the system
    /// writes it into the app's preferences now, whether or not the app runs.
    @usableFromInline func userChangesAppSetting(_ setting: AppSetting) {
        guard let domain = _appSettings else {
            fatalError("the user changed an app setting, but no app handed the system its settings")
        }
        domain.userChanged(setting, at: now)
    }
}
