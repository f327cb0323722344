import XCTest
import Study

/// JSON5 parsing (every feature of the format), error positions, and rendering.
final class JSON5Tests: XCTestCase {
    private let featureDocument = """
    // a line comment
    {
      unquoted: 'single \\'quoted\\'',
      "double": "tab\\there \\u0041\\x42\\n",
      hex: 0xFF, negativeHex: -0x10,
      leading: .5, trailing: 5., plus: +1, exponent: 1.5e3,
      inf: Infinity, negativeInf: -Infinity, nan: NaN,
      /* a block
         comment */
      list: [1, 2, 3,],
      continued: "line \\
    continued",
      $id_1: null, yes: true, no: false,
      emoji: "\\uD83D\\uDE00",
    }
    """

    func testAcceptsEveryJSON5Feature() throws {
        let root = try JSON5.parse(featureDocument)
        XCTAssertEqual(root[key: "unquoted"]?.value, .string("single 'quoted'"))
        XCTAssertEqual(root[key: "double"]?.value, .string("tab\there AB\n"))
        XCTAssertEqual(root[key: "hex"]?.value, .number(255))
        XCTAssertEqual(root[key: "negativeHex"]?.value, .number(-16))
        XCTAssertEqual(root[key: "leading"]?.value, .number(0.5))
        XCTAssertEqual(root[key: "trailing"]?.value, .number(5))
        XCTAssertEqual(root[key: "plus"]?.value, .number(1))
        XCTAssertEqual(root[key: "exponent"]?.value, .number(1500))
        XCTAssertEqual(root[key: "inf"]?.value, .number(.infinity))
        XCTAssertEqual(root[key: "negativeInf"]?.value, .number(-.infinity))
        guard case .number(let nan)? = root[key: "nan"]?.value else { return XCTFail("NaN missing") }
        XCTAssertTrue(nan.isNaN)
        XCTAssertEqual(root[key: "continued"]?.value, .string("line continued"))
        XCTAssertEqual(root[key: "$id_1"]?.value, .null)
        XCTAssertEqual(root[key: "yes"]?.value, .bool(true))
        XCTAssertEqual(root[key: "no"]?.value, .bool(false))
        XCTAssertEqual(root[key: "emoji"]?.value, .string("😀"))
        guard case .array(let list)? = root[key: "list"]?.value else { return XCTFail("list missing") }
        XCTAssertEqual(list.map(\.value), [.number(1), .number(2), .number(3)])
    }

    func testKeepsMemberOrderAndSourcePositions() throws {
        let root = try JSON5.parse("{\n  b: 1,\n  a: [true,\n    'x'],\n}")
        guard case .object(let members) = root.value else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["b", "a"])
        XCTAssertEqual([members[1].keyLine, members[1].keyColumn], [3, 3])
        XCTAssertEqual([members[1].value.line, members[1].value.column], [3, 6])
        guard case .array(let elements) = members[1].value.value else { return XCTFail("not an array") }
        XCTAssertEqual([elements[1].line, elements[1].column], [4, 5])
        XCTAssertEqual([root.line, root.column], [1, 1])
    }

    func testRejectsMalformedInputWithPosition() {
        let cases: [(text: String, line: Int, column: Int, message: String)] = [
            ("{a: 1 x}", 1, 7, "expected ',' or '}', found 'x'"),
            ("[1, 2\n  3]", 2, 3, "expected ',' or ']', found '3'"),
            ("{a: 1, a: 2}", 1, 8, "duplicate key 'a' (first at line 1, column 2)"),
            ("\"abc", 1, 5, "expected '\"' to close the string, found end of input"),
            ("'a\nb'", 1, 3, "expected \"'\" to close the string, found line break"),
            ("{\n  a: 01\n}", 2, 7, "expected '.', 'e' or the end of the number after a leading zero, found '1'"),
            ("/* open", 1, 1, "unterminated comment: expected '*/', found end of input"),
            ("", 1, 1, "expected a value, found end of input"),
            ("[1,,2]", 1, 4, "expected a value or ']', found ','"),
            ("{a 1}", 1, 4, "expected ':' after key 'a', found '1'"),
            ("tru", 1, 1, "expected a value, found 'tru'"),
            ("1 2", 1, 3, "expected end of input, found '2'"),
            ("\"\\u12G4\"", 1, 6, "expected a hexadecimal digit, found 'G'"),
            ("[1,\r\n  x]", 2, 3, "expected a value, found 'x'"),
            ("[\"é\", @]", 1, 7, "expected a value, found '@'"),
            ("{1: 2}", 1, 2, "expected a key or '}', found '1'"),
            ("0x", 1, 3, "expected a hexadecimal digit, found end of input"),
            ("12abc", 1, 3, "expected the end of the number, found 'a'"),
            ("-Infinite", 1, 2, "expected a number, found 'Infinite'"),
            ("1e", 1, 3, "expected an exponent digit, found end of input"),
            ("\"\\uD800\"", 1, 3, "expected a Unicode scalar, found a lone surrogate in '\\u' escape"),
        ]
        for item in cases {
            XCTAssertThrowsError(try JSON5.parse(item.text), "input: \(item.text)") { error in
                XCTAssertEqual(error as? JSON5Error,
                               JSON5Error(line: item.line, column: item.column, message: item.message),
                               "input: \(item.text)")
            }
        }
    }

    func testRefusesExcessiveNesting() {
        let text = String(repeating: "[", count: JSON5.maximumDepth + 1)
        XCTAssertThrowsError(try JSON5.parse(text)) { error in
            XCTAssertEqual((error as? JSON5Error)?.message, "nesting deeper than \(JSON5.maximumDepth) levels")
        }
    }

    func testRendersCompactStandardJSONInFileOrder() throws {
        let root = try JSON5.parse("{b: 1, a: [1.5, 'x\"y\\\\', null, true], c: 1e20, d: -0, e: .1, f: NaN, g: '\\u0001'}")
        XCTAssertEqual(root.render(),
                       #"{"b":1,"a":[1.5,"x\"y\\",null,true],"c":1e+20,"d":0,"e":0.1,"f":null,"g":"\u0001"}"#)
    }

    func testRenderedJSONParsesBackToTheSameValues() throws {
        let root = try JSON5.parse(featureDocument)
        let again = try JSON5.parse(root.render())
        XCTAssertEqual(again.render(), root.render())
        XCTAssertEqual(again[key: "emoji"]?.value, .string("😀"))
    }

    func testKindNamesForMessages() {
        XCTAssertEqual(JSONValue.number(1).kindName, "a number")
        XCTAssertEqual(JSONValue.object([]).kindName, "an object")
    }
}
