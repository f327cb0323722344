import XCTest
import Glibc
@testable import Study

/// What the command line does when its standard output cannot be written.
final class ConsoleTests: XCTestCase {
    /// A command whose output cannot be written (here to a full device) does not report success:
    /// it exits 3, as when an output file cannot be written, and says why on standard error.
    func testAnOutputThatCannotBeWrittenExitsThree() throws {
        let full = open("/dev/full", O_WRONLY)
        try XCTSkipIf(full < 0, "no /dev/full on this system")
        defer { close(full) }
        var pipe: [Int32] = [0, 0]
        XCTAssertEqual(Glibc.pipe(&pipe), 0)
        defer { close(pipe[0]) }
        let console = Console.writing(to: full, errors: pipe[1])
        XCTAssertEqual(CLI.main(["surfacesim", "--version"], console: console), 3)
        close(pipe[1])
        var bytes = [UInt8](repeating: 0, count: 4_096)
        let count = read(pipe[0], &bytes, bytes.count)
        let message = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        XCTAssertTrue(message.hasPrefix("Error: standard output: cannot write file: "), message)
        XCTAssertNotNil(console.standardOutputFailure)
    }

    /// The same command with a writable output succeeds, and a failure elsewhere keeps its status.
    func testAWritableOutputSucceedsAndOtherFailuresKeepTheirStatus() throws {
        let null = open("/dev/null", O_WRONLY)
        try XCTSkipIf(null < 0, "no /dev/null on this system")
        defer { close(null) }
        XCTAssertEqual(CLI.main(["surfacesim", "--version"], console: .writing(to: null, errors: null)), 0)
        let full = open("/dev/full", O_WRONLY)
        try XCTSkipIf(full < 0, "no /dev/full on this system")
        defer { close(full) }
        XCTAssertEqual(CLI.main(["surfacesim", "no-such-verb"], console: .writing(to: full, errors: null)), 2)
    }
}
