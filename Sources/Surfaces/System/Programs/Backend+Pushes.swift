import SimKernel
import Platform
import SurfaceCore

/// The pushes the backend sends when it applies a write (docs/model.md#watch-reachability).
extension Backend {
    /// The backend applied change `change`: changes made away from the phone app trigger a
    /// silent push; a standalone watch gets its own push, through the push service.
    package func pushesAfterApplying(change: ChangeID, from: ProcessID) {
        if from != ports.app.process && push.onChange { context.send(.sendSilent(writer: from), to: ports.pushService) }
        if standaloneWatch && from != ports.watchApp.process {
            context.send(.sendToWatch(writer: from), to: ports.pushService)
        }
    }
}
