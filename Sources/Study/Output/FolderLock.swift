// One writer per result folder: an exclusive flock on `.<name>.lock` beside the
// folder, holding the writer's process id and command so that a refused second
// writer can name it.
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
    private var descriptor: Int32

    private init(folder: OutputFolder, descriptor: Int32) {
        (self.folder, self.descriptor) = (folder, descriptor)
    }

    /// Takes the lock of `folder` without waiting, recording `command` as the holder.
    /// - Throws: `AtomicWriteError` naming the holder when another process holds it,
    ///   or the system's reason when the lock file cannot be made.
    public static func acquire(_ folder: OutputFolder, command: [String]) throws(AtomicWriteError) -> FolderLock {
        let path = folder.lockPath
        // The holder removes the file when it is done; a lock taken on a file that was
        // removed (or replaced) meanwhile guards nothing, so take it again.
        for _ in 0..<100 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw AtomicWriteError(path: path, message: "cannot create the folder's lock file: \(POSIXFiles.reason())")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                let holder = code == EWOULDBLOCK ? awaitHolder(descriptor) : ""
                let reason = POSIXFiles.reason()
                close(descriptor)
                guard code == EWOULDBLOCK else {
                    throw AtomicWriteError(path: path, message: "cannot lock the folder: \(reason)")
                }
                throw AtomicWriteError(path: folder.display, message: "another surfacesim is writing this folder ("
                                       + (holder.isEmpty ? "its process id is not recorded yet" : holder)
                                       + "); wait for it to finish or choose another --out")
            }
            var held = stat(), named = stat()
            guard fstat(descriptor, &held) == 0, stat(path, &named) == 0,
                  held.st_ino == named.st_ino, held.st_dev == named.st_dev else {
                close(descriptor)
                continue
            }
            let lock = FolderLock(folder: folder, descriptor: descriptor)
            lock.record(command)
            return lock
        }
        throw AtomicWriteError(path: path, message: "cannot lock the folder: its lock file keeps changing")
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
        unlink(folder.lockPath)
        close(descriptor)
        descriptor = -1
        // Parents made only to hold a folder that was never written go again.
        if POSIXFiles.fileType(folder.path) == nil { POSIXFiles.removeEmpty(folder.createdParents) }
    }

    deinit { release() }
}
