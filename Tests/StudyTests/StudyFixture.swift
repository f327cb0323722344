import Foundation
import XCTest
@testable import Study

/// A temporary folder with a scenario, and the `surfacesim` command run in-process on it.
final class StudyFixture {
    let directory: URL
    let scenario: String

    /// A small study: 2 points × 7 replications of 3 hours.
    static let smallSweep = """
    {
      name: "small", duration: "3h", replications: 7, seed: 11,
      observe: {warmup: "30m"},
      sweep: {"widget.budgetPerDay": [40, 70]},
    }
    """

    init(_ text: String = smallSweep) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("surfacesim-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        scenario = directory.appendingPathComponent("study.json5").path
        try text.write(toFile: scenario, atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A path inside the folder.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Runs `surfacesim ARGS` and returns the exit status and the console.
    @discardableResult
    func cli(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line,
             expect status: Int32 = 0) -> Console {
        let console = Console.capturing()
        let actual = CLI.main(["surfacesim"] + arguments, console: console)
        XCTAssertEqual(actual, status, console.errors, file: file, line: line)
        return console
    }

    /// The result files that must be byte-identical between equivalent runs (manifest.json excluded).
    func results(_ folder: String) throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: path(folder))
            .filter { ($0.hasSuffix(".csv") || $0.hasSuffix(".svg")) }
        var files: [String: String] = [:]
        for name in names { files[name] = try String(contentsOfFile: path(folder) + "/" + name, encoding: .utf8) }
        return files
    }

    /// Asserts two result folders hold the same CSV and SVG files, byte for byte.
    func assertSameResults(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let x = try results(a)
        let y = try results(b)
        XCTAssertEqual(x.keys.sorted(), y.keys.sorted(), file: file, line: line)
        XCTAssertTrue(x.keys.contains("runs.csv") && x.keys.contains("summary.csv") && x.keys.contains("distributions.csv"),
                      file: file, line: line)
        for (name, text) in x { XCTAssertTrue(text == y[name], "\(name) differs between \(a) and \(b)", file: file, line: line) }
    }
}
