import Foundation
import XCTest
@testable import Study

/// contrasts.csv (docs/output.md): paired contrasts against closed forms, the variance
/// reduction pairing gives and loses, byte-identical results however the study is run,
/// the baseline's checks, and `compare`.
final class ContrastsTests: XCTestCase {
    /// A widget woken only by silent pushes (no app opens, no fetches, no hints, zero latency):
    /// each change elsewhere (Poisson μ = 3/h) sends a push whose wake is refused with
    /// probability p. The widget is stale exactly when the last change's wake was refused,
    /// and then its staleness is the time since the first change after the last granted
    /// wake, exponential with rate (1−p)μ. So E[S] = p/((1−p)μ) and P(S > s) = p·e^(−(1−p)μs):
    /// 300 s at p = 0.2 and 400 s at p = 0.25; p90 = ln(10p)/((1−p)μ), 1039.7 s and 1466.1 s.
    static func pushStudy(replications: Int = 40, crn: Bool = true, baseline: String = "refused20") -> String {
        """
        {
          name: "push-contrast", duration: "6d", seed: 21, replications: \(replications), commonRandomNumbers: \(crn),
          observe: {warmup: "1d", baseline: "\(baseline)", glances: {widget: 4}},
          "network.latency": "0s", "push.delay": "0s", "widget.reloadDelay": "0s", "storage.ioTime": "0s",
          "backend.processingTime": "0s", "device.restarts.perDay": 0, "network.offline.perDay": 0,
          "device.appUpdates.perDay": 0, "widget.dataProtection": "always", "session.protection": "always",
          "live.enabled": false, "watch.enabled": false, "share.enabled": false, "action.enabled": false,
          "instant.enabled": false, "car.enabled": false, "tv.enabled": false,
          "user.inAppChanges.perHour": 0, "app.backgroundRefresh.perHour": 0, "push.loss": 0, "push.wakesPerHour": 1000,
          "widget.budgetPerDay": 100000, "user.forceQuit": 0, "user.sessionLength": "1ms", "user.appOpens.perHour": 0,
          "push.onChange": true, "widget.fetchesOwnData": false, "widget.reloadAfter": "1000d",
          "elsewhere.edits.perHour": 3,
          sweep: {points: [{name: "refused20", set: {"push.wakeRefusal": 0.2}}, {name: "refused25", set: {"push.wakeRefusal": 0.25}}]},
        }
        """
    }

    /// The exact figures of the closed form above.
    static let mean20 = 0.2 / (0.8 * 3) * 3600, mean25 = 0.25 / (0.75 * 3) * 3600
    static let p90of20 = log(2.0) / (0.8 * 3) * 3600, p90of25 = log(2.5) / (0.75 * 3) * 3600

    /// contrasts.csv as records keyed by "point/metric/statistic".
    func contrasts(_ path: String) throws -> (header: [String], rows: [String: [String: String]]) {
        let records = try CSVParser.parse(try String(contentsOfFile: path, encoding: .utf8))
        let header = records[0]
        var rows: [String: [String: String]] = [:]
        for r in records.dropFirst() {
            let row = Dictionary(uniqueKeysWithValues: zip(header, r))
            rows[row["point"]! + "/" + row["metric"]! + "/" + row["statistic"]!] = row
        }
        return (header, rows)
    }

    func number(_ row: [String: String]?, _ column: String) -> Double { Double(row?[column] ?? "") ?? .nan }

    func testTheHeaderIsTheDocumentedOne() {
        XCTAssertEqual(ContrastsTable.header(columns: ["push.wakeRefusal"]).joined(separator: ","),
                       "point,push.wakeRefusal,metric,statistic,baseline,value,difference,diff_ci95_low,diff_ci95_high,"
                       + "ratio,ratio_ci95_low,ratio_ci95_high,variance_reduction")
    }

    /// The mean's and p90's difference and ratio against the closed form. A 95 % interval
    /// misses the truth one time in twenty, so the check is at z = 5 with the interval's own
    /// standard error ((high − low)/2/1.96), plus the histogram's bucket width for the p90;
    /// the interval must also exclude 0 (the contrast is detected).
    func testDifferencesMatchTheClosedFormWithinTheirIntervals() throws {
        let f = try StudyFixture(Self.pushStudy())
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let (_, rows) = try contrasts(f.path("out/contrasts.csv"))
        let mean = rows["refused25/widget.staleness/mean"]
        func check(_ row: [String: String]?, _ prefix: String, truth: Double, slack: Double = 0, _ what: String) {
            let (estimate, low, high) = (number(row, prefix), number(row, prefix + "_ci95_low"), number(row, prefix + "_ci95_high"))
            if prefix == "diff" { XCTAssertGreaterThan(low, 0, "\(what): the interval excludes 0") }
            let se = (high - low) / 2 / 1.96
            XCTAssertLessThanOrEqual(abs(estimate - truth), 5 * se + slack, "\(what): \(estimate) [\(low), \(high)] against \(truth)")
            XCTAssertTrue(low <= estimate && estimate <= high, "\(what): the estimate lies in its interval")
        }
        // The difference is that of the pooled means summary.csv prints (value − baseline),
        // and its interval is that estimator's over the paired replications (below).
        XCTAssertEqual(number(mean, "difference"), number(mean, "value") - number(mean, "baseline"), accuracy: 1e-9)
        check(["diff": mean?["difference"] ?? "", "diff_ci95_low": mean?["diff_ci95_low"] ?? "",
               "diff_ci95_high": mean?["diff_ci95_high"] ?? ""], "diff", truth: Self.mean25 - Self.mean20, "mean difference")
        check(mean, "ratio", truth: Self.mean25 / Self.mean20, "mean ratio")
        let p90 = rows["refused25/widget.staleness/p90"]
        let bucket = 2 * Self.p90of25 / 16  // coarse buckets are at most 1/16 of their value wide
        check(["diff": p90?["difference"] ?? "", "diff_ci95_low": p90?["diff_ci95_low"] ?? "",
               "diff_ci95_high": p90?["diff_ci95_high"] ?? ""], "diff", truth: Self.p90of25 - Self.p90of20, slack: bucket, "p90 difference")
        // baseline and value are summary.csv's figures, as printed.
        let summary = try CSVParser.parse(try String(contentsOfFile: f.path("out/summary.csv"), encoding: .utf8))
        let head = summary[0]
        func printed(_ point: String, _ column: String) -> String? {
            summary.first { $0[0] == point && $0[head.firstIndex(of: "metric")!] == "widget.staleness" }?[head.firstIndex(of: column)!]
        }
        XCTAssertEqual(mean?["baseline"], printed("refused20", "mean"))
        XCTAssertEqual(mean?["value"], printed("refused25", "mean"))
        XCTAssertEqual(p90?["baseline"], printed("refused20", "p90"))
        XCTAssertEqual(p90?["value"], printed("refused25", "p90"))
        XCTAssertNil(rows.keys.first { $0.hasPrefix("refused20/") }, "no rows for the baseline point")
    }

    /// A sampled metric's mean contrast is the difference of the pooled means (each Σ samples /
    /// Σ counts over the replications) with the interval of that ratio estimator over the paired
    /// replications: difference ± t·√(Σzᵢ²/(m(m − 1))), zᵢ = (y_Bi − R_B·n_Bi)/n̄_B −
    /// (y_Ai − R_A·n_Ai)/n̄_A, from runs.csv's numerator and denominator columns.
    func testTheMeanIntervalComesFromThePairedReplications() throws {
        let f = try StudyFixture(Self.pushStudy(replications: 12))
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let runs = try CSVParser.parse(try String(contentsOfFile: f.path("out/runs.csv"), encoding: .utf8))
        let (y, n) = (runs[0].firstIndex(of: "widget.staleness.numerator")!, runs[0].firstIndex(of: "widget.staleness.denominator")!)
        func clusters(_ point: String) -> [(Double, Double)] {
            runs.filter { $0[0] == point }.map { (Double($0[y])!, Double($0[n])!) }
        }
        let (a, b) = (clusters("refused20"), clusters("refused25"))
        let m = Double(a.count)
        let (ya, na) = (a.map(\.0).reduce(0, +) / m, a.map(\.1).reduce(0, +) / m)
        let (yb, nb) = (b.map(\.0).reduce(0, +) / m, b.map(\.1).reduce(0, +) / m)
        let (ra, rb) = (ya / na, yb / nb)
        let ea = a.map { ($0.0 - ra * $0.1) / na }, eb = b.map { ($0.0 - rb * $0.1) / nb }
        let zz = zip(ea, eb).map { ($1 - $0) * ($1 - $0) }.reduce(0, +)
        let half = SampleSummary.tQuantile975(degreesOfFreedom: a.count - 1) * (zz / (m * (m - 1))).squareRoot()
        let row = try contrasts(f.path("out/contrasts.csv")).rows["refused25/widget.staleness/mean"]
        let difference = number(row, "difference")
        XCTAssertEqual(difference, rb - ra, accuracy: 1e-5)
        XCTAssertEqual(number(row, "diff_ci95_low"), difference - half, accuracy: 1e-5)
        XCTAssertEqual(number(row, "diff_ci95_high"), difference + half, accuracy: 1e-5)
        let varianceA = ea.map { $0 * $0 }.reduce(0, +), varianceB = eb.map { $0 * $0 }.reduce(0, +)
        XCTAssertEqual(number(row, "variance_reduction"), (varianceA + varianceB) / zz, accuracy: 1e-5)
    }

    /// Under independence the sample correlation r of n pairs has sd ≈ 1/√(n−1), and
    /// (var_A + var_B)/var(A − B) ≤ 1/(1 − |r|); so at z = 4 an unpaired comparison stays within
    /// [1/(1 + 4/√(n−1)), 1/(1 − 4/√(n−1))] (1/1.64 to 2.78 at n = 40), and pairing must beat
    /// the upper end. The refusals at p = 0.2 are a subset of those at 0.25 (the same uniform
    /// draws), so pairing helps; with `commonRandomNumbers: false` every stream of a point
    /// is seeded afresh (the other design's draws moved every source's stream) and the gain is gone.
    func testPairingReducesTheVarianceAndStopsWhenTheStreamsMove() throws {
        let n = 40.0
        let bound = 4 / (n - 1).squareRoot()
        for crn in [true, false] {
            let f = try StudyFixture(Self.pushStudy(replications: Int(n), crn: crn))
            f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
            let row = try contrasts(f.path("out/contrasts.csv")).rows["refused25/widget.staleness/mean"]
            let reduction = number(row, "variance_reduction")
            if crn {
                XCTAssertGreaterThan(reduction, 1 / (1 - bound), "common random numbers: pairing reduces the variance")
            } else {
                XCTAssertLessThan(reduction, 1 / (1 - bound), "independent streams: no gain from pairing")
                XCTAssertGreaterThan(reduction, 1 / (1 + bound), "independent streams: no loss either")
            }
        }
    }

    /// A parameter whose design changes how many draws a shared stream gives: a session's
    /// length is drawn first from the session's own stream, and the session's later draws
    /// follow it. Two exponential lengths (180 s and 181 s means) draw alike and stay paired,
    /// draw for draw; a constant length draws nothing, so against a uniform 180–181 s
    /// (practically the same design) every later draw of each session moves, and pairing
    /// keeps little of its gain. Checked on the default day for each surface's staleness:
    /// the aligned pair's variance reduction is at least 100 times the moved pair's.
    func testPairingIsLostWhenADesignMovesTheDrawsOfAStream() throws {
        func reductions(_ a: String, _ b: String) throws -> [String: Double] {
            let f = try StudyFixture("""
            {duration: "1d", seed: 1, replications: 20,
             sweep: {points: [{name: "a", set: {"user.sessionLength": \(a)}}, {name: "b", set: {"user.sessionLength": \(b)}}]}}
            """)
            f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
            let rows = try contrasts(f.path("out/contrasts.csv")).rows
            return Dictionary(uniqueKeysWithValues: ["widget", "app", "watch"].map {
                ($0, number(rows["b/\($0).staleness/mean"], "variance_reduction"))
            })
        }
        let aligned = try reductions(#"{exponential: {mean: "180s"}}"#, #"{exponential: {mean: "181s"}}"#)
        let moved = try reductions(#""180s""#, #"{uniform: {low: "180s", high: "181s"}}"#)
        for surface in ["widget", "app", "watch"] {
            XCTAssertGreaterThan(aligned[surface]!, 100 * moved[surface]!, "\(surface): aligned \(aligned[surface]!), moved \(moved[surface]!)")
            XCTAssertGreaterThan(moved[surface]!, 1, "\(surface): the other streams (edits elsewhere, glances, network) still pair")
        }
    }

    /// contrasts.csv and its forest plot are byte-identical with 1 or 2 workers and when the
    /// study is split into shards and merged.
    func testJobsAndShardsGiveByteIdenticalContrasts() throws {
        let f = try StudyFixture(Self.pushStudy(replications: 6))
        f.cli(["run", f.scenario, "--out", f.path("one"), "--jobs", "1", "--quiet"])
        f.cli(["run", f.scenario, "--out", f.path("two"), "--jobs", "2", "--quiet"])
        for k in 1...3 { f.cli(["run", f.scenario, "--shard", "\(k)/3", "--out", f.path("s\(k)"), "--quiet"]) }
        f.cli(["merge", f.path("s2"), f.path("s3"), f.path("s1"), "--out", f.path("merged"), "--quiet"])
        for name in ["contrasts.csv", ForestPlot.fileName] {
            let one = try String(contentsOfFile: f.path("one/" + name), encoding: .utf8)
            XCTAssertFalse(one.isEmpty)
            for other in ["two", "merged"] {
                XCTAssertTrue(one == (try String(contentsOfFile: f.path(other + "/" + name), encoding: .utf8)), "\(name) of \(other)")
            }
        }
    }

    /// Without `observe.baseline` the first point is the baseline; a study with one point writes no contrasts.
    func testTheDefaultBaselineIsTheFirstPoint() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let (_, rows) = try contrasts(f.path("out/contrasts.csv"))
        XCTAssertEqual(Set(rows.values.map { $0["point"]! }), ["1"])
        XCTAssertEqual(rows["1/widget.staleness/mean"]?["widget.budgetPerDay"], "70")
        let single = try StudyFixture(#"{duration: "2h", replications: 2, observe: {warmup: "30m"}}"#)
        single.cli(["run", single.scenario, "--out", single.path("out"), "--quiet"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: single.path("out/contrasts.csv")))
    }

    /// A grid's baseline as an object of swept values.
    func testAGridBaselineIsAnObjectOfSweptValues() throws {
        let f = try StudyFixture("""
        {duration: "2h", replications: 2, observe: {warmup: "30m", baseline: {"widget.budgetPerDay": 70, "push.wakeRefusal": 0}},
         sweep: {"widget.budgetPerDay": [40, 70], "push.wakeRefusal": [0, 0.5]}}
        """)
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let (_, rows) = try contrasts(f.path("out/contrasts.csv"))
        XCTAssertEqual(Set(rows.values.map { $0["point"]! }), ["0", "1", "3"], "point 2 (70, 0) is the baseline")
    }

    /// A baseline that names no point is exit status 2, before anything is written, with the nearest name.
    func testABadBaselineIsRefusedWithTheNearestName() throws {
        let cases: [(String, String)] = [
            (Self.pushStudy(baseline: "refused2O"),
             "observe.baseline: expected the name of a sweep point (refused20, refused25), found 'refused2O'. Did you mean 'refused20'?"),
            (#"{observe: {baseline: {"widget.budgetPerDay": 71}}, sweep: {"widget.budgetPerDay": [40, 70]}}"#,
             "observe.baseline.widget.budgetPerDay: expected one of the swept values (40, 70), found 71. Did you mean '70'?"),
            (#"{observe: {baseline: {"widget.budgetPerDy": 70}}, sweep: {"widget.budgetPerDay": [40, 70]}}"#,
             "observe.baseline: expected a swept parameter (widget.budgetPerDay), found 'widget.budgetPerDy'. Did you mean 'widget.budgetPerDay'?"),
        ]
        for (text, message) in cases {
            let f = try StudyFixture(text)
            let console = f.cli(["run", f.scenario, "--out", f.path("out")], expect: 2)
            XCTAssertTrue(console.errors.contains(message), console.errors)
            XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("out")), "nothing written")
        }
    }

    /// `compare A B` of two one-point studies equals the contrasts of the same two designs run
    /// as one study (the same seeds), but for a sampled metric's quantile intervals, which need
    /// the bootstrap a finished folder does not keep; studies whose seeds differ are exit status 2.
    func testCompareEqualsTheContrastsOfOneStudy() throws {
        let f = try StudyFixture(Self.pushStudy(replications: 6))
        f.cli(["run", f.scenario, "--out", f.path("both"), "--quiet"])
        let single = try StudyFixture(Self.pushStudy(replications: 6).replacingOccurrences(of: "sweep:", with: "_sweep:")
            .replacingOccurrences(of: #"baseline: "refused20", "#, with: ""))
        // One-point studies: the sweep removed (an unknown key would be refused, so it is renamed and the
        // file rewritten without it).
        let text = try String(contentsOfFile: single.scenario, encoding: .utf8).split(separator: "\n")
            .filter { !$0.contains("_sweep:") }.joined(separator: "\n")
        try text.write(toFile: single.scenario, atomically: true, encoding: .utf8)
        single.cli(["run", single.scenario, "--set", "push.wakeRefusal=0.2", "--out", single.path("a"), "--quiet"])
        single.cli(["run", single.scenario, "--set", "push.wakeRefusal=0.25", "--out", single.path("b"), "--quiet"])
        single.cli(["compare", single.path("a"), single.path("b"), "--out", single.path("c"), "--quiet"])
        let (whole, pairs) = (try contrasts(f.path("both/contrasts.csv")).rows, try contrasts(single.path("c/contrasts.csv")).rows)
        XCTAssertEqual(pairs.count, whole.count)
        for (key, row) in whole {
            let other = pairs["0/" + key.split(separator: "/", maxSplits: 1)[1]]
            // A sampled metric's quantile intervals need the study's bootstrap: compare leaves them empty.
            let all = ["baseline", "value", "difference", "diff_ci95_low", "diff_ci95_high",
                       "ratio", "ratio_ci95_low", "ratio_ci95_high", "variance_reduction"]
            let columns = other?["diff_ci95_low"] == "" ? ["baseline", "value", "difference", "ratio"] : all
            for c in columns { XCTAssertEqual(other?[c], row[c], "\(key) \(c)") }
        }
        XCTAssertEqual(pairs["0/widget.staleness/p90"]?["diff_ci95_low"], "", "no pooled-quantile interval in compare")
        XCTAssertNotEqual(whole["refused25/widget.staleness/p90"]?["diff_ci95_low"], "")
        let perReplication = pairs["0/widget.staleness.timeAvg/p90"]
        XCTAssertNotEqual(perReplication?["diff_ci95_low"], "", "a per-replication metric's quantiles are resampled from runs.csv")
        XCTAssertEqual(perReplication?["diff_ci95_high"], whole["refused25/widget.staleness.timeAvg/p90"]?["diff_ci95_high"])
        single.cli(["run", single.scenario, "--seed", "22", "--out", single.path("d"), "--quiet"])
        let refused = single.cli(["compare", single.path("a"), single.path("d"), "--out", single.path("e")], expect: 2)
        XCTAssertTrue(refused.errors.contains("replication seeds differ"), refused.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: single.path("e")))
    }
}
