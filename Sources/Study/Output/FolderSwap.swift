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
    /// - Returns: false, with nothing changed, where the file system or the mount cannot swap
    ///   the two (EINVAL, ENOSYS, EXDEV, EBUSY, ENOTSUP, or no renameat2 at all).
    /// - Throws: `AtomicWriteError` with the system's reason for any other failure.
    static func exchange(_ a: String, _ b: String) throws(AtomicWriteError) -> Bool {
        if let forced = getenv(FolderLinks.forceVariable), String(cString: forced) == FolderLinks.refusedSwapValue { return false }
        guard let symbol = dlsym(nil, "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        if renameat2(workingDirectory, a, workingDirectory, b, exchangeFlag) == 0 { return true }
        let code = errno
        if [EINVAL, ENOSYS, EXDEV, EBUSY, ENOTSUP, EOPNOTSUPP].contains(code) { return false }
        throw AtomicWriteError(path: b, message: "cannot swap in the new results from \(a): \(POSIXFiles.reason())")
    }
}
