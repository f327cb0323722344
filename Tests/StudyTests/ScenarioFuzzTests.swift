import Foundation
import XCTest
import Study
import TestSupport

/// A seeded mutational fuzzer over the scenario decoder: 2,500 mutated scenario files, each
/// decoded in this process. Each must decode or be refused with a `ScenarioError` (an
/// error with a location and a message); a crash would take the test run down. (How long
/// the slowest case took is printed, not asserted: speed is for the benchmarks.)
final class ScenarioFuzzTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testMutatedScenariosDecodeOrAreRefusedClearly() throws {
        var corpus: [String] = []
        for dir in ["Scenarios", "Scenarios/table-25-9", "Tests/EndToEndTests/Fixtures"] {
            let url = Self.root.appendingPathComponent(dir)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".json5") {
                corpus.append(try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8))
            }
        }
        XCTAssertGreaterThan(corpus.count, 8)
        var fuzz = InputMutator(seed: 2_026)
        var decoded = 0, refused = 0, slowest = 0.0
        for i in 0..<2_500 {
            var text = corpus[fuzz.int(corpus.count)]
            for _ in 0..<(1 + fuzz.int(3)) { text = fuzz.mutate(text) }
            let start = Date()
            do {
                _ = try ScenarioLoader.decode(text, file: "fuzz\(i).json5")
                decoded += 1
            } catch {
                refused += 1
                let message = error.description
                XCTAssertTrue(message.hasPrefix("fuzz\(i).json5"), "case \(i): the message names the file: \(message.prefix(200))")
                XCTAssertFalse(message.contains("\n"), "case \(i): one line")
                XCTAssertLessThan(message.utf8.count, 2_000, "case \(i): a short message")
            }
            slowest = max(slowest, Date().timeIntervalSince(start))
        }
        XCTAssertGreaterThan(refused, 1_000, "most mutations are bad input")
        XCTAssertGreaterThan(decoded, 50, "some mutations stay valid, so the decoder's accepting paths are fuzzed too")
        print("scenario fuzz: 2500 cases, \(decoded) decoded, \(refused) refused (exit 2), slowest \(slowest) s")
    }
}
