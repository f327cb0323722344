// Whole folders and carried files for a folder commit: removing a tree without
// following links, giving a file a second name (or a copy where links are not
// possible), and clearing what an interrupted commit left.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tree operations of a folder commit.
enum FileTree {
    /// Removes `path` and, if it is a folder, everything in it; symbolic links are removed, not followed.
    static func remove(_ path: String) {
        if POSIXFiles.isDirectory(path) {
            for name in POSIXFiles.entries(of: path) { remove(POSIXFiles.join(path, name)) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Removes a previous set a commit swapped out: its files and the folders it leaves behind
    /// (a finished run's checkpoint). A folder of another kind that could not be carried over
    /// (another study inside it) is kept, and with it the previous set, for the next commit to retry.
    static func removePreviousSet(_ path: String, leavesBehind: Set<String>) {
        for name in POSIXFiles.entries(of: path) {
            let entry = POSIXFiles.join(path, name)
            if !POSIXFiles.isDirectory(entry) || leavesBehind.contains(name) { remove(entry) }
        }
        rmdir(path)
    }

    /// Makes `destination` a second name of the file `source` (same file system), or a flushed copy
    /// where the file system refuses links.
    static func addName(_ source: String, as destination: String) throws(AtomicWriteError) {
        if link(source, destination) == 0 { return }
        guard errno == EPERM || errno == EOPNOTSUPP || errno == EMLINK || errno == EXDEV else {
            throw AtomicWriteError(path: destination, message: "cannot link \(source) into the new results: \(POSIXFiles.reason())")
        }
        try copy(source, to: destination)
    }

    /// Copies a regular file byte for byte and flushes the copy.
    static func copy(_ source: String, to destination: String) throws(AtomicWriteError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw AtomicWriteError(path: source, message: "cannot read file: \(POSIXFiles.reason())") }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw AtomicWriteError(path: destination, message: "cannot create file: \(POSIXFiles.reason())") }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw AtomicWriteError(path: source, message: "cannot read file: \(POSIXFiles.reason())") }
            if count == 0 { break }
            try POSIXFiles.writeAll(output, buffer[..<count], path: destination)
        }
        guard fsync(output) == 0 else {
            throw AtomicWriteError(path: destination, message: "cannot flush file to disk: \(POSIXFiles.reason())")
        }
    }

    /// Clears what an interrupted commit of `folder` left: siblings and files beside it
    /// (`.<name>.commit-*`), moving back any folder of a previous set the commit had not
    /// carried over yet, and temporaries of dead processes in its checkpoint folder.
    /// Only the holder of the folder's lock may call this.
    static func removeLeftovers(of folder: OutputFolder, checkpointFolder: String?) {
        for name in POSIXFiles.entries(of: folder.parent) where name.hasPrefix(folder.commitPrefix) {
            let path = POSIXFiles.join(folder.parent, name)
            guard POSIXFiles.isDirectory(path) else {
                unlink(path)
                continue
            }
            for inner in POSIXFiles.entries(of: path) where inner != checkpointFolder {
                let from = POSIXFiles.join(path, inner), to = POSIXFiles.join(folder.path, inner)
                if POSIXFiles.isDirectory(from) && POSIXFiles.isDirectory(folder.path) && POSIXFiles.fileType(to) == nil {
                    rename(from, to)
                }
            }
            removePreviousSet(path, leavesBehind: checkpointFolder.map { [$0] } ?? [])
        }
        if let checkpointFolder { AtomicWriter.removeStaleTemporaries(in: POSIXFiles.join(folder.path, checkpointFolder)) }
    }
}
