// The sentence `run` prints after a selection (docs/scenarios.md#selecting-the-best-design):
// the design selected with its guarantee, and the replications used against Rinott's
// fixed-sample procedure.

extension SelectionResult {
    /// "`X` is within 30 s of the best of 12 designs with probability ≥ 95%, using 4,210
    /// replications (a fixed-sample procedure needs 11,400)." — or, where the cap stopped the
    /// procedure or no design met the constraints, what was found instead. `labels` name the points.
    public func sentence(labels: [String]) -> String {
        let s = settings
        let k = rows.count
        let within = Self.quantity(s.within, unit: s.metric.unit)
        let spent = "using \(StudyPlots.grouped(used)) replications (a fixed-sample procedure needs \(StudyPlots.grouped(fixedSample)))"
        let constraints = s.constraints.map(\.text).joined(separator: " and ")
        guard let chosen = selected else {
            return "None of the \(k) designs meets \(constraints): each was found infeasible, \(spent)."
        }
        let name = "`\(labels[chosen])`"
        guard guaranteeHolds else {
            let left = rows.filter { $0.outcome == .remained || $0.outcome == .selected }.count
            return "\(name) has the best mean \(s.metric.name) of the \(left) designs still in the running when they reached "
                + "maxReplications (\(StudyPlots.grouped(cap))), with no guarantee: they were not separated to within \(within); \(spent)."
        }
        let percent = Self.percent(s.confidence)
        if s.constraints.isEmpty {
            return "\(name) is within \(within) of the best of \(k) designs with probability ≥ \(percent), \(spent)."
        }
        return "\(name) meets \(constraints) and is within \(within) of the best of the \(k) designs that do, "
            + "with probability ≥ \(percent), \(spent)."
    }

    /// A quantity in a metric's unit as a sentence writes it: `30 s`, `2 min`, `1.5 h`,
    /// `0.5 percentage points`, `10 requests`.
    public static func quantity(_ x: Double, unit: String) -> String {
        switch unit {
        case "s":
            if x < 60 { return significant(x) + " s" }
            if x < 3600 { return significant(x / 60) + " min" }
            if x < 86_400 { return significant(x / 3600) + " h" }
            return significant(x / 86_400) + " d"
        case "fraction":
            let points = x * 100
            return significant(points) + (points == 1 ? " percentage point" : " percentage points")
        case "count": return significant(x)
        default: return significant(x) + " " + unit
        }
    }

    /// 0.95 → `95%`, 0.975 → `97.5%`.
    static func percent(_ p: Double) -> String { significant(p * 100, digits: 4) + "%" }

    /// At most `digits` significant digits, no trailing zeros, no exponent.
    static func significant(_ x: Double, digits: Int = 3) -> String {
        guard x.isFinite, x != 0 else { return x == 0 ? "0" : "\(x)" }
        var decimals = digits - 1
        var m = abs(x)
        while m >= 10 && decimals > 0 { m /= 10; decimals -= 1 }
        while m < 1 && decimals < 12 { m *= 10; decimals += 1 }
        var text = PlotNumber.fixed(x, decimals: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
