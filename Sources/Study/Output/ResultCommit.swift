// Putting a study's files in place (SPEC §6): every file is complete on disk
// under a temporary name first; then all are renamed with interrupts blocked,
// so an interrupted run leaves the previous results or the complete new ones.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of one result directory, committed together.
struct ResultCommit {
    /// The result directory.
    let directory: String
    /// Files given as text.
    var staged: [(name: String, contents: String)] = []
    /// Files already written and flushed elsewhere on the same file system (runs.csv).
    var adopted: [(name: String, source: String)] = []

    /// Names of files a study writes whose presence depends on the study; old
    /// ones not rewritten are removed so a directory never mixes two studies.
    static func isStudyOutput(_ name: String) -> Bool {
        (name.hasPrefix("staleness-ecdf-") || name.hasPrefix("sweep-")) && name.hasSuffix(".svg") || name == "state.json"
    }

    /// The file names, in commit order.
    var names: [String] { adopted.map(\.name) + staged.map(\.name) }

    /// Writes the staged files to temporaries, then renames everything into place.
    func commit() throws(AtomicWriteError) {
        try POSIXFiles.createDirectories(directory)
        var temporaries: [(String, String)] = []
        do {
            for file in staged {
                let final = POSIXFiles.join(directory, file.name)
                let temporary = POSIXFiles.temporaryPath(for: final)
                temporaries.append((temporary, final))
                try POSIXFiles.writeDurably(temporary, file.contents)
            }
        } catch {
            for (temporary, _) in temporaries { unlink(temporary) }
            throw error
        }
        let keep = Set(names)
        var moved = 0       // temporaries already renamed into place
        do {
            try POSIXFiles.withInterruptsBlocked { () throws(AtomicWriteError) in
                for file in adopted { try POSIXFiles.moveIntoPlace(file.source, POSIXFiles.join(directory, file.name)) }
                for (temporary, final) in temporaries {
                    try POSIXFiles.moveIntoPlace(temporary, final)
                    moved += 1
                }
                for name in POSIXFiles.entries(of: directory) where Self.isStudyOutput(name) && !keep.contains(name) {
                    unlink(POSIXFiles.join(directory, name))
                }
            }
        } catch {
            // A rename failed (as in AtomicWriter.commit): the temporaries not yet in place go.
            for (temporary, _) in temporaries.dropFirst(moved) { unlink(temporary) }
            throw error
        }
        POSIXFiles.syncDirectory(directory)
    }
}
