// Swapping two folders in one step with Linux's renameat2(RENAME_EXCHANGE),
// reached through dlsym because the C library's module may not export it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic exchange of two paths.
enum FolderSwap {
    /// `renameat2(olddirfd, oldpath, newdirfd, newpath, flags)`.
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// Linux's `RENAME_EXCHANGE`.
    private static let exchangeFlag: UInt32 = 2
    /// Linux's `AT_FDCWD`: paths relative to the working directory.
    private static let workingDirectory: Int32 = -100

    /// Swaps `a` and `b` atomically: each then holds what the other held.
    /// - Throws: `AtomicWriteError` with the system's reason; a file system that cannot
    ///   swap (EINVAL, ENOSYS, or no renameat2 at all) is named as such.
    static func exchange(_ a: String, _ b: String) throws(AtomicWriteError) {
        guard let symbol = dlsym(nil, "renameat2") else {
            throw refused(b, reason: "this system has no renameat2")
        }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        if renameat2(workingDirectory, a, workingDirectory, b, exchangeFlag) == 0 { return }
        let code = errno
        let reason = POSIXFiles.reason()
        if code == EINVAL || code == ENOSYS || code == EXDEV {
            throw refused(b, reason: "renameat2(RENAME_EXCHANGE): \(reason)")
        }
        throw AtomicWriteError(path: b, message: "cannot swap in the new results from \(a): \(reason)")
    }

    private static func refused(_ path: String, reason: String) -> AtomicWriteError {
        AtomicWriteError(path: path, message: "the file system cannot swap folders in one step (\(reason)), "
                         + "so the results cannot replace the previous ones atomically; write them to a local file system (ext4, xfs, btrfs, tmpfs)")
    }
}
