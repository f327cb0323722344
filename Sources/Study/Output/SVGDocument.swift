// A minimal SVG writer with fixed number formatting, so the same plot always
// produces the same bytes (docs/output.md `*.svg`).

/// An SVG document built element by element, one element per line.
///
/// Coordinates print with at most two decimals (trailing zeros stripped),
/// and all text goes through `escape`, so output is deterministic and
/// well-formed XML.
struct SVGDocument {
    /// Canvas width in pixels.
    let width: Int
    /// Canvas height in pixels.
    let height: Int
    /// The accessible title (`<title>`), also shown by viewers on hover.
    let title: String
    /// Serialized elements in drawing order.
    private var elements: [String] = []

    /// An empty canvas with a white background.
    init(width: Int, height: Int, title: String) {
        self.width = width
        self.height = height
        self.title = title
        rect(x: 0, y: 0, width: Double(width), height: Double(height), fill: "#ffffff")
    }

    /// The whole document, ending with a newline.
    func render() -> String {
        var output = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        output += " viewBox=\"0 0 \(width) \(height)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
        output += "<title>\(Self.escape(title))</title>\n"
        for element in elements { output += element + "\n" }
        output += "</svg>\n"
        return output
    }

    // MARK: Elements

    /// A filled rectangle; `extra` holds further attributes (already escaped).
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, extra: String = "") {
        elements.append("<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\""
            + " height=\"\(Self.number(height))\" fill=\"\(fill)\"\(extra)/>")
    }

    /// A straight line.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1) {
        elements.append("<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\""
            + " y2=\"\(Self.number(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\"/>")
    }

    /// A path given as SVG path data; `extra` holds further attributes.
    mutating func path(_ data: String, stroke: String, width: Double, fill: String = "none", extra: String = "") {
        elements.append("<path d=\"\(data)\" fill=\"\(fill)\" stroke=\"\(stroke)\""
            + " stroke-width=\"\(Self.number(width))\"\(extra)/>")
    }

    /// A circle.
    mutating func circle(x: Double, y: Double, radius: Double, fill: String) {
        elements.append("<circle cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\""
            + " fill=\"\(fill)\"/>")
    }

    /// Text at a point; `anchor` is `start`, `middle` or `end`, and a
    /// non-zero `rotation` turns it (in degrees) about that point.
    mutating func text(_ content: String, x: Double, y: Double, anchor: String = "start",
                       size: Int = 12, bold: Bool = false, rotation: Int = 0, fill: String = "#222222") {
        var attributes = "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" text-anchor=\"\(anchor)\""
        if size != 12 { attributes += " font-size=\"\(size)\"" }
        if bold { attributes += " font-weight=\"bold\"" }
        if rotation != 0 {
            attributes += " transform=\"rotate(\(rotation) \(Self.number(x)) \(Self.number(y)))\""
        }
        elements.append("<text \(attributes) fill=\"\(fill)\">\(Self.escape(content))</text>")
    }

    // MARK: Formatting

    /// A coordinate with at most two decimals, trailing zeros stripped,
    /// clamped to ±1e7 so a stray value cannot produce absurd text.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int64((Swift.min(Swift.max(value, -1e7), 1e7) * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction == 0 { return sign + whole }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return sign + whole + "." + digits
    }

    /// Text with `&`, `<`, `>`, `"` and `'` replaced by XML entities, and
    /// control characters other than tab and line breaks dropped.
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            default:
                if scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" { continue }
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
