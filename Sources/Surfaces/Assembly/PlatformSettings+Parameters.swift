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

extension PlatformSettings {
    /// What the operating system reads of the study's parameters (docs/scenarios.md), turned
    /// into its own settings once per world: the system never reads a surface's parameters.
    init(_ p: Parameters) {
        self.init(duration: p.duration,
                  warmup: p.observe.warmup,
                  developerAttached: p.device.developerAttached,
                  networkLatency: p.network.latency,
                  appGroupGranted: p.storage.appGroupGranted,
                  projectionProtection: p.widget.dataProtection.protectionClass,
                  sessionProtection: p.session.protection.protectionClass,
                  storageIOTime: p.storage.ioTime,
                  appBackgroundBudget: p.app.backgroundBudget,
                  appSuspendedLifetime: p.app.suspendedLifetime,
                  activityKeepAliveEndsPerHour: p.live.backgroundTerminationPerHour,
                  standbyBuckets: p.device.standbyBuckets,
                  doze: p.device.doze,
                  widgetsShown: p.widget.enabled,
                  widgetRedactsWhenLocked: p.widget.enabled && p.widget.redactsWhenLocked,
                  hasWatchApp: p.watch.enabled,
                  watchAppLaunchedWhenLooked: p.watch.lifetime == .whenLooked,
                  watchOwnNetwork: p.watch.ownNetwork,
                  watchOutOfReachPerDay: p.watch.phoneUnreachablePerDay,
                  watchOutOfReachDuration: p.watch.phoneUnreachableDuration,
                  watchHasOwnPushes: p.watch.enabled && p.watch.level == .standalone,
                  push: PushSettings(loss: p.push.loss, delay: p.push.delay, wakeRefusal: p.push.wakeRefusal,
                                     wakesPerHour: p.push.wakesPerHour, highPriority: p.push.priority == .high),
                  widget: WidgetSettings(reloadDelay: p.widget.reloadDelay, budgetPerDay: p.widget.budgetPerDay,
                                         reloadAfter: p.widget.reloadAfter, galleryOpensPerDay: p.widget.galleryOpensPerDay,
                                         providerTimeBudget: p.widget.providerTimeBudget, memoryLimit: p.widget.memoryLimit,
                                         slotEvery: p.widget.slotEvery, redactsWhenLocked: p.widget.redactsWhenLocked),
                  shareExtensionLimits: ProcessLimits(timeBudget: p.share.timeBudget, memoryLimit: p.share.memoryLimit))
        lowPowerBlocksWatchWakes = p.device.lowPowerBlocksWatchWakes
        activityKit = ActivityKitSettings(maxActive: p.live.maxActive, lingerAfterEnd: p.live.lingerAfterEnd,
                                          pushBudgetPerHour: p.live.pushBudgetPerHour)
        carConnectionCheckEvery = p.app.syncInterval
    }
}

extension Protection {
    /// The platform's protection class for this parameter value.
    var protectionClass: ProtectionClass {
        switch self {
        case .always: return .always
        case .afterFirstUnlock: return .afterFirstUnlock
        case .whenUnlocked: return .whenUnlocked
        }
    }
}

/// The measurement layer hears what the platform does that a metric depends on.
extension Measurement: PlatformObserver {
    public func appForegroundWillChange(at time: SimTime, wasInForeground: Bool) {
        catchUpAppGlances(through: time, appInForeground: wasInForeground)
    }

    public func appSuspendedInBackground() {
        showsApp(.blank(.none), appInForeground: false)
    }

    public func widgetStartsWithPlaceholder() {
        shows(widget, .blank(.placeholder))
    }

    public func widgetShows(_ view: consuming View, redacted: Bool) {
        showsWidget(view, redacted: redacted)
    }

    public func galleryShowsPreview(_ view: View) {
        for hear in Self.galleryPreviewHearers { hear(self, view) }
    }

    public func platformDid(_ event: PlatformEvent) {
        recordMechanism(event)
    }
}

/// The system holds changes on their way (a write request, the outbox file, the watch link).
extension ChangeJourneys: ChangeCustody {}
