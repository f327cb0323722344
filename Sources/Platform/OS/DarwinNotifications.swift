// Darwin notifications (docs/model.md#shared-storage): how one of the app's processes tells the
// others that something it shares changed. The system delivers a posted name to the processes
// that observe it and are running; a process that is not running never hears it and reads the
// shared state at its next launch. The poster cannot tell whether anyone heard.
import SimKernel

/// A Darwin notification's name: no payload, only that the named thing changed.
public enum DarwinNotification: Sendable, Equatable {
    /// An item was added to the shared outbox (`OutboxFile`).
    case outboxChanged
}

extension OperatingSystem {
    /// Posts `name` for the app's processes: each observer that is running hears it now, in the
    /// order they began observing (`SystemWiring.darwinObservers`).
    @usableFromInline func postDarwinNotification(_ name: DarwinNotification) {
        for route in _wiring.darwinObservers where engine.isRunning(route.process) {
            send(name, via: route)
        }
    }
}
