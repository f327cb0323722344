import Foundation
import XCTest

/// The repository stands alone (docs/model.md says in its own words what each model is and
/// where each figure comes from): no tracked source, test, document or scenario points at a
/// document outside it (the project's brief, its specification, its chapter map or the
/// numbered source material).
final class StandsAloneTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testNothingPointsOutsideTheRepository() throws {
        // Assembled so this file does not match itself.
        let outside = ["../" + "shared", "SPEC" + " §", "of the " + "SPEC", "CHAPTER" + "-MAP",
                       "seed " + "00", "Field report " + "00", "platform-facts " + "§"]
        var offending: [String] = []
        for top in ["Sources", "Tests", "docs", "Scenarios", "scripts", "Examples/CustomSurface/Sources",
                    "Examples/CustomSurface/Tests", "README.md", "ARCHITECTURE.md", "Makefile"] {
            let url = Self.root.appendingPathComponent(top)
            var files: [URL] = []
            var isFolder: ObjCBool = false
            XCTAssertTrue(FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), top)
            if isFolder.boolValue, let e = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) {
                for case let f as URL in e where ["swift", "md", "json5", "py", "sh"].contains(f.pathExtension) { files.append(f) }
            } else {
                files = [url]
            }
            for f in files {
                guard let text = try? String(contentsOf: f, encoding: .utf8) else { continue }
                let name = f.path.replacingOccurrences(of: Self.root.path + "/", with: "")
                for needle in outside where text.contains(needle) { offending.append("\(name): \(needle)") }
                for line in text.split(separator: "\n") where Self.citesAnOutsideSection(line) {
                    offending.append("\(name): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        XCTAssertEqual(offending, [])
    }

    /// A line that cites a numbered section (a section sign and a number) other than the
    /// chapter's own (25.x, which docs/model.md lists) or a published standard's (an RFC's, cited in
    /// docs/platform-facts.md): a section of a document the repository does not have.
    static func citesAnOutsideSection(_ line: Substring) -> Bool {
        guard !line.contains("RFC") else { return false }
        var rest = line[...]
        while let mark = rest.firstIndex(of: "§") {
            rest = rest[rest.index(after: mark)...]
            if rest.first?.isNumber == true && !rest.hasPrefix("25.") { return true }
        }
        return false
    }

    /// The section check itself, on lines it must and must not flag.
    func testSectionCitationsOutsideTheChapterAreFound() {
        // Written with escapes, so that this file does not flag itself.
        for flagged in ["// split (docs/model.md#randomness, \u{A7}6).", "/// metrics (\u{A7}3.5): the stages", "see \u{A7}25.3 and \u{A7}4.1"] {
            XCTAssertTrue(Self.citesAnOutsideSection(Substring(flagged)), flagged)
        }
        for fine in ["/// The outbox (\u{A7}25.3, \u{A7}25.7): items", "| RFC 8628, \u{A7}3.2 and \u{A7}3.5 |", "no section sign here"] {
            XCTAssertFalse(Self.citesAnOutsideSection(Substring(fine)), fine)
        }
    }
}
