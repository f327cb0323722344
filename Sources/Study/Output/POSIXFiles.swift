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

    /// The file type bits of `path` itself (a symbolic link is not followed, unless
    /// `followingLinks`: an input, or a result file of a folder committed through links);
    /// nil if it does not exist.
    static func fileType(_ path: String, followingLinks: Bool = false) -> mode_t? {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// The absolute path `path` names, links resolved, whether it exists or not yet (its
    /// parent resolved and its own name appended); nil if the parent does not exist either.
    static func intendedPath(_ path: String) -> String? {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        if let real = realPath(trimmed) { return real }
        let name = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        return realPath(parent(of: trimmed)).map { join($0, name) }
    }

    /// What the symbolic link at `path` points to (not followed further), or nil if it is no link.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
        let descriptor = try createOwnFile(path)
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

    /// Creates (or empties) a file the program owns at `path` for writing: never through a
    /// symbolic link planted there (its target would be written), never anything but a
    /// regular file (a FIFO would block, a device would be written).
    static func createOwnFile(_ path: String) throws(AtomicWriteError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            if errno == ELOOP {
                throw AtomicWriteError(path: path, message: "is a symbolic link where this program writes its own file; remove it")
            }
            throw AtomicWriteError(path: path, message: "cannot create file: \(reason())")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw AtomicWriteError(path: path, message: "is not a regular file where this program writes its own file; remove it")
        }
        guard ftruncate(descriptor, 0) == 0 else {
            let error = AtomicWriteError(path: path, message: "cannot empty file: \(reason())")
            close(descriptor)
            throw error
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// Closes a descriptor (for types whose own `close` hides the system's).
    static func closeDescriptor(_ descriptor: Int32) { close(descriptor) }

    /// Opens a file the program owns for reading (a checkpoint, a `.part` file): never through
    /// a symbolic link, only a regular file.
    /// - Returns: the descriptor, or -1 with `errno` set (`ELOOP` for a link, `EINVAL` for another kind of file).
    static func openOwnFile(_ path: String, flags: Int32 = O_RDONLY) -> Int32 {
        let descriptor = open(path, flags | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return -1 }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            errno = EINVAL
            return -1
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
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
