// `trace --format svg`: a sequence chart of a window of one replication, like OMNeT++'s
// (docs/cli.md#trace): a lane per program, time going down one row per event (an event-ordered
// axis, each row labelled with its clock time), an arrow per message from the sender's row to
// the receiver's, each program's runs as bars on its lane, and what did not happen marked.
import SimKernel

struct SequenceChart {
    /// The log, in time order, every process's rows.
    var records: [TraceRecord]
    var window: TraceWindow
    var duration: SimTime
    var keep: Set<String>?
    var programs: [String]
    var title: String
    /// At most this many rows are drawn (the first ones of the window).
    var maxRows = 400

    /// Rows of the window that were left out (past `maxRows`).
    private(set) var rowsLeftOut = 0

    // Layout, in pixels.
    static let rowHeight = 18.0
    static let top = 112.0
    static let margin = 16.0
    static let fontSize = 11

    mutating func svg() -> String {
        let clock = TraceClock(duration: duration)
        let all = records.filter { window.contains($0.time) && (keep?.contains($0.process) ?? true) }
        let rows = Array(all.prefix(maxRows))
        rowsLeftOut = all.count - rows.count
        let lanes = TraceReading.tracks(rows, programs: programs).filter { keep?.contains($0) ?? true }
        // Columns: the time, the lanes, the rows' text; each as wide as its widest text.
        let clockLabels = rows.map { clock.format($0.time) }
        let secondLabels = rows.map { CSVNumber.format(Time.seconds($0.time)) + " s" }
        let clockWidth = max(TextWidth.of("clock time", size: Self.fontSize, bold: true),
                             clockLabels.map { TextWidth.of($0, size: Self.fontSize) }.max() ?? 60) + 12
        let secondsWidth = max(TextWidth.of("seconds", size: Self.fontSize, bold: true),
                               secondLabels.map { TextWidth.of($0, size: Self.fontSize) }.max() ?? 60)
        let timeWidth = clockWidth + secondsWidth + 12
        let laneWidth = max(84, (lanes.map { TextWidth.of($0, size: Self.fontSize, bold: true) }.max() ?? 60) + 14)
        let lanesLeft = Self.margin + timeWidth
        var x: [String: Double] = [:]
        for (i, lane) in lanes.enumerated() { x[lane] = lanesLeft + laneWidth * (Double(i) + 0.5) }
        let textLeft = lanesLeft + laneWidth * Double(lanes.count) + 14
        let texts = rows.map(Self.text)
        let textWidth = texts.map { TextWidth.of($0, size: Self.fontSize) }.max() ?? 100
        let heading = "Sequence chart: \(title)"
        let sub = "\(clock.format(window.from)) to \(clock.format(window.to)) (\(CSVNumber.format(Time.seconds(window.from))) s to "
            + "\(CSVNumber.format(Time.seconds(window.to))) s), \(rows.count) events"
            + (rowsLeftOut > 0 ? ", the first \(rows.count) of \(all.count): narrow the window to see the rest" : "")
        let legend = Self.legendItems
        let legendWidth = legend.reduce(0) { $0 + 26 + TextWidth.of($1.1, size: Self.fontSize) + 14 }
        let width = max(textLeft + textWidth + Self.margin,
                        Self.margin * 2 + max(TextWidth.of(heading, size: 15, bold: true), TextWidth.of(sub, size: 12), legendWidth))
        let bottom = Self.top + Self.rowHeight * Double(max(rows.count, 1)) + 10
        let height = bottom + Self.margin
        var svg = SVGDocument(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), title: heading)
        svg.text(heading, x: Self.margin, y: 24, size: 15, bold: true)
        svg.text(sub, x: Self.margin, y: 44, size: 12, fill: "#444444")
        // Legend.
        var lx = Self.margin
        for (kind, label) in legend {
            Self.marker(&svg, kind, x: lx + 8, y: 62)
            svg.text(label, x: lx + 20, y: 66, size: Self.fontSize, fill: "#444444")
            lx += 26 + TextWidth.of(label, size: Self.fontSize) + 14
        }
        // Lane heads and lines.
        let y0 = Self.top, y1 = bottom
        for lane in lanes {
            let lx = x[lane]!
            svg.text(lane, x: lx, y: y0 - 14, anchor: "middle", size: Self.fontSize, bold: true)
            svg.line(x1: lx, y1: y0 - 8, x2: lx, y2: y1, stroke: "#c8c8c8", width: 1)
        }
        svg.text("clock time", x: Self.margin, y: y0 - 14, size: Self.fontSize, bold: true)
        svg.text("seconds", x: Self.margin + clockWidth + secondsWidth, y: y0 - 14, anchor: "end", size: Self.fontSize, bold: true)
        svg.text("event", x: textLeft, y: y0 - 14, size: Self.fontSize, bold: true)
        func y(_ row: Int) -> Double { y0 + Self.rowHeight * (Double(row) + 0.5) }
        // Runs: a bar on the lane from the row of its launch to that of its end (or the edges).
        for run in TraceReading.runs(records, end: duration) {
            guard let lx = x[run.process], run.end >= window.from, run.start <= window.to, !rows.isEmpty else { continue }
            let first = rows.firstIndex { $0.time >= run.start && $0.process == run.process } ?? rows.firstIndex { $0.time >= run.start }
            let last = rows.lastIndex { $0.time <= run.end && $0.process == run.process } ?? rows.lastIndex { $0.time <= run.end }
            let top = run.start < window.from || first == nil ? y0 : y(first!)
            let end = run.end > window.to || last == nil ? y1 : y(last!)
            guard end >= top else { continue }
            let killed = run.ended != nil && run.ended != "normal" && run.ended != "suspended"
            svg.rect(x: lx - 4, y: top, width: 8, height: max(2, end - top), fill: killed ? "#f4c7c3" : "#d6e4f5",
                     extra: " stroke=\"\(killed ? "#c0392b" : "#7a9cc6")\" stroke-width=\"0.8\"")
        }
        // Rows: the time, the arrow of a message, the marker, the text.
        for (i, r) in rows.enumerated() {
            let ry = y(i)
            if i % 2 == 1 {
                svg.rect(x: Self.margin, y: ry - Self.rowHeight / 2, width: width - 2 * Self.margin, height: Self.rowHeight,
                         fill: "#000000", extra: " fill-opacity=\"0.03\"")
            }
            svg.text(clockLabels[i], x: Self.margin, y: ry + 4, size: Self.fontSize, fill: "#555555")
            svg.text(secondLabels[i], x: Self.margin + clockWidth + secondsWidth, y: ry + 4, anchor: "end", size: Self.fontSize, fill: "#555555")
            guard let px = x[r.process] else { continue }
            if r.event == "receive", let s = r.sender, let sx = x[s] {
                // The send's place on the event axis: the sender's last row at or before it, else
                // the last row of any program then, else above the window.
                let sendRow = rows[..<i].lastIndex { $0.process == s && $0.time <= r.sentAt }
                    ?? rows[..<i].lastIndex { $0.time <= r.sentAt }
                let sy = sendRow.map(y) ?? y0
                Self.arrow(&svg, from: (sx, sy), to: (px, ry), dashed: sendRow == nil)
            }
            let kind = Self.kind(r)
            Self.marker(&svg, kind, x: px, y: ry)
            svg.line(x1: px + 7, y1: ry, x2: textLeft - 4, y2: ry, stroke: "#e2e2e2", width: 0.6)
            svg.text(texts[i], x: textLeft, y: ry + 4, size: Self.fontSize,
                     bold: kind == .lost || kind == .refused || kind == .held,
                     fill: kind == .lost || kind == .refused ? "#b03a2e" : kind == .held ? "#b9770e" : "#222222")
        }
        return svg.render()
    }

    /// The text of a row: `widgetHost ← reloadRequest(…) from app, 0.4 s after it was sent`.
    static func text(_ r: TraceRecord) -> String {
        if r.event == "receive" {
            var t = "\(r.process) ← \(r.details)"
            if let s = r.sender {
                let delay = r.time - r.sentAt
                t += delay > 0 ? "  from \(s), sent \(CSVNumber.format(Time.seconds(delay))) s before" : "  from \(s)"
            }
            return t
        }
        if r.event == "ended" { return "\(r.process) · ended \(TraceReading.endedHow(r.details))" }
        return "\(r.process) · \(r.event)\(r.details.isEmpty ? "" : " " + r.details)"
    }

    enum Kind { case delivery, launch, end, killed, lost, refused, held, other }

    static func kind(_ r: TraceRecord) -> Kind {
        switch r.event {
        case "receive": return .delivery
        case "launched", "resumed": return .launch
        case "ended": return r.details == "normal" || r.details == "suspended" ? .end : .killed
        case "lost", "dropped", "discarded": return .lost
        case "refused", "wakeRefused", "reloadRefused": return .refused
        case "held", "alarmDeferred": return .held
        default: return .other
        }
    }

    static let legendItems: [(Kind, String)] = [
        (.delivery, "message delivered (arrow from its sender)"), (.launch, "run starts"), (.killed, "run killed or crashed"),
        (.lost, "lost or dropped"), (.refused, "refused"), (.held, "held"),
    ]

    static func marker(_ svg: inout SVGDocument, _ kind: Kind, x: Double, y: Double) {
        let n = SVGDocument.number
        switch kind {
        case .delivery: svg.circle(x: x, y: y, radius: 3, fill: "#2e5c8a")
        case .launch: svg.path("M\(n(x - 4)),\(n(y - 5))L\(n(x + 5)),\(n(y))L\(n(x - 4)),\(n(y + 5))Z", stroke: "#1e8449", width: 1, fill: "#27ae60")
        case .end: svg.rect(x: x - 4, y: y - 4, width: 8, height: 8, fill: "#7f8c8d")
        case .killed: svg.rect(x: x - 4.5, y: y - 4.5, width: 9, height: 9, fill: "#c0392b")
        case .lost:
            svg.path("M\(n(x - 5)),\(n(y - 5))L\(n(x + 5)),\(n(y + 5))M\(n(x - 5)),\(n(y + 5))L\(n(x + 5)),\(n(y - 5))", stroke: "#c0392b", width: 2.4)
        case .refused:
            svg.path("M\(n(x - 5)),\(n(y))A5,5 0 1,0 \(n(x + 5)),\(n(y))A5,5 0 1,0 \(n(x - 5)),\(n(y))M\(n(x - 3.5)),\(n(y + 3.5))L\(n(x + 3.5)),\(n(y - 3.5))",
                     stroke: "#c0392b", width: 1.8, fill: "#ffffff")
        case .held: svg.path("M\(n(x)),\(n(y - 6))L\(n(x + 6)),\(n(y))L\(n(x)),\(n(y + 6))L\(n(x - 6)),\(n(y))Z", stroke: "#b9770e", width: 1, fill: "#f5b041")
        case .other: svg.circle(x: x, y: y, radius: 2.2, fill: "#95a5a6")
        }
    }

    /// An arrow from the sender's lane to the receiver's, its head at the receiver.
    static func arrow(_ svg: inout SVGDocument, from a: (Double, Double), to b: (Double, Double), dashed: Bool) {
        let n = SVGDocument.number
        let dx = b.0 - a.0, dy = b.1 - a.1
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1 else { return }
        let (ux, uy) = (dx / length, dy / length)
        let tip = (b.0 - ux * 4, b.1 - uy * 4)           // stop short of the marker
        let base = (tip.0 - ux * 8, tip.1 - uy * 8)
        let (px, py) = (-uy * 3.5, ux * 3.5)
        svg.path("M\(n(a.0)),\(n(a.1))L\(n(base.0)),\(n(base.1))", stroke: "#2e5c8a", width: 1.1,
                 extra: dashed ? " stroke-dasharray=\"4 3\"" : "")
        svg.path("M\(n(tip.0)),\(n(tip.1))L\(n(base.0 + px)),\(n(base.1 + py))L\(n(base.0 - px)),\(n(base.1 - py))Z",
                 stroke: "#2e5c8a", width: 0.8, fill: "#2e5c8a")
    }
}

/// The width of a line of text, measured from Helvetica's advance widths (in 1000ths of the
/// font size; a character outside ASCII as a full em) and widened by a fifth for the fonts a
/// viewer falls back to (DejaVu Sans, which rsvg-convert uses where Helvetica and Arial are
/// missing, is about that much wider), so a chart sizes its columns to what it writes and
/// nothing is clipped.
enum TextWidth {
    static func of(_ text: String, size: Int, bold: Bool = false) -> Double {
        var units = 0.0
        for c in text.unicodeScalars { units += advance(c) }
        return units * Double(size) / 1000 * (bold ? 1.07 : 1.0) * 1.2
    }

    static func advance(_ c: Unicode.Scalar) -> Double {
        switch c {
        case "i", "j", "l", "'", "|": return 222
        case " ", "f", "t", "I", ".", ",", ":", ";", "!", "/", "\\", "[", "]": return 278
        case "r", "(", ")", "-", "{", "}": return 333
        case "\"", "*": return 389
        case "0"..."9", "a", "b", "c", "d", "e", "g", "h", "k", "n", "o", "p", "q", "s", "u", "v", "x", "y", "z", "_", "#", "$": return 556
        case "F", "J", "L", "T", "Z": return 611
        case "A", "B", "E", "K", "P", "S", "V", "X", "Y", "&": return 667
        case "C", "D", "H", "N", "R", "U", "w": return 722
        case "G", "O", "Q": return 778
        case "M", "m": return 833
        case "W": return 944
        case "=", "+", "<", ">", "~": return 584
        case "%": return 889
        case "@": return 1015
        default: return c.value < 128 ? 556 : 1000    // arrows (←), middle dots and other symbols: a full em
        }
    }
}
