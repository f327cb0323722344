// The text of `--precision` (docs/cli.md#sizing-a-study-to-a-precision):
//   METRIC=5%                         the mean, within 5 % of itself (or =0.05; =10s: ±10 s)
//   METRIC.p90=5%                     a pooled quantile (a bootstrapped staleness)
//   P(METRIC > 1h)=0.01               a tail probability, within ±0.01 (or =1%)
//   METRIC[a=1] - METRIC[a=0]=10s     a paired contrast of means, within ±10 s (or =5% of it)
import Surfaces
import SurfaceCore

extension PrecisionTarget {
    /// The forms, for messages.
    static let forms = "METRIC=5% or METRIC=0.05 (the mean), METRIC.p90=5% (a quantile), P(METRIC > 1h)=0.01 (a tail probability) "
        + "or \"METRIC[path=value] - METRIC[path=other]=10s\" (a paired contrast)"

    /// Parses one `--precision` value.
    /// - Throws: a message for exit status 2 naming what was expected and found (an unknown
    ///   metric names the nearest).
    public init(parsing text: String) throws(StudyError) {
        guard let eq = Self.lastTopLevelEquals(text) else {
            throw .invalid("--precision: expected \(Self.forms), found '\(text)'")
        }
        let left = String(text[..<eq]).trimmingSpaces, goalText = String(text[text.index(after: eq)...]).trimmingSpaces
        if left.hasPrefix("P(") {
            guard left.hasSuffix(")"), let gt = left.firstIndex(of: ">") else {
                throw .invalid("--precision: expected a tail probability written P(METRIC > THRESHOLD)=0.01, found '\(left)'")
            }
            let name = String(left[left.index(left.startIndex, offsetBy: 2)..<gt]).trimmingSpaces
            var thresholdText = String(left[left.index(after: gt)..<left.index(before: left.endIndex)]).trimmingSpaces
            if thresholdText.hasPrefix("=") {
                throw .invalid("--precision: P(\(name) >= …) is not a form; write P(\(name) > THRESHOLD), the share of samples strictly above it")
            }
            thresholdText = thresholdText.trimmingSpaces
            let metric = try Self.metric(name)
            guard let threshold = Self.amount(thresholdText, unit: metric.spec.unit), threshold >= 0 else {
                throw .invalid("--precision: expected a threshold of \(name) in its unit (\(Self.unitExample(metric))), found '\(thresholdText)'")
            }
            let goal: Goal
            let number = goalText.hasSuffix("%") ? Double(goalText.dropLast()).map { $0 / 100 } : Double(goalText)
            guard let half = number, half > 0, half < 1 else {
                throw .invalid("--precision: expected the tail probability's half-width, a probability above 0 and below 1 (0.01 or 1%), found '\(goalText)'")
            }
            goal = .absolute(half)
            self.init(metric: metric, estimand: .tail(threshold: threshold), goal: goal, text: text)
            return
        }
        if let close = left.firstIndex(of: "]") {
            try self.init(contrast: left, goalText: goalText, text: text, firstClose: close)
            return
        }
        if left.contains("[") {
            throw .invalid("--precision: expected a contrast written \"METRIC[path=value] - METRIC[path=other]=10s\", found '\(left)' (no closing ']')")
        }
        // A quantile: METRIC.pNN (a name of the catalogue itself is the mean).
        if !Metric.catalogue.contains(where: { $0.spec.name == left }), let dot = Self.lastQuantileSuffix(left),
           let percent = Double(left[dot.upperBound...]) {
            let name = String(left[..<dot.lowerBound])
            let metric = try Self.metric(name)
            guard percent > 0, percent < 100 else {
                throw .invalid("--precision: expected a quantile between p0 and p100 (p50, p90, p99), found '\(left)'")
            }
            guard QuantileBootstrap.metrics.contains(metric) else {
                throw .invalid("--precision: a quantile target needs the bootstrap of a staleness ("
                               + QuantileBootstrap.metrics.map(\.spec.name).joined(separator: ", ") + "); \(name) has none")
            }
            let q = percent / 100
            self.init(metric: metric, estimand: .quantile(q, name: "p" + String(left[dot.upperBound...])),
                      goal: try Self.goal(goalText, metric: metric, bareIsRelative: true), text: text)
            return
        }
        let metric = try Self.metric(left)
        self.init(metric: metric, estimand: .mean, goal: try Self.goal(goalText, metric: metric, bareIsRelative: true), text: text)
    }

    /// `METRIC[sel] - METRIC[sel]`.
    private init(contrast left: String, goalText: String, text: String, firstClose: String.Index) throws(StudyError) {
        let form = "\"METRIC[path=value] - METRIC[path=other]=10s\""
        let rest = left[left.index(after: firstClose)...].trimmingSpaces
        guard rest.hasPrefix("-") else {
            throw .invalid("--precision: expected a contrast written \(form), found '\(left)' (no ' - ' after the first ']')")
        }
        let first = String(left[...firstClose]), second = String(rest.dropFirst()).trimmingSpaces
        let (a, selA) = try Self.side(first, form: form), (b, selB) = try Self.side(second, form: form)
        guard a == b else {
            throw .invalid("--precision: a contrast is of one metric at two sets of points; found \(a) minus \(b)")
        }
        let metric = try Self.metric(a)
        guard (selA.name == nil) == (selB.name == nil), Set(selA.paths) == Set(selB.paths) else {
            throw .invalid("--precision: both sides of a contrast must name points the same way (both by name, or both by the same "
                           + "swept paths); found [\(selA.text)] and [\(selB.text)]")
        }
        guard selA != selB || selA.text != selB.text else {
            throw .invalid("--precision: the two sides of a contrast select the same points ([\(selA.text)])")
        }
        self.init(metric: metric, estimand: .contrast(value: selA, baseline: selB),
                  goal: try Self.goal(goalText, metric: metric, bareIsRelative: false), text: text)
    }

    /// `METRIC[selector]`.
    private static func side(_ text: String, form: String) throws(StudyError) -> (String, PointSelector) {
        guard let open = text.firstIndex(of: "["), text.hasSuffix("]") else {
            throw .invalid("--precision: expected a contrast written \(form), found '\(text)' as a side")
        }
        let name = String(text[..<open]).trimmingSpaces
        let inner = String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmingSpaces
        guard !inner.isEmpty else { throw .invalid("--precision: '\(text)' selects no point: write [path=value] or [point name]") }
        guard inner.contains("=") else { return (name, PointSelector(text: inner, name: inner, paths: [], values: [])) }
        var paths: [String] = [], values: [String] = []
        for part in inner.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
            guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else {
                throw .invalid("--precision: expected path=value in [\(inner)], found '\(part.trimmingSpaces)'")
            }
            guard !paths.contains(pieces[0]) else { throw .invalid("--precision: [\(inner)] names \(pieces[0]) twice") }
            paths.append(pieces[0])
            values.append(pieces[1])
        }
        return (name, PointSelector(text: inner, name: nil, paths: paths, values: values))
    }

    /// The catalogue's metric named `name` (a point metric, or an unknown name, is bad input).
    static func metric(_ name: String) throws(StudyError) -> Metric {
        if let metric = Metric.catalogue.first(where: { $0.spec.name == name }) { return metric }
        if MetricCatalog.pointMetrics.contains(where: { $0.name == name }) {
            throw .invalid("--precision: \(name) is one value per point, with no confidence interval; name a metric of 'surfacesim help metrics' with one")
        }
        throw .invalid("--precision: unknown metric '\(name)'" + NameSuggestion.hint(for: name, among: Metric.catalogue.map(\.spec.name)))
    }

    /// A goal: `5%` a share; a bare number a share of the estimate when `bareIsRelative` (the
    /// mean's and a quantile's historical form, in (0, 1]), else an amount in the metric's unit;
    /// a duration (`10s`) an amount of seconds for a metric in seconds.
    static func goal(_ text: String, metric: Metric, bareIsRelative: Bool) throws(StudyError) -> Goal {
        if text.hasSuffix("%") || (bareIsRelative && Double(text) != nil) {
            let number = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
            guard let fraction = number, fraction > 0, fraction <= 1 else {
                throw .invalid("--precision: expected a target above 0 and at most 100% (5% or 0.05), found '\(text)'")
            }
            return .relative(fraction)
        }
        guard let amount = amount(text, unit: metric.spec.unit), amount > 0, amount.isFinite else {
            throw .invalid("--precision: expected a half-width above 0 in \(metric.spec.name)'s unit (\(unitExample(metric))) or a share such as 5%, found '\(text)'")
        }
        return .absolute(amount)
    }

    /// An amount in `unit`: a duration for seconds (`10s`, `1h`, or a bare number of seconds),
    /// a size for bytes, else a bare number.
    static func amount(_ text: String, unit: String) -> Double? {
        if let n = Double(text) { return n.isFinite ? n : nil }
        if unit == "s", let us = Units.parseDuration(text) { return Double(us) / 1e6 }
        if unit == "bytes", let b = Units.parseSize(text) { return Double(b) }
        return nil
    }

    static func unitExample(_ metric: Metric) -> String {
        switch metric.spec.unit {
        case "s": return "a duration such as 10s or 1h"
        case "fraction": return "a fraction such as 0.01"
        case "bytes": return "a size such as 10KB"
        default: return "a number of \(metric.spec.unit)"
        }
    }

    /// Where the last `.p` of `text` lies (the quantile suffix of `METRIC.p90`).
    static func lastQuantileSuffix(_ text: String) -> Range<String.Index>? {
        var i = text.endIndex
        while i > text.startIndex {
            let before = text.index(before: i)
            if text[before] == "p", before > text.startIndex, text[text.index(before: before)] == "." {
                return text.index(before: before)..<i
            }
            i = before
        }
        return nil
    }

    /// The last `=` outside brackets and parentheses (a selector's `=` is inside them).
    static func lastTopLevelEquals(_ text: String) -> String.Index? {
        var depth = 0
        var found: String.Index?
        for i in text.indices {
            switch text[i] {
            case "[", "(": depth += 1
            case "]", ")": depth -= 1
            case "=" where depth == 0: found = i
            default: break
            }
        }
        return found
    }
}

fileprivate extension StringProtocol {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
