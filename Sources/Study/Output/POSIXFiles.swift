// The few POSIX file operations AtomicWriter needs, each turning a failure
// into an AtomicWriteError that names the path and the system's reason.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over POSIX calls for writing result files.
enum POSIXFiles {
    /// The marker between a file name and the owner's process id in a temporary's name.
    static let temporaryMarker = ".tmp-"

    /// `directory/name`, without doubling a trailing slash.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The directory part of `path` (`.` for a bare name, `/` for a root file).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `.<name>.tmp-<pid>` beside `path`.
    static func temporaryPath(for path: String) -> String {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        return join(parent(of: path), "." + name + temporaryMarker + String(getpid()))
    }

    /// The process id in a temporary's name `.<name>.tmp-<pid>`, or `nil`.
    static func ownerOfTemporary(named name: String) -> pid_t? {
        let digits = String(String(name.reversed().prefix { $0 >= "0" && $0 <= "9" }).reversed())
        let stem = name.dropLast(digits.count)
        guard name.hasPrefix("."), stem.hasSuffix(temporaryMarker), stem.count > temporaryMarker.count + 1,
              let pid = pid_t(digits), pid > 0 else { return nil }
        return pid
    }

    /// Whether a process with this id exists (it may belong to another user).
    static func processExists(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// The system's description of the current `errno`.
    static func reason() -> String {
        String(cString: strerror(errno))
    }

    /// Creates `path` and any missing parents, like `mkdir -p`.
    static func createDirectories(_ path: String) throws(AtomicWriteError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw AtomicWriteError(path: prefix, message: "cannot create directory: \(reason())")
            }
            prefix += "/"
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AtomicWriteError(path: path, message: "not a usable directory: \(reason())")
        }
        close(descriptor)
    }

    /// Writes `contents` as UTF-8 to a new file at `path` and fsyncs it.
    static func writeDurably(_ path: String, _ contents: String) throws(AtomicWriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AtomicWriteError(path: path, message: "cannot create file: \(reason())")
        }
        let bytes = Array(contents.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let message = "cannot write file: \(reason())"
                close(descriptor)
                throw AtomicWriteError(path: path, message: message)
            }
            offset += written
        }
        if fsync(descriptor) != 0 {
            let message = "cannot flush file to disk: \(reason())"
            close(descriptor)
            throw AtomicWriteError(path: path, message: message)
        }
        if close(descriptor) != 0 {
            throw AtomicWriteError(path: path, message: "cannot close file: \(reason())")
        }
    }

    /// Renames `source` onto `destination`, replacing it atomically.
    static func moveIntoPlace(_ source: String, _ destination: String) throws(AtomicWriteError) {
        if rename(source, destination) != 0 {
            throw AtomicWriteError(path: destination, message: "cannot rename \(source) into place: \(reason())")
        }
    }

    /// Flushes a directory's entries (the renames) to disk; best effort.
    static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Runs `body` with SIGINT and SIGTERM blocked on this thread; signals
    /// that arrive meanwhile are delivered when the old mask is restored.
    static func withInterruptsBlocked<Result>(
        _ body: () throws(AtomicWriteError) -> Result
    ) throws(AtomicWriteError) -> Result {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        sigaddset(&blocked, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// The names in a directory, without `.` and `..`; empty if unreadable.
    static func entries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
