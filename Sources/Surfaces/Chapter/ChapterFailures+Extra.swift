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

extension ChapterFailures {
    static let extraFailures: [FailureMode] = [
        mode("outbox-race", "A shared item twice or not at all after a share made while the app was syncing (§25.3)",
             metric: .shareLost,
             // Many shares, a slow shared file and long sessions: the extension often appends
             // while the app is between reading the outbox and writing it back.
             setUp: { $0.share.enabled = true; $0.share.design = .outbox; $0.share.perDay = 1000
                      $0.storage.ioTime = .lognormal(median: 1.0); $0.user.appOpens = Rate(perHour: 4)
                      $0.user.sessionLength = .exponential(mean: 600) },
             causes: { $0.share.outbox = .uncoordinated },
             avoids: { $0.share.outbox = .coordinated },
             observe: NoticeRule(kind: .perRun([.init(metric: .shareLost, statistic: .value, orEqual: false, threshold: 0),
                                                .init(metric: .shareDuplicated, statistic: .value, orEqual: false, threshold: 0)],
                                               all: false), figure: "mean")),
        FailureMode(id: "widget-bursts", title: "Synchronized widget reloads on round clock times (§25.13)",
                    metric: "backend.requests.peakToMean",
                    setUp: { $0.widget.fetchesOwnData = true; $0.widget.maxAge = 0; $0.widget.alignReloads = true
                             $0.user.appOpens = Rate(perHour: 0.1); $0.push.onChange = false; $0.elsewhere.edits = Rate(perHour: 0.2) },
                    causes: { $0.widget.jitter = 0 },
                    avoids: { $0.widget.jitter = 10 * Time.minute },
                    rule: NoticeRule(kind: .population(metric: "backend.requests.peakToMean", above: 10), figure: "mean")),
        mode("action-retry-duplicates", "Automations retry and the backend applies an action twice (§25.8)",
             metric: .actionDuplicated,
             setUp: { $0.action.enabled = true; $0.action.perDay = 12; $0.action.retries = 2
                      $0.action.timeout = 2 * Time.second; $0.backend.processingTime = .lognormal(median: 1, sigma: 1.5)
                      $0.device.restartsPerDay = 0 },
             causes: { $0.backend.idempotencyKeys = false },
             avoids: { $0.backend.idempotencyKeys = true },
             observe: Observe.above(.actionDuplicated)),
        // The gallery's snapshot drawn from the account's data (docs/model.md#the-gallery-preview).
        mode("gallery-leak", "The widget gallery's preview shows the account's data (§25.4: a snapshot for previews)",
             metric: .widgetPreviewShowsAccount,
             setUp: { $0.widget.galleryOpensPerDay = 24 },
             causes: { $0.widget.preview = .accountData },
             avoids: { $0.widget.preview = .fixture },
             observe: Observe.above(.widgetPreviewShowsAccount)),
    ]

    static let seedFailures: [FailureMode] = [
        mode("app-group-refused", "The App Group refused at signing: the widget says \"Nothing yet\", the app works (field report: the App Group)",
             metric: .widgetBlank,
             causes: { $0.storage.appGroupGranted = false },
             avoids: { $0.storage.appGroupGranted = true },
             // Every glance at the widget blank while the app shows data (it has a staleness sample).
             observe: NoticeRule(kind: .perRun([.init(metric: .widgetBlank, statistic: .value, orEqual: true, threshold: 1),
                                                .init(metric: .appStaleness, statistic: .mean, orEqual: true, threshold: 0)],
                                               all: true), figure: "mean")),
        // Unlike F3's blank widget, the widget keeps its old picture: every reload dies decoding.
        mode("schema-after-update", "An unversioned projection after an app update (field report: the projection)", metric: .widgetProviderCrashed,
             setUp: { $0.device.appUpdatesPerDay = 2; $0.user.appOpens = Rate(perHour: 0.2) },
             causes: { $0.widget.projectionSchema = .unversioned },
             avoids: { $0.widget.projectionSchema = .versionedReadsOld },
             observe: Observe.above(.widgetProviderCrashed)),
        mode("deleted-target", "A configured widget target deleted elsewhere (field report: configured targets)", metric: .widgetWrongTarget,
             setUp: { $0.elsewhere.deletesPerDay = 6 },
             causes: { $0.widget.configuration = .position },
             avoids: { $0.widget.configuration = .stableIdentifier },
             observe: Observe.above(.widgetWrongTarget)),
        mode("kept-reading-expired", "The readings' lifetime shortened below the age of what is kept (field report: kept readings)",
             metric: .appKeptReadingOverdue,
             setUp: { $0.app.keepReadingsChangeAt = 6 * Time.hour; $0.app.keepReadingsChangedTo = 10 * Time.minute
                      $0.push.onChange = false; $0.user.appOpens = Rate(perHour: 0.3) },
             causes: { $0.app.deleteExpiredReadings = .atNextLaunch },
             avoids: { $0.app.deleteExpiredReadings = .atOnce },
             observe: Observe.above(.appKeptReadingOverdue)),
        mode("key-lost", "The phone restored elsewhere, the readings' key gone (field report: kept readings)", metric: .appColdStartUnexplained,
             setUp: { $0.device.keyLossAt = 3 * Time.hour; $0.user.appOpens = Rate(perHour: 1) },
             causes: { $0.app.onKeyLoss = .leaveUnreadable },
             avoids: { $0.app.onKeyLoss = .clearAndSay },
             observe: Observe.above(.appColdStartUnexplained)),
    ]
}
