import SimKernel
import Platform
import SurfaceCore

/// What keeps the main app running in the background (docs/model.md#keep-alives): the app does
/// not ask the system; it keeps what the system told its run (`MainAppInput.keepAlive`), as a
/// real app hears that its car scene connected or that its background mode ended.
extension MainApp {
    /// Whether the system told this run that `reason` keeps it running (false when no run).
    package func keptAlive(_ reason: KeepAliveReason) -> Bool {
        state.memory?.keptAlive.contains(reason) ?? false
    }

    /// The system granted or withdrew a keep-alive. A withdrawal that leaves nothing keeping a
    /// background run going (the last activity ended, the car disconnected) suspends it when
    /// idle, or as soon as the work still in flight is done (it becomes a background task).
    package func hear(_ notice: KeepAliveNotice) {
        guard state.memory != nil else { return }
        if notice.granted {
            memory.keptAlive.formUnion(notice.reasons)
            return
        }
        memory.keptAlive.subtract(notice.reasons)
        guard !device.appInForeground, memory.keptAlive.isEmpty else { return }
        if memory.isIdle {
            context.end(.suspended)
        } else {
            memory.backgroundWork = max(memory.backgroundWork, 1)
        }
    }
}
