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

    /// The file that marks a folder as made by a commit of this program (a sibling, a set, a
    /// work folder): only such folders are ever cleared as leftovers.
    static let markerName = FolderLinks.reservedPrefix + "commit"

    /// Makes the empty folder `path` with the marker in it.
    static func makeMarkedFolder(_ path: String) throws(AtomicWriteError) {
        guard mkdir(path, 0o755) == 0 else {
            throw AtomicWriteError(path: path, message: "cannot create directory: \(POSIXFiles.reason())")
        }
        do { try mark(path) } catch {
            rmdir(path)
            throw error
        }
    }

    /// Puts the marker into the folder `path`.
    static func mark(_ path: String) throws(AtomicWriteError) {
        try POSIXFiles.writeDurably(POSIXFiles.join(path, markerName), Array("made by a surfacesim commit\n".utf8))
    }

    /// Whether the folder `path` holds the marker.
    static func isMarked(_ path: String) -> Bool {
        POSIXFiles.isDirectory(path) && POSIXFiles.fileType(POSIXFiles.join(path, markerName)) == S_IFREG
    }

    /// Removes a previous set a commit swapped out: its files and the folders it leaves behind
    /// (a finished run's checkpoint). A folder of another kind that could not be carried over
    /// (another study inside it) is kept, and with it the previous set and its marker, for the
    /// next commit to retry.
    static func removePreviousSet(_ path: String, leavesBehind: Set<String>) {
        var kept = false
        for name in POSIXFiles.entries(of: path) where name != markerName {
            let entry = POSIXFiles.join(path, name)
            if !POSIXFiles.isDirectory(entry) || leavesBehind.contains(name) { remove(entry) } else { kept = true }
        }
        guard !kept else { return }
        unlink(POSIXFiles.join(path, markerName))
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
        let output = try POSIXFiles.createOwnFile(destination)
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

    /// Clears what an interrupted commit of `folder` left: marked siblings and work folders
    /// beside it (`.<name>.commit-*`), moving back any folder of a previous set the commit had
    /// not carried over yet, what the commit through links left inside it, and temporaries of
    /// dead processes in its checkpoint folder. A folder without the marker is not this
    /// program's and is kept, whatever its name. Only the holder of the folder's lock may call this.
    static func removeLeftovers(of folder: OutputFolder, inside: Bool, checkpointFolder: String?) {
        if !inside {
            for name in POSIXFiles.entries(of: folder.parent) where name.hasPrefix(folder.commitPrefix) {
                let path = POSIXFiles.join(folder.parent, name)
                guard isMarked(path) else { continue }
                for inner in POSIXFiles.entries(of: path) where inner != checkpointFolder && inner != markerName {
                    let from = POSIXFiles.join(path, inner), to = POSIXFiles.join(folder.path, inner)
                    if POSIXFiles.isDirectory(from) && POSIXFiles.isDirectory(folder.path) && POSIXFiles.fileType(to) == nil {
                        rename(from, to)
                    }
                }
                removePreviousSet(path, leavesBehind: checkpointFolder.map { [$0] } ?? [])
            }
        }
        FolderLinks.removeLeftovers(in: folder.path)
        if let checkpointFolder { AtomicWriter.removeStaleTemporaries(in: POSIXFiles.join(folder.path, checkpointFolder)) }
    }
}
