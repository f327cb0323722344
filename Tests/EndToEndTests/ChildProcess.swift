import Foundation

/// Runs a child process with a time limit: a hang is killed and reported, never waited for.
enum ChildProcess {
    struct Outcome {
        var status: Int32
        var err: String
        /// The process was killed at the time limit.
        var hung: Bool
        /// The process ended by a signal (a crash: a trap, a segfault).
        var crashed: Bool
    }

    static func run(_ binary: URL, _ arguments: [String], in directory: URL, limit: TimeInterval) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchTime.now() + limit
        let timer = DispatchSource.makeTimerSource()
        nonisolated(unsafe) var hung = false
        timer.schedule(deadline: deadline)
        timer.setEventHandler { if process.isRunning { hung = true; process.terminate() } }
        timer.resume()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        let crashed = process.terminationReason == .uncaughtSignal && !hung
        return Outcome(status: process.terminationStatus, err: String(decoding: data, as: UTF8.self), hung: hung, crashed: crashed)
    }
}
