// Results are written atomically (SPEC §6): every file goes to a temporary
// name first, is flushed to disk, then renamed into place, so a crash or an
// interrupt never leaves a half-written file.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed write, with the path concerned and the system's reason.
public struct AtomicWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or directory that could not be written.
    public var path: String
    /// What failed and why, e.g. `cannot create file: Permission denied`.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}

/// Writes a set of files into one directory so that readers see either all
/// old or all new versions of each file, never a partial one.
///
/// Stage the files (or adopt ones already written elsewhere on the same file
/// system), then `commit()`: it creates the directory, writes each staged file
/// to `.<name>.tmp-<pid>` beside its final name, fsyncs it, and only when all
/// are on disk renames them into place with SIGINT and SIGTERM blocked on the
/// calling thread, so an interrupt is delivered after the last rename, not
/// between two. (Signals are blocked per thread: commit from the thread that
/// would receive them, normally the main thread.) A study's result directory
/// (SPEC §6) and the chapter tables are both written this way.
public struct AtomicWriter: Sendable {
    /// The directory the files are written into.
    public let directory: String
    /// Files already written and flushed elsewhere on the same file system, moved into place first.
    private var adopted: [(name: String, source: String)] = []
    /// Staged files in staging order (a re-staged name keeps its first place).
    private var files: [(name: String, contents: String)] = []
    /// Files of the directory that a commit removes unless it writes them: outputs of an
    /// earlier run that this one does not produce, so a directory never mixes two runs.
    public var removesUnwritten: (@Sendable (String) -> Bool)? = nil

    /// A writer for `directory` (created on commit if missing).
    public init(directory: String) {
        self.directory = directory
    }

    /// The names to be committed, in order: adopted files first, then staged ones.
    public var stagedNames: [String] { adopted.map(\.name) + files.map(\.name) }

    /// Stages `contents` to be written as `name` in the directory, replacing
    /// anything staged earlier under that name.
    /// - Precondition: `name` is a plain file name (no `/`, not `.` or `..`).
    public mutating func stage(_ name: String, _ contents: String) {
        Self.checkName(name)
        if let index = files.firstIndex(where: { $0.name == name }) {
            files[index].contents = contents
        } else {
            files.append((name, contents))
        }
    }

    /// Adopts `source`, a complete and flushed file on the same file system (a runs.csv
    /// streamed while the study ran), to be renamed into place as `name` at commit.
    public mutating func adopt(_ name: String, from source: String) {
        Self.checkName(name)
        adopted.append((name, source))
    }

    private static func checkName(_ name: String) {
        precondition(!name.isEmpty && !name.contains("/") && name != "." && name != "..",
                     "AtomicWriter stages plain file names, got '\(name)'")
    }

    /// Writes every staged file, then renames the adopted and staged files into place and
    /// removes the unwritten outputs `removesUnwritten` names.
    ///
    /// On an error before the renames nothing visible changes; all
    /// temporaries are removed and the error names the path that failed.
    /// A rename failure (rare: the temporaries are in the same directory)
    /// leaves the files renamed before it in their new version.
    /// - Throws: `AtomicWriteError`.
    public func commit() throws(AtomicWriteError) {
        try POSIXFiles.createDirectories(directory)
        var renames: [(temporary: String, final: String)] = []
        do {
            for file in files {
                let final = POSIXFiles.join(directory, file.name)
                renames.append((POSIXFiles.temporaryPath(for: final), final))
                try POSIXFiles.writeDurably(renames[renames.count - 1].temporary, file.contents)
            }
        } catch {
            for move in renames { unlink(move.temporary) }
            throw error
        }
        let written = Set(stagedNames)
        var moved = 0       // temporaries already renamed into place
        do {
            try POSIXFiles.withInterruptsBlocked { () throws(AtomicWriteError) in
                for file in adopted { try POSIXFiles.moveIntoPlace(file.source, POSIXFiles.join(directory, file.name)) }
                for move in renames {
                    try POSIXFiles.moveIntoPlace(move.temporary, move.final)
                    moved += 1
                }
                if let unwritten = removesUnwritten {
                    for name in POSIXFiles.entries(of: directory) where unwritten(name) && !written.contains(name) {
                        unlink(POSIXFiles.join(directory, name))
                    }
                }
            }
        } catch {
            for move in renames.dropFirst(moved) { unlink(move.temporary) }
            throw error
        }
        POSIXFiles.syncDirectory(directory)
    }

    /// Writes one file atomically: a temporary beside it, fsync, rename.
    /// Creates the parent directory (with intermediates) if missing.
    /// - Throws: `AtomicWriteError`.
    public static func writeFile(_ path: String, _ contents: String) throws {
        let parent = POSIXFiles.parent(of: path)
        try POSIXFiles.createDirectories(parent)
        let temporary = POSIXFiles.temporaryPath(for: path)
        do {
            try POSIXFiles.writeDurably(temporary, contents)
            try POSIXFiles.withInterruptsBlocked { () throws(AtomicWriteError) in
                try POSIXFiles.moveIntoPlace(temporary, path)
            }
        } catch {
            unlink(temporary)
            throw error
        }
        POSIXFiles.syncDirectory(parent)
    }

    /// Removes temporaries left in `directory` by writers that died before
    /// renaming: files named `.<name>.tmp-<pid>` whose process no longer
    /// exists. Temporaries of live processes (this one included) are kept.
    /// - Returns: the paths removed, in directory-listing order.
    @discardableResult
    public static func removeStaleTemporaries(in directory: String) -> [String] {
        var removed: [String] = []
        for name in POSIXFiles.entries(of: directory) {
            guard let pid = POSIXFiles.ownerOfTemporary(named: name), !POSIXFiles.processExists(pid) else {
                continue
            }
            let path = POSIXFiles.join(directory, name)
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }
}
