import SimKernel

/// Every parameter a scenario file or `--set` may name, with its meaning (docs/scenarios.md).
/// The paths are a contract: scripts set them by name.
public enum ParameterCatalog {
    /// All parameters, in the order help and manifests list them: the study's own groups and
    /// every surface's (`SurfaceDescriptor.parameters`, from `SurfaceRegistry.all`), in the
    /// published group order, then any group not published yet, in registration order (those
    /// of the surfaces added from outside last, docs/extending.md#parameters).
    public static func all() -> [ParameterSpec] { arranged(SurfaceRegistry.all) }

    /// The parameters of the surfaces this package has (`BuiltInSurfaces.all`), in the same
    /// order: what a surface added from outside must not clash with, and the switches
    /// `turnOffSurfacesBeyondTheWidget` turns off. Reads no registry.
    static func builtIn() -> [ParameterSpec] { arranged(SurfaceRegistry.builtIn) }

    /// The parameters of the study and of `surfaces`, in the published group order.
    private static func arranged(_ surfaces: [SurfaceDescriptor]) -> [ParameterSpec] {
        let groups = [ParameterGroup("study", study), ParameterGroup("observe", observe)] + surfaces.flatMap { $0.parameters }
        return PublishedOrder.arranged(groups, by: \.name, published: publishedGroupOrder).flatMap { $0.specs() }
    }

    /// The order help and manifests list the parameter groups in (a contract: scenario
    /// checks, `help parameters` and manifests print it). Append only: a new group goes at the
    /// end; a registered group not listed here follows every listed one, so it works before.
    static let publishedGroupOrder = [
        "study", "observe", "world", "backend", "phone", "widget", "push", "live", "watch", "share",
        "actions", "instantVersion", "car", "television", "signOut",
    ]

    /// The parameter at `path`, if any.
    public static func spec(_ path: String) -> ParameterSpec? { all().first { $0.path == path } }

    static func study() -> [ParameterSpec] { [
        .time("duration", \.duration, "length of one replication (above 0)").within(0, ParameterRange.longestDuration, lowerExclusive: true)
            .scenario("one day of the person's use; longer studies see monthly rules (kept readings, the instant version's removal)"),
        ParameterSpec(path: "seed", kind: .seed, doc: "base seed of the study", get: { .seed($0.seed) },
                      set: { p, v in if case .seed(let s) = v { p.seed = s } })
            .scenario("the study's base seed: a study is reproduced from it"),
        .count("replications", \.replications, "runs per sweep point (at least 1)").within(0, 100_000_000)
            .scenario("how many days are simulated per point: the Monte Carlo sample size"),
        .choice("platform", \.platformProfile, "platform profile whose defaults apply")
            .scenario("which platform's defaults the study starts from"),
        .bool("commonRandomNumbers", \.commonRandomNumbers, "every sweep point uses the same replication seeds, so designs see the same world")
            .scenario("how the study compares designs: every point sees the same days"),
    ] }

    static func observe() -> [ParameterSpec] { [
        .time("observe.warmup", \.observe.warmup, "excluded start of each replication (shorter than duration)")
            .scenario("the first hour, before the surfaces first hold data, is not measured"),
        .time("observe.staleAfter", \.observe.staleAfter, "age above which unlabeled data counts as stale")
            .scenario("what the study calls stale: the chapter's example threshold, a quarter of an hour (§25.3)"),
        .rate("observe.glances.widget.perHour", \.observe.widgetGlances, "glances at the widget")
            .scenario("a person who looks at the home or lock screen four times an hour around the clock (96 a day); Hintze et al. (UbiComp 2014 Adjunct, 1,960 phones) count 57–60 phone interactions a day, of which 54–57% do not unlock it (docs/platform-facts.md#behaviour)"),
        .rate("observe.glances.live.perHour", \.observe.liveGlances, "glances at the live status while one is shown")
            .scenario("a person who checks an ongoing activity every ten minutes"),
        .rate("observe.glances.watch.perHour", \.observe.watchGlances, "glances at the watch app")
            .scenario("a person who raises the wrist to the app three times an hour"),
        .rate("observe.glances.app.perHour", \.observe.appGlances, "glances at the app while it is in the foreground (plus one at every open)")
            .scenario("once a minute while the app is in front, plus one at every open"),
        .rate("observe.glances.car.perHour", \.observe.carGlances, "glances at the car screen while driving")
            .scenario("a driver who looks at the car's screen twice an hour"),
    ] }

    package static func world() -> [ParameterSpec] { [
        .rate("user.appOpens.perHour", \.user.appOpens, "how often the user opens the main app")
            .scenario("a person who opens this app 12 times a day: one app, not the phone's 57–60 daily interactions (Hintze et al. 2014)"),
        .distribution("user.sessionLength", \.user.sessionLength, "time the app stays in the foreground")
            .scenario("a session of 3 min on average; app sessions in the field are shorter (below a minute on average, Böhmer et al. MobileHCI 2011; 40% under 15 s, Ferreira et al. MobileHCI 2014): docs/platform-facts.md#behaviour says why the default is kept"),
        .probability("user.forceQuit", \.user.forceQuit, "probability a session ends with a force-quit")
            .scenario("one session in ten ends with the person swiping the app away"),
        .rate("user.inAppChanges.perHour", \.user.inAppChanges, "changes the user makes while the app is open")
            .scenario("a person who makes a change every ten minutes while in the app"),
        .rate("elsewhere.edits.perHour", \.elsewhere.edits, "changes made on another device or the web")
            .scenario("one change an hour from another device or the web"),
        .real("elsewhere.deletes.perDay", \.elsewhere.deletesPerDay, "objects deleted elsewhere (a configured widget target may be one)")
            .scenario("no object deleted elsewhere unless a study asks"),
        .real("elsewhere.renames.perDay", \.elsewhere.renamesPerDay, "objects renamed elsewhere: same identifier, a new name (a configured widget target may be one)")
            .scenario("no object renamed elsewhere unless a study asks"),
        .distribution("network.latency", \.network.latency, "one request's round trip")
            .assumed("50ms", "500ms", "an ordinary mobile round trip; no single published figure fits every network"),
        .real("network.offline.perDay", \.network.offlinePerDay, "offline periods of the phone per day")
            .scenario("one offline period a day (a lift, a train)"),
        .distribution("network.offline.duration", \.network.offlineDuration, "length of an offline period")
            .scenario("offline periods of 20 min on average"),
    ] }

    package static func signOut() -> [ParameterSpec] { [
        .optionalTime("signout.at", \.signout.at, "when the user signs out (null: never)")
            .scenario("the person never signs out unless a study asks"),
        ParameterSpec(path: "signout.steps", kind: .steps(SignoutStep.allCases.map(\.rawValue)),
                      doc: "the sign-out steps the app performs (§25.9)",
                      get: { .steps($0.signout.steps.sorted().map(\.rawValue)) },
                      set: { p, v in if case .steps(let s) = v { p.signout.steps = Set(s.compactMap(SignoutStep.init(rawValue:))) } })
            .design("the app's sign-out performs every step of §25.9's list"),
        .optionalTime("signout.nextAccountAfter", \.signout.nextAccountAfter,
                      "how long after the sign-out (half a minute after signout.at) someone else opens the app, to sign in with a second account half a minute later (null: no one does)")
            .scenario("no second person signs in unless a study asks"),
    ] }

    package static func phone() -> [ParameterSpec] { [
        .real("device.restarts.perDay", \.device.restartsPerDay, "phone restarts (storage protected until first unlock stays closed until the next unlock)")
            .scenario("a phone restarted about every three weeks"),
        .probability("device.locked", \.device.locked, "share of time the phone is locked (0: no lock cycle; the phone, locked at the start and after a restart, is unlocked by the app being opened)")
            .scenario("a phone locked 80% of the day; the share of time is not in the field studies cited (they count interactions, not time)"),
        .distribution("device.unlockedPeriod", \.device.unlockedPeriod, "length of one unlocked period (a mean of at least 1s: each period starts the next locked one)").within(1, ParameterRange.longestDuration)
            .scenario("unlocked periods of 6 min on average: with device.locked 0.8, 48 unlocks a day; Hintze et al. (IMWUT 2017, 29,279 devices) count about 25–27 unlocking interactions a day"),
        .real("device.appUpdates.perDay", \.device.appUpdatesPerDay, "app updates per day")
            .scenario("no app update during a day unless a study asks"),
        .bool("device.hasSecureStorage", \.device.hasSecureStorage, "the phone has secure storage for the kept readings' key")
            .scenario("a phone with secure storage (every current iPhone and most Android phones)"),
        .optionalTime("device.keyLossAt", \.device.keyLossAt, "when the phone is restored elsewhere and the key of kept readings is lost")
            .scenario("the phone is never restored elsewhere unless a study asks"),
        .real("device.lowPower.perDay", \.device.lowPowerPerDay, "power-saving periods (Low Power Mode, a battery below 20%): no background refresh, background pushes wait for power")
            .scenario("no power-saving period unless a study asks"),
        .distribution("device.lowPower.duration", \.device.lowPowerDuration, "length of one power-saving period")
            .assumed("30m", "8h", "how long Low Power Mode or a low battery lasts is not published; a few hours until the phone is charged"),
        .bool("device.lowPower.blocksWatchWakes", \.device.lowPowerBlocksWatchWakes, "a power-saving period keeps the system from launching the phone app for the watch: an immediate message to an app not running fails, a queued transfer waits for the period's end (off: a message from the watch wakes the app, as WatchConnectivity documents)")
            .sourced("Apple, WCSession.sendMessage documentation: a message from the watch wakes the iPhone app; no source says Low Power Mode stops it"),
        .bool("device.doze", \.device.doze, "Android Doze: a phone left locked and still goes idle, in windows of 1 h doubling to 6 h between short maintenance windows")
            .sourced("Apple documents no Doze (off on ios)")
            .sourced("Android, Optimize for Doze and App Standby; AOSP DeviceIdleController.Constants", on: .android),
        .time("device.dozeAfter", \.device.dozeAfter, "with device.doze: how long after the screen goes off a still phone enters deep Doze").within(60, 86_400)
            .sourced("AOSP DeviceIdleController.Constants: INACTIVE_TIMEOUT 30 min + IDLE_AFTER_INACTIVE_TIMEOUT 30 min (15 + 15 on small-battery devices; a field measurement on one stationary phone saw about 30 min)"),
        .bool("device.lightDoze", \.device.lightDoze, "Android light Doze (with device.doze): a minute after the screen goes off, background refreshes wait for 1-minute maintenance windows between idle windows of 5 min doubling to 15 min, until deep Doze takes over")
            .sourced("Apple documents no light Doze (off on ios)")
            .sourced("Android 7.0 behavior changes, Doze; AOSP DeviceIdleController.Constants (LIGHT_IDLE_*)", on: .android),
        .probability("device.movingWhenLocked", \.device.movingWhenLocked, "share of locked periods in which the phone moves (in a pocket, a bag; with device.doze): never still, it never dozes deeply (light Doze only, with device.lightDoze)")
            .assumed("0", "0.5", "how often a locked phone is on the move is not published; 0 keeps every locked phone still"),
        .bool("device.standbyBuckets", \.device.standbyBuckets, "Android app standby buckets: by the time since the user last had the app in front (active, working set from 12 h, frequent 24 h, rare 48 h, restricted 8 d), background refreshes past the bucket's quota wait, and high-priority pushes past its daily cap count as normal")
            .sourced("Apple documents no standby buckets (off on ios)")
            .sourced("Android, App Standby Buckets and Power management resource limits; AOSP AppStandbyController", on: .android),
        .bool("device.developerAttached", \.device.developerAttached, "the phone as on the developer's desk: no push throttle, no widget reload budget, no extension memory limits")
            .scenario("a phone in a person's hands, not on the developer's desk"),
        .bool("storage.appGroupGranted", \.storage.appGroupGranted, "the shared container (App Group) was granted at signing")
            .design("the app was signed with its App Group"),
        .distribution("storage.ioTime", \.storage.ioTime, "time one read or write of a shared file takes")
            .assumed("1ms", "50ms", "one shared-file read or write on flash storage, coordination included"),
        .choice("session.protection", \.session.protection, "when the session entry can be read")
            .design("the session entry readable after the first unlock (Apple's default data protection class C, Apple Platform Security guide)"),
        .bool("session.inSharedSecureStorage", \.session.inSharedSecureStorage, "the session is in a shared secure-storage entry")
            .design("the session kept in a shared keychain access group (§25.9)"),
        .bool("app.requestsWidgetReload", \.app.requestsWidgetReload, "the app asks for a widget reload when its data changes")
            .design("the app asks WidgetKit for a reload when its data changes (§25.3)"),
        .rate("app.backgroundRefresh.perHour", \.app.backgroundRefresh, "granted background refreshes of the main app")
            .assumed("0.1", "2", "BGAppRefreshTask grants are not published; about one every two hours for a moderately used app")
            .sourced("Android, PeriodicWorkRequest: periodic work at most every 15 min (MIN_PERIODIC_INTERVAL_MILLIS)", on: .android),
        .time("app.keepReadingsFor", \.app.keepReadingsFor, "lifetime of kept readings (1d–365d)").within(86_400, 365 * 86_400)
            .design("the app keeps readings for 30 days"),
        .choice("app.projectionWriter", \.app.projectionWriter, "where the widget projection is rebuilt")
            .design("the app rebuilds the widget's projection when its data changes (§25.3)"),
        .time("app.syncInterval", \.app.syncInterval, "interval of foreground syncs (a timer that re-arms itself: at least 1s)").within(1, ParameterRange.longestDuration)
            .design("the app syncs every minute while in front"),
        .distribution("app.suspendedLifetime", \.app.suspendedLifetime, "time a suspended app stays in memory")
            .assumed("5m", "4h", "the system reclaims suspended apps under memory pressure; Apple publishes no figure"),
        .time("app.backgroundBudget", \.app.backgroundBudget, "run time of a background wake")
            .sourced("Apple, Choosing background strategies for your app / BGTaskScheduler: up to 30 s of background run time"),
        .choice("app.deleteExpiredReadings", \.app.deleteExpiredReadings, "when readings past their lifetime are deleted")
            .design("readings past their lifetime are deleted at once"),
        .optionalTime("app.keepReadingsChangeAt", \.app.keepReadingsChangeAt, "when the user changes the readings' lifetime")
            .scenario("the person never changes the lifetime unless a study asks"),
        .time("app.keepReadingsChangedTo", \.app.keepReadingsChangedTo, "the new lifetime (above 0)").within(0, ParameterRange.longestDuration, lowerExclusive: true)
            .scenario("the lifetime a person changes it to"),
        .choice("app.onKeyLoss", \.app.onKeyLoss, "what the app does when the key of its kept readings is gone")
            .design("when the key is gone the app clears the readings and says so (§25.9)"),
        .probability("app.updateChangesSchema", \.app.updateChangesSchema, "probability an app update changes the projection schema")
            .design("every app update changes the projection's schema: the worst case of §25.3"),
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
