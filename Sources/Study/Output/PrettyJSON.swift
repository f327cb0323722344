// Indented, deterministic JSON for manifest.json and shard state (docs/output.md).

/// Writes a `JSONValue` as indented standard JSON: two spaces per level,
/// object members in their given order, numbers and strings as
/// `JSONNode.render()` writes them. Arrays of scalars, and any array or
/// object whose compact form fits in `inlineWidth` characters, stay on one line.
public enum PrettyJSON {
    /// The longest compact form of a nested array or object kept on one line.
    public static let inlineWidth = 60

    /// The value as indented JSON text ending in a newline.
    public static func render(_ value: JSONValue) -> String {
        var output = ""
        append(value, indent: 0, to: &output)
        return output + "\n"
    }

    /// Appends `value` at indentation level `indent`.
    private static func append(_ value: JSONValue, indent: Int, to output: inout String) {
        if indent > 0, isContainer(value), fitsInline(value) {
            JSONRenderer.append(value, to: &output)
            return
        }
        switch value {
        case .array(let elements):
            if elements.allSatisfy({ !isContainer($0.value) }) {
                JSONRenderer.append(value, to: &output)
                return
            }
            output += "[\n"
            for (i, element) in elements.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                append(element.value, indent: indent + 1, to: &output)
                output += i + 1 < elements.count ? ",\n" : "\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            output += "{\n"
            for (i, member) in members.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                JSONRenderer.appendString(member.key, to: &output)
                output += ": "
                append(member.value.value, indent: indent + 1, to: &output)
                output += i + 1 < members.count ? ",\n" : "\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        default:
            JSONRenderer.append(value, to: &output)
        }
    }

    /// Whether `value`'s compact form is at most `inlineWidth` Unicode scalars long. It is
    /// measured, not written, and only as far as the width: a container holding a long string
    /// (a checkpoint's encoded histograms) costs no more to check than a short one, and a deep
    /// tree is not rendered once per level.
    static func fitsInline(_ value: JSONValue) -> Bool {
        var length = 0
        return measure(value, into: &length, limit: inlineWidth)
    }

    /// Adds the length of `value`'s compact form to `length`; false as soon as it passes `limit`.
    private static func measure(_ value: JSONValue, into length: inout Int, limit: Int) -> Bool {
        switch value {
        case .null: length += 4
        case .bool(let flag): length += flag ? 4 : 5
        case .number(let number): length += JSONRenderer.formatNumber(number).unicodeScalars.count
        case .string(let text):
            // A string of more UTF-8 bytes than four per scalar of the limit cannot fit.
            if text.utf8.count > 4 * limit { return false }
            length += JSONRenderer.quotedLength(text)
        case .array(let elements):
            length += 2 + max(0, elements.count - 1)          // brackets and commas
            for element in elements where length <= limit {
                if !measure(element.value, into: &length, limit: limit) { return false }
            }
        case .object(let members):
            length += 2 + max(0, members.count - 1)           // braces and commas
            for member in members where length <= limit {
                if member.key.utf8.count > 4 * limit { return false }
                length += JSONRenderer.quotedLength(member.key) + 1     // the key and its colon
                if length > limit || !measure(member.value.value, into: &length, limit: limit) { return false }
            }
        }
        return length <= limit
    }

    /// Whether a value is an array or an object.
    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return true
        default: return false
        }
    }
}

/// Small helpers to build and read `JSONValue` trees.
enum JSONBuild {
    /// An object from ordered pairs.
    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue { ParameterRendering.object(pairs) }

    /// An array of values.
    static func array(_ values: [JSONValue]) -> JSONValue { .array(values.map(ParameterRendering.node)) }

    /// The string member `key` of an object node.
    static func string(_ node: JSONNode?, _ key: String) -> String? {
        if case .string(let s)? = node?[key: key]?.value { return s }
        return nil
    }

    /// The whole-number member `key` of an object node.
    static func integer(_ node: JSONNode?, _ key: String) -> Int? {
        if case .number(let x)? = node?[key: key]?.value, x == x.rounded(), abs(x) < 1e15 { return Int(x) }
        return nil
    }

    /// The number member `key` of an object node.
    static func number(_ node: JSONNode?, _ key: String) -> Double? {
        if case .number(let x)? = node?[key: key]?.value { return x }
        return nil
    }

    /// The array member `key` of an object node.
    static func array(_ node: JSONNode?, _ key: String) -> [JSONNode]? {
        if case .array(let a)? = node?[key: key]?.value { return a }
        return nil
    }
}
