// Results are written atomically: a result folder is built complete beside the
// old one and swapped in, a single file goes to a temporary name first, is
// flushed to disk, then renamed into place; a crash or an interrupt never leaves
// a half-written file or a mixed set.

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

/// Writes a set of files into one directory so that a reader, or a crash at any
/// instant, sees the directory's previous complete set of files or the new one.
///
/// Stage the files (or adopt ones already written elsewhere on the same file
/// system), then `commit()`: under the directory's lock (`FolderLock`), it writes the
/// new set into a sibling folder `.<name>.commit-<pid>`, fsyncing each file; gives the
/// previous set's files that this commit neither writes nor removes a second name in
/// the sibling; swaps the sibling and the directory in one step
/// (`renameat2(RENAME_EXCHANGE)`; a directory that does not exist yet is simply
/// renamed into place); fsyncs the parent; and removes the previous set. `CommitStep`
/// lists the boundaries between these operations. The next commit of the directory
/// clears whatever an interrupted one left. A study's result directory and the
/// chapter tables are both written this way.
public struct AtomicWriter: Sendable {
    /// The directory the files are written into.
    public let directory: String
    /// Files already written and flushed elsewhere on the same file system, moved into place first.
    private var adopted: [(name: String, source: String)] = []
    /// Staged files in staging order (a re-staged name keeps its first place), as UTF-8 bytes.
    private var files: [(name: String, contents: [UInt8])] = []
    /// Files of the directory that a commit removes unless it writes them: outputs of an
    /// earlier run that this one does not produce, so a directory never mixes two runs.
    public var removesUnwritten: (@Sendable (String) -> Bool)? = nil
    /// Entries of the previous set that the new one does not keep (a finished run's checkpoint folder).
    public var leavesBehind: Set<String> = []

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
        stage(name, bytes: Array(contents.utf8))
    }

    /// Stages UTF-8 text already built as bytes (distributions.csv, written in place) to be written
    /// as `name`, without copying it into a string and back.
    public mutating func stage(_ name: String, bytes contents: [UInt8]) {
        Self.checkName(name)
        if let index = files.firstIndex(where: { $0.name == name }) {
            files[index].contents = contents
        } else {
            files.append((name, contents))
        }
    }

    /// Adopts `source`, a complete and flushed file on the same file system (a runs.csv
    /// streamed while the study ran), to be put in place as `name` at commit; the
    /// source's name is removed once the new set is in place.
    public mutating func adopt(_ name: String, from source: String) {
        Self.checkName(name)
        adopted.append((name, source))
    }

    private static func checkName(_ name: String) {
        precondition(!name.isEmpty && !name.contains("/") && name != "." && name != "..",
                     "AtomicWriter stages plain file names, got '\(name)'")
    }

    /// Commits the staged and adopted files as the directory's new set.
    ///
    /// `lock` is the directory's lock when the caller holds it already (a run holds it
    /// from its start); otherwise the commit takes it for its own duration. On an error
    /// nothing visible changes and nothing is left beside the directory.
    /// - Throws: `AtomicWriteError` naming the path that failed (the lock's holder if
    ///   another process holds it).
    public func commit(holding lock: FolderLock? = nil) throws(AtomicWriteError) {
        // A caller that holds the lock cleared the leftovers when it took it.
        let held: FolderLock
        if let lock {
            held = lock
        } else {
            held = try FolderLock.acquire(try OutputFolder.resolve(directory), command: ["surfacesim"],
                                          checkpointFolder: leavesBehind.first)
        }
        defer { if lock == nil { held.release() } }
        let folder = held.folder
        CommitStep.leftoversRemoved.reached()
        if let type = POSIXFiles.fileType(folder.path), type != S_IFDIR {
            throw AtomicWriteError(path: directory, message: "not a folder (results go into a folder)")
        }
        if FolderLinks.chosen(for: folder, lock: held) {
            try commitThroughLinks(folder)
        } else {
            try commitBySwap(folder)
        }
        for file in adopted { unlink(file.source) }
    }

    /// The new set is built in a sibling folder and swapped with the folder in one step; a
    /// file system that refuses the swap gets the sibling moved into the folder and committed through links.
    private func commitBySwap(_ folder: OutputFolder) throws(AtomicWriteError) {
        let sibling = folder.siblingPath
        try FileTree.makeMarkedFolder(sibling)
        // The new folder keeps the previous one's permissions.
        var previous = stat()
        if stat(folder.path, &previous) == 0 { chmod(sibling, previous.st_mode & 0o7777) }
        CommitStep.siblingCreated.reached()
        do {
            try build(sibling, carrying: carried(fromPlain: folder.path))
        } catch {
            FileTree.remove(sibling)
            throw error
        }
        let swapped: Bool
        do {
            swapped = try swap(sibling, into: folder)
        } catch {
            FileTree.remove(sibling)
            throw error
        }
        guard swapped else {
            // The results are complete in the sibling: they go into the folder and are committed there.
            let set: String
            do { set = try FolderLinks.moveIn(sibling, folder: folder.path) } catch {
                FileTree.remove(sibling)
                throw error
            }
            try FolderLinks.commit(set, into: folder.path, names: stagedNames, removes: removesUnwritten, leavesBehind: leavesBehind)
            CommitStep.previousRemoved.reached()
            return
        }
        FileTree.removePreviousSet(sibling, leavesBehind: leavesBehind)
        POSIXFiles.syncDirectory(folder.parent)
        CommitStep.previousRemoved.reached()
    }

    /// The new set is built as a set folder inside the folder and made current by one rename of its pointer.
    private func commitThroughLinks(_ folder: OutputFolder) throws(AtomicWriteError) {
        let name = FolderLinks.newSetName()
        let set = POSIXFiles.join(folder.path, name)
        try FileTree.makeMarkedFolder(set)
        CommitStep.siblingCreated.reached()
        do {
            try build(set, carrying: carried(fromLinked: folder.path))
        } catch {
            FileTree.remove(set)
            throw error
        }
        try FolderLinks.commit(name, into: folder.path, names: stagedNames, removes: removesUnwritten, leavesBehind: leavesBehind)
        CommitStep.previousRemoved.reached()
    }

    /// Files of a plain previous set that this commit neither writes nor removes (they are kept), by name.
    private func carried(fromPlain previous: String) -> [(name: String, source: String)] {
        let names = Set(stagedNames)
        return POSIXFiles.entries(of: previous).compactMap { name in
            let path = POSIXFiles.join(previous, name)
            guard !names.contains(name), !leavesBehind.contains(name), !name.hasPrefix(FolderLinks.reservedPrefix),
                  !POSIXFiles.isDirectory(path), !(removesUnwritten?(name) ?? false) else { return nil }
            return (name, path)
        }
    }

    /// The current set's files of a folder committed through links that this commit neither writes nor removes.
    private func carried(fromLinked folder: String) -> [(name: String, source: String)] {
        guard let current = FolderLinks.currentSet(folder) else { return [] }
        let names = Set(stagedNames)
        return POSIXFiles.entries(of: folder).compactMap { name in
            guard FolderLinks.linkedName(folder, name) != nil, !names.contains(name), !(removesUnwritten?(name) ?? false) else { return nil }
            let source = POSIXFiles.join(POSIXFiles.join(folder, current), name)
            return POSIXFiles.fileType(source) == S_IFREG ? (name, source) : nil
        }
    }

    /// Writes the new set into the empty folder `sibling` and flushes it.
    private func build(_ sibling: String, carrying carried: [(name: String, source: String)]) throws(AtomicWriteError) {
        var first = true
        func written() {
            if first { CommitStep.firstFileWritten.reached() }
            first = false
        }
        for file in adopted {
            try FileTree.addName(file.source, as: POSIXFiles.join(sibling, file.name))
            written()
        }
        for file in files {
            try POSIXFiles.writeDurably(POSIXFiles.join(sibling, file.name), file.contents)
            written()
        }
        for file in carried { try FileTree.addName(file.source, as: POSIXFiles.join(sibling, file.name)) }
        CommitStep.filesWritten.reached()
        POSIXFiles.syncDirectory(sibling)
        CommitStep.siblingSynced.reached()
    }

    /// Puts the built `sibling` in the folder's place; the previous set is then at `sibling`.
    /// - Returns: false, with nothing changed, where the file system cannot swap the two.
    private func swap(_ sibling: String, into folder: OutputFolder) throws(AtomicWriteError) -> Bool {
        if POSIXFiles.exists(folder.path) {
            // The previous set is marked too, so that it is cleared if the commit stops after the swap.
            try FileTree.mark(folder.path)
            do {
                guard try FolderSwap.exchange(sibling, folder.path) else {
                    unlink(POSIXFiles.join(folder.path, FileTree.markerName))
                    return false
                }
            } catch {
                unlink(POSIXFiles.join(folder.path, FileTree.markerName))
                throw error
            }
        } else {
            try POSIXFiles.moveIntoPlace(sibling, folder.path)
        }
        CommitStep.swapped.reached()
        for name in POSIXFiles.entries(of: sibling) where !leavesBehind.contains(name) && name != FileTree.markerName {
            let path = POSIXFiles.join(sibling, name)
            if POSIXFiles.isDirectory(path) { rename(path, POSIXFiles.join(folder.path, name)) }
        }
        unlink(POSIXFiles.join(folder.path, FileTree.markerName))
        CommitStep.foldersCarried.reached()
        POSIXFiles.syncDirectory(folder.parent)
        CommitStep.parentSynced.reached()
        return true
    }

    /// Writes one file atomically: a temporary beside it, fsync, rename.
    /// Creates the parent directory (with intermediates) if missing.
    /// - Throws: `AtomicWriteError`.
    public static func writeFile(_ path: String, _ contents: String) throws(AtomicWriteError) {
        let parent = POSIXFiles.parent(of: path)
        try POSIXFiles.createDirectories(parent)
        let temporary = POSIXFiles.temporaryPath(for: path)
        do {
            try POSIXFiles.writeDurably(temporary, Array(contents.utf8))
            try POSIXFiles.moveIntoPlace(temporary, path)
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
