// `--sweep path=values` (docs/scenarios.md "Sweeps from the command line"): a grid axis given
// on the command line, added to the scenario's grid (or replacing its axis of that path).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Surfaces
import SurfaceCore

/// One `--sweep path=v1,v2,...` option, parsed. Each comma-separated item is a value (as
/// `--set` reads one: JSON5 or a bare word) or a range `low..high/n`: n ≥ 2 values evenly
/// spaced from low to high, both endpoints included (`0s..15m/6` is 0s, 3m, 6m, 9m, 12m, 15m).
/// The endpoints are two numbers, two durations or two sizes; a duration between them is
/// rounded to the microsecond, a size to the byte, a number to 12 significant digits.
public struct SweepOption: Sendable {
    /// The option as typed after `--sweep`.
    public var text: String
    /// The parameter path as typed (a rate may be written without `.perHour`).
    public var path: String
    /// The values, ranges expanded, in order.
    public var values: [JSONNode]

    /// Where errors about this option point.
    var location: InputLocation { .option("--sweep \(text)") }

    /// Parses `path=values`.
    /// - Throws: a `ScenarioError` for a missing `=` or path, an empty item or a bad range.
    public init(parsing text: String) throws(ScenarioError) {
        self.text = text
        let form = "path=v1,v2,... or path=low..high/n (e.g. --sweep widget.jitter=0s,5m,15m)"
        guard let equals = text.firstIndex(of: "=") else {
            throw ScenarioError(.option("--sweep \(text)"), .expected(form, found: "no '='"))
        }
        path = String(text[..<equals])
        guard !path.isEmpty else { throw ScenarioError(.option("--sweep \(text)"), .expected(form, found: "no path before '='")) }
        values = []
        for item in Self.items(String(text[text.index(after: equals)...])) {
            guard !item.isEmpty else {
                throw ScenarioError(.option("--sweep \(text)"), path: path, .expected(form, found: "an empty value"))
            }
            if let range = try Self.range(item, location: .option("--sweep \(text)"), path: path) {
                values += range
            } else {
                values.append((try? JSON5.parse(item)) ?? JSONNode(value: .string(item), line: 1, column: 1))
            }
        }
        guard values.count <= Sweep.maxPoints else {
            throw ScenarioError(.option("--sweep \(text)"), path: path, .expected("at most \(Sweep.maxPoints) values", found: "\(values.count)"))
        }
    }

    /// The grid axis: the path resolved in the catalogue, each value decoded by its kind.
    func axis(_ index: ParameterIndex) throws(ScenarioError) -> Sweep.Axis {
        guard let resolved = index[path] != nil ? path : index.rateShorthand(path), let spec = index[resolved] else {
            throw index.unknownParameter(path, at: location)
        }
        if ParameterIndex.studyWide.contains(resolved) {
            throw ScenarioError(location, path: resolved, .other("cannot be swept: it applies to the whole study"))
        }
        var decoded: [ParameterValue] = []
        for node in values {
            do {
                decoded.append(try ValueDecoder.decode(node, spec: spec))
            } catch {
                throw ScenarioError(location, path: resolved, error.problem, suggestion: error.suggestion)
            }
        }
        return Sweep.Axis(path: resolved, values: decoded)
    }

    /// `options` applied to the scenario's `sweep`: each option's axis replaces the grid's axis
    /// of its path or is added after the grid's axes, in the order given.
    /// - Throws: when the sweep is named points or a sampled region, a path is given twice,
    ///   `observe.report` or `observe.baseline` is swept, or the grid grows too large.
    static func apply(_ options: [SweepOption], to sweep: Sweep, index: ParameterIndex) throws(ScenarioError) -> Sweep {
        guard let first = options.first else { return sweep }
        if sweep.isNamed || sweep.sample != nil {
            throw ScenarioError(first.location, .other("the scenario's sweep is \(sweep.isNamed ? "named points" : "a sampled region"), "
                                + "and --sweep adds an axis to a grid; write the values into the scenario's sweep instead"))
        }
        var axes = sweep.axes
        var given: [String] = []
        for option in options {
            if ["observe.report", "observe.baseline"].contains(option.path) {
                throw ScenarioError(option.location, path: option.path, .other("cannot be swept: it chooses the study's outputs, the same for every point"))
            }
            let axis = try option.axis(index)
            if given.contains(axis.path) { throw ScenarioError(option.location, path: axis.path, .other("is given to --sweep twice")) }
            given.append(axis.path)
            if let i = axes.firstIndex(where: { $0.path == axis.path }) { axes[i] = axis } else { axes.append(axis) }
            let size = axes.reduce(1.0) { $0 * Double($1.values.count) }
            if size > Double(Sweep.maxPoints) {
                throw ScenarioError(option.location, path: axis.path, .expected("a grid of at most \(Sweep.maxPoints) points", found: "\(Int(size)) points"))
            }
        }
        return Sweep(grid: axes)
    }

    /// The comma-separated items of `text`, commas inside quotes, braces or brackets kept.
    static func items(_ text: String) -> [String] {
        var items: [String] = [], current = "", depth = 0
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "{" || c == "[" {
                depth += 1
            } else if c == "}" || c == "]" {
                depth -= 1
            } else if c == ",", depth == 0 {
                items.append(current)
                current = ""
                continue
            }
            current.append(c)
        }
        items.append(current)
        return items.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The values of `low..high/n`, or nil when `item` is not written as a range.
    static func range(_ item: String, location: InputLocation, path: String) throws(ScenarioError) -> [JSONNode]? {
        guard !item.hasPrefix("\""), !item.hasPrefix("{"), let dots = item.firstRange(of: ".."), let slash = item.lastIndex(of: "/"),
              slash > dots.upperBound else { return nil }
        let (low, high) = (String(item[..<dots.lowerBound]), String(item[dots.upperBound..<slash]))
        let countText = String(item[item.index(after: slash)...])
        func bad(_ found: String) -> ScenarioError {
            ScenarioError(location, path: path, .expected("a range low..high/n: two numbers, durations or sizes and a whole number n ≥ 2 of "
                                                          + "values, evenly spaced with both ends included (e.g. 0s..15m/6)", found: found))
        }
        guard let n = Int(countText), n >= 2 else { throw bad("'\(countText)' values in '\(item)'") }
        guard n <= Sweep.maxPoints else { throw bad("\(n) values in '\(item)' (at most \(Sweep.maxPoints))") }
        let steps = (0..<n).map { (i: Int64($0), of: Int64(n - 1)) }
        if let a = Units.parseDuration(low), let b = Units.parseDuration(high) {
            return steps.map { JSONNode(value: .string(Units.formatDuration(between(a, b, $0.i, $0.of))), line: 1, column: 1) }
        }
        if let a = Units.parseSize(low), let b = Units.parseSize(high) {
            return steps.map { JSONNode(value: .string("\(between(a, b, $0.i, $0.of))B"), line: 1, column: 1) }
        }
        if let a = Double(low), let b = Double(high), a.isFinite, b.isFinite {
            return steps.map { step in
                let x = step.i == step.of ? b : a + (b - a) * Double(step.i) / Double(step.of)
                return JSONNode(value: .number(significant(x)), line: 1, column: 1)
            }
        }
        throw bad("'\(low)' and '\(high)' in '\(item)'")
    }

    /// The value `i/of` of the way from `a` to `b`, to the nearest whole unit (exact at both ends).
    static func between(_ a: Int64, _ b: Int64, _ i: Int64, _ of: Int64) -> Int64 {
        if i == 0 { return a }
        if i == of { return b }
        let (product, overflow) = (b - a).multipliedReportingOverflow(by: i)
        if !overflow {
            let (q, r) = product.quotientAndRemainder(dividingBy: of)
            return a + q + (2 * r.magnitude >= of.magnitude ? (product < 0 ? -1 : 1) : 0)
        }
        return a + Int64((Double(b - a) * Double(i) / Double(of)).rounded())
    }

    /// `x` rounded to 12 significant digits (`0.30000000000000004` → `0.3`).
    static func significant(_ x: Double) -> Double {
        guard x != 0, x.isFinite else { return x }
        let scale = pow(10, 11 - floor(log10(abs(x))))
        let rounded = (x * scale).rounded() / scale
        return rounded.isFinite ? rounded : x
    }
}
