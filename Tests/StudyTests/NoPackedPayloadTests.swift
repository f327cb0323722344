import Foundation
import XCTest

/// Programs talk in typed inputs (ARCHITECTURE.md, the life of one event): no number in a
/// message or timer selects what the receiver does, and no fields travel packed by shifts or
/// masks. The model layer's sources (Platform and Surfaces) carry no shift or mask, but for the
/// lost changes' bitset (`LostChanges.swift`, a set of change numbers, not a message), and sizes
/// are written as numbers (`65_536`, `30 * 1_048_576`), so a shift there stands out.
final class NoPackedPayloadTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    func testTheModelLayerPacksNothing() throws {
        let shiftOrMask = try NSRegularExpression(pattern: #"<<|>>|&\s*0x|\|\s*0x|\.tag\("#)
        var offending: [String] = []
        for folder in ["Platform", "Surfaces"] {
            let root = Self.sources.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            for case let url as URL in files where url.pathExtension == "swift" && url.lastPathComponent != "LostChanges.swift" {
                let text = try String(contentsOf: url, encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.components(separatedBy: "//")[0]
                    let range = NSRange(code.startIndex..., in: code)
                    if shiftOrMask.firstMatch(in: code, range: range) != nil {
                        offending.append("\(url.lastPathComponent):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        XCTAssertEqual(offending, [], "a shift, a mask or an integer tag in the model layer")
    }
}
