// The boundaries between the file operations of a folder commit, in order. A
// crash at any of them leaves the folder holding its previous complete set of
// files or the new one; the next writer of the folder clears what is left over.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A point between two file operations of `AtomicWriter.commit`. A commit by swap passes
/// every step but `previousLinked`, `namesLinked` and `unusedNamesRemoved`; a commit through
/// links (docs/output.md#atomic-results) passes every one.
public enum CommitStep: String, CaseIterable, Sendable {
    /// The leftovers of an interrupted commit of this folder are gone.
    case leftoversRemoved
    /// The empty sibling folder `.<name>.commit-<pid>` exists beside the folder, marked as this
    /// program's (committing through links: the set folder `.surfacesim-set-<id>` inside it).
    case siblingCreated
    /// The first file of the new set is in the sibling.
    case firstFileWritten
    /// Every file of the new set is in the sibling and flushed to disk.
    case filesWritten
    /// The sibling's entries are flushed to disk.
    case siblingSynced
    /// Committing through links: the files of the previous set the new one writes or drops
    /// are links through the folder's pointer (a folder first written by a swap is converted).
    case previousLinked
    /// Committing through links: every file of the new set has its link (still through the old pointer).
    case namesLinked
    /// The sibling and the folder have swapped names (or, for a new folder, the sibling was
    /// renamed; committing through links, the new pointer was renamed over the old).
    case swapped
    /// Folders of the previous set that the commit does not write (other studies inside it) are moved into the new one.
    case foldersCarried
    /// The parent's entries (the swap) are flushed to disk.
    case parentSynced
    /// Committing through links: the links of files the new set does not hold are removed.
    case unusedNamesRemoved
    /// The previous set is removed.
    case previousRemoved

    /// The environment variable of the fault-injection test hook: when it names a step,
    /// the process ends with `_exit(faultStatus)` on reaching it, as a crash would end it.
    /// Only the commit reads it; nothing else should set it.
    public static let faultVariable = "SURFACESIM_FAULT_AT"
    /// The exit status of a process the test hook stopped.
    public static let faultStatus: Int32 = 86

    /// Marks the step reached; ends the process here if the test hook names it.
    func reached() {
        guard let value = getenv(Self.faultVariable), String(cString: value) == rawValue else { return }
        _exit(Self.faultStatus)
    }
}
