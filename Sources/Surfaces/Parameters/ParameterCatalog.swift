import SimKernel

/// Every parameter a scenario file or `--set` may name, with its meaning (docs/scenarios.md).
/// The paths are a contract: scripts set them by name.
public enum ParameterCatalog {
    /// All parameters, in the order help and manifests list them: the built-in ones, then
    /// those of the surfaces added from outside, in installation order (docs/extending.md#parameters).
    public static func all() -> [ParameterSpec] {
        builtIn() + SurfaceExtensions.installed.flatMap(\.parameters)
    }

    /// The parameters of the surfaces this package has.
    static func builtIn() -> [ParameterSpec] {
        study() + observe() + world() + backend() + phone() + widget() + push() + live() + watch() + share()
            + actions() + instantVersion() + car() + television() + signOut()
    }

    /// The parameter at `path`, if any.
    public static func spec(_ path: String) -> ParameterSpec? { all().first { $0.path == path } }

    static func study() -> [ParameterSpec] { [
        .time("duration", \.duration, "length of one replication (above 0)").within(0, ParameterRange.longestDuration, lowerExclusive: true),
        ParameterSpec(path: "seed", kind: .seed, doc: "base seed of the study", get: { .seed($0.seed) },
                      set: { p, v in if case .seed(let s) = v { p.seed = s } }),
        .count("replications", \.replications, "runs per sweep point (at least 1)").within(0, 100_000_000),
        .choice("platform", \.platformProfile, "platform profile whose defaults apply"),
        .bool("commonRandomNumbers", \.commonRandomNumbers, "every sweep point uses the same replication seeds, so designs see the same world"),
    ] }

    static func observe() -> [ParameterSpec] { [
        .time("observe.warmup", \.observe.warmup, "excluded start of each replication (shorter than duration)"),
        .time("observe.staleAfter", \.observe.staleAfter, "age above which unlabeled data counts as stale"),
        .rate("observe.glances.widget.perHour", \.observe.widgetGlances, "glances at the widget"),
        .rate("observe.glances.live.perHour", \.observe.liveGlances, "glances at the live status while one is shown"),
        .rate("observe.glances.watch.perHour", \.observe.watchGlances, "glances at the watch app"),
        .rate("observe.glances.app.perHour", \.observe.appGlances, "glances at the app while it is in the foreground (plus one at every open)"),
        .rate("observe.glances.car.perHour", \.observe.carGlances, "glances at the car screen while driving"),
    ] }

    static func world() -> [ParameterSpec] { [
        .rate("user.appOpens.perHour", \.user.appOpens, "how often the user opens the main app"),
        .distribution("user.sessionLength", \.user.sessionLength, "time the app stays in the foreground"),
        .probability("user.forceQuit", \.user.forceQuit, "probability a session ends with a force-quit"),
        .rate("user.inAppChanges.perHour", \.user.inAppChanges, "changes the user makes while the app is open"),
        .rate("elsewhere.edits.perHour", \.elsewhere.edits, "changes made on another device or the web"),
        .real("elsewhere.deletes.perDay", \.elsewhere.deletesPerDay, "objects deleted elsewhere (a configured widget target may be one)"),
        .real("elsewhere.renames.perDay", \.elsewhere.renamesPerDay, "objects renamed elsewhere: same identifier, a new name (a configured widget target may be one)"),
        .distribution("network.latency", \.network.latency, "one request's round trip"),
        .real("network.offline.perDay", \.network.offlinePerDay, "offline periods of the phone per day"),
        .distribution("network.offline.duration", \.network.offlineDuration, "length of an offline period"),
    ] }

    static func signOut() -> [ParameterSpec] { [
        .optionalTime("signout.at", \.signout.at, "when the user signs out (null: never)"),
        ParameterSpec(path: "signout.steps", kind: .steps(SignoutStep.allCases.map(\.rawValue)),
                      doc: "the sign-out steps the app performs (§25.9)",
                      get: { .steps($0.signout.steps.sorted().map(\.rawValue)) },
                      set: { p, v in if case .steps(let s) = v { p.signout.steps = Set(s.compactMap(SignoutStep.init(rawValue:))) } }),
        .optionalTime("signout.nextAccountAfter", \.signout.nextAccountAfter,
                      "how long after the sign-out (half a minute after signout.at) someone else opens the app, to sign in with a second account half a minute later (null: no one does)"),
    ] }

    static func phone() -> [ParameterSpec] { [
        .real("device.restarts.perDay", \.device.restartsPerDay, "phone restarts (storage protected until first unlock stays closed until the next unlock)"),
        .probability("device.locked", \.device.locked, "share of time the phone is locked (0: no lock cycle; the phone, locked at the start and after a restart, is unlocked by the app being opened)"),
        .distribution("device.unlockedPeriod", \.device.unlockedPeriod, "length of one unlocked period (a mean of at least 1s: each period starts the next locked one)").within(1, ParameterRange.longestDuration),
        .real("device.appUpdates.perDay", \.device.appUpdatesPerDay, "app updates per day"),
        .bool("device.hasSecureStorage", \.device.hasSecureStorage, "the phone has secure storage for the kept readings' key"),
        .optionalTime("device.keyLossAt", \.device.keyLossAt, "when the phone is restored elsewhere and the key of kept readings is lost"),
        .real("device.lowPower.perDay", \.device.lowPowerPerDay, "power-saving periods (Low Power Mode, a battery below 20%): no background refresh, background pushes wait for power"),
        .distribution("device.lowPower.duration", \.device.lowPowerDuration, "length of one power-saving period"),
        .bool("device.lowPower.blocksWatchWakes", \.device.lowPowerBlocksWatchWakes, "a power-saving period keeps the system from launching the phone app for the watch: an immediate message to an app not running fails, a queued transfer waits for the period's end (off: a message from the watch wakes the app, as WatchConnectivity documents)"),
        .bool("device.doze", \.device.doze, "Android Doze: a phone left locked and still goes idle, in windows of 1 h doubling to 6 h between short maintenance windows"),
        .bool("device.lightDoze", \.device.lightDoze, "Android light Doze (with device.doze): a minute after the screen goes off, background refreshes wait for 1-minute maintenance windows between idle windows of 5 min doubling to 15 min, until deep Doze takes over"),
        .probability("device.movingWhenLocked", \.device.movingWhenLocked, "share of locked periods in which the phone moves (in a pocket, a bag; with device.doze): never still, it never dozes deeply (light Doze only, with device.lightDoze)"),
        .bool("device.standbyBuckets", \.device.standbyBuckets, "Android app standby buckets: by the time since the user last had the app in front (active, working set from 12 h, frequent 24 h, rare 48 h, restricted 8 d), background refreshes past the bucket's quota wait, and high-priority pushes past its daily cap count as normal"),
        .bool("device.developerAttached", \.device.developerAttached, "the phone as on the developer's desk: no push throttle, no widget reload budget, no extension memory limits"),
        .bool("storage.appGroupGranted", \.storage.appGroupGranted, "the shared container (App Group) was granted at signing"),
        .distribution("storage.ioTime", \.storage.ioTime, "time one read or write of a shared file takes"),
        .choice("session.protection", \.session.protection, "when the session entry can be read"),
        .bool("session.inSharedSecureStorage", \.session.inSharedSecureStorage, "the session is in a shared secure-storage entry"),
        .bool("app.requestsWidgetReload", \.app.requestsWidgetReload, "the app asks for a widget reload when its data changes"),
        .rate("app.backgroundRefresh.perHour", \.app.backgroundRefresh, "granted background refreshes of the main app"),
        .time("app.keepReadingsFor", \.app.keepReadingsFor, "lifetime of kept readings (1d–365d)").within(86_400, 365 * 86_400),
        .choice("app.projectionWriter", \.app.projectionWriter, "where the widget projection is rebuilt"),
        .time("app.syncInterval", \.app.syncInterval, "interval of foreground syncs (a timer that re-arms itself: at least 1s)").within(1, ParameterRange.longestDuration),
        .distribution("app.suspendedLifetime", \.app.suspendedLifetime, "time a suspended app stays in memory"),
        .time("app.backgroundBudget", \.app.backgroundBudget, "run time of a background wake"),
        .choice("app.deleteExpiredReadings", \.app.deleteExpiredReadings, "when readings past their lifetime are deleted"),
        .optionalTime("app.keepReadingsChangeAt", \.app.keepReadingsChangeAt, "when the user changes the readings' lifetime"),
        .time("app.keepReadingsChangedTo", \.app.keepReadingsChangedTo, "the new lifetime (above 0)").within(0, ParameterRange.longestDuration, lowerExclusive: true),
        .choice("app.onKeyLoss", \.app.onKeyLoss, "what the app does when the key of its kept readings is gone"),
        .probability("app.updateChangesSchema", \.app.updateChangesSchema, "probability an app update changes the projection schema"),
    ] }
}

/// The platform profiles that ship (docs/model.md).
public enum PlatformProfile: String, Sendable, CaseIterable { case ios, android }

extension Parameters {
    /// The platform profile as a typed value.
    public var platformProfile: PlatformProfile {
        get { PlatformProfile(rawValue: platform) ?? .ios }
        set { platform = newValue.rawValue }
    }

    /// Turns off every built-in surface beyond the widget and the always-on app: each one's
    /// `X.enabled` in the catalogue (live status, watch, share extension, actions, instant
    /// version, car, television), so a surface added to the project is off here too. The widget
    /// path alone; a surface added from outside keeps its own switch.
    public mutating func turnOffSurfacesBeyondTheWidget() {
        for spec in ParameterCatalog.builtIn() where spec.path.hasSuffix(".enabled") && spec.path != "widget.enabled" {
            spec.set(&self, .bool(false))
        }
    }

    /// The defaults of a platform profile (docs/model.md): `ios` as declared; `android` after
    /// docs/platform-facts.md#android: the widget's periodic update at `updatePeriodMillis`' 30-minute
    /// floor, and no daily budget on the updates the app asks for (none is documented:
    /// `updateAll` runs when called); FCM-like push, whose high-priority messages wake the
    /// app and are refused less often; background refresh by periodic work at WorkManager's
    /// 15-minute floor, four an hour, deferred by Doze to its maintenance windows while the phone
    /// lies locked and still (and to light Doze's shorter windows in the hour before), and
    /// capped by the app's standby bucket (docs/model.md#power).
    public static func defaults(for profile: PlatformProfile) -> Parameters {
        var p = Parameters()
        p.platform = profile.rawValue
        if profile == .android {
            p.widget.reloadAfter = 30 * Time.minute
            p.widget.budgetPerDay = 10_000
            p.push.wakeRefusal = 0.1
            p.push.wakesPerHour = 10
            p.app.backgroundRefresh = Rate(perHour: 4)
            p.live.maxActive = 8 * Time.hour
            p.device.doze = true
            p.device.standbyBuckets = true
            p.device.lightDoze = true
        }
        return p
    }
}

extension Distribution {
    /// The same distribution with every value multiplied by `k`.
    public func scaled(by k: Double) -> Distribution {
        switch self {
        case .constant(let c): return .constant(c * k)
        case .exponential(let m): return .exponential(mean: m * k)
        case .uniform(let lo, let hi): return .uniform(low: lo * k, high: hi * k)
        case .lognormal(let mu, let s): return .lognormal(mu: mu + Math.log(k), sigma: s)
        case .normal(let m, let sd): return .normal(mean: m * k, sd: sd * k)
        case .empirical(let v): return .empirical(v.map { $0 * k })
        }
    }
}
