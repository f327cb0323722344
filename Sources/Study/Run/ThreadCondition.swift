// The two threading primitives the study layer needs, written on POSIX threads directly:
// a mutex with its condition variable, and a detached thread with a stack size of its own.
// (Foundation's NSCondition and Thread did the same; the command line no longer loads
// Foundation, whose start-up cost a short run paid on every call.)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex and a condition variable on it: `wait()` is called holding the lock, releases it
/// while waiting and holds it again on return (wake-ups may be spurious: wait in a loop).
final class ThreadCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        guard pthread_mutex_init(mutex, nil) == 0, pthread_cond_init(condition, nil) == 0 else {
            fatalError("cannot make a mutex and its condition: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for a `broadcast()` (the lock held on entry and on return).
    func wait() { pthread_cond_wait(condition, mutex) }
    /// Wakes every waiting thread.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// `body` under the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Starting a detached thread.
enum DetachedThread {
    /// The closure a new thread runs, handed to it through `pthread_create`'s argument.
    private final class Start {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread with a stack of `stackSize` bytes.
    static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // A stack size the system refuses would leave the thread the default (512 kB on Darwin).
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0,
              pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else {
            fatalError("cannot set a worker thread's stack to \(stackSize) bytes")
        }
        let start = Unmanaged.passRetained(Start(body)).toOpaque()
        #if canImport(Darwin) || canImport(Musl)
        var thread: pthread_t? = nil      // a pointer there, an integer in glibc
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { argument in
            #if canImport(Darwin)
            let start = Unmanaged<Start>.fromOpaque(argument).takeRetainedValue()
            #else
            let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
            #endif
            start.body()
            return nil
        }, start)
        guard status == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            fatalError("cannot start a worker thread: \(String(cString: strerror(status)))")
        }
    }
}
