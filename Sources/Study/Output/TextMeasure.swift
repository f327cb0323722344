// How wide a line of chart text is, so that titles, legends and labels are placed
// before they are drawn and nothing runs off the canvas (docs/output.md, "Legends").
// The charts name Helvetica, Arial or a sans-serif fallback; the widths are
// Helvetica's (its AFM metrics, per 1000 units of the em) widened by `slack`, which
// covers the wider fallbacks (DejaVu Sans, which rsvg-convert uses on Linux).

/// The estimated extent of chart text.
enum TextMeasure {
    /// Widening over Helvetica's widths, for the wider sans-serif fallbacks.
    static let slack = 1.12
    /// Bold text is about this much wider than regular.
    static let boldFactor = 1.08
    /// The width of a character outside printable ASCII (`…`, `ρ`, `μ`, `·`).
    static let otherWidth = 600.0

    /// Helvetica's advance widths of ASCII 32…126, in 1/1000 em.
    static let ascii: [Double] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 … ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ … O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P … _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` … o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,      // p … ~
    ]

    /// The width in pixels of `text` in one line at font `size` (pixels), bold if asked.
    static func width(_ text: String, size: Double = 12, bold: Bool = false) -> Double {
        var units = 0.0
        for scalar in text.unicodeScalars {
            let v = Int(scalar.value)
            units += (32...126).contains(v) ? ascii[v - 32] : otherWidth
        }
        return units / 1000 * size * slack * (bold ? boldFactor : 1)
    }

    /// The largest font size, from `size` down to `smallest`, at which `text` is at most
    /// `available` pixels wide (`smallest` when even that is wider).
    static func fittingSize(_ text: String, available: Double, size: Int, smallest: Int = 9, bold: Bool = false) -> Int {
        var s = size
        while s > smallest, width(text, size: Double(s), bold: bold) > available { s -= 1 }
        return s
    }

    /// `text` cut at the end with an ellipsis so that it is at most `available` pixels wide.
    static func truncated(_ text: String, available: Double, size: Double = 12, bold: Bool = false) -> String {
        guard width(text, size: size, bold: bold) > available else { return text }
        var kept = Substring(text)
        while !kept.isEmpty, width(kept + "…", size: size, bold: bold) > available { kept = kept.dropLast() }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + "…"
    }

    /// The horizontal extent of `text` drawn at `x` with SVG's `anchor` (`start`, `middle`, `end`).
    static func extent(_ text: String, x: Double, anchor: String, size: Double = 12, bold: Bool = false) -> ClosedRange<Double> {
        let w = width(text, size: size, bold: bold)
        switch anchor {
        case "middle": return (x - w / 2)...(x + w / 2)
        case "end": return (x - w)...x
        default: return x...(x + w)
        }
    }
}
