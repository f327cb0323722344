import SimKernel
import Platform
@_spi(Assembly) @_spi(AppDesign) import SurfaceCore
import SystemPrograms
import WidgetPrograms
import AppPrograms
import LiveStatusPrograms
import WatchPrograms
import SharePrograms
import ActionsPrograms
import InstantVersionPrograms
import CarPrograms
import TelevisionPrograms

extension ChapterProbes {
    /// The probes with a stopwatch step (`ProbeRun.stopwatch`), and how long the person watches
    /// there: P25.1 until the widget shows an in-app change, P25.2 until it shows one made elsewhere.
    public static let stopwatchLimits: [(probe: String, limit: SimTime)] = [("P25.1", 10 * Time.minute), ("P25.2", 5 * Time.minute)]

    /// P25.1 Widget after a change in the app.
    static let p251 = ChapterProbe(
        id: "P25.1", title: "Widget after a change in the app",
        readings: [
            ProbeReading(id: "alreadyUpdated", text: "Already updated when the home screen appears"),
            ProbeReading(id: "updatedAfterMinutes", text: "Updated after some minutes"),
            ProbeReading(id: "notUpdatedAfterTenMinutes", text: "Not updated after ten minutes"),
        ],
        designs: [
            ProbeDesign("reloadOnChange", predicted: "alreadyUpdated") { $0.app.requestsWidgetReload = true },
            ProbeDesign("ownSchedule", predicted: "updatedAfterMinutes") {
                $0.app.requestsWidgetReload = false; $0.widget.reloadAfter = 5 * Time.minute
            },
            ProbeDesign("rareSchedule", predicted: "notUpdatedAfterTenMinutes") {
                $0.app.requestsWidgetReload = false; $0.widget.reloadAfter = 2 * Time.hour
            },
        ],
        script: { r, rng in
            prepare(r, &rng)
            // 2. Open the app and change the data the widget shows.
            r.openApp()
            guard let change = r.editInApp() else { return "notUpdatedAfterTenMinutes" }
            // 3. Go to the home screen at once and start a stopwatch.
            r.wait(2 * Time.second)
            r.goHome()
            // 4. Stop when it shows the change, or after ten minutes.
            guard let t = r.stopwatch(for: 10 * Time.minute, until: { r.widgetShows(change) }) else { return "notUpdatedAfterTenMinutes" }
            return t <= 15 * Time.second ? "alreadyUpdated" : "updatedAfterMinutes"
        })

    /// P25.2 Widget after a change elsewhere.
    static let p252 = ChapterProbe(
        id: "P25.2", title: "Widget after a change elsewhere",
        readings: [
            ProbeReading(id: "withinAMinute", text: "Updated within about a minute"),
            ProbeReading(id: "withinTheHour", text: "Updated within the hour without opening the app"),
            ProbeReading(id: "onlyAfterAppOpened", text: "Updated only after the app was opened"),
            ProbeReading(id: "notUpdated", text: "Not updated even after the app was opened (no chapter reading)"),
        ],
        designs: [
            ProbeDesign("pushReload", predicted: "withinAMinute") {
                $0.push.onChange = true; $0.push.wakeRefusal = 0.05
            },
            ProbeDesign("budgetedFetch", predicted: "withinTheHour") {
                // Its schedule is the platform's default (30 minutes): P25.1 says which schedule.
                $0.push.onChange = false; $0.widget.fetchesOwnData = true
            },
            ProbeDesign("fedByApp", predicted: "onlyAfterAppOpened") {
                $0.push.onChange = false; $0.widget.fetchesOwnData = false; $0.app.backgroundRefresh = Rate(perHour: 0)
            },
        ],
        script: { r, rng in
            prepare(r, &rng)
            // 2. On a second device, change the data the widget shows.
            let change = r.editElsewhere()
            // 3. Watch the widget for five minutes without opening the app; check again after an hour.
            if let t = r.stopwatch(for: 5 * Time.minute, until: { r.widgetShows(change) }), t <= 2 * Time.minute { return "withinAMinute" }
            r.wait(Time.hour - 5 * Time.minute)
            if r.widgetShows(change) { return "withinTheHour" }
            // 4. Open the app, go back to the home screen and look again.
            r.openApp()
            r.goHome()
            return r.watch(for: Time.minute, until: { r.widgetShows(change) }) != nil ? "onlyAfterAppOpened" : "notUpdated"
        })

    /// The probe for S1 (§25.12's first signal): does the widget still show the account's data
    /// with the app force-quit and the phone offline? Only a widget that reads what the app left
    /// in the shared storage area can; one that keeps only what its own run fetched has nothing
    /// to draw once a reload runs with no network.
    static let s1 = ChapterProbe(
        id: "S1", title: "Widget with the app force-quit and the phone offline",
        readings: [
            ProbeReading(id: "showsAccountData", text: "Still shows the account's data"),
            ProbeReading(id: "showsNoData", text: "Shows a placeholder or nothing"),
        ],
        designs: [
            ProbeDesign("sharedStorageArea", predicted: "showsAccountData") {
                $0.storage.appGroupGranted = true; $0.widget.fetchesOwnData = false
            },
            // A widget with no shared area keeps nothing but what one run fetched.
            ProbeDesign("noSharedArea", predicted: "showsNoData") {
                $0.storage.appGroupGranted = false; $0.widget.fetchesOwnData = true
            },
        ],
        script: { r, rng in
            prepare(r, &rng)
            // 2. Force-quit the app and turn on airplane mode.
            r.forceQuit()
            r.goOffline()
            // 3. Look at the widget an hour later: past its next reload (a 30-minute hint),
            // which runs with no network.
            r.wait(Time.hour)
            return r.widgetShowsAccount ? "showsAccountData" : "showsNoData"
        },
        // Airplane mode stays on for six hours.
        setUp: { $0.network.offlineDuration = .constant(6 * 3600) })
}
