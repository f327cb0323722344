// How a legend fits its column beside the plot (docs/output.md, "Legends"): each label
// wrapped at its commas into lines the column holds (measured, `TextMeasure`), never cut
// inside a value, and as many entries as fit the height; the series left out are drawn in
// gray and counted.

/// The lines of legend labels and how many entries fit.
enum PlotLegend {
    /// Pixels a legend line holds before it wraps (about 20 characters).
    static let lineWidth = 150.0
    /// Height of an entry's first line, and of each further line.
    static let entryHeight = 20.0, continuationHeight = 14.0
    /// Units a value is written with in labels; never put on a line of their own.
    static let units: Set<String> = ["s", "ms", "min", "h", "d", "B", "KB", "MB", "GB", "s,", "min,", "h,", "ms,", "d,"]
    /// The color of the series that have no legend entry.
    static let overflowColor = "#BBBBBB"

    /// `label` as the lines it takes: split after ", " where a line would be longer
    /// than `lineWidth` (a part longer than a line is split at spaces, never inside a word).
    static func lines(_ label: String) -> [String] {
        func fits(_ text: String) -> Bool { TextMeasure.width(text) <= lineWidth }
        guard !fits(label) else { return [label] }
        var parts: [String] = []
        let pieces = label.components(separatedBy: ", ")
        for (i, piece) in pieces.enumerated() {
            parts.append(i < pieces.count - 1 ? piece + "," : piece)
        }
        var result: [String] = []
        var current = ""
        func add(_ word: String, separator: String) {
            if current.isEmpty { current = word } else if fits(current + separator + word) {
                current += separator + word
            } else {
                result.append(current)
                current = word
            }
        }
        for part in parts {
            if fits(part) {
                add(part, separator: " ")
            } else {
                // A unit stays with its number (`0 s`, `5 min`): a value is never split.
                var words: [String] = []
                for word in part.split(separator: " ").map(String.init) {
                    if let last = words.last, units.contains(word) { words[words.count - 1] = last + " " + word } else { words.append(word) }
                }
                for word in words { add(word, separator: " ") }
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// How many of `labels` (from the first) fit between `top` and `bottom`, keeping
    /// room for the note on the rest when not all fit.
    static func fitting(_ labels: [String], top: Double, bottom: Double) -> Int {
        var y = top + 8
        for (index, label) in labels.enumerated() {
            let height = entryHeight + Double(lines(label).count - 1) * continuationHeight
            let noteRoom = index == labels.count - 1 ? 0 : 2 * entryHeight
            if y + height + noteRoom > bottom { return index }
            y += height
        }
        return labels.count
    }

    /// The note on the entries left out.
    static func note(_ hidden: Int) -> [String] {
        ["gray: \(hidden) more", "(all in summary.csv)"]
    }
}
