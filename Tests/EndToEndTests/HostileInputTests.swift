import Foundation
import XCTest

/// Bad and extreme input, as a demanding tester would give it: every case ends with one
/// clear error and exit 2 (or, for an extreme value the checks accept, a complete run),
/// never a crash or a hang, and a refused run writes nothing.
final class HostileInputTests: XCTestCase {
    struct Case {
        var label: String
        /// The scenario file's text (nil: the arguments name the input themselves).
        var file: String?
        var arguments: [String]
        var status: Int32
        /// Words the message must contain.
        var words: [String]
        /// Words it must not contain (a misleading suggestion).
        var absent: [String] = []
    }

    static let base = #"{name: "h", duration: "2h", replications: 1, observe: {warmup: "10m"}}"#

    /// A sampled sweep of push.wakeRefusal with the given `method`, `points` and other keys.
    static func sample(_ keys: String) -> String {
        #"{duration: "1h", observe: {warmup: "10m"}, sweep: {sample: {\#(keys), ranges: {"push.wakeRefusal": [0, 1]}}}}"#
    }

    /// One value past each end of every ranged parameter, from `help parameters`.
    static func pastEveryRange(_ binary: URL, in dir: URL) throws -> [Case] {
        let p = Process()
        p.executableURL = binary
        p.arguments = ["help", "parameters"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        var cases: [Case] = []
        for line in text.split(separator: "\n") where line.hasPrefix("  ") && line.contains("accepts ") {
            let path = String(line.dropFirst(2).prefix { $0 != " " })
            let accepts = line[line.range(of: "accepts ")!.upperBound...]
            var bad: String?
            if accepts.hasPrefix("a duration") { bad = "1001d" }
            else if accepts.hasPrefix("a whole number") { bad = "1000000000" }
            else if accepts.hasPrefix("a number") || accepts.hasPrefix("a rate") { bad = "1e300" }
            else if accepts.hasPrefix("a size") { bad = "2TB" }
            guard let value = bad, path != "replications" else { continue }
            cases.append(Case(label: "\(path) past its range", file: base, arguments: ["--set", "\(path)=\(value)"],
                              status: 2, words: [path, "expected"]))
        }
        return cases
    }

    static let handWritten: [Case] = [
        Case(label: "NUL byte", file: "{name: \"h\",\u{0} duration: \"1h\"}", arguments: [], status: 2, words: ["NUL", ":1:"]),
        Case(label: "negative duration", file: #"{duration: "-1h"}"#, arguments: [], status: 2, words: ["duration", "expected"]),
        Case(label: "duration far past 1000d", file: #"{duration: "106751991d"}"#, arguments: [], status: 2, words: ["duration"]),
        Case(label: "maxActive overflowing the clock", file: base, arguments: ["--set", "live.maxActive=106751991d"], status: 2, words: ["1000d"]),
        Case(label: "activity length 10^8 days", file: base, arguments: ["--set", "live.activityLength=100000000d"], status: 2, words: ["1000d"]),
        Case(label: "5 million stages", file: base, arguments: ["--set", "live.stages=5000000"], status: 2, words: ["live.stages", "100"]),
        Case(label: "10^9 activities a day", file: base, arguments: ["--set", "live.activities.perDay=1e9"], status: 2, words: ["live.activities.perDay"]),
        Case(label: "10^15 retries", file: base, arguments: ["--set", "action.retries=1e15"], status: 2, words: ["action.retries"]),
        Case(label: "sync every 0s", file: base, arguments: ["--set", "app.syncInterval=0s"], status: 2, words: ["app.syncInterval", "1s"]),
        Case(label: "reload hint 0s", file: base, arguments: ["--set", "widget.reloadAfter=0s"], status: 2, words: ["widget.reloadAfter"]),
        Case(label: "huge shard count", file: base, arguments: ["--shard", "1/9223372036854775807"], status: 2, words: ["--shard"]),
        Case(label: "runs 2^63", file: base, arguments: ["--runs", "9223372036854775807"], status: 2, words: ["--runs"]),
        Case(label: "runs past Int", file: base, arguments: ["--runs", "99999999999999999999"], status: 2, words: ["--runs"]),
        Case(label: "a 10^9-point grid", file: #"{duration: "1h", sweep: {"user.forceQuit": [0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9], "push.loss": [0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9], "push.wakeRefusal": [0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9], "live.finalUpdateLoss": [0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9], "device.locked": [0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9], "app.updateChangesSchema": [0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9]}}"#, arguments: [], status: 2, words: ["grid", "100000"]),
        Case(label: "a study of 10^10 replications", file: #"{duration: "1h", replications: 100000000, sweep: {"push.loss": [0, 0.5]}}"#, arguments: [], status: 2, words: ["replications", "in all"]),
        Case(label: "lognormal sigma 50", file: base, arguments: ["--set", #"live.activityLength={lognormal:{median:"1h",sigma:50}}"#], status: 2, words: ["0 to 5"]),
        Case(label: "exponential mean 10^6 days", file: base, arguments: ["--set", #"network.latency={exponential:{mean:"1000000d"}}"#], status: 2, words: ["1000d"]),
        Case(label: "uniform high past 1000d", file: base, arguments: ["--set", #"user.sessionLength={uniform:{low:"0s",high:"2000d"}}"#], status: 2, words: ["1000d"]),
        Case(label: "item size 2TB", file: base, arguments: ["--set", "share.itemSize=2TB"], status: 2, words: ["1TB"]),
        Case(label: "negative rate", file: base, arguments: ["--set", "user.appOpens.perHour=-1"], status: 2, words: ["user.appOpens.perHour"]),
        Case(label: "NaN probability", file: base, arguments: ["--set", "push.loss=NaN"], status: 2, words: ["push.loss"]),
        Case(label: "Infinity rate", file: base, arguments: ["--set", "elsewhere.edits.perHour=Infinity"], status: 2, words: ["elsewhere.edits.perHour"]),
        Case(label: "a misspelt group", file: #"{widgte: {budgetPerDay: 40}}"#, arguments: [], status: 2, words: ["Did you mean 'widget'"]),
        Case(label: "a misspelt observe", file: #"{obsreve: {warmup: "1h"}}"#, arguments: [], status: 2, words: ["Did you mean 'observe'"]),
        Case(label: "a group in capitals", file: #"{Widget: {budgetPerDay: 40}}"#, arguments: [], status: 2, words: ["Did you mean 'widget'"]),
        Case(label: "a 1 MB key", file: "{" + String(repeating: "k", count: 1_000_000) + ": 1}", arguments: [], status: 2, words: ["…"]),
        Case(label: "deep nesting", file: String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), arguments: [], status: 2, words: []),
        Case(label: "not JSON5 at all", file: "duration = 1h", arguments: [], status: 2, words: [":1:"]),
        Case(label: "empty file", file: "", arguments: [], status: 2, words: []),
        Case(label: "trailing garbage", file: #"{duration: "1h"} x"#, arguments: [], status: 2, words: [":1:"]),
        Case(label: "unterminated string", file: #"{duration: "1h}"#, arguments: [], status: 2, words: []),
        Case(label: "warm-up as long as the run", file: #"{duration: "1h", observe: {warmup: "1h"}}"#, arguments: [], status: 2, words: ["observe.warmup"]),
        Case(label: "zero replications", file: #"{replications: 0}"#, arguments: [], status: 2, words: ["replications"]),
        Case(label: "seed too large as a number", file: #"{seed: 1e30}"#, arguments: [], status: 2, words: ["seed"]),
        Case(label: "unknown choice", file: base, arguments: ["--set", "watch.level=wrist"], status: 2, words: ["watch.level"]),
        Case(label: "unknown sign-out step", file: base, arguments: ["--set", "signout.steps=clearSession,forget"], status: 2, words: ["signout.steps"]),
        Case(label: "a duration without a unit", file: base, arguments: ["--set", "widget.maxAge=15"], status: 2, words: ["widget.maxAge", "unit"]),
        Case(label: "set without a value", file: base, arguments: ["--set", "push.loss"], status: 2, words: ["--set"]),
        Case(label: "set of an unknown path", file: base, arguments: ["--set", "push.los=0.1"], status: 2, words: ["Did you mean"]),
        Case(label: "a profile of 23 hours", file: base, arguments: ["--set", "user.appOpens.perHour={perHour: 1, profile: [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}"], status: 2, words: ["24"]),
        Case(label: "an unknown option", file: base, arguments: ["--rnus", "3"], status: 2, words: ["--runs"]),
        Case(label: "jobs 0", file: base, arguments: ["--jobs", "0"], status: 2, words: ["--jobs"]),
        Case(label: "a shard 0/2", file: base, arguments: ["--shard", "0/2"], status: 2, words: ["--shard"]),
        Case(label: "a seed with letters", file: base, arguments: ["--seed", "12ab"], status: 2, words: ["--seed"]),
        // Sampled sweeps (docs/scenarios.md#sampled-sweeps).
        Case(label: "an unknown sampling method", file: sample(#"method: "morriss", points: 4"#), arguments: [], status: 2, words: ["sweep.sample.method", "Did you mean 'morris'"]),
        Case(label: "a sample of 0 points", file: sample(#"method: "lhs", points: 0"#), arguments: [], status: 2, words: ["sweep.sample.points", "found 0"]),
        Case(label: "a sample of -3 points", file: sample(#"method: "lhs", points: -3"#), arguments: [], status: 2, words: ["sweep.sample.points", "found -3"]),
        Case(label: "a sample of 10^12 points", file: sample(#"method: "lhs", points: 1e12"#), arguments: [], status: 2, words: ["sweep.sample.points", "100000"]),
        Case(label: "10^6 Morris trajectories", file: sample(#"method: "morris", points: 1000000"#), arguments: [], status: 2, words: ["sweep.sample.points", "trajectories"]),
        Case(label: "a sample of 2.5 points", file: sample(#"method: "lhs", points: 2.5"#), arguments: [], status: 2, words: ["sweep.sample.points"]),
        Case(label: "a sampled path misspelt", file: #"{duration: "1h", sweep: {sample: {method: "lhs", points: 4, ranges: {"push.wakeRefusl": [0, 1]}}}}"#, arguments: [], status: 2, words: ["push.wakeRefusl", "Did you mean 'push.wakeRefusal'"]),
        Case(label: "a range with low above high", file: #"{duration: "1h", sweep: {sample: {method: "lhs", points: 4, ranges: {"widget.maxAge": ["1h", "5m"]}}}}"#, arguments: [], status: 2, words: ["widget.maxAge", "high end above the low end"]),
        Case(label: "a range past what the parameter accepts", file: #"{duration: "1h", sweep: {sample: {method: "lhs", points: 4, ranges: {"live.stages": [1, 5000]}}}}"#, arguments: [], status: 2, words: ["live.stages", "100"]),
        Case(label: "a range of NaN", file: #"{duration: "1h", sweep: {sample: {method: "lhs", points: 4, ranges: {"push.loss": [NaN, 1]}}}}"#, arguments: [], status: 2, words: ["push.loss"]),
        Case(label: "a range of a choice", file: #"{duration: "1h", sweep: {sample: {method: "lhs", points: 4, ranges: {"share.design": ["outbox", "openApp"]}}}}"#, arguments: [], status: 2, words: ["share.design", "cannot be sampled"]),
        Case(label: "a sample beside a grid", file: #"{duration: "1h", sweep: {"push.loss": [0, 1], sample: {method: "lhs", points: 4, ranges: {"push.wakeRefusal": [0, 1]}}}}"#, arguments: [], status: 2, words: ["'sample' cannot be combined"]),
        Case(label: "a sample with a stray key", file: sample(#"method: "lhs", points: 4, pionts: 5"#), arguments: [], status: 2, words: ["sweep.sample", "Did you mean 'points'"]),
        Case(label: "a sample seed with letters", file: sample(#"method: "lhs", points: 4, seed: "x1""#), arguments: [], status: 2, words: ["sweep.sample.seed"]),
        Case(label: "a sampled sweep with --set of a sampled path", file: sample(#"method: "lhs", points: 4"#), arguments: ["--set", "push.wakeRefusal=0.5"], status: 2, words: ["push.wakeRefusal", "swept"]),
        // The platform swept, and the surfaces shorthand.
        Case(label: "an unknown platform in a sweep", file: #"{duration: "1h", sweep: {platform: ["ios", "androd"]}}"#, arguments: [], status: 2, words: ["platform", "Did you mean 'android'"]),
        Case(label: "an unknown surface", file: #"{duration: "1h", surfaces: ["wigdet"]}"#, arguments: [], status: 2, words: ["surfaces", "Did you mean 'widget'"]),
        Case(label: "a surface that is no string", file: #"{duration: "1h", surfaces: [3]}"#, arguments: [], status: 2, words: ["surfaces"]),
        Case(label: "surfaces contradicted in the file", file: #"{duration: "1h", surfaces: ["widget"], share: {enabled: true}}"#, arguments: [], status: 2, words: ["share.enabled", "surfaces"]),
        Case(label: "surfaces contradicted by --set", file: #"{duration: "1h", surfaces: ["widget"]}"#, arguments: ["--set", "widget.enabled=false"], status: 2, words: ["widget.enabled", "--set"]),
        // Values the models could not run at, extreme options, echoes that must stay on one line.
        Case(label: "jobs 2^63 - 1", file: base, arguments: ["--jobs", "9223372036854775807"], status: 2, words: ["--jobs", "1024"]),
        Case(label: "jobs 1025", file: base, arguments: ["--jobs", "1025"], status: 2, words: ["--jobs", "1024"]),
        Case(label: "a seed of 2^64", file: base, arguments: ["--seed", "18446744073709551616"], status: 2, words: ["--seed", "18446744073709551615"]),
        Case(label: "an unlocked period of 1us", file: base, arguments: ["--set", "device.unlockedPeriod=1us"], status: 2, words: ["device.unlockedPeriod", "mean", "1s"]),
        Case(label: "unlocked periods of mean 1ms", file: base, arguments: ["--set", #"device.unlockedPeriod={exponential:{mean:"1ms"}}"#], status: 2, words: ["device.unlockedPeriod", "mean 1ms"]),
        Case(label: "unlocked periods of median 1us", file: base, arguments: ["--set", #"device.unlockedPeriod={lognormal:{median:"1us",sigma:1}}"#], status: 2, words: ["device.unlockedPeriod", "mean"]),
        Case(label: "a value with a line break", file: base, arguments: ["--set", "widget.enabled=tr\nue"], status: 2, words: ["widget.enabled", "tr\\nue"]),
        Case(label: "a path with a line break", file: base, arguments: ["--set", "wid\nget.enabled=true"], status: 2, words: ["wid\\nget.enabled"]),
        Case(label: "a value with an escape character", file: base, arguments: ["--set", "push.loss=0\u{1B}[2J"], status: 2, words: ["push.loss", "\\u{1B}"]),
        Case(label: "a shard with a line break", file: base, arguments: ["--shard", "1\n/2"], status: 2, words: ["--shard", "1\\n/2"]),
        Case(label: "a precision with a line break", file: base, arguments: ["--precision", "widget.staleness=5\n%"], status: 2, words: ["--precision"]),
        Case(label: "a string value with a line break in the file", file: #"{name: "h", duration: "2h\n", observe: {warmup: "10m"}}"#, arguments: [], status: 2, words: ["duration", "\\n"]),
        Case(label: "a misspelt section by --set", file: base, arguments: ["--set", "obsreve.enabled=true"], status: 2, words: ["obsreve.enabled"], absent: ["live.enabled"]),
        Case(label: "a misspelt section with a near key", file: base, arguments: ["--set", "obsreve.warmup=1m"], status: 2, words: ["Did you mean 'observe.warmup'"]),
        Case(label: "a precision metric of a surface switched off", file: base, arguments: ["--set", "live.enabled=false", "--precision", "live.staleness=5%"], status: 2, words: ["live.staleness", "live.enabled false"]),
        Case(label: "a precision metric switched off at one sweep point", file: #"{duration: "1h", observe: {warmup: "0s"}, sweep: {points: [{name: "on", set: {"car.enabled": true}}, {name: "off", set: {"car.enabled": false}}]}}"#, arguments: ["--precision", "car.staleness=5%"], status: 2, words: ["point off", "car.enabled false"]),
        Case(label: "surfaces contradicted by a sweep", file: #"{duration: "1h", surfaces: ["widget"], sweep: {points: [{name: "a", set: {"car.enabled": true}}]}}"#, arguments: [], status: 2, words: ["car.enabled", "sweep point a"]),
    ]

    func testEveryHostileInputGetsOneClearErrorAndWritesNothing() throws {
        let bin = try SurfaceSimBinary()
        var cases = Self.handWritten + (try Self.pastEveryRange(bin.binary, in: bin.directory))
        // Bytes that are not UTF-8, and inputs that are not files.
        var invalid = Data(#"{name: "h", duration: ""#.utf8); invalid.append(contentsOf: [0xC3, 0x28]); invalid.append(contentsOf: Array(#""}"#.utf8))
        try invalid.write(to: bin.directory.appendingPathComponent("latin.json5"))
        cases.append(Case(label: "invalid UTF-8", file: nil, arguments: ["latin.json5"], status: 2, words: ["UTF-8", ":1:"]))
        try Data(count: 5 * 1_048_576).write(to: bin.directory.appendingPathComponent("huge.json5"))
        cases.append(Case(label: "a 5 MiB file", file: nil, arguments: ["huge.json5"], status: 2, words: ["MiB"]))
        cases.append(Case(label: "a directory", file: nil, arguments: ["."], status: 2, words: ["regular file"]))
        cases.append(Case(label: "a device", file: nil, arguments: ["/dev/zero"], status: 2, words: ["regular file"]))
        cases.append(Case(label: "a missing file", file: nil, arguments: ["nope.json5"], status: 2, words: ["nope.json5"]))
        XCTAssertGreaterThanOrEqual(cases.count, 100, "the table covers at least 100 inputs")
        var counts: [Int32: Int] = [:]
        for (i, c) in cases.enumerated() {
            var args = ["run"]
            if let text = c.file {
                let name = "case\(i).json5"
                try Data(text.utf8).write(to: bin.directory.appendingPathComponent(name))
                args.append(name)
            }
            let out = "out\(i)"
            args += c.arguments + ["--out", out, "--quiet"]
            let r = try ChildProcess.run(bin.binary, args, in: bin.directory, limit: 60)
            counts[r.status, default: 0] += 1
            XCTAssertFalse(r.hung, "\(c.label): hung")
            XCTAssertFalse(r.crashed, "\(c.label): crashed: \(r.err)")
            XCTAssertEqual(r.status, c.status, "\(c.label): \(r.err)")
            let lines = r.err.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(c.label): one line: \(r.err.prefix(300))")
            XCTAssertLessThan(r.err.utf8.count, 2_000, "\(c.label): a short message")
            for w in c.words { XCTAssertTrue(r.err.contains(w), "\(c.label): '\(w)' in \(r.err.prefix(300))") }
            for w in c.absent { XCTAssertFalse(r.err.contains(w), "\(c.label): no '\(w)' in \(r.err.prefix(300))") }
            XCTAssertFalse(FileManager.default.fileExists(atPath: bin.path(out)), "\(c.label): wrote \(out)")
        }
        print("hostile inputs: \(cases.count) tried, exit codes \(counts.sorted { $0.key < $1.key })")
    }
}

/// Extreme values the checks accept end with exit 0 and complete results, in every verb that
/// takes them: the tiniest rates (a first event past any representable time never fires),
/// the largest seed, the most worker threads. Checked against the code before: the rates
/// trapped (SIGILL), the chapter verbs, trace --failure and infer refused a seed from 2^63 on.
final class AcceptedExtremesTests: XCTestCase {
    func testAcceptedExtremesRunToTheEnd() throws {
        let bin = try SurfaceSimBinary()
        try Data(HostileInputTests.base.utf8).write(to: bin.directory.appendingPathComponent("base.json5"))
        let seed = String(UInt64.max)
        var cases: [(label: String, arguments: [String], files: [String])] = [
            ("a restart every 10^12 days", ["run", "base.json5", "--set", "device.restarts.perDay=1e-12"], ["summary.csv"]),
            ("shares at 3e-8 a day in 50 runs", ["run", "base.json5", "--runs", "50", "--set", "share.perDay=3e-8"], ["runs.csv"]),
            ("the smallest positive rate", ["run", "base.json5", "--set", "car.drives.perDay=5e-324", "--set", "car.enabled=true"], ["runs.csv"]),
            ("a keep-alive ended at 1e-12 an hour", ["run", "base.json5", "--set", "live.backgroundTermination.perHour=1e-12",
                                                      "--set", "live.enabled=true", "--set", "live.activities.perDay=24"], ["runs.csv"]),
            ("1024 jobs", ["run", "base.json5", "--runs", "3", "--jobs", "1024"], ["runs.csv"]),
            ("the largest seed in run", ["run", "base.json5", "--seed", seed], ["runs.csv"]),
            ("the largest seed in probes", ["probes", "--only", "P25.1", "--runs", "2", "--seed", seed, "--jobs", "1024"], ["probes.csv"]),
            ("the largest seed in failures", ["failures", "--only", "F2", "--runs", "2", "--seed", seed], ["failures.csv"]),
            ("the largest seed in signals", ["signals", "--only", "S1", "--runs", "2", "--seed", seed], ["signals.csv"]),
        ]
        cases.append(("the largest seed in trace --failure", ["trace", "--failure", "F2", "--seed", seed], []))
        let worksheet = SurfaceSimBinary.root.appendingPathComponent("Scenarios/teardown-example.json5").path
        cases.append(("the largest seed in infer", ["infer", worksheet, "--runs", "2", "--seed", seed], ["infer.csv"]))
        for (i, c) in cases.enumerated() {
            let out = "ok\(i)"
            let args = c.arguments + (c.arguments[0] == "trace" ? ["--out", out] : ["--out", out, "--quiet"])
            let r = try ChildProcess.run(bin.binary, args, in: bin.directory, limit: 300)
            XCTAssertFalse(r.hung, "\(c.label): hung")
            XCTAssertFalse(r.crashed, "\(c.label): crashed: \(r.err)")
            XCTAssertEqual(r.status, 0, "\(c.label): \(r.err)")
            for file in c.files {
                XCTAssertTrue(FileManager.default.fileExists(atPath: bin.path(out + "/" + file)), "\(c.label): \(file)")
            }
        }
        print("accepted extremes: \(cases.count) tried")
    }
}

/// An input the system cannot read (an I/O error) is the environment refusing: exit 3,
/// not the bad-input 2. Reading /proc/self/mem from its start fails with EIO.
final class InputReadErrorTests: XCTestCase {
    func testAnIOErrorReadingTheScenarioExits3() throws {
        let bin = try SurfaceSimBinary()
        guard FileManager.default.fileExists(atPath: "/proc/self/mem") else { throw XCTSkip("no /proc") }
        for verb in ["validate", "run", "trace"] {
            let r = try bin.run([verb, "/proc/self/mem"])
            XCTAssertEqual(r.status, 3, "\(verb): \(r.err)")
            XCTAssertTrue(r.err.contains("Input/output error"), r.err)
        }
    }
}

/// A folder that holds someone else's files is never swapped for results.
final class ForeignFolderTests: XCTestCase {
    func testAFolderOfOtherFilesIsRefusedAndKept() throws {
        let bin = try SurfaceSimBinary()
        let folder = bin.directory.appendingPathComponent("thesis")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("chapter one".utf8).write(to: folder.appendingPathComponent("draft.tex"))
        let r = try bin.run(["run", SurfaceSimBinary.fixture("small.json5"), "--out", "thesis", "--quiet"])
        XCTAssertEqual(r.status, 2, r.err)
        XCTAssertTrue(r.err.contains("not results of this program"), r.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["draft.tex"])
        // A results folder is rewritten as before.
        _ = try bin.succeed(["run", SurfaceSimBinary.fixture("small.json5"), "--out", "res", "--quiet"])
        _ = try bin.succeed(["run", SurfaceSimBinary.fixture("small.json5"), "--out", "res", "--quiet"])
    }
}
