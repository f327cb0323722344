// `observe.contrasts` (docs/scenarios.md#contrasts-in-a-grid, docs/output.md `contrasts.csv`):
// which points contrasts.csv pairs in a grid. The `within` paths condition: a contrast is
// made only between points that share their values of every `within` path, so each level
// of the other (varied) swept parameters is contrasted with its baseline at each level of
// the conditioning ones.

/// How a study's points are paired into contrasts.
public struct ContrastDesign: Sendable, Equatable {
    /// Which pairs of points a stratum gives.
    public enum Pairs: String, Sendable, Equatable, CaseIterable {
        /// Every point of a stratum against the stratum's baseline.
        case baseline
        /// Every pair of points of a stratum, the earlier (in sweep order) the baseline.
        case all
    }

    /// The conditioning swept paths (in the scenario's column order).
    public var within: [String]
    /// Against the baseline, or all pairs.
    public var pairs: Pairs
    /// Whether `p_holm`, Holm's adjusted p-value over each metric's family, is written.
    public var holm: Bool
    /// Whether `sign_share` is written: in an uncertain study (docs/scenarios.md#platform-uncertainty),
    /// whose outer draws are strata of their own, the share of the draws in which a contrast's
    /// difference has the sign of its mean over the draws.
    public var signAcrossDraws = false

    public init(within: [String], pairs: Pairs = .baseline, holm: Bool = false, signAcrossDraws: Bool = false) {
        (self.within, self.pairs, self.holm, self.signAcrossDraws) = (within, pairs, holm, signAcrossDraws)
    }

    /// One contrast: the baseline point, the point, and the conditioning levels (`a=1; b=x`).
    struct Pair: Equatable {
        var baseline: Int, point: Int
        var conditioning: String
    }

    /// The pairs of `layout`'s points, in file order: by stratum (in the order strata first
    /// appear in the sweep), then by point. With `pairs: baseline` a stratum's baseline is its
    /// point whose varied values are those of the study's baseline point (`observe.baseline`),
    /// or, if the stratum has none, its first point; with `all` every pair i < j of the
    /// stratum's points in sweep order.
    func plan(_ layout: StudyLayout) -> [Pair] {
        let conditioning = within.compactMap { layout.columns.firstIndex(of: $0) }
        let varied = layout.columns.indices.filter { !conditioning.contains($0) }
        func key(_ p: Int, _ columns: [Int]) -> [String] { columns.map { layout.points[p].fields[$0] } }
        var strata: [[String]: [Int]] = [:], order: [[String]] = []
        for p in layout.points.indices {
            let k = key(p, conditioning)
            if strata[k] == nil { order.append(k) }
            strata[k, default: []].append(p)
        }
        let baselineLevels = key(layout.baseline, varied)
        var result: [Pair] = []
        for k in order {
            let members = strata[k]!
            let label = zip(conditioning, k).map { layout.columns[$0.0] + "=" + $0.1 }.joined(separator: "; ")
            switch pairs {
            case .baseline:
                let base = members.first { key($0, varied) == baselineLevels } ?? members[0]
                result += members.filter { $0 != base }.map { Pair(baseline: base, point: $0, conditioning: label) }
            case .all:
                for (i, b) in members.enumerated() {
                    result += members[(i + 1)...].map { Pair(baseline: b, point: $0, conditioning: label) }
                }
            }
        }
        return result
    }

    /// The pairs of a study without `observe.contrasts`: every point against the baseline.
    static func plainPlan(_ layout: StudyLayout) -> [Pair] {
        layout.points.indices.filter { $0 != layout.baseline }.map { Pair(baseline: layout.baseline, point: $0, conditioning: "") }
    }

    /// The columns contrasts.csv gains, after its others.
    var extraColumns: [String] { ["baseline_point", "within", "p_value"] + (holm ? ["p_holm"] : []) + (signAcrossDraws ? ["sign_share"] : []) }

    /// The label of a point within its stratum: its varied values (`doze.enabled=true`), or its
    /// name for a study of named points.
    static func variedLabel(_ layout: StudyLayout, point p: Int, within: [String]) -> String {
        let point = layout.points[p]
        if Int(point.name) == nil { return point.name }
        let parts = layout.columns.indices.filter { !within.contains(layout.columns[$0]) }.map { layout.columns[$0] + "=" + point.fields[$0] }
        return parts.isEmpty ? point.name : parts.joined(separator: ", ")
    }

    /// The state.json form (`StudyState`), and back.
    var encoded: String {
        "within=" + within.joined(separator: ",") + ";pairs=" + pairs.rawValue + ";holm=" + (holm ? "true" : "false")
            + (signAcrossDraws ? ";sign=true" : "")
    }

    static func decode(_ text: String) -> ContrastDesign? {
        var fields: [String: String] = [:]
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            guard let eq = part.firstIndex(of: "=") else { return nil }
            fields[String(part[..<eq])] = String(part[part.index(after: eq)...])
        }
        guard let within = fields["within"], let pairs = fields["pairs"].flatMap(Pairs.init(rawValue:)),
              let holm = fields["holm"], holm == "true" || holm == "false" else { return nil }
        if let sign = fields["sign"], sign != "true" { return nil }
        return ContrastDesign(within: within.split(separator: ",").map(String.init), pairs: pairs, holm: holm == "true",
                              signAcrossDraws: fields["sign"] == "true")
    }
}
