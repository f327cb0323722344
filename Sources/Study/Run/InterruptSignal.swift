// Ctrl-C during a run: the first SIGINT asks the run to stop at the next
// finished replication, checkpointed, so that --resume continues it; a second
// one ends the process at once, as it would without a handler.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Whether SIGINT arrived since the handler was installed.
private let interruptRequested = Atomic<Bool>(false)

/// A SIGINT handler installed for the length of a run.
final class InterruptSignal {
    private var previous = sigaction()

    /// Installs the handler; `restore()` (or deinit) puts the previous one back.
    init() {
        interruptRequested.store(false, ordering: .sequentiallyConsistent)
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = { _ in InterruptSignal.received() }
        #else
        action.__sigaction_handler.sa_handler = { _ in InterruptSignal.received() }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, &previous)
    }

    /// In the handler: note the request, and let a second SIGINT end the process.
    private static func received() {
        interruptRequested.store(true, ordering: .sequentiallyConsistent)
        signal(SIGINT, SIG_DFL)
    }

    /// Whether SIGINT has arrived.
    var requested: Bool { interruptRequested.load(ordering: .sequentiallyConsistent) }

    /// Puts the previous handler back.
    func restore() {
        sigaction(SIGINT, &previous, nil)
    }

    deinit { restore() }
}
