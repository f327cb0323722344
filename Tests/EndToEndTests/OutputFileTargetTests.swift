import Foundation
import XCTest

/// `trace --out` and `plot --out` never replace what is not theirs: a device or a pipe is
/// written in place, a symbolic link has its target written, a folder is refused.
final class OutputFileTargetTests: XCTestCase {
    private let scenario = SurfaceSimBinary.fixture("small.json5")

    /// The two verbs with their arguments before `--out`, and what they write to standard output without it.
    private func verbs(_ sim: SurfaceSimBinary) throws -> [(name: String, arguments: [String])] {
        try sim.succeed(["run", scenario, "--out", "study", "--quiet"])
        return [("trace", ["trace", scenario]), ("plot", ["plot", sim.path("study/distributions.csv")])]
    }

    /// The file type bits of `path` itself (a link is not followed); nil if nothing is there.
    private func type(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    func testDevNullStaysADevice() throws {
        let sim = try SurfaceSimBinary()
        for verb in try verbs(sim) {
            try sim.succeed(verb.arguments + ["--out", "/dev/null"])
            XCTAssertEqual(type("/dev/null"), S_IFCHR, verb.name)
        }
    }

    func testAFullDiskExitsWith3() throws {
        let sim = try SurfaceSimBinary()
        guard type("/dev/full") == S_IFCHR else { throw XCTSkip("no /dev/full") }
        for verb in try verbs(sim) {
            let full = try sim.run(verb.arguments + ["--out", "/dev/full"])
            XCTAssertEqual(full.status, 3, verb.name)
            XCTAssertEqual(full.err, "Error: /dev/full: cannot write file: No space left on device\n", verb.name)
        }
    }

    func testAPipeIsWrittenInPlace() throws {
        let sim = try SurfaceSimBinary()
        for verb in try verbs(sim) {
            let fifo = sim.path("\(verb.name).fifo")
            XCTAssertEqual(mkfifo(fifo, 0o644), 0)
            let reader = Process()
            reader.executableURL = URL(fileURLWithPath: "/bin/cat")
            reader.arguments = [fifo]
            let pipe = Pipe()
            reader.standardOutput = pipe
            try reader.run()
            let written = try sim.run(verb.arguments + ["--out", fifo])
            XCTAssertEqual(written.status, 0, written.err)
            // A writer that replaced the pipe leaves the reader waiting: end it rather than hang.
            for _ in 0..<300 where reader.isRunning { usleep(10_000) }
            if reader.isRunning { reader.terminate() }
            let received = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            reader.waitUntilExit()
            XCTAssertEqual(type(fifo), S_IFIFO, "\(verb.name): still a pipe")
            XCTAssertTrue(received.hasPrefix(verb.name == "trace" ? "time,process,event,details\n" : "<svg"),
                          "\(verb.name): \(received.prefix(80))")
        }
    }

    func testASymbolicLinkHasItsTargetWritten() throws {
        let sim = try SurfaceSimBinary()
        try FileManager.default.createDirectory(atPath: sim.path("elsewhere"), withIntermediateDirectories: true)
        for verb in try verbs(sim) {
            let target = sim.path("elsewhere/\(verb.name).out"), link = sim.path("\(verb.name).link")
            try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "elsewhere/\(verb.name).out")
            try sim.succeed(verb.arguments + ["--out", link])
            XCTAssertEqual(type(link), S_IFLNK, verb.name)
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "elsewhere/\(verb.name).out")
            let text = try String(contentsOfFile: target, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix(verb.name == "trace" ? "time,process,event,details\n" : "<svg"), verb.name)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sim.path("elsewhere")).sorted(),
                       ["plot.out", "trace.out"], "no temporaries left in the target's folder")
    }

    func testAFolderIsRefused() throws {
        let sim = try SurfaceSimBinary()
        for verb in try verbs(sim) {
            let refused = try sim.run(verb.arguments + ["--out", "study"])
            XCTAssertEqual(refused.status, 2, verb.name)
            XCTAssertEqual(refused.err, "Error: study: is a folder; name a file to write\n", verb.name)
            XCTAssertEqual(type(sim.path("study")), S_IFDIR)
        }
    }
}
