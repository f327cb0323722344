import SimKernel
import Platform

/// The pushes the backend sends when it applies a write (docs/model.md#watch-reachability).
extension Backend {
    /// The backend applied change `change`: changes made away from the phone app trigger a
    /// silent push; a standalone watch gets its own push, through the push service.
    func pushesAfterApplying(change: Int32, from: ProcessID) {
        let w = world
        if from != w.ids.app.process && w.p.push.onChange { w.send(.sendSilent(writer: from), to: w.ids.pushService) }
        if w.p.watch.enabled && w.p.watch.level == .standalone && from != w.ids.watchApp.process {
            w.send(.sendToWatch(writer: from), to: w.ids.pushService)
        }
    }
}
