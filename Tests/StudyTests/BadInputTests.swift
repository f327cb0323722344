import Foundation
import XCTest
@testable import Study

/// Bad input gets one clear error, exit status 2, and nothing written (docs/scenarios.md).
final class BadInputTests: XCTestCase {
    /// (scenario text, --set overrides, the exact message after `Error: `).
    static let cases: [(text: String, overrides: [String], message: String)] = [
        ("{widget: {budgetPerDy: 40}}", [],
         "bad.json5:1:11: widget.budgetPerDy: expected a parameter under 'widget', found 'budgetPerDy'. Did you mean 'widget.budgetPerDay'?"),
        ("{budgetPerDay: 40}", [],
         "bad.json5:1:2: budgetPerDay: expected a parameter name, found 'budgetPerDay'. Did you mean 'widget.budgetPerDay'?"),
        (#"{watch: {level: "companon"}}"#, [],
         #"bad.json5:1:17: watch.level: expected one of "remoteControl", "companion", "standalone", found "companon". Did you mean 'companion'?"#),
        (#"{widget: {maxAge: "-5m"}}"#, [],
         #"bad.json5:1:19: widget.maxAge: expected a duration with a unit (e.g. "250ms", "30s", "15m", "2h", "1d"), found "-5m""#),
        ("{widget: {maxAge: 30}}", [],
         #"bad.json5:1:19: widget.maxAge: expected a duration with a unit (e.g. "250ms", "30s", "15m", "2h", "1d"), found 30"#),
        (#"{"push.wakeRefusal": 1.5}"#, [],
         "bad.json5:1:22: push.wakeRefusal: expected a probability between 0 and 1, found 1.5"),
        ("{widget: {budgetPerDay: 40,, }}", [],
         "bad.json5:1:28: expected a key or '}', found ','"),
        (#"{sweep: {"widget.budget": [40, 55]}}"#, [],
         "bad.json5:1:10: widget.budget: expected a parameter under 'widget', found 'budget'. Did you mean 'widget.budgetPerDay'?"),
        ("{}", ["widget.budgetPerDay"],
         "--set widget.budgetPerDay: expected path=value (e.g. --set push.wakeRefusal=0.5), found no '='"),
        ("{}", ["widget.budgetPerDay=abc"],
         #"--set widget.budgetPerDay=abc: widget.budgetPerDay: expected a whole number ≥ 0, found "abc""#),
        ("{}", ["widget.budgetPerDy=40"],
         "--set widget.budgetPerDy=40: widget.budgetPerDy: expected a parameter under 'widget', found 'budgetPerDy'. Did you mean 'widget.budgetPerDay'?"),
        (#"{network: {latency: {lognormol: {median: "150ms"}}}}"#, [],
         "bad.json5:1:22: network.latency: expected a distribution (constant, exponential, uniform, lognormal, normal, empirical), found 'lognormol'. Did you mean 'lognormal'?"),
        (#"{network: {latency: {lognormal: {median: "150ms", sgma: 0.5}}}}"#, [],
         "bad.json5:1:51: network.latency: expected one of 'median', 'sigma', 'p95', found 'sgma'. Did you mean 'sigma'?"),
        ("{user: {appOpens: {perHour: 0.5, profile: [1, 2]}}}", [],
         "bad.json5:1:43: user.appOpens.perHour: expected 24 hourly weights ≥ 0, not all zero, found [1,2]"),
        ("{widget: 5}", [],
         "bad.json5:1:10: widget: expected an object of the parameters under 'widget', found 5"),
        (#"{signout: {steps: ["clearSession", "reloadWidget"]}}"#, [],
         #"bad.json5:1:36: signout.steps: expected one of "clearSession", "clearSharedData", "reloadWidgets", "endLiveStatus", "notifyWatch", "revokeCredentials", found "reloadWidget". Did you mean 'reloadWidgets'?"#),
        (#"{widget: {budgetPerDay: 40}, "widget.budgetPerDay": 41}"#, [],
         "bad.json5:1:30: widget.budgetPerDay: set twice (first at line 1, column 11)"),
        ("{sweep: {seed: [1, 2]}}", [],
         "bad.json5:1:10: seed: cannot be swept: it applies to the whole study"),
        (#"{sweep: {"push.wakeRefusal": [0, 2]}}"#, [],
         "bad.json5:1:34: push.wakeRefusal: expected a probability between 0 and 1, found 2"),
        (#"{sweep: {"push.wakeRefusal": [0, 1]}}"#, ["push.wakeRefusal=0.5"],
         "--set push.wakeRefusal=0.5: push.wakeRefusal: is swept by the scenario, so --set cannot also set it"),
        ("{action: {retries: 1.5}}", [],
         "bad.json5:1:20: action.retries: expected a whole number ≥ 0, found 1.5"),
        (#"{share: {memoryLimit: "120 MB"}}"#, [],
         #"bad.json5:1:23: share.memoryLimit: expected a size with a unit (e.g. "512KB", "120MB"), found "120 MB""#),
        ("[1, 2]", [],
         "bad.json5:1:1: expected an object of parameters, found [1,2]"),
        ("{observe: {glances: {tv: {perHour: 2}}}}", [],
         "bad.json5:1:22: observe.glances.tv: expected a parameter under 'observe.glances' (widget, live, watch, app, car), found 'tv'"),
        ("{}", ["widgt.budgetPerDay=40"],
         "--set widgt.budgetPerDay=40: widgt.budgetPerDay: expected a parameter name, found 'widgt.budgetPerDay'. Did you mean 'widget.budgetPerDay'?"),
        ("{seed: 9007199254740993}", [],
         #"bad.json5:1:8: seed: expected a whole number ≥ 0 (from 2^53 on, as a string of digits: "9007199254740993"), found a number too large to read exactly (9007199254740992 as read)"#),
        ("{push: {loss: NaN}}", [],
         "bad.json5:1:15: push.loss: expected a probability between 0 and 1, found NaN"),
        // Checks across values (ScenarioChecks), located where the deciding value was written.
        (#"{duration: "6h", observe: {warmup: "7h"}}"#, [],
         "bad.json5:1:28: observe.warmup: expected a duration shorter than duration (6h), found 7h"),
        (#"{duration: "30m"}"#, [],
         "bad.json5: observe.warmup: expected a duration shorter than duration (30m), found 1h"),
        ("{}", ["duration=0s"],
         "--set duration=0s: duration: expected a duration above 0s and at most 1000d, found \"0s\""),
        ("{replications: 0}", [],
         "bad.json5:1:2: replications: expected a whole number ≥ 1, found 0"),
        (#"{app: {keepReadingsFor: "400d"}}"#, [],
         "bad.json5:1:25: app.keepReadingsFor: expected a duration from 1d to 365d, found \"400d\""),
        (#"{duration: "2h", sweep: {"observe.warmup": ["30m", "3h"]}}"#, [],
         "bad.json5:1:18: observe.warmup: expected a duration shorter than duration (2h), found 3h at sweep point 1"),
        (#"{duration: "2h", observe: {warmup: "1m"}, sweep: {points: [{name: "long", set: {"observe.warmup": "3h"}}]}}"#, [],
         "bad.json5:1:43: observe.warmup: expected a duration shorter than duration (2h), found 3h at sweep point long"),
        // Suggestions: another group's parameter of that name; a typo in a later segment; the
        // key to write in place of a misspelt group (`appOpens`, which holds `perHour`).
        ("{}", ["widget.wakeRefusal=0.5"],
         "--set widget.wakeRefusal=0.5: widget.wakeRefusal: expected a parameter under 'widget', found 'wakeRefusal'. Did you mean 'push.wakeRefusal'?"),
        ("{user: {appOpen: {perHour: 1}}}", [],
         "bad.json5:1:9: user.appOpen: expected a parameter under 'user' (appOpens, sessionLength, forceQuit, inAppChanges), found 'appOpen'. Did you mean 'user.appOpens'?"),
        ("{}", ["network.ofline.perDay=2"],
         "--set network.ofline.perDay=2: network.ofline.perDay: expected a parameter under 'network' (latency, offline), found 'ofline.perDay'. Did you mean 'network.offline.perDay'?"),
        // observe.report (docs/scenarios.md#what-the-summary-and-the-charts-show): metric names, once each.
        (#"{observe: {report: ["share.lost", "share.lsot"]}}"#, [],
         #"bad.json5:1:35: observe.report[1]: expected a metric name (surfacesim help metrics), found "share.lsot". Did you mean 'share.lost'?"#),
        (#"{"observe.report": ["share.lost", "share.lost"]}"#, [],
         #"bad.json5:1:35: observe.report[1]: expected each metric at most once, found "share.lost" again (first at observe.report[0])"#),
        ("{observe: {report: []}}", [],
         "bad.json5:1:20: observe.report: expected at least one metric name, found an empty list"),
        (#"{observe: {report: "share.lost"}}"#, [],
         #"bad.json5:1:20: observe.report: expected a list of metric names (surfacesim help metrics), e.g. ["share.lost"], found "share.lost""#),
        ("{observe: {report: [3]}}", [],
         "bad.json5:1:21: observe.report[0]: expected a metric name (surfacesim help metrics), found 3"),
        ("{}", ["observe.report=share.latency,widget.stalenes"],
         #"--set observe.report=share.latency,widget.stalenes: observe.report[1]: expected a metric name (surfacesim help metrics), found "widget.stalenes". Did you mean 'widget.staleness'?"#),
        (#"{sweep: {points: [{name: "a", set: {"observe.report": ["share.lost"]}}]}}"#, [],
         "bad.json5:1:37: observe.report: cannot be swept: it chooses the study's outputs, the same for every point"),
        (#"{sweep: {observe: {report: [["share.lost"]]}}}"#, [],
         "bad.json5:1:20: observe.report: cannot be swept: it chooses the study's outputs, the same for every point"),
        ("{}", ["observe.report="],
         "--set observe.report=: observe.report: expected at least one metric name, found an empty list"),
        // The watch group holds nine names (with watch.lifetime and watch.backgroundAllowance):
        // past the eight a message lists, only the guess is given.
        ("{}", ["watch.phoneUnreachabl.perDay=2"],
         "--set watch.phoneUnreachabl.perDay=2: watch.phoneUnreachabl.perDay: expected a parameter under 'watch', found 'phoneUnreachabl.perDay'. Did you mean 'watch.phoneUnreachable.perDay'?"),
    ]

    /// Seeds beyond what a double holds exactly are kept exactly, from a string or `--set`.
    func testLargeSeedsAreExact() throws {
        XCTAssertEqual(try ScenarioLoader.decode(#"{seed: "9007199254740993"}"#, file: "s.json5").base.seed, 9_007_199_254_740_993)
        XCTAssertEqual(try ScenarioLoader.decode("{}", file: "s.json5", overrides: ["seed=18446744073709551615"]).base.seed, .max)
        XCTAssertEqual(try ScenarioLoader.decode("{seed: 9007199254740991}", file: "s.json5").base.seed, 9_007_199_254_740_991)
        // Long digit strings stay numbers for every other parameter.
        XCTAssertEqual(try ScenarioLoader.decode("{}", file: "s.json5", overrides: ["replications=100000000"]).base.replications,
                       100_000_000)
        // `--runs` is an override too: it runs a file that asks for no replications.
        XCTAssertEqual(try ScenarioLoader.decode("{replications: 0}", file: "s.json5", overrides: ["replications=5"]).base.replications, 5)
    }

    func testEachBadInputHasItsExactMessage() {
        for (text, overrides, message) in Self.cases {
            XCTAssertThrowsError(try ScenarioLoader.decode(text, file: "bad.json5", overrides: overrides), text) { error in
                XCTAssertEqual((error as? ScenarioError)?.description, message, text)
            }
        }
    }

    func testTheCommandLineExitsWith2AndWritesNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("surfacesim-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json5").path
        let out = directory.appendingPathComponent("out").path
        for (text, overrides, message) in Self.cases {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let console = Console.capturing()
            let status = CLI.main(["surfacesim", "run", file, "--out", out, "--quiet"] + overrides.flatMap { ["--set", $0] },
                                  console: console)
            XCTAssertEqual(status, 2, text)
            XCTAssertTrue(console.errors.hasPrefix("Error: " + message.replacingOccurrences(of: "bad.json5", with: file)), console.errors)
            XCTAssertEqual(console.output, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), text)
        }
    }

    func testAnUnreadableFile() {
        XCTAssertThrowsError(try ScenarioLoader.load(path: "/nonexistent/x.json5")) { error in
            XCTAssertEqual((error as? ScenarioError)?.description, "/nonexistent/x.json5: cannot read the file: No such file or directory")
        }
    }
}
