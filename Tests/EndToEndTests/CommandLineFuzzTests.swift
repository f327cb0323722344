import Foundation
import XCTest
import TestSupport

/// A seeded fuzzer over the command line, in child processes: 300 mutated command lines of
/// `run`, `validate`, `trace`, `help`, `plot` and `merge`. Each exits 0 or 2, never crashes
/// or hangs, and a refused one writes nothing.
final class CommandLineFuzzTests: XCTestCase {
    static let scenario = #"{name: "f", duration: "2h", replications: 2, observe: {warmup: "10m"}}"#

    func testMutatedCommandLinesExit0Or2AndRefusalsWriteNothing() throws {
        let bin = try SurfaceSimBinary()
        try Data(Self.scenario.utf8).write(to: bin.directory.appendingPathComponent("f.json5"))
        // Every parameter path, and values at and past the edges.
        let paths = ["user.appOpens.perHour", "push.wakeRefusal", "widget.budgetPerDay", "live.stages", "watch.level",
                     "share.itemSize", "network.latency", "app.syncInterval", "signout.at", "signout.steps", "seed",
                     "action.retries", "live.activities.perDay", "widget.jitter", "platform", "replications", "elsewhere.edits.perHour"]
        let values = ["0", "1", "-1", "1e308", "NaN", "3600", "1000000", "\"0s\"", "0s", "1s", "1000d", "1001d", "2TB", "1TB",
                      "{exponential:{mean:\"1000d\"}}", "companion", "wrist", "null", "[]", "{}", "clearSession,reloadWidgets", "", "="]
        let options = ["--runs", "--seed", "--jobs", "--shard", "--out", "--set", "--point", "--run", "--reproducible", "--quiet",
                       "--resume", "--check", "--stop-after", "--bogus", "-h"]
        let optionValues = ["0", "1", "2", "-3", "1/2", "2/1", "0/0", "1/1000001", "9223372036854775807", "x", "", "out", "/dev/null"]
        var fuzz = InputMutator(seed: 7_777)
        var counts: [Int32: Int] = [:]
        for i in 0..<300 {
            let verb = ["run", "run", "run", "validate", "validate", "trace", "help", "plot", "merge"][fuzz.int(9)]
            let out = "o\(i)"
            var args = [verb]
            switch verb {
            case "help": args.append(["run", "parameters", "metrics", "nope", ""][fuzz.int(5)])
            case "plot": args += ["f.json5", "--out", out + ".svg"]
            case "merge": args += ["f.json5", "--out", out]
            default: args.append(fuzz.int(10) == 0 ? "missing.json5" : "f.json5")
            }
            for _ in 0..<fuzz.int(4) {
                switch fuzz.int(4) {
                case 0:
                    let path = paths[fuzz.int(paths.count)]
                    args += ["--set", "\(path)=\(values[fuzz.int(values.count)])"]
                case 1:
                    args.append(options[fuzz.int(options.count)])
                    if fuzz.int(3) > 0 { args.append(optionValues[fuzz.int(optionValues.count)]) }
                case 2:
                    if args.count > 1 { let k = 1 + fuzz.int(args.count - 1); args[k] = fuzz.mutate(args[k]) }
                default:
                    args.append(fuzz.mutate(["--set", "--runs", "f.json5", "push.loss=0.5"][fuzz.int(4)]))
                }
            }
            if verb == "run" || verb == "trace" {
                args += verb == "run" ? ["--out", out, "--quiet"] : ["--out", out + ".csv"]
            }
            let r = try ChildProcess.run(bin.binary, args, in: bin.directory, limit: 60)
            counts[r.status, default: 0] += 1
            let label = "case \(i): \(args.joined(separator: " ").prefix(300))"
            XCTAssertFalse(r.hung, "\(label): hung")
            XCTAssertFalse(r.crashed, "\(label): crashed: \(r.err.prefix(300))")
            XCTAssertTrue(r.status == 0 || r.status == 2, "\(label): exit \(r.status): \(r.err.prefix(300))")
            if r.status == 2 {
                XCTAssertLessThan(r.err.utf8.count, 2_000, "\(label): a short message")
                for written in [out, out + ".svg", out + ".csv"] {
                    XCTAssertFalse(FileManager.default.fileExists(atPath: bin.path(written)), "\(label): wrote \(written)")
                }
            }
        }
        print("command-line fuzz: 300 cases, exit codes \(counts.sorted { $0.key < $1.key })")
    }
}
