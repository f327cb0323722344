// The folder commit where two folders cannot be swapped in one step (NFS, CephFS,
// Lustre, FUSE, a mount point given as --out): every result file DIR/<file> is a
// symbolic link `.surfacesim-current/<file>`, `.surfacesim-current` a link to one
// complete set `.surfacesim-set-<id>` inside DIR, and a commit builds the new set
// beside the old one inside DIR and renames one new `.surfacesim-current` over the
// old. A rename of one name is atomic on every POSIX file system, NFS included, so
// a reader that opens DIR/<file> by name gets a complete file of the previous set
// or of the new one, exactly as with a swap of the whole folder.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The commit through a pointer link inside the folder (docs/output.md#atomic-results).
enum FolderLinks {
    /// The prefix of every name this program keeps inside a result folder for its commits.
    static let reservedPrefix = ".surfacesim-"
    /// The link naming the current set.
    static let pointerName = reservedPrefix + "current"
    /// The prefix of a set's folder.
    static let setPrefix = reservedPrefix + "set-"
    /// The environment variable that makes every commit of an existing folder use this
    /// protocol, as on a file system that refuses the swap (for tests on any file system).
    public static let forceVariable = "SURFACESIM_FOLDER_COMMIT"
    /// The value of `forceVariable` that forces it.
    public static let forceValue = "links"
    /// The value of `forceVariable` that makes every swap refused, as NFS refuses it: the
    /// sibling built for a swap is then moved into the folder and committed through links.
    public static let refusedSwapValue = "no-exchange"

    /// Whether the commit of `folder`, whose lock `lock` is, goes through links: it already
    /// does, it is a mount point (which cannot be renamed), its lock is inside it (nothing can
    /// be made beside it), or the test switch asks for it. Otherwise it is swapped, and falls
    /// back to links only if the swap is refused.
    static func chosen(for folder: OutputFolder, lock: FolderLock) -> Bool {
        guard POSIXFiles.isDirectory(folder.path) else { return false }
        if lock.isInside || isLinked(folder.path) || folder.isMountPoint { return true }
        guard let value = getenv(forceVariable) else { return false }
        return String(cString: value) == forceValue
    }

    /// Whether the folder's files go through its pointer.
    static func isLinked(_ folder: String) -> Bool {
        POSIXFiles.fileType(POSIXFiles.join(folder, pointerName)) == S_IFLNK
    }

    /// The set folder's name the pointer of `folder` names, or nil.
    static func currentSet(_ folder: String) -> String? {
        guard let target = POSIXFiles.linkTarget(POSIXFiles.join(folder, pointerName)),
              target.hasPrefix(setPrefix), !target.contains("/") else { return nil }
        return target
    }

    /// The target of the link a result file is: through the pointer.
    static func nameTarget(_ name: String) -> String { pointerName + "/" + name }

    /// The file name a link of `folder` reaches through the pointer, or nil if `name` is no such link.
    static func linkedName(_ folder: String, _ name: String) -> String? {
        guard let target = POSIXFiles.linkTarget(POSIXFiles.join(folder, name)), target == nameTarget(name) else { return nil }
        return name
    }

    /// A new set folder's name, unique to this process and instant.
    static func newSetName() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return setPrefix + "\(getpid())-\(now.tv_sec)\(now.tv_nsec)"
    }

    /// Moves a set built beside the folder (a refused swap) into it as a new set, by rename,
    /// or by copying its files where the folder is another file system.
    /// - Returns: the set's name in the folder.
    static func moveIn(_ built: String, folder: String) throws(AtomicWriteError) -> String {
        let name = newSetName()
        let set = POSIXFiles.join(folder, name)
        if rename(built, set) == 0 { return name }
        guard errno == EXDEV else {
            throw AtomicWriteError(path: set, message: "cannot move the new results from \(built) into the folder: \(POSIXFiles.reason())")
        }
        try FileTree.makeMarkedFolder(set)
        do {
            for entry in POSIXFiles.entries(of: built) where entry != FileTree.markerName {
                let path = POSIXFiles.join(built, entry)
                if !POSIXFiles.isDirectory(path) { try FileTree.copy(path, to: POSIXFiles.join(set, entry)) }
            }
        } catch {
            FileTree.remove(set)
            throw error
        }
        POSIXFiles.syncDirectory(set)
        FileTree.remove(built)
        return name
    }

    /// Puts the built set `setName` (complete, flushed, inside `folder`) in place as the
    /// folder's current set: `names` are the new set's result files, `removes` says which
    /// other result files the new set drops, `leavesBehind` the folders of the previous state
    /// that go with it (a finished run's checkpoint). Steps `previousLinked` … `previousRemoved`.
    /// On an error before the switch the new set is removed and the folder is as it was.
    static func commit(_ setName: String, into folder: String, names: [String], removes: ((String) -> Bool)?,
                       leavesBehind: Set<String>) throws(AtomicWriteError) {
        let set = POSIXFiles.join(folder, setName)
        do {
            try linkPrevious(folder, names: Set(names), removes: removes)
            CommitStep.previousLinked.reached()
            for name in names where linkedName(folder, name) == nil { try replaceWithLink(folder, name) }
            POSIXFiles.syncDirectory(folder)
            CommitStep.namesLinked.reached()
            try point(folder, to: setName)
        } catch {
            FileTree.remove(set)
            throw error
        }
        CommitStep.swapped.reached()
        CommitStep.foldersCarried.reached()
        POSIXFiles.syncDirectory(folder)
        CommitStep.parentSynced.reached()
        for name in POSIXFiles.entries(of: folder) where linkedName(folder, name) != nil {
            if !POSIXFiles.exists(POSIXFiles.join(set, name)) { unlink(POSIXFiles.join(folder, name)) }
        }
        CommitStep.unusedNamesRemoved.reached()
        removeOtherSets(folder, keeping: setName)
        for name in leavesBehind { FileTree.remove(POSIXFiles.join(folder, name)) }
        POSIXFiles.syncDirectory(folder)
    }

    /// The files of the new set that `folder` holds as plain files (a folder first written by a
    /// swap, or an interrupted conversion) are first given to the current set and replaced by
    /// links to it, so that the switch changes them all at once; their contents never change.
    private static func linkPrevious(_ folder: String, names: Set<String>, removes: ((String) -> Bool)?) throws(AtomicWriteError) {
        let plain = POSIXFiles.entries(of: folder).filter { name in
            !name.hasPrefix(reservedPrefix) && POSIXFiles.fileType(POSIXFiles.join(folder, name)) == S_IFREG
                && (names.contains(name) || removes?(name) == true)
        }.sorted()
        guard !plain.isEmpty else { return }
        let current: String
        if let set = currentSet(folder), POSIXFiles.isDirectory(POSIXFiles.join(folder, set)) {
            current = set
        } else {
            current = newSetName()
            try FileTree.makeMarkedFolder(POSIXFiles.join(folder, current))
        }
        let set = POSIXFiles.join(folder, current)
        for name in plain {
            // A name an interrupted conversion gave the set already: readers still open the plain file.
            let kept = POSIXFiles.join(set, name)
            if POSIXFiles.exists(kept) { unlink(kept) }
            try FileTree.addName(POSIXFiles.join(folder, name), as: kept)
        }
        POSIXFiles.syncDirectory(set)
        if currentSet(folder) != current { try point(folder, to: current) }
        for name in plain { try replaceWithLink(folder, name) }
    }

    /// Replaces `folder/name` (absent, or a plain file the current set holds too) by the link through the pointer.
    private static func replaceWithLink(_ folder: String, _ name: String) throws(AtomicWriteError) {
        let path = POSIXFiles.join(folder, name)
        if POSIXFiles.isDirectory(path) {
            throw AtomicWriteError(path: path, message: "is a folder where the results have a file; move it away")
        }
        let temporary = POSIXFiles.join(folder, reservedPrefix + "link-\(getpid())")
        unlink(temporary)
        guard symlink(nameTarget(name), temporary) == 0 else {
            throw AtomicWriteError(path: temporary, message: "cannot create a link: \(POSIXFiles.reason())")
        }
        try POSIXFiles.moveIntoPlace(temporary, path)
    }

    /// Renames a new pointer to `setName` over the folder's pointer: the commit's one atomic step.
    private static func point(_ folder: String, to setName: String) throws(AtomicWriteError) {
        let temporary = POSIXFiles.join(folder, reservedPrefix + "pointer-\(getpid())")
        unlink(temporary)
        guard symlink(setName, temporary) == 0 else {
            throw AtomicWriteError(path: temporary, message: "cannot create a link: \(POSIXFiles.reason())")
        }
        try POSIXFiles.moveIntoPlace(temporary, POSIXFiles.join(folder, pointerName))
    }

    /// Removes every set this program made in `folder` but `setName`.
    private static func removeOtherSets(_ folder: String, keeping setName: String) {
        for name in POSIXFiles.entries(of: folder) where name.hasPrefix(setPrefix) && name != setName {
            let path = POSIXFiles.join(folder, name)
            if FileTree.isMarked(path) { FileTree.remove(path) }
        }
    }

    /// Clears what an interrupted commit left inside `folder`: sets other than the current one,
    /// temporaries, links of result files the current set does not hold, a stray marker.
    /// Only the holder of the folder's lock may call this.
    static func removeLeftovers(in folder: String) {
        guard POSIXFiles.isDirectory(folder) else { return }
        let current = currentSet(folder)
        for name in POSIXFiles.entries(of: folder) {
            let path = POSIXFiles.join(folder, name)
            if name == FileTree.markerName {
                if POSIXFiles.fileType(path) == S_IFREG { unlink(path) }
            } else if name.hasPrefix(setPrefix) {
                if name != current && FileTree.isMarked(path) { FileTree.remove(path) }
            } else if name.hasPrefix(reservedPrefix + "link-") || name.hasPrefix(reservedPrefix + "pointer-") {
                if POSIXFiles.fileType(path) == S_IFLNK { unlink(path) }
            } else if name.hasPrefix(reservedPrefix + "work-") {
                if FileTree.isMarked(path) { FileTree.remove(path) }
            } else if linkedName(folder, name) != nil {
                if current.map({ !POSIXFiles.exists(POSIXFiles.join(POSIXFiles.join(folder, $0), name)) }) ?? true { unlink(path) }
            }
        }
        if current == nil && POSIXFiles.fileType(POSIXFiles.join(folder, pointerName)) == S_IFLNK {
            unlink(POSIXFiles.join(folder, pointerName))
        }
    }
}
