import Foundation
import XCTest

/// What `merge`, `compare` and the Slurm submission accept runs to the right result: a shard
/// with no replications, a study folder given as a symbolic link, a study whose summary.csv
/// is larger than the cap on hand-written inputs; and what they refuse is refused before any
/// work is submitted.
final class ResultReadingTests: XCTestCase {
    /// A split that leaves some shards with no replications of a multi-point study merges into
    /// exactly the unsplit run's files.
    func testShardsWithNoReplicationsMergeIntoTheUnsplitRun() throws {
        let bin = try SurfaceSimBinary()
        let sweep = SurfaceSimBinary.fixture("sweep.json5")
        for (runs, count) in [(2, 3), (1, 4), (3, 5)] {
            let root = "split-\(runs)-\(count)"
            var shards: [String] = []
            for k in 1...count {
                let shard = "\(root)/shard\(k)"
                try bin.succeed(["run", sweep, "--runs", String(runs), "--shard", "\(k)/\(count)", "--out", shard, "--quiet"])
                shards.append(shard)
            }
            try bin.succeed(["merge"] + shards + ["--out", "\(root)/merged", "--quiet", "--reproducible"])
            try bin.succeed(["run", sweep, "--runs", String(runs), "--out", "\(root)/whole", "--quiet", "--reproducible"])
            let (merged, whole) = (try bin.results("\(root)/merged"), try bin.results("\(root)/whole"))
            XCTAssertEqual(Set(merged.keys), Set(whole.keys), "\(root): the same files")
            for name in ["runs.csv", "summary.csv", "distributions.csv", "contrasts.csv"] {
                XCTAssertNotNil(whole[name], "\(root): \(name)")
                XCTAssertEqual(merged[name], whole[name], "\(root): \(name) equals the unsplit run's")
            }
        }
    }

    /// A study folder given as a symbolic link (a scratch area linked into a project) is read
    /// as the folder it names, and gives the same contrasts.
    func testCompareReadsStudyFoldersGivenAsLinks() throws {
        let bin = try SurfaceSimBinary()
        let small = SurfaceSimBinary.fixture("small.json5")
        try bin.succeed(["run", small, "--out", "a", "--quiet"])
        try bin.succeed(["run", small, "--out", "b", "--quiet", "--set", "widget.budgetPerDay=10"])
        try FileManager.default.createSymbolicLink(atPath: bin.path("a-link"), withDestinationPath: "a")
        try FileManager.default.createSymbolicLink(atPath: bin.path("b-link"), withDestinationPath: bin.path("b"))
        for (first, second) in [("a-link", "b"), ("a", "b-link"), ("a-link", "b-link")] {
            let out = "c-\(first)-\(second)"
            try bin.succeed(["compare", first, second, "--out", out, "--quiet"])
            try bin.succeed(["compare", "a", "b", "--out", "c-direct", "--quiet"])
            XCTAssertEqual(try bin.results(out)["contrasts.csv"], try bin.results("c-direct")["contrasts.csv"], "\(first) vs \(second)")
        }
    }

    /// A study whose summary.csv is past the 4 MiB hand-written inputs may have is read
    /// record by record (the cap is not for the program's own files). The study is a
    /// one-point study's files repeated as 4 points of a swept column with a 12 kB value
    /// (a 1,000-point study, the size met in use, takes minutes to run and pair in a debug build).
    func testCompareReadsAStudyPastTheInputCap() throws {
        let bin = try SurfaceSimBinary()
        try bin.succeed(["run", SurfaceSimBinary.fixture("small.json5"), "--out", "one", "--quiet"])
        try FileManager.default.createDirectory(atPath: bin.path("wide"), withIntermediateDirectories: true)
        for name in ["summary.csv", "runs.csv"] {
            let lines = try String(contentsOfFile: bin.path("one/\(name)"), encoding: .utf8).split(separator: "\n")
            var text = "point,label" + lines[0].dropFirst(5) + "\n"
            for p in 0..<4 {
                let label = String(repeating: "design \(p) ", count: 1_300)
                for line in lines.dropFirst() { text += "\(p),\(label)" + line.dropFirst(1) + "\n" }
            }
            try Data(text.utf8).write(to: bin.directory.appendingPathComponent("wide/\(name)"))
        }
        let size = try FileManager.default.attributesOfItem(atPath: bin.path("wide/summary.csv"))[.size] as! Int
        XCTAssertGreaterThan(size, 4 * 1_048_576, "the study's summary.csv is past the input cap")
        // The run's manifest names the model both studies come from (compare refuses a study that names none).
        try FileManager.default.copyItem(atPath: bin.path("one/manifest.json"), toPath: bin.path("wide/manifest.json"))
        try FileManager.default.copyItem(atPath: bin.path("wide"), toPath: bin.path("again"))
        let out = try bin.succeed(["compare", "wide", "again", "--out", "c"])
        XCTAssertTrue(out.contains("Contrasts of again against wide"), out)
        // Every point against itself: every mean difference is 0 with a zero-width interval.
        let lines = try String(contentsOfFile: bin.path("c/contrasts.csv"), encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let (statistic, difference, low) = (header.firstIndex(of: "statistic")!, header.firstIndex(of: "difference")!, header.firstIndex(of: "diff_ci95_low")!)
        var means = 0
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields[statistic] == "mean", !fields[difference].isEmpty else { continue }
            XCTAssertEqual(fields[difference], "0", String(line))
            if !fields[low].isEmpty { XCTAssertEqual(fields[low], "0", String(line)) }
            means += 1
        }
        XCTAssertGreaterThan(means, 4 * 30)
    }

    /// scripts/slurm/submit.sh checks the scenario with the run options' --set before it
    /// submits anything: a bad value fails once, here, instead of in every shard.
    func testSubmitValidatesBeforeSubmitting() throws {
        let bin = try SurfaceSimBinary()
        let fake = bin.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        // An sbatch that records its calls.
        try Data("#!/bin/sh\necho \"$@\" >> \"\(bin.path("sbatch-calls"))\"\necho 42\n".utf8).write(to: fake.appendingPathComponent("sbatch"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.appendingPathComponent("sbatch").path)
        let script = SurfaceSimBinary.root.appendingPathComponent("scripts/slurm/submit.sh").path
        let scenario = SurfaceSimBinary.fixture("small.json5")
        let cases: [(label: String, options: [String], status: Int32, words: [String])] = [
            ("a probability of 2", ["--set", "push.loss=2"], 2, ["push.loss", "between 0 and 1"]),
            ("a probability of 2 as --set=", ["--set=push.loss=2"], 2, ["push.loss"]),
            ("a misspelt path", ["--runs", "4", "--set", "push.los=0.1"], 2, ["Did you mean 'push.loss'"]),
            ("a --set without a value", ["--set"], 2, ["--set"]),
            ("a --shard of its own", ["--shard", "1/2"], 2, ["--shard"]),
            ("an --out of its own", ["--out", "x"], 2, ["--out"]),
            ("a good --set", ["--set", "push.loss=0.5", "--runs", "4"], 0, []),
            ("no options", [], 0, []),
        ]
        for c in cases {
            try? FileManager.default.removeItem(atPath: bin.path("sbatch-calls"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [script, scenario, "3", bin.path("root")] + c.options
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = fake.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["SURFACESIM"] = bin.binary.path
            process.environment = environment
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, c.status, "\(c.label): \(message)")
            for w in c.words { XCTAssertTrue(message.contains(w), "\(c.label): '\(w)' in \(message)") }
            let submitted = FileManager.default.fileExists(atPath: bin.path("sbatch-calls"))
            XCTAssertEqual(submitted, c.status == 0, "\(c.label): submitted only when valid")
        }
    }
}
