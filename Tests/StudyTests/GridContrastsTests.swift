import Foundation
import XCTest
@testable import Study
import Statistics

/// `observe.contrasts` (docs/output.md `contrasts.csv`, docs/scenarios.md#contrasts-in-a-grid):
/// in a 2 × 2 grid (push-wake refusal × edit rate) the refusal's effect at each edit rate,
/// paired over replications with the baseline of its own stratum, with the conditioning
/// columns, p-values and Holm's correction; all pairs; the forest plot's groups.
final class GridContrastsTests: XCTestCase {
    /// The push study of `ContrastsTests` (its widget staleness a closed form: mean r/((1 − r)λ)
    /// for refusal r and λ edits an hour) swept over r ∈ {0.2, 0.25} × λ ∈ {3, 6}.
    static func grid(replications: Int = 40, contrasts: String) -> String {
        ContrastsTests.pushStudy(replications: replications)
            .replacingOccurrences(of: #"baseline: "refused20", "#, with: "contrasts: \(contrasts), ")
            .replacingOccurrences(of: #""elsewhere.edits.perHour": 3,"#, with: "")
            .replacingOccurrences(of: #"sweep: {points: [{name: "refused20", set: {"push.wakeRefusal": 0.2}}, {name: "refused25", set: {"push.wakeRefusal": 0.25}}]},"#,
                                  with: #"sweep: {"push.wakeRefusal": [0.2, 0.25], "elsewhere.edits.perHour": [3, 6]},"#)
    }

    /// The closed-form mean staleness (s) at refusal r and λ edits an hour.
    static func mean(_ r: Double, _ lambda: Double) -> Double { r / ((1 - r) * lambda) * 3600 }

    func records(_ path: String) throws -> (header: [String], rows: [[String: String]]) {
        let records = try CSVParser.parse(try String(contentsOfFile: path, encoding: .utf8))
        return (records[0], records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0)) })
    }

    func number(_ row: [String: String], _ column: String) -> Double { Double(row[column] ?? "") ?? .nan }

    func testTheRefusalsEffectAtEachEditRate() throws {
        let f = try StudyFixture(Self.grid(contrasts: #"{within: ["elsewhere.edits.perHour"], correction: "holm"}"#))
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let (header, rows) = try records(f.path("out/contrasts.csv"))
        XCTAssertEqual(Array(header.suffix(4)), ["baseline_point", "within", "p_value", "p_holm"], "appended after the existing columns")
        XCTAssertEqual(Array(header.prefix(header.count - 4)),
                       ContrastsTable.header(columns: ["push.wakeRefusal", "elsewhere.edits.perHour"]), "existing columns unchanged")
        // Grid points in order: 0 (0.2, 3), 1 (0.2, 6), 2 (0.25, 3), 3 (0.25, 6).
        let staleness = rows.filter { $0["metric"] == "widget.staleness" && $0["statistic"] == "mean" }
        XCTAssertEqual(staleness.map { $0["point"]! }, ["2", "3"], "one contrast per edit rate, of the refusal 0.25 point")
        XCTAssertEqual(staleness.map { $0["baseline_point"]! }, ["0", "1"], "each against the baseline of its own stratum")
        XCTAssertEqual(staleness.map { $0["within"]! }, ["elsewhere.edits.perHour=3", "elsewhere.edits.perHour=6"])
        for (row, lambda) in zip(staleness, [3.0, 6.0]) {
            // The closed form: 3600/λ·(1/3 − 1/4) = 100 s at λ = 3, 50 s at λ = 6. The estimate lies
            // within 3 standard errors of it (the 95 % half-width over t₀.₉₇₅,₃₉: a miss has
            // chance 0.5 % per row, where the 95 % interval itself would miss one row in twenty).
            let truth = Self.mean(0.25, lambda) - Self.mean(0.2, lambda)
            let se = (number(row, "diff_ci95_high") - number(row, "difference")) / StudentT.critical(confidence: 0.95, degreesOfFreedom: 39)
            XCTAssertEqual(number(row, "difference"), truth, accuracy: 3 * se, "λ = \(lambda)")
            XCTAssertGreaterThan(se, 0)
        }
        // Pairing: the interval is the paired ratio estimator over the same replications of the
        // two points of the stratum, read from runs.csv's numerator and denominator.
        let runs = try records(f.path("out/runs.csv")).rows
        func clusters(_ point: String) -> [Cluster] {
            runs.filter { $0["point"] == point }.map {
                Cluster(sum: number($0, "widget.staleness.numerator"), count: number($0, "widget.staleness.denominator"))
            }
        }
        for row in staleness {
            let paired = PairedRatios(baseline: clusters(row["baseline_point"]!), value: clusters(row["point"]!))
            XCTAssertEqual(number(row, "diff_ci95_high") - number(row, "difference"), paired.difference.halfWidth,
                           accuracy: 1e-6 * paired.difference.halfWidth)
            XCTAssertEqual(number(row, "p_value"),
                           PairedTest.pValue(difference: number(row, "difference"), halfWidth: paired.difference.halfWidth, pairs: 40),
                           accuracy: 1e-9)
        }
        // Holm: per (metric, statistic) family, p_holm ≥ p_value, non-decreasing in p_value, and
        // equal to the Statistics module's adjustment of the family.
        var families: [String: [[String: String]]] = [:]
        for row in rows where !(row["p_value"] ?? "").isEmpty { families[row["metric"]! + "/" + row["statistic"]!, default: []].append(row) }
        XCTAssertFalse(families.isEmpty)
        for (name, family) in families {
            let p = family.map { number($0, "p_value") }, holm = family.map { number($0, "p_holm") }
            for (raw, adjusted) in zip(p, holm) { XCTAssertGreaterThanOrEqual(adjusted, raw, name) }
            let order = p.indices.sorted { p[$0] < p[$1] }
            for (a, b) in zip(order, order.dropFirst()) { XCTAssertLessThanOrEqual(holm[a], holm[b], name) }
            // The p-values are read back as printed (about 6 significant digits), then multiplied by up to the family's size.
            for (printed, adjusted) in zip(holm, Holm.adjusted(p)) { XCTAssertEqual(printed, adjusted, accuracy: 1e-5 * adjusted + 5e-6, name) }
        }
        // A quantile's interval is a bootstrap's: no p-value, and no place in a family.
        XCTAssertTrue(rows.filter { $0["statistic"] == "p90" }.allSatisfy { ($0["p_value"] ?? "x").isEmpty })
        // The forest plot groups by the conditioning level, its labels in full.
        let svg = try String(contentsOfFile: f.path("out/contrasts-forest.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("widget.staleness at elsewhere.edits.perHour=3"), svg)
        XCTAssertTrue(svg.contains("widget.staleness at elsewhere.edits.perHour=6"), svg)
        XCTAssertTrue(svg.contains("push.wakeRefusal=0.25 − push.wakeRefusal=0.2"), svg)
    }

    /// `pairs: "all"` within each stratum: with two points a stratum gives one pair; with no
    /// `within` every pair of the four points (6), the earlier the baseline.
    func testAllPairs() throws {
        let f = try StudyFixture(Self.grid(replications: 6, contrasts: #"{pairs: "all"}"#))
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let rows = try records(f.path("out/contrasts.csv")).rows.filter { $0["metric"] == "widget.staleness" && $0["statistic"] == "mean" }
        XCTAssertEqual(rows.map { $0["baseline_point"]! + ">" + $0["point"]! }, ["0>1", "0>2", "0>3", "1>2", "1>3", "2>3"])
        XCTAssertTrue(rows.allSatisfy { $0["within"] == "" })
        XCTAssertFalse(try records(f.path("out/contrasts.csv")).header.contains("p_holm"), "no correction unless asked")
    }

    /// A study without `observe.contrasts` writes the file it always wrote.
    func testWithoutADesignTheFileIsUnchanged() throws {
        let f = try StudyFixture(ContrastsTests.pushStudy(replications: 5))
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        XCTAssertEqual(try records(f.path("out/contrasts.csv")).header, ContrastsTable.header(columns: ["push.wakeRefusal"]))
    }

    /// A shard's state carries the design, so `merge` writes what an unsplit run writes.
    func testMergedShardsEqualTheUnsplitRun() throws {
        let f = try StudyFixture(Self.grid(replications: 6, contrasts: #"{within: ["elsewhere.edits.perHour"], correction: "holm"}"#))
        f.cli(["run", f.scenario, "--out", f.path("whole"), "--quiet"])
        f.cli(["run", f.scenario, "--shard", "1/2", "--out", f.path("s1"), "--quiet"])
        f.cli(["run", f.scenario, "--shard", "2/2", "--out", f.path("s2"), "--quiet"])
        f.cli(["merge", f.path("s1"), f.path("s2"), "--out", f.path("merged"), "--quiet"])
        try f.assertSameResults("whole", "merged")
    }

    func testBadDesignsAreExit2WithTheNearestName() throws {
        let cases: [(String, String)] = [
            (#"{within: ["elsewhere.edits.perHr"]}"#, "expected a swept parameter (push.wakeRefusal, elsewhere.edits.perHour), found 'elsewhere.edits.perHr'"),
            (#"{within: ["push.wakeRefusal", "elsewhere.edits.perHour"]}"#, "lists every swept parameter"),
            (#"{pairs: "alll"}"#, "expected \"baseline\" or \"all\", found 'alll'"),
            (#"{correction: "bonferroni"}"#, "expected \"holm\" or \"none\""),
            (#"{withn: []}"#, "withn"),
            (#"["x"]"#, "expected an object such as"),
        ]
        for (design, message) in cases {
            let f = try StudyFixture(Self.grid(replications: 3, contrasts: design))
            let console = f.cli(["run", f.scenario, "--out", f.path("out")], expect: 2)
            XCTAssertTrue(console.errors.contains(message), "\(design): \(console.errors)")
            XCTAssertTrue(console.errors.contains("observe.contrasts"), "\(design): \(console.errors)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("out")), "nothing written")
        }
    }

    /// A row label longer than the old 24-character cut is drawn whole, and the axis moves right
    /// to make room for it (checked by restoring the cut: the label lost its end).
    func testForestLabelsAreMeasuredNotCut() {
        var figures = ContrastFigures(baseline: 10, value: 20)
        (figures.differenceLow, figures.differenceHigh) = (5, 15)
        let label = "widget.reloadPolicy=reloadOnChange+pushReload − widget.reloadPolicy=timeline"
        let row = ContrastRow(prefix: ["1"], label: label, metric: "widget.staleness", unit: "s", statistic: "mean", figures: figures)
        let svg = ForestPlot.render([row], baseline: "x")!
        XCTAssertTrue(svg.contains(">" + label + "<"), svg)
        let left = ForestPlot.axisLeft(labels: [label])
        XCTAssertGreaterThanOrEqual(left - 10 - ForestPlot.characterWidth * Double(label.count), 12)
    }
}

/// `compare A B --by PATH`: each point of B against A's point at the same level of PATH.
final class CompareByTests: XCTestCase {
    /// The push study with `sweep` and, outside it, push-wake refusal `refusal` (nil: swept).
    static func study(sweep: String, refusal: Double?) -> String {
        ContrastsTests.pushStudy(replications: 12)
            .replacingOccurrences(of: #"baseline: "refused20", "#, with: "")
            .replacingOccurrences(of: #""elsewhere.edits.perHour": 3,"#, with: refusal.map { #""push.wakeRefusal": \#($0),"# } ?? "")
            .replacingOccurrences(of: #"sweep: {points: [{name: "refused20", set: {"push.wakeRefusal": 0.2}}, {name: "refused25", set: {"push.wakeRefusal": 0.25}}]},"#,
                                  with: "sweep: \(sweep),")
    }

    func testEachPointAgainstTheBaselineAtItsLevel() throws {
        let f = try StudyFixture(Self.study(sweep: #"{"elsewhere.edits.perHour": [3, 6]}"#, refusal: 0.2))
        f.cli(["run", f.scenario, "--out", f.path("a"), "--quiet"])
        try Self.study(sweep: #"{"push.wakeRefusal": [0.25, 0.3], "elsewhere.edits.perHour": [3, 6]}"#, refusal: nil)
            .write(toFile: f.path("b.json5"), atomically: true, encoding: .utf8)
        f.cli(["run", f.path("b.json5"), "--out", f.path("b"), "--quiet"])
        f.cli(["compare", f.path("a"), f.path("b"), "--by", "elsewhere.edits.perHour", "--holm", "--out", f.path("c"), "--quiet"])
        let records = try CSVParser.parse(try String(contentsOfFile: f.path("c/contrasts.csv"), encoding: .utf8))
        XCTAssertEqual(Array(records[0].suffix(4)), ["baseline_point", "within", "p_value", "p_holm"])
        let rows = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0)) }
            .filter { $0["metric"] == "widget.staleness" && $0["statistic"] == "mean" }
        // B's grid: 0 (0.25, 3), 1 (0.25, 6), 2 (0.3, 3), 3 (0.3, 6); A's: 0 (λ 3), 1 (λ 6).
        XCTAssertEqual(rows.map { $0["baseline_point"]! }, ["0", "1", "0", "1"])
        XCTAssertEqual(rows.map { $0["within"]! }, ["elsewhere.edits.perHour=3", "elsewhere.edits.perHour=6",
                                                   "elsewhere.edits.perHour=3", "elsewhere.edits.perHour=6"])
        for row in rows {
            let (r, lambda) = (Double(row["push.wakeRefusal"]!)!, Double(row["elsewhere.edits.perHour"]!)!)
            let truth = GridContrastsTests.mean(r, lambda) - GridContrastsTests.mean(0.2, lambda)
            let d = Double(row["difference"]!)!, high = Double(row["diff_ci95_high"]!)!
            let se = (high - d) / StudentT.critical(confidence: 0.95, degreesOfFreedom: 11)
            XCTAssertEqual(d, truth, accuracy: 3.5 * se, "r \(r), λ \(lambda)")
            XCTAssertGreaterThanOrEqual(Double(row["p_holm"]!)!, Double(row["p_value"]!)!)
        }
        // A path not swept in both, or a level A lacks: exit 2, with the nearest name.
        let bad = f.cli(["compare", f.path("a"), f.path("b"), "--by", "elsewhere.edits.perHr", "--out", f.path("d")], expect: 2)
        XCTAssertTrue(bad.errors.contains("--by elsewhere.edits.perHr: not a swept parameter of"), bad.errors)
        XCTAssertTrue(bad.errors.contains("Did you mean 'elsewhere.edits.perHour'?"), bad.errors)
        let missing = f.cli(["compare", f.path("a"), f.path("b"), "--by", "push.wakeRefusal", "--out", f.path("d")], expect: 2)
        XCTAssertTrue(missing.errors.contains("--by push.wakeRefusal: not a swept parameter of"), missing.errors)
    }
}
