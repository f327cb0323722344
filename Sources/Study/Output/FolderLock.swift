// One writer per result folder: an exclusive flock on `.<name>.lock` beside the
// folder (inside it, `.surfacesim-lock`, where nothing can be made beside it),
// holding the writer's process id and command so that a refused second writer can
// name it. Taking it clears what an interrupted commit of the folder left.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The exclusive right to write one result folder, held until `release()`.
public final class FolderLock {
    /// The folder it guards.
    public let folder: OutputFolder
    /// The lock file: beside the folder, or inside it where nothing can be made beside it.
    let path: String
    /// Whether the lock (and so every file of a commit) is inside the folder.
    var isInside: Bool { path == folder.insideLockPath }
    private var descriptor: Int32

    private init(folder: OutputFolder, path: String, descriptor: Int32) {
        (self.folder, self.path, self.descriptor) = (folder, path, descriptor)
    }

    /// Takes the lock of `folder` without waiting, recording `command` as the holder, and
    /// clears what an interrupted commit of the folder left (keeping `checkpointFolder`,
    /// a run's checkpoint, inside it).
    /// - Throws: `AtomicWriteError` naming the holder when another process holds it,
    ///   or the system's reason when the lock file cannot be made.
    public static func acquire(_ folder: OutputFolder, command: [String],
                               checkpointFolder: String? = nil) throws(AtomicWriteError) -> FolderLock {
        let lock = try take(folder, command: command)
        FileTree.removeLeftovers(of: folder, inside: lock.isInside, checkpointFolder: checkpointFolder)
        return lock
    }

    /// Takes the lock: beside the folder, or inside an existing folder whose parent takes no new file.
    private static func take(_ folder: OutputFolder, command: [String]) throws(AtomicWriteError) -> FolderLock {
        do {
            return try take(folder, at: folder.lockPath, command: command)
        } catch {
            guard error.cannotCreate && POSIXFiles.isDirectory(folder.path) else { throw error.error }
            do { return try take(folder, at: folder.insideLockPath, command: command) } catch { throw error.error }
        }
    }

    /// A lock file that could not be taken; `cannotCreate` when the folder holding it takes no new file.
    private struct LockFileRefusal: Error {
        var error: AtomicWriteError
        var cannotCreate = false
    }

    private static func take(_ folder: OutputFolder, at path: String, command: [String]) throws(LockFileRefusal) -> FolderLock {
        // The holder removes the file when it is done; a lock taken on a file that was
        // removed (or replaced) meanwhile guards nothing, so take it again. The file is never
        // a link (one planted there would have its target written) nor anything but a regular file.
        for _ in 0..<100 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
            guard descriptor >= 0 else {
                let code = errno
                let reason = POSIXFiles.reason()
                if code == ELOOP {
                    throw LockFileRefusal(error: AtomicWriteError(path: path, message: "the folder's lock file is a symbolic link; remove it (a lock file is never a link)"))
                }
                throw LockFileRefusal(error: AtomicWriteError(path: path, message: "cannot create the folder's lock file: \(reason)"),
                                      cannotCreate: code == EACCES || code == EROFS || code == EPERM)
            }
            var held = stat()
            guard fstat(descriptor, &held) == 0, (held.st_mode & S_IFMT) == S_IFREG else {
                close(descriptor)
                throw LockFileRefusal(error: AtomicWriteError(path: path, message: "the folder's lock file is not a regular file; remove it"))
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                let holder = code == EWOULDBLOCK ? awaitHolder(descriptor) : ""
                let reason = POSIXFiles.reason()
                close(descriptor)
                guard code == EWOULDBLOCK else {
                    throw LockFileRefusal(error: AtomicWriteError(path: path, message: "cannot lock the folder: \(reason)"))
                }
                throw LockFileRefusal(error: AtomicWriteError(path: folder.display, message: "another surfacesim is writing this folder ("
                                       + (holder.isEmpty ? "its process id is not recorded yet" : holder)
                                       + "); wait for it to finish or choose another --out"))
            }
            var named = stat()
            guard lstat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev else {
                close(descriptor)
                continue
            }
            let lock = FolderLock(folder: folder, path: path, descriptor: descriptor)
            lock.record(command)
            return lock
        }
        throw LockFileRefusal(error: AtomicWriteError(path: path, message: "cannot lock the folder: its lock file keeps changing"))
    }

    /// Makes a marked folder for the holder's work files (a merged runs.csv), on the file system
    /// the commit builds on: beside the folder, or inside it where the lock is; cleared like a sibling.
    /// - Returns: its path.
    func makeWorkFolder() throws(AtomicWriteError) -> String {
        let path = isInside ? POSIXFiles.join(folder.path, FolderLinks.reservedPrefix + "work-\(getpid())") : folder.workPath
        try FileTree.makeMarkedFolder(path)
        return path
    }

    /// Writes `pid <pid>: <command>` into the lock file.
    private func record(_ command: [String]) {
        var line = "pid \(getpid()): " + command.joined(separator: " ")
        line = String(line.map { $0 == "\n" || $0 == "\r" ? " " : $0 }.prefix(400)) + "\n"
        _ = ftruncate(descriptor, 0)
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// The holder's line, waiting up to 0.2 s for it: a holder records itself just after it
    /// takes the lock, so a second writer that comes in between would otherwise find the
    /// file still empty.
    private static func awaitHolder(_ descriptor: Int32) -> String {
        for _ in 0..<20 {
            let holder = readHolder(descriptor)
            if !holder.isEmpty { return holder }
            usleep(10_000)
        }
        return ""
    }

    /// The holder's line from a lock file (at most a few hundred bytes).
    private static func readHolder(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return "" }
        return String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }

    /// Removes the lock file and lets the folder go; a later call does nothing.
    public func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
        // Parents made only to hold a folder that was never written go again.
        if POSIXFiles.fileType(folder.path) == nil { POSIXFiles.removeEmpty(folder.createdParents) }
    }

    deinit { release() }
}
