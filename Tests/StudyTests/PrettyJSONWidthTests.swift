import XCTest
@testable import Study

/// The indented JSON of manifests, shard states and checkpoints keeps a nested array or object
/// on one line exactly when its compact form is at most `PrettyJSON.inlineWidth` Unicode
/// scalars (docs/output.md). The width is measured without rendering; these hold the
/// measurement to its definition, the length of the compact text.
final class PrettyJSONWidthTests: XCTestCase {
    /// The definition: render compactly and count.
    private func rendersInline(_ value: JSONValue) -> Bool {
        ParameterRendering.node(value).render().unicodeScalars.count <= PrettyJSON.inlineWidth
    }

    /// Strings whose quoted form is near the width in scalars: plain, escaped (each escape two
    /// or six scalars), and non-ASCII (more UTF-8 bytes than scalars).
    private func strings(near width: Int) -> [String] {
        var out: [String] = []
        for n in (width - 8)...(width + 2) {
            out.append(String(repeating: "a", count: n))
            out.append(String(repeating: "é", count: n))               // two bytes each
            out.append(String(repeating: "😀", count: n))              // four bytes each
            out.append(String(repeating: "\"", count: n / 2))
            out.append(String(repeating: "\u{01}", count: n / 6))      // \u0001
            out.append("tab\there" + String(repeating: "x", count: max(0, n - 9)))
        }
        return out
    }

    func testTheMeasuredWidthIsTheCompactLength() {
        let width = PrettyJSON.inlineWidth
        var values: [JSONValue] = []
        for s in strings(near: width) {
            values.append(.array([ParameterRendering.node(.string(s))]))
            values.append(JSONBuild.object([("k", .string(s))]))
            values.append(JSONBuild.object([(s, .null)]))
            values.append(JSONBuild.object([("a", JSONBuild.array([.string(s), .bool(false)]))]))
        }
        for n in 0...40 {
            values.append(JSONBuild.array(Array(repeating: .number(7), count: n)))              // 2n + 1 scalars
            values.append(JSONBuild.array(Array(repeating: .number(0.125), count: n / 3)))
            values.append(JSONBuild.array((0..<n).map { .number(Double($0) * 1e20) }))
            values.append(JSONBuild.object((0..<(n / 4)).map { ("key\($0)", .bool($0 % 2 == 0)) }))
            values.append(JSONBuild.array([JSONBuild.object([]), JSONBuild.array([]),
                                           JSONBuild.array(Array(repeating: .null, count: n))]))
        }
        var fits = 0
        for (i, value) in values.enumerated() {
            XCTAssertEqual(PrettyJSON.fitsInline(value), rendersInline(value),
                           "value \(i): \(ParameterRendering.node(value).render().prefix(90))")
            if rendersInline(value) { fits += 1 }
        }
        // Both answers occur, so the cases straddle the width.
        XCTAssertGreaterThan(fits, 50)
        XCTAssertGreaterThan(values.count - fits, 50)
    }

    func testStringsEscapeAsBefore() {
        let text = "q\" b\\ n\n r\r t\t b\u{08} f\u{0C} c\u{01} é 😀"
        var out = ""
        JSONRenderer.appendString(text, to: &out)
        XCTAssertEqual(out, #""q\" b\\ n\n r\r t\t b\b f\f c\u0001 é 😀""#)
        var plain = ""
        JSONRenderer.appendString("lh1;142;0:545646;2894:1,74:1", to: &plain)
        XCTAssertEqual(plain, #""lh1;142;0:545646;2894:1,74:1""#)
    }
}
