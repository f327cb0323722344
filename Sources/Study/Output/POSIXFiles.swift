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
    /// - Returns: the directories it created, outermost first (for `removeEmpty`).
    @discardableResult
    static func createDirectories(_ path: String) throws(AtomicWriteError) -> [String] {
        var prefix = path.hasPrefix("/") ? "/" : ""
        var created: [String] = []
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) == 0 {
                created.append(prefix)
            } else if errno != EEXIST {
                let error = AtomicWriteError(path: prefix, message: "cannot create directory: \(reason())")
                removeEmpty(created)
                throw error
            }
            prefix += "/"
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = AtomicWriteError(path: path, message: "not a usable directory: \(reason())")
            removeEmpty(created)
            throw error
        }
        close(descriptor)
        return created
    }

    /// Removes the directories `createDirectories` made, innermost first, as far as they are empty.
    static func removeEmpty(_ created: [String]) {
        for directory in created.reversed() where rmdir(directory) != 0 { return }
    }

    /// The file type bits of `path` itself (a symbolic link is not followed); nil if it does not exist.
    static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Whether `path` is a directory (not a link to one).
    static func isDirectory(_ path: String) -> Bool { fileType(path) == S_IFDIR }

    /// The absolute path with every symbolic link resolved, or nil (with errno set).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `contents` (UTF-8 text) to a new file at `path` and fsyncs it.
    static func writeDurably(_ path: String, _ contents: [UInt8]) throws(AtomicWriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AtomicWriteError(path: path, message: "cannot create file: \(reason())")
        }
        do {
            try writeAll(descriptor, contents[...], path: path)
        } catch {
            close(descriptor)
            throw error
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

    /// Writes every byte to `descriptor`, retrying short and interrupted writes.
    static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>, path: String) throws(AtomicWriteError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw AtomicWriteError(path: path, message: "cannot write file: \(reason())")
            }
            offset += written
        }
    }

    /// Whether anything (a file, a folder, a link) is at `path`.
    static func exists(_ path: String) -> Bool { fileType(path) != nil }

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
