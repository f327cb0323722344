// One consistent reading of a finished result folder that another process may be
// rewriting meanwhile (`compare` and `merge` read studies a `run` can replace): the
// folder is opened once and its files are opened relative to that descriptor, all
// before any is read. A swap of the folder leaves the descriptor on the previous
// folder, and a commit through links leaves every set unchanged once complete, so the
// files held are all of one set; while they are held, the readers of this program
// that open those paths (`TextFile.contents`, `CSVRecordReader`) read the held files.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of one result folder, opened together as one set, until the snapshot goes.
final class InputSnapshot {
    /// The held descriptors by the path a reader opens (`directory/name`).
    private var held: [String: Int32] = [:]

    /// Opens `names` in `directory` as one set. A file that cannot be opened is not held: the
    /// reader that opens its path then meets the reason itself.
    init(_ directory: String, names: [String]) {
        for _ in 0..<20 {
            if take(directory, names: names) { break }
            release()
        }
        Self.registry.withLock { for (path, descriptor) in held { Self.paths[path, default: []].append(descriptor) } }
    }

    deinit {
        Self.registry.withLock {
            for (path, descriptor) in held {
                Self.paths[path]?.removeAll { $0 == descriptor }
                if Self.paths[path]?.isEmpty == true { Self.paths[path] = nil }
            }
        }
        release()
    }

    private func release() {
        for descriptor in held.values { close(descriptor) }
        held = [:]
    }

    /// One attempt; false if a commit changed the folder under it (then it is tried again).
    private func take(_ directory: String, names: [String]) -> Bool {
        // An input folder may be a link: it is followed.
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return true }
        defer { close(folder) }
        let pointer = Self.linkTarget(folder, FolderLinks.pointerName)
        var set: Int32 = -1
        if let pointer, pointer.hasPrefix(FolderLinks.setPrefix), !pointer.contains("/") {
            set = openat(folder, pointer, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard set >= 0 else { return false }
        }
        defer { if set >= 0 { close(set) } }
        var vanished = false
        for name in names {
            let throughPointer = set >= 0 && Self.linkTarget(folder, name) == FolderLinks.nameTarget(name)
            let descriptor = openat(throughPointer ? set : folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if descriptor >= 0 {
                held[POSIXFiles.join(directory, name)] = descriptor
            } else if errno == ENOENT {
                vanished = true
            }
        }
        // The pointer moved, or a file vanished from a folder a swap replaced meanwhile: again.
        guard Self.linkTarget(folder, FolderLinks.pointerName) == pointer else { return false }
        if vanished {
            var named = stat(), opened = stat()
            if stat(directory, &named) == 0, fstat(folder, &opened) == 0, named.st_ino != opened.st_ino || named.st_dev != opened.st_dev {
                return false
            }
        }
        return true
    }

    private static func linkTarget(_ folder: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlinkat(folder, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A new descriptor of the file held for `path` (its own offset), or nil if none is held.
    static func openHeld(_ path: String) -> Int32? {
        guard let descriptor = registry.withLock({ paths[path]?.last }) else { return nil }
        #if canImport(Glibc)
        let reopened = Glibc.open("/proc/self/fd/\(descriptor)", O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if reopened >= 0 { return reopened }
        #endif
        let copy = dup(descriptor)
        guard copy >= 0 else { return nil }
        lseek(copy, 0, SEEK_SET)
        return copy
    }

    private static let registry = ThreadCondition()
    nonisolated(unsafe) private static var paths: [String: [Int32]] = [:]
}
