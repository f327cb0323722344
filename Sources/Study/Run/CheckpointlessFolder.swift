// The result folder of a run that keeps no checkpoint (`--precision`, `observe.select`): the
// replications each point gets depend on every other point's, so an interrupted run starts again.

/// Locks the result folder of a run that keeps no checkpoint.
enum CheckpointlessFolder {
    /// `scenario`'s result folder (`--out` or the default, as given), locked, with its `.partial/` folder
    /// cleared; refused while it holds an unfinished run's checkpoint, unless `--fresh`.
    static func lock(_ scenario: Scenario, options: RunOptions) throws(StudyError) -> (lock: FolderLock, partial: String, directory: String) {
        let directory = options.outputDirectory ?? StudyRunner.defaultDirectory(name: scenario.name, shard: nil)
        if let problem = OutputFolder.problem(directory, ownFolderOnly: true) { throw .invalid(problem) }
        let lock: FolderLock
        do { lock = try FolderLock.acquire(try OutputFolder.resolve(directory), command: options.commandLine,
                                        checkpointFolder: Checkpoint.directoryName) } catch {
            throw .io(error.description)
        }
        let partial = POSIXFiles.join(lock.folder.display, Checkpoint.directoryName)
        if POSIXFiles.exists(POSIXFiles.join(partial, Checkpoint.fileName)) && !options.fresh {
            lock.release()
            throw .invalid("\(partial) holds the checkpoint of an unfinished run; add --fresh to discard it")
        }
        Checkpoint.remove(partial)
        return (lock, partial, directory)
    }
}
