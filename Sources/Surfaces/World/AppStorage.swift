import SimKernel
import Platform

/// The main app's own container: what it keeps between launches (seed 002). Its local
/// store is the kept reading — encrypted with a key in the phone's secure storage,
/// deleted once older than `app.keepReadingsFor`, unreadable if the key is lost — and
/// its outbox of own changes not yet acknowledged by the backend.
struct AppStorage {
    /// The kept reading (the app's local store), if any.
    var reading: DataCopy?
    /// Own changes written but not yet acknowledged, in order.
    var pendingWrites: [Int32] = []
    /// How long readings are kept.
    var lifetime: SimTime
    /// The key that seals the readings is gone (the phone restored elsewhere).
    var keyLost = false
    /// The app already said once that it cleared what it kept.
    var saidKeyLoss = false
    /// Whether the phone has secure storage (without it nothing is kept).
    let canKeep: Bool
    /// Seconds a reading older than its lifetime stayed kept, accrued up to `accruedTo`.
    private(set) var overdue: Double = 0
    private var accruedTo: SimTime = 0
    private let warmup: SimTime

    init(lifetime: SimTime, canKeep: Bool, warmup: SimTime) {
        self.lifetime = lifetime
        self.canKeep = canKeep
        self.warmup = warmup
    }

    /// Accrues overdue time up to `now` (call before any change to the reading or lifetime).
    mutating func accrue(to now: SimTime) {
        defer { accruedTo = now }
        guard let r = reading else { return }
        let from = max(accruedTo, r.readAt + lifetime, warmup)
        if now > from { overdue += Time.seconds(now - from) }
    }

    /// Keeps a fresh reading (nothing is kept without secure storage).
    mutating func keep(_ data: DataCopy, at now: SimTime) {
        accrue(to: now)
        reading = canKeep ? data : nil
        if canKeep { keyLost = false }
    }

    /// Deletes the reading if it is older than the lifetime.
    mutating func deleteExpired(at now: SimTime) {
        accrue(to: now)
        if let r = reading, now - r.readAt > lifetime { reading = nil }
    }

    /// Deletes everything kept.
    mutating func clear(at now: SimTime) {
        accrue(to: now)
        reading = nil
    }
}
