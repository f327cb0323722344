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
        // Each surface's values read out of the registry once (each read searches it and
        // copies the surface's whole struct).
        let widget = p.widget, watch = p.watch, live = p.live, push = p.push, share = p.share
        self.init(duration: p.duration,
                  warmup: p.observe.warmup,
                  developerAttached: p.device.developerAttached,
                  networkLatency: p.network.latency,
                  appGroupGranted: p.storage.appGroupGranted,
                  projectionProtection: widget.dataProtection.protectionClass,
                  sessionProtection: p.session.protection.protectionClass,
                  storageIOTime: p.storage.ioTime,
                  appBackgroundBudget: p.app.backgroundBudget,
                  appSuspendedLifetime: p.app.suspendedLifetime,
                  activityKeepAliveEndsPerHour: live.backgroundTerminationPerHour,
                  standbyBuckets: p.device.standbyBuckets,
                  doze: p.device.doze,
                  widgetsShown: widget.enabled,
                  widgetRedactsWhenLocked: widget.enabled && widget.redactsWhenLocked,
                  hasWatchApp: watch.enabled,
                  watchAppLaunchedWhenLooked: watch.lifetime == .whenLooked,
                  watchOwnNetwork: watch.ownNetwork,
                  watchOutOfReachPerDay: watch.phoneUnreachablePerDay,
                  watchOutOfReachDuration: watch.phoneUnreachableDuration,
                  watchHasOwnPushes: watch.enabled && watch.level == .standalone,
                  push: PushSettings(loss: push.loss, delay: push.delay, wakeRefusal: push.wakeRefusal,
                                     wakesPerHour: push.wakesPerHour, highPriority: push.priority == .high),
                  widget: WidgetSettings(reloadDelay: widget.reloadDelay, budgetPerDay: widget.budgetPerDay,
                                         reloadAfter: widget.reloadAfter, galleryOpensPerDay: widget.galleryOpensPerDay,
                                         providerTimeBudget: widget.providerTimeBudget, memoryLimit: widget.memoryLimit,
                                         slotEvery: widget.slotEvery, redactsWhenLocked: widget.redactsWhenLocked),
                  shareExtensionLimits: ProcessLimits(timeBudget: share.timeBudget, memoryLimit: share.memoryLimit))
        lowPowerBlocksWatchWakes = p.device.lowPowerBlocksWatchWakes
        activityKit = ActivityKitSettings(maxActive: live.maxActive, lingerAfterEnd: live.lingerAfterEnd,
                                          pushBudgetPerHour: live.pushBudgetPerHour)
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
