import Foundation
import XCTest

/// Runs the built `surfacesim` binary in a temporary folder.
final class SurfaceSimBinary {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// Tests/EndToEndTests/Fixtures.
    static let fixtures = root.appendingPathComponent("Tests/EndToEndTests/Fixtures")
    /// Tests/EndToEndTests/Golden.
    static let golden = root.appendingPathComponent("Tests/EndToEndTests/Golden")

    /// The binary: `$SURFACESIM_BIN`, else beside the test bundle, else `.build/debug/surfacesim`.
    static func locate() throws -> URL {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["SURFACESIM_BIN"] { candidates.append(URL(fileURLWithPath: path)) }
        for bundle in [Bundle(for: SurfaceSimBinary.self), Bundle.main] {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("surfacesim"))
            candidates.append(bundle.bundleURL.appendingPathComponent("surfacesim"))
        }
        candidates.append(root.appendingPathComponent(".build/debug/surfacesim"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("surfacesim binary not found (set SURFACESIM_BIN); looked in " + candidates.map(\.path).joined(separator: ", "))
        }
        return found
    }

    let binary: URL
    let directory: URL

    init() throws {
        binary = try Self.locate()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("surfacesim-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A fixture's path.
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// A path in the temporary folder.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Runs the binary with `arguments` in the temporary folder, or the folder `inside` it
    /// (with `environment` added to this process's).
    func run(_ arguments: [String], environment: [String: String] = [:],
             inside: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try launch(arguments, environment: environment, inside: inside).finish()
    }

    /// Starts the binary without waiting for it.
    func launch(_ arguments: [String], environment: [String: String] = [:], inside: String? = nil) throws -> Launched {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = inside.map { directory.appendingPathComponent($0) } ?? directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let launched = Launched(process: process)
        try process.run()
        return launched
    }

    /// A started binary.
    final class Launched {
        let process: Process
        private let out = Pipe()
        private let err = Pipe()

        init(process: Process) {
            self.process = process
            process.standardOutput = out
            process.standardError = err
        }

        /// Waits for the end; the exit status and both outputs.
        func finish() -> (status: Int32, out: String, err: String) {
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            let errData = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
        }
    }

    /// Runs and asserts exit status 0.
    @discardableResult
    func succeed(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let r = try run(arguments)
        XCTAssertEqual(r.status, 0, r.err, file: file, line: line)
        return r.out
    }

    /// The CSV and SVG files of a result folder.
    func results(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        // A name whose link the current set does not hold (a file a commit through links adds, before
        // its switch) opens as no file: it is not in the set.
        for name in try FileManager.default.contentsOfDirectory(atPath: path(folder)) where name.hasSuffix(".csv") || name.hasSuffix(".svg") {
            guard FileManager.default.fileExists(atPath: path(folder + "/" + name)) else { continue }
            files[name] = try Data(contentsOf: directory.appendingPathComponent(folder).appendingPathComponent(name))
        }
        return files
    }
}
