import Foundation
import XCTest

/// The hostile-input table for the verbs that read the program's own result files back
/// (`compare`, `merge`, `plot`): each case damages one file of a finished study as a cut
/// transfer, a hand edit or another program would, and must end with one clear error naming
/// the file (and line, where there is one), exit 2, nothing written, never a hang or a crash.
extension HostileInputTests {
    /// How a file is damaged.
    typealias Damage = @Sendable (URL) throws -> Void

    struct ResultFileCase: Sendable {
        var label: String
        /// The finished folder the damaged one is copied from (`a`, `b`, `shard2`, `sweep`).
        var base: String
        /// The file damaged, and how (nil: the folder is copied as it is).
        var file: String?
        var damage: Damage?
        /// The command; `$` is the damaged folder.
        var arguments: [String]
        var words: [String]
    }

    /// Replaces the file's text.
    static func text(_ change: @escaping @Sendable (String) -> String) -> Damage {
        { url in try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url) }
    }

    /// Changes the file's lines (the last element is the empty text after the final line end).
    static func lines(_ change: @escaping @Sendable (inout [String]) -> Void) -> Damage {
        text { var lines = $0.components(separatedBy: "\n"); change(&lines); return lines.joined(separator: "\n") }
    }

    /// Changes field `field` of line `line` (0 is the header).
    static func field(_ line: Int, _ field: Int, _ value: String) -> Damage {
        lines { lines in
            var fields = lines[line].components(separatedBy: ",")
            fields[field] = value
            lines[line] = fields.joined(separator: ",")
        }
    }

    /// The file replaced by a FIFO (reading one with no writer blocks forever).
    static let fifo: Damage = { url in
        try FileManager.default.removeItem(at: url)
        XCTAssertEqual(mkfifo(url.path, 0o644), 0)
    }

    /// The file cut `bytes` before its end (inside the last record).
    static func cut(_ bytes: Int) -> Damage {
        { url in let data = try Data(contentsOf: url); try data.prefix(data.count - bytes).write(to: url) }
    }

    static let resultFileCases: [ResultFileCase] = {
        // summary.csv of `small`: point, metric, n, mean, sd, ci95_low, ci95_high, p05, p50, p90, p95, p99, max, unit, replications, interval.
        let compare = ["compare", "a", "$"]
        var cases: [ResultFileCase] = [
            ResultFileCase(label: "a summary row missing (shifted every later metric)", base: "b", file: "summary.csv",
                           damage: lines { $0.remove(at: 4) }, arguments: compare, words: ["summary.csv:5:", "no row for metric"]),
            ResultFileCase(label: "a summary row repeated", base: "b", file: "summary.csv",
                           damage: lines { $0.insert($0[2], at: 3) }, arguments: compare, words: ["summary.csv:4:", "a second row"]),
            ResultFileCase(label: "two summary rows swapped", base: "b", file: "summary.csv",
                           damage: lines { $0.swapAt(3, 4) }, arguments: compare, words: ["summary.csv:4:", "no row for metric"]),
            ResultFileCase(label: "the last point's last rows missing", base: "b", file: "summary.csv",
                           damage: lines { $0.removeSubrange(($0.count - 3)..<($0.count - 1)) }, arguments: compare, words: ["has no row for metric"]),
            ResultFileCase(label: "abc as a summary mean", base: "b", file: "summary.csv",
                           damage: field(2, 3, "abc"), arguments: compare, words: ["summary.csv:3:", "mean", "'abc'"]),
            ResultFileCase(label: "nan as a summary p90", base: "b", file: "summary.csv",
                           damage: field(2, 9, "nan"), arguments: compare, words: ["summary.csv:3:", "p90", "'nan'"]),
            ResultFileCase(label: "a hexadecimal summary figure", base: "b", file: "summary.csv",
                           damage: field(2, 4, "0x10"), arguments: compare, words: ["summary.csv:3:", "'0x10'"]),
            ResultFileCase(label: "a summary number with a space", base: "b", file: "summary.csv",
                           damage: field(3, 3, " 12"), arguments: compare, words: ["summary.csv:4:", "' 12'"]),
            ResultFileCase(label: "a NUL byte in a summary figure", base: "b", file: "summary.csv",
                           damage: field(3, 3, "1\u{0}2"), arguments: compare, words: ["summary.csv:4:", "mean"]),
            ResultFileCase(label: "an extra field in a summary row", base: "b", file: "summary.csv",
                           damage: lines { $0[2] += ",7" }, arguments: compare, words: ["summary.csv:3:", "expected 18 fields", "found 19"]),
            ResultFileCase(label: "a summary row a field short", base: "b", file: "summary.csv",
                           damage: lines { $0[2] = $0[2].components(separatedBy: ",").dropLast().joined(separator: ",") },
                           arguments: compare, words: ["summary.csv:3:", "found 17"]),
            ResultFileCase(label: "an unknown interval method", base: "b", file: "summary.csv",
                           damage: field(2, 15, "normal"), arguments: compare, words: ["summary.csv:3:", "interval", "'normal'", "wilson"]),
            ResultFileCase(label: "a fractional replications_needed", base: "b", file: "summary.csv",
                           damage: field(2, 17, "12.5"), arguments: compare, words: ["summary.csv:3:", "replications_needed", "'12.5'"]),
            ResultFileCase(label: "a word for a skewness", base: "b", file: "summary.csv",
                           damage: field(2, 16, "high"), arguments: compare, words: ["summary.csv:3:", "skewness", "'high'"]),
            ResultFileCase(label: "an unknown metric", base: "b", file: "summary.csv",
                           damage: field(2, 1, "widget.stalenes"), arguments: compare, words: ["summary.csv:3:", "unknown metric", "Did you mean"]),
            ResultFileCase(label: "a unit changed", base: "b", file: "summary.csv",
                           damage: field(2, 13, "min"), arguments: compare, words: ["summary.csv:3:", "unit", "'min'"]),
            ResultFileCase(label: "replications differing within a point", base: "b", file: "summary.csv",
                           damage: field(3, 14, "7"), arguments: compare, words: ["summary.csv:4:", "replications"]),
            ResultFileCase(label: "replications 0", base: "b", file: "summary.csv",
                           damage: field(1, 14, "0"), arguments: compare, words: ["summary.csv:2:", "replications", "at least 1"]),
            ResultFileCase(label: "n not a whole number", base: "b", file: "summary.csv",
                           damage: field(2, 2, "2.5"), arguments: compare, words: ["summary.csv:3:", "column n"]),
            ResultFileCase(label: "a summary column renamed", base: "b", file: "summary.csv",
                           damage: field(0, 3, "average"), arguments: compare, words: ["summary.csv:1:", "'mean'", "'average'"]),
            ResultFileCase(label: "a summary column added", base: "b", file: "summary.csv",
                           damage: lines { $0[0] += ",extra" }, arguments: compare, words: ["summary.csv:1:", "extra column"]),
            ResultFileCase(label: "summary.csv cut short inside a row", base: "b", file: "summary.csv",
                           damage: cut(7), arguments: compare, words: ["summary.csv:", "cut short"]),
            ResultFileCase(label: "summary.csv with an unclosed quote", base: "b", file: "summary.csv",
                           damage: lines { $0[2] = "\"" + $0[2] }, arguments: compare, words: ["summary.csv:"]),
            ResultFileCase(label: "summary.csv empty", base: "b", file: "summary.csv",
                           damage: text { _ in "" }, arguments: compare, words: ["summary.csv", "empty"]),
            ResultFileCase(label: "summary.csv only a header", base: "b", file: "summary.csv",
                           damage: lines { $0 = [$0[0], ""] }, arguments: compare, words: ["summary.csv", "no rows"]),
            ResultFileCase(label: "summary.csv a FIFO", base: "b", file: "summary.csv",
                           damage: fifo, arguments: compare, words: ["summary.csv", "not a regular file"]),
            ResultFileCase(label: "summary.csv a folder", base: "b", file: "summary.csv",
                           damage: { url in try FileManager.default.removeItem(at: url); try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) },
                           arguments: compare, words: ["summary.csv", "not a regular file"]),
            ResultFileCase(label: "summary.csv missing", base: "b", file: "summary.csv",
                           damage: { try FileManager.default.removeItem(at: $0) }, arguments: compare, words: ["summary.csv", "no such file"]),
            // runs.csv of `small`: point, replication, seed, then every metric's columns.
            ResultFileCase(label: "runs.csv cut short inside a row", base: "b", file: "runs.csv",
                           damage: cut(9), arguments: compare, words: ["runs.csv:7:", "cut short"]),
            ResultFileCase(label: "runs.csv cut at a line end", base: "b", file: "runs.csv",
                           damage: lines { $0.remove(at: $0.count - 2) }, arguments: compare, words: ["runs.csv:7:", "5 of the 6 rows", "cut short"]),
            ResultFileCase(label: "abc in runs.csv", base: "b", file: "runs.csv",
                           damage: field(2, 3, "abc"), arguments: compare, words: ["runs.csv:3:", "'abc'"]),
            ResultFileCase(label: "nan in runs.csv", base: "b", file: "runs.csv",
                           damage: field(3, 5, "nan"), arguments: compare, words: ["runs.csv:4:", "'nan'"]),
            ResultFileCase(label: "an extra field in runs.csv", base: "b", file: "runs.csv",
                           damage: lines { $0[2] += ",1" }, arguments: compare, words: ["runs.csv:3:", "found"]),
            ResultFileCase(label: "a seed with letters", base: "b", file: "runs.csv",
                           damage: field(2, 2, "12ab"), arguments: compare, words: ["runs.csv:3:", "seed"]),
            ResultFileCase(label: "a seed past 2^64", base: "b", file: "runs.csv",
                           damage: field(2, 2, "18446744073709551616"), arguments: compare, words: ["runs.csv:3:", "seed"]),
            ResultFileCase(label: "two runs.csv rows swapped", base: "b", file: "runs.csv",
                           damage: lines { $0.swapAt(2, 3) }, arguments: compare, words: ["runs.csv:3:", "replication 1"]),
            ResultFileCase(label: "a runs.csv row repeated", base: "b", file: "runs.csv",
                           damage: lines { $0.insert($0[1], at: 2) }, arguments: compare, words: ["runs.csv:3:", "replication 1"]),
            ResultFileCase(label: "a runs.csv row too many", base: "b", file: "runs.csv",
                           damage: lines { $0.insert($0[$0.count - 2], at: $0.count - 1) }, arguments: compare, words: ["runs.csv:8:", "beyond"]),
            ResultFileCase(label: "a runs.csv point renamed", base: "b", file: "runs.csv",
                           damage: field(4, 0, "9"), arguments: compare, words: ["runs.csv:5:", "point"]),
            ResultFileCase(label: "a runs.csv column missing", base: "b", file: "runs.csv",
                           damage: lines { $0 = $0.map { $0.isEmpty ? $0 : $0.components(separatedBy: ",").dropLast().joined(separator: ",") } },
                           arguments: compare, words: ["runs.csv:1:", "header"]),
            ResultFileCase(label: "a 2 MiB line in runs.csv", base: "b", file: "runs.csv",
                           damage: lines { $0[2] += String(repeating: "9", count: 2_100_000) }, arguments: compare, words: ["runs.csv:3:", "MiB"]),
            ResultFileCase(label: "runs.csv a FIFO", base: "b", file: "runs.csv",
                           damage: fifo, arguments: compare, words: ["runs.csv", "not a regular file"]),
            ResultFileCase(label: "runs.csv missing", base: "b", file: "runs.csv",
                           damage: { try FileManager.default.removeItem(at: $0) }, arguments: compare, words: ["runs.csv", "no such file"]),
            // Whole studies that cannot be paired.
            ResultFileCase(label: "studies of different seeds", base: "seed9", arguments: compare, words: ["seeds differ", "replication 0", "runs.csv:2"]),
            ResultFileCase(label: "studies of different replications", base: "runs4", arguments: compare, words: ["6 replications", "4"]),
            ResultFileCase(label: "a study that is a file", base: "b", file: nil, damage: nil, arguments: ["compare", "a", "$/runs.csv"], words: ["is not a folder"]),
            ResultFileCase(label: "a study that does not exist", base: "b", arguments: ["compare", "a", "$/nothing"], words: ["no such folder"]),
        ]
        // merge: shard 2 of `small` split in two, damaged, merged with shard 1.
        let merge = ["merge", "shard1", "$"]
        cases += [
            ResultFileCase(label: "a shard's runs.csv a FIFO", base: "shard2", file: "runs.csv",
                           damage: fifo, arguments: merge, words: ["runs.csv", "not a regular file"]),
            ResultFileCase(label: "a shard's state.json a FIFO", base: "shard2", file: "state.json",
                           damage: fifo, arguments: merge, words: ["state.json", "regular file"]),
            ResultFileCase(label: "abc in a shard's runs.csv", base: "shard2", file: "runs.csv",
                           damage: field(2, 4, "abc"), arguments: merge, words: ["runs.csv:3:", "'abc'"]),
            ResultFileCase(label: "nan in a shard's runs.csv", base: "shard2", file: "runs.csv",
                           damage: field(1, 4, "nan"), arguments: merge, words: ["runs.csv:2:", "'nan'"]),
            ResultFileCase(label: "a shard's runs.csv cut short", base: "shard2", file: "runs.csv",
                           damage: cut(5), arguments: merge, words: ["runs.csv:4:", "cut short"]),
            ResultFileCase(label: "a shard's runs.csv a row short", base: "shard2", file: "runs.csv",
                           damage: lines { $0.remove(at: $0.count - 2) }, arguments: merge, words: ["runs.csv:4:", "cut short"]),
            ResultFileCase(label: "an extra field in a shard's row", base: "shard2", file: "runs.csv",
                           damage: lines { $0[1] += ",3" }, arguments: merge, words: ["runs.csv:2:", "fields"]),
            ResultFileCase(label: "a shard's seed changed", base: "shard2", file: "runs.csv",
                           damage: field(1, 2, "12345"), arguments: merge, words: ["runs.csv:2:", "seed 12345", "study's seed"]),
            ResultFileCase(label: "a shard's header changed", base: "shard2", file: "runs.csv",
                           damage: field(0, 3, "x"), arguments: merge, words: ["runs.csv:1:", "header"]),
            ResultFileCase(label: "a shard of another study", base: "seed9shard2", arguments: merge, words: ["another study"]),
            ResultFileCase(label: "the same shard twice", base: "shard1", arguments: merge, words: ["given 2 times"]),
            // plot reads each file kind strictly too.
            ResultFileCase(label: "plot of a runs.csv cut short", base: "b", file: "runs.csv",
                           damage: cut(9), arguments: ["plot", "$/runs.csv"], words: ["runs.csv:7:", "cut short"]),
            ResultFileCase(label: "plot of abc in runs.csv", base: "b", file: "runs.csv",
                           damage: field(3, 3, "abc"), arguments: ["plot", "$/runs.csv"], words: ["runs.csv:4:", "'abc'"]),
            ResultFileCase(label: "plot of a runs.csv row with an extra field", base: "b", file: "runs.csv",
                           damage: lines { $0[3] += ",1" }, arguments: ["plot", "$/runs.csv"], words: ["runs.csv:4:", "fields"]),
            ResultFileCase(label: "plot of a summary row with an extra field", base: "b", file: "summary.csv",
                           damage: lines { $0[5] += ",1" }, arguments: ["plot", "$/summary.csv"], words: ["summary.csv:6:", "fields"]),
            ResultFileCase(label: "plot of a fractional replications_needed", base: "b", file: "summary.csv",
                           damage: field(2, 17, "12.5"), arguments: ["plot", "$/summary.csv"], words: ["summary.csv:3:", "replications_needed", "'12.5'"]),
            ResultFileCase(label: "plot of nan in summary.csv", base: "b", file: "summary.csv",
                           damage: field(5, 3, "nan"), arguments: ["plot", "$/summary.csv"], words: ["summary.csv:6:", "'nan'"]),
            ResultFileCase(label: "plot of a bin count that is no count", base: "b", file: "distributions.csv",
                           damage: field(2, 4, "1.5"), arguments: ["plot", "$/distributions.csv"], words: ["distributions.csv:3:", "count"]),
            ResultFileCase(label: "plot of distributions.csv cut short", base: "b", file: "distributions.csv",
                           damage: cut(3), arguments: ["plot", "$/distributions.csv"], words: ["distributions.csv:", "cut short"]),
            ResultFileCase(label: "plot of a FIFO", base: "b", file: "distributions.csv",
                           damage: fifo, arguments: ["plot", "$/distributions.csv"], words: ["distributions.csv", "not a regular file"]),
            ResultFileCase(label: "plot of another program's CSV", base: "b", file: "summary.csv",
                           damage: text { _ in "a,b\n1,2\n" }, arguments: ["plot", "$/summary.csv"], words: ["not a distributions.csv"]),
        ]
        return cases
    }()

    func testEveryDamagedResultFileGetsOneClearErrorAndWritesNothing() throws {
        let bin = try SurfaceSimBinary()
        let small = SurfaceSimBinary.fixture("small.json5")
        for (folder, extra) in [("a", [String]()), ("b", ["--set", "widget.budgetPerDay=10"]), ("seed9", ["--seed", "9"]),
                                ("runs4", ["--runs", "4"]), ("shard1", ["--shard", "1/2"]), ("shard2", ["--shard", "2/2"]),
                                ("seed9shard2", ["--seed", "9", "--shard", "2/2"])] {
            try bin.succeed(["run", small, "--out", folder, "--quiet"] + extra)
        }
        var counts: [Int32: Int] = [:]
        for (i, c) in Self.resultFileCases.enumerated() {
            let damaged = "damaged\(i)"
            try FileManager.default.copyItem(at: bin.directory.appendingPathComponent(c.base), to: bin.directory.appendingPathComponent(damaged))
            if let file = c.file, let damage = c.damage {
                try damage(bin.directory.appendingPathComponent(damaged).appendingPathComponent(file))
            }
            let out = "out\(i)" + (c.arguments[0] == "plot" ? ".svg" : "")
            let arguments = c.arguments.map { $0.replacingOccurrences(of: "$", with: damaged) } + ["--out", out]
            let r = try ChildProcess.run(bin.binary, arguments, in: bin.directory, limit: 30)
            counts[r.status, default: 0] += 1
            XCTAssertFalse(r.hung, "\(c.label): hung")
            XCTAssertFalse(r.crashed, "\(c.label): crashed: \(r.err)")
            XCTAssertEqual(r.status, 2, "\(c.label): \(r.err)")
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, "\(c.label): one line: \(r.err.prefix(300))")
            XCTAssertLessThan(r.err.utf8.count, 2_000, "\(c.label): a short message")
            for w in c.words { XCTAssertTrue(r.err.contains(w), "\(c.label): '\(w)' in \(r.err.prefix(400))") }
            XCTAssertFalse(FileManager.default.fileExists(atPath: bin.path(out)), "\(c.label): wrote \(out)")
        }
        print("hostile result files: \(Self.resultFileCases.count) tried, exit codes \(counts.sorted { $0.key < $1.key })")
    }
}
