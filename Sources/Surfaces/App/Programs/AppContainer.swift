import SimKernel
import Platform
import SurfaceCore

/// The main app's own container on the phone (docs/model.md#kept-readings,
/// docs/model.md#what-a-program-knows): what outlives the app's runs (the account it holds,
/// its kept reading, its pending writes, the flags it leaves itself). The app makes it and
/// alone reads and writes it; the system holds it only as the app's preferences, to write into
/// them what the user changes in the phone's Settings app (`AppSettingsDomain`), whether or not
/// the app runs. No other program reaches it. Its contents are the app's, so it is declared
/// with the app, not in `Platform`.
package final class AppContainer: AppSettingsDomain {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// What the container holds.
    package var storage: AppStorage
    /// The app's design (`app.deleteExpiredReadings: atOnce`): a lifetime shortened below the
    /// kept reading's age deletes it at once, not at the next launch.
    private let deleteExpiredAtOnce: Bool

    package init(lifetime: SimTime, canKeep: Bool, deleteExpiredAtOnce: Bool, signals: AppSignals) {
        storage = AppStorage(lifetime: lifetime, canKeep: canKeep, signals: signals)
        self.deleteExpiredAtOnce = deleteExpiredAtOnce
    }

    /// The user changed a setting in the phone's Settings app (at `app.keepReadingsChangeAt`):
    /// a new readings' lifetime is taken, and with `deleteExpiredAtOnce` what is now too old is
    /// deleted at once. The system writes it whether or not the app runs, as a setting written
    /// into the app's preferences; a message to the app would take effect only while it runs,
    /// which would change the model.
    package func userChanged(_ setting: AppSetting, at now: SimTime) {
        switch setting {
        case .readingsLifetime(let lifetime):
            storage.changeLifetime(to: lifetime, at: now)
            if deleteExpiredAtOnce { storage.deleteExpired(at: now) }
        }
    }
}
