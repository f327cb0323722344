import SimKernel
import Platform

/// The changes' journeys (docs/model.md#lost-changes): where a change is made, who holds
/// it on its way to the backend, and the moment it is lost for good when the last holder
/// lets go of a change the backend never applied. Programs call these as they hand a
/// change on (a queue, a file, a request); the truth keeps the count, and no program
/// reads it. The world holds one (`World.changes`), shared with its operating system.
public final class ChangeJourneys {
    /// The truth it keeps the count in: internal, so no program can reach it through here
    /// (`@usableFromInline`: read by `lost`, inlined into the programs that pass it on).
    @usableFromInline let truth: Truth
    /// The measurement layer, whose observers integrate up to now before the truth changes.
    let measure: Measurement
    let engine: Engine

    package init(truth: Truth, measure: Measurement, engine: Engine) {
        self.truth = truth
        self.measure = measure
        self.engine = engine
    }

    /// Records a change made now by `origin` and returns it. The program that made it holds
    /// it until it lets go (`letGo`, after giving it to its next holder, or failing to).
    public func make(_ origin: ChangeOrigin) -> ChangeID {
        observersTruthWillChange()
        let id = truth.make(origin, at: engine.now)
        if engine.attachedTrace != nil { measure.sampleStaleness() }
        return ChangeID(id)
    }

    /// One more holder (a queue, a file, a message or request in flight) carries `change`.
    @inline(__always) public func hold(_ change: ChangeID) { truth.hold(change.number) }

    /// The changes lost for good so far: the register change sets absorb into their prefix
    /// (docs/model.md#lost-changes), bookkeeping rather than program knowledge: a program
    /// passes it to its change sets' operations and compares its sets apart from lost changes,
    /// so it never changes what the program does. (The truth's own list, handed on here so no
    /// program reaches into the truth.)
    @inlinable package var lost: LostChanges { truth.lost }

    /// The backend applied `change` now (again, if it had before: a duplicate), a custody
    /// report of the change's journey: from the first on it can no longer be lost, whoever
    /// lets go of it. The truth keeps how many times and when first, which the surfaces'
    /// metrics that follow their own changes read (`share.*`, `action.*`, `watch.write.*`).
    @inline(__always) package func applied(_ change: ChangeID) { truth.markApplied(change.number, at: engine.now) }

    /// A holder let go of `change`: if none is left and the backend never applied it, the
    /// change is lost for good now.
    public func letGo(_ change: ChangeID) {
        guard truth.release(change.number) else { return }
        observersTruthWillChange()
        truth.markLost(change.number, at: engine.now)
        if engine.attachedTrace != nil {
            engine.logByRunning("lost", "change: \(change)")     // the program that let go last
            measure.sampleStaleness()
        }
    }

    private func observersTruthWillChange() { measure.truthWillChange() }
}
