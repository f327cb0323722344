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
                for needle in outside where text.contains(needle) {
                    offending.append("\(f.path.replacingOccurrences(of: Self.root.path + "/", with: "")): \(needle)")
                }
            }
        }
        XCTAssertEqual(offending, [])
    }
}
