import SimKernel

/// The main app's own container on the phone (docs/model.md#kept-readings,
/// docs/model.md#what-a-program-knows): what outlives the app's runs (the account it holds,
/// its kept reading, its pending writes, the flags it leaves itself). The app reads and writes
/// it; the system writes into it only the user's settings (`userChangesReadingsLifetime`),
/// whether or not the app runs. No other program reaches it. Its contents are the app's, so it
/// is declared with the app, not in `Platform`.
final class AppContainer {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// What the container holds.
    var storage: AppStorage

    init(lifetime: SimTime, canKeep: Bool, warmup: SimTime) {
        storage = AppStorage(lifetime: lifetime, canKeep: canKeep, warmup: warmup)
    }

    /// The user changes the readings' lifetime in the phone's settings: the container takes the
    /// new lifetime, and with `deleteAtOnce` (`app.deleteExpiredReadings: atOnce`) the system
    /// deletes at once what is now too old. The phone's own process calls it at
    /// `app.keepReadingsChangeAt` whether or not the app runs, as a setting the system writes
    /// into the app's container; a message to the app would take effect only while it runs,
    /// which would change the model.
    func userChangesReadingsLifetime(to lifetime: SimTime, at now: SimTime, deleteAtOnce: Bool) {
        storage.changeLifetime(to: lifetime, at: now)
        if deleteAtOnce { storage.deleteExpired(at: now) }
    }
}
