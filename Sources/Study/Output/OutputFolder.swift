// Where a result folder really is: its parent (symbolic links resolved) and its
// name, and the names of what its writer keeps beside it (the lock, the sibling
// a commit builds the new set in).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A result folder, resolved so that it can be locked and swapped.
public struct OutputFolder: Sendable, Equatable {
    /// The folder as the user named it (for messages).
    public let display: String
    /// The real parent folder (absolute, links resolved).
    public let parent: String
    /// The folder's own name in `parent`.
    public let name: String
    /// Folders `resolve` created to reach `parent` (outermost first), removed again if nothing is written.
    let createdParents: [String]

    /// The folder's full path.
    public var path: String { POSIXFiles.join(parent, name) }
    /// The folder's name as the names beside it use it: the name itself, or, when a name
    /// beside it would pass the 255 bytes a file name may have, its first bytes and a
    /// checksum of the whole (the same for every writer of the folder).
    var stem: String {
        // `.<stem>.commit-<pid>.runs.csv` must fit in 255 bytes, the longest name made beside.
        let room = 255 - ".".utf8.count - ".commit-".utf8.count - 10 - ".runs.csv".utf8.count
        guard name.utf8.count > room else { return name }
        var prefix = ""
        for character in name where prefix.utf8.count + String(character).utf8.count <= room - 17 { prefix.append(character) }
        var hash = FNV1a()
        hash.add(name.utf8)
        return prefix + "~" + FNV1a.hex(hash.value)
    }
    /// The lock file beside the folder, `.<name>.lock`: it outlives a swap of the folder.
    var lockPath: String { POSIXFiles.join(parent, "." + stem + ".lock") }
    /// The lock file inside the folder, used where nothing can be made beside it (a mount
    /// point whose parent is read-only).
    var insideLockPath: String { POSIXFiles.join(path, FolderLinks.reservedPrefix + "lock") }
    /// The prefix of everything a commit of this folder makes beside it.
    var commitPrefix: String { "." + stem + ".commit-" }
    /// The sibling folder this process builds the new set in.
    var siblingPath: String { POSIXFiles.join(parent, commitPrefix + String(getpid())) }
    /// A folder beside the folder for this process's work files during a commit (made with
    /// `makeWorkFolder`, marked, and cleared like the sibling).
    var workPath: String { siblingPath + ".work" }

    /// Whether the folder is a mount point (a volume, a bind mount): it cannot be renamed or
    /// swapped, and what is built beside it lies on another file system.
    var isMountPoint: Bool { MountTable.isMountPoint(path) }

    /// Why `directory` cannot be a result folder, or nil: an empty name, or the current
    /// folder or one holding it (swapping it would pull the working folder away), or (for a
    /// verb's `--out`, `ownFolderOnly`) an existing folder of files this program did not write.
    public static func problem(_ directory: String, ownFolderOnly: Bool = false) -> String? {
        guard !directory.isEmpty else { return "the result folder's name is empty" }
        guard let real = POSIXFiles.realPath(directory), let current = POSIXFiles.realPath(".") else { return nil }
        if real == "/" || current == real || current.hasPrefix(real + "/") {
            return "\(directory) is the current folder or holds it; name a folder inside it for the results"
        }
        if ownFolderOnly && POSIXFiles.isDirectory(real) {
            let entries = POSIXFiles.entries(of: real).filter { $0 != "lost+found" && !$0.hasPrefix(FolderLinks.reservedPrefix) }
            if !entries.isEmpty && !entries.contains(where: resultMarkers.contains) {
                return "\(directory) holds files that are not results of this program; name a new or empty folder"
            }
        }
        return nil
    }

    /// Files that mark a folder as one this program wrote (a run's manifest, a checkpoint,
    /// the chapter verbs' tables): only such a folder, or an empty one, is ever swapped.
    static let resultMarkers: Set<String> = ["manifest.json", ".partial", "runs.csv", "summary.csv", "failures.csv", "probes.csv", "infer.csv", "signals.csv", "calibration.csv"]

    /// Resolves `directory`, creating its missing parents (not the folder itself).
    /// A folder that is a symbolic link resolves to its target, so the link is kept.
    /// - Throws: `AtomicWriteError` if the parent cannot be made or the folder has no name of its own (`/`).
    public static func resolve(_ directory: String) throws(AtomicWriteError) -> OutputFolder {
        if let problem = problem(directory) { throw AtomicWriteError(path: directory, message: problem) }
        var trimmed = directory
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        var created: [String] = []
        var full: String
        if POSIXFiles.fileType(trimmed) != nil, let real = POSIXFiles.realPath(trimmed) {
            full = real
        } else {
            let parent = POSIXFiles.parent(of: trimmed)
            created = try POSIXFiles.createDirectories(parent)
            guard let real = POSIXFiles.realPath(parent) else {
                let error = AtomicWriteError(path: parent, message: "cannot resolve the folder: \(POSIXFiles.reason())")
                POSIXFiles.removeEmpty(created)
                throw error
            }
            full = POSIXFiles.join(real, String(trimmed.split(separator: "/").last ?? ""))
        }
        while full.count > 1 && full.hasSuffix("/") { full.removeLast() }
        let name = full.split(separator: "/").last.map(String.init) ?? ""
        guard !name.isEmpty, name != ".", name != ".." else {
            POSIXFiles.removeEmpty(created)
            throw AtomicWriteError(path: directory, message: "cannot hold results (name a folder inside it)")
        }
        return OutputFolder(display: trimmed, parent: POSIXFiles.parent(of: full), name: name, createdParents: created)
    }
}
