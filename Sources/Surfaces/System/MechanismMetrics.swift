import SimKernel
import Platform

/// The mechanism diagnostics (docs/metrics.md#mechanism-diagnostics): what the platform's
/// mechanisms did in a replication, as they reported it (`PlatformObserver.platformDid`), so a
/// result can be explained without a trace. Each is named after the surface it acts on; their
/// columns in runs.csv are the published order's second group (`MetricCatalog.publishedOrder`,
/// after every earlier metric's: no column moved); none is in a study's default report
/// (`observe.report` names them).
extension Metric {
    /// `widget.reloads.refused`.
    public static let widgetReloadsRefused = Metric.named("widget.reloads.refused")
    /// `widget.budget.exhaustedAt`.
    public static let widgetBudgetExhaustedAt = Metric.named("widget.budget.exhaustedAt")
    /// `widget.provider.killed.time`.
    public static let widgetProviderKilledTime = Metric.named("widget.provider.killed.time")
    /// `widget.provider.killed.memory`.
    public static let widgetProviderKilledMemory = Metric.named("widget.provider.killed.memory")
    /// `push.wakes.refused`.
    public static let pushWakesRefused = Metric.named("push.wakes.refused")
    /// `push.held.doze`.
    public static let pushHeldDoze = Metric.named("push.held.doze")
    /// `push.held.lowPower`.
    public static let pushHeldLowPower = Metric.named("push.held.lowPower")
    /// `push.held.offline`.
    public static let pushHeldOffline = Metric.named("push.held.offline")
    /// `device.locked.time`.
    public static let deviceLockedTime = Metric.named("device.locked.time")
    /// `device.doze.light.time`.
    public static let deviceDozeLightTime = Metric.named("device.doze.light.time")
    /// `device.doze.deep.time`.
    public static let deviceDozeDeepTime = Metric.named("device.doze.deep.time")
    /// `app.bucket.active.time`, `.workingSet`, `.frequent`, `.rare`, `.restricted` (`StandbyBucket.allCases` order).
    public static let appBucketTimes: [Metric] = StandbyBucket.allCases.map { .named("app.bucket.\($0.rawValue).time") }
    /// `device.restarts`.
    public static let deviceRestarts = Metric.named("device.restarts")
    /// `device.appUpdates`.
    public static let deviceAppUpdates = Metric.named("device.appUpdates")
    /// `app.forceQuits`.
    public static let appForceQuits = Metric.named("app.forceQuits")
}

extension MetricCatalog {
    /// The widget's mechanisms: its reload budget and its provider's kills.
    package static func widgetMechanisms() -> SurfaceMetrics {
        SurfaceMetrics(surface: "widget", role: .notReported, metrics: [
            MetricSpec(name: "widget.reloads.refused", unit: "count", shape: .perReplication, doc: "reload requests charged to the budget (widget.budgetPerDay) that the widget host refused after the warm-up because the budget was spent"),
            MetricSpec(name: "widget.budget.exhaustedAt", unit: "s", shape: .sampled, doc: "per simulated day in which the reload budget ran out after the warm-up: the time of day (s after 0:00) the reload that spent its last use was granted; no samples when it never ran out"),
            MetricSpec(name: "widget.provider.killed.time", unit: "count", shape: .perReplication, doc: "provider runs started after the warm-up that the system ended for their time budget (widget.providerTimeBudget)"),
            MetricSpec(name: "widget.provider.killed.memory", unit: "count", shape: .perReplication, doc: "provider runs started after the warm-up that the system ended for their memory limit (widget.memoryLimit)"),
        ], report: { $0.reportWidgetMechanisms(into: &$1, end: $2) })
    }

    /// The push service's refusals and holds of silent pushes to the app.
    package static func pushMechanisms() -> SurfaceMetrics {
        SurfaceMetrics(surface: "push", role: .notReported, metrics: [
            MetricSpec(name: "push.wakes.refused", unit: "count", shape: .perReplication, doc: "silent pushes after the warm-up that reached the phone with the app in the background and whose wake the system refused (push.wakeRefusal, or push.wakesPerHour spent)"),
            MetricSpec(name: "push.held.doze", unit: "count", shape: .perReplication, doc: "silent pushes to the app after the warm-up that a Doze idle window held for its end (normal priority, or past the standby bucket's cap)"),
            MetricSpec(name: "push.held.lowPower", unit: "count", shape: .perReplication, doc: "silent pushes to the app after the warm-up that a power-saving period held for its end"),
            MetricSpec(name: "push.held.offline", unit: "count", shape: .perReplication, doc: "silent pushes to the app after the warm-up that found the phone offline or switched off and were held"),
        ], report: { $0.reportPushMechanisms(into: &$1, end: $2) })
    }

    /// The phone's lock, Doze, restarts and updates.
    package static func deviceMechanisms() -> SurfaceMetrics {
        SurfaceMetrics(surface: "device", role: .notReported, metrics: [
            MetricSpec(name: "device.locked.time", unit: "s", shape: .perReplication, doc: "time after the warm-up the phone was locked"),
            MetricSpec(name: "device.doze.light.time", unit: "s", shape: .perReplication, doc: "time after the warm-up in a light Doze idle window (no value without device.doze)"),
            MetricSpec(name: "device.doze.deep.time", unit: "s", shape: .perReplication, doc: "time after the warm-up in a deep Doze idle window (no value without device.doze)"),
            MetricSpec(name: "device.restarts", unit: "count", shape: .perReplication, doc: "restarts of the phone after the warm-up (a switch-on after it was off included)"),
            MetricSpec(name: "device.appUpdates", unit: "count", shape: .perReplication, doc: "updates of the app and its extensions installed after the warm-up"),
        ], report: { $0.reportDeviceMechanisms(into: &$1, end: $2) })
    }

    /// The app's standby buckets and force-quits.
    package static func appMechanisms() -> SurfaceMetrics {
        let buckets = StandbyBucket.allCases.map { bucket in
            MetricSpec(name: "app.bucket.\(bucket.rawValue).time", unit: "s", shape: .perReplication,
                       doc: "time after the warm-up the app's standby bucket was \(bucket.rawValue) (no value without device.standbyBuckets)")
        }
        return SurfaceMetrics(surface: "app", role: .notReported, metrics: buckets + [
            MetricSpec(name: "app.forceQuits", unit: "count", shape: .perReplication, doc: "force-quits of the main app that took effect after the warm-up"),
        ], report: { $0.reportAppMechanisms(into: &$1, end: $2) })
    }
}

extension ReplicationReadout {
    /// The widget's budget refusals, the times of day it ran out, its provider's kills (no
    /// value when the widget is off).
    func reportWidgetMechanisms(into r: inout ReplicationResult, end: SimTime) {
        let w = self
        guard w.p.widget.enabled else { return }
        let m = w.measure.mechanisms
        r.values[Metric.widgetReloadsRefused.rawValue] = Double(m.reloadsRefused)
        r.samples[Metric.widgetBudgetExhaustedAt.rawValue] = m.budgetExhaustedAt
        r.values[Metric.widgetProviderKilledTime.rawValue] = Double(m.providerKilledForTime)
        r.values[Metric.widgetProviderKilledMemory.rawValue] = Double(m.providerKilledForMemory)
    }

    /// The push service's refused wakes and held pushes.
    func reportPushMechanisms(into r: inout ReplicationResult, end: SimTime) {
        let m = measure.mechanisms
        r.values[Metric.pushWakesRefused.rawValue] = Double(m.wakesRefused)
        r.values[Metric.pushHeldDoze.rawValue] = Double(m.held(.doze))
        r.values[Metric.pushHeldLowPower.rawValue] = Double(m.held(.lowPower))
        r.values[Metric.pushHeldOffline.rawValue] = Double(m.held(.offline))
    }

    /// The phone's locked time, its time in Doze's idle windows (with Doze on), restarts and updates.
    func reportDeviceMechanisms(into r: inout ReplicationResult, end: SimTime) {
        let w = self, m = w.measure.mechanisms
        r.values[Metric.deviceLockedTime.rawValue] = Time.seconds(m.lockedTime(end: end))
        if w.p.device.doze {
            r.values[Metric.deviceDozeLightTime.rawValue] = Time.seconds(m.dozeTime(.light, end: end))
            r.values[Metric.deviceDozeDeepTime.rawValue] = Time.seconds(m.dozeTime(.deep, end: end))
        }
        r.values[Metric.deviceRestarts.rawValue] = Double(m.restarts)
        r.values[Metric.deviceAppUpdates.rawValue] = Double(m.appUpdates)
    }

    /// The app's time in each standby bucket (with buckets on), and its force-quits.
    func reportAppMechanisms(into r: inout ReplicationResult, end: SimTime) {
        let w = self, m = w.measure.mechanisms
        if w.p.device.standbyBuckets {
            for (metric, time) in zip(Metric.appBucketTimes, m.bucketTimes(end: end)) {
                r.values[metric.rawValue] = Time.seconds(time)
            }
        }
        r.values[Metric.appForceQuits.rawValue] = Double(m.forceQuits)
    }
}
