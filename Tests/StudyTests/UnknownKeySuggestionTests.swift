import Foundation
import XCTest
@testable import Study

/// A misspelt key gets the nearest valid name at every level of a scenario file:
/// top-level keys and groups, keys inside groups and nested groups, the sweep,
/// a rate's object, a distribution's; a name that differs only in case first.
/// Each is one error naming the file, the path and the suggestion, exit status 2,
/// and nothing written.
final class UnknownKeySuggestionTests: XCTestCase {
    /// (scenario text, the path the error names, the suggestion).
    static let cases: [(text: String, path: String, suggestion: String)] = [
        // Top-level groups and keys.
        ("{widgte: {budgetPerDay: 40}}", "widgte", "widget"),
        (#"{obsreve: {warmup: "1h"}}"#, "obsreve", "observe"),
        ("{Widget: {budgetPerDay: 40}}", "Widget", "widget"),
        (#"{OBSERVE: {warmup: "1h"}}"#, "OBSERVE", "observe"),
        (#"{profle: "android"}"#, "profle", "platform"),
        (#"{duraton: "1d"}"#, "duraton", "duration"),
        ("{Seed: 3}", "Seed", "seed"),
        ("{replicatons: 5}", "replicatons", "replications"),
        (#"{Platform: "ios"}"#, "Platform", "platform"),
        ("{swep: {}}", "swep", "sweep"),
        (#"{nmae: "x"}"#, "nmae", "name"),
        // Keys inside groups and nested groups.
        ("{user: {appOpens: {perHour: 1, profle: [1]}}}", "user.appOpens.profle", "user.appOpens.profile"),
        ("{user: {appOpens: {perHour: 1, Profile: [1]}}}", "user.appOpens.Profile", "user.appOpens.profile"),
        ("{widget: {BudgetPerDay: 40}}", "widget.BudgetPerDay", "widget.budgetPerDay"),
        ("{observe: {glances: {widgte: {perHour: 3}}}}", "observe.glances.widgte", "observe.glances.widget"),
        ("{observe: {glances: {Watch: {perHour: 3}}}}", "observe.glances.Watch", "observe.glances.watch"),
        ("{observe: {glances: {widget: {perHuor: 3}}}}", "observe.glances.widget.perHuor", "observe.glances.widget.perHour"),
        ("{network: {ofline: {perDay: 2}}}", "network.ofline", "network.offline"),
        ("{signout: {Steps: []}}", "signout.Steps", "signout.steps"),
        // Inside values: a distribution's kind and fields.
        (#"{push: {delay: {Lognormal: {median: "1s"}}}}"#, "push.delay", "lognormal"),
        (#"{push: {delay: {lognormal: {Median: "1s"}}}}"#, "push.delay", "median"),
        // The sweep: its own keys, its grid's paths, a point's keys and values.
        ("{sweep: {pionts: []}}", "pionts", "points"),
        ("{sweep: {Widget: {budgetPerDay: [3, 4]}}}", "Widget", "widget"),
        (#"{sweep: {points: [{Name: "a", set: {}}]}}"#, "sweep.points", "name"),
        (#"{sweep: {points: [{name: "a", set: {widget: {budgetPerDya: 3}}}]}}"#, "widget.budgetPerDya", "widget.budgetPerDay"),
    ]

    func testEachUnknownKeyGetsTheNearestName() {
        for (text, path, suggestion) in Self.cases {
            XCTAssertThrowsError(try ScenarioLoader.decode(text, file: "typo.json5"), text) { error in
                guard let error = error as? ScenarioError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.path, path, text)
                XCTAssertEqual(error.suggestion, suggestion, text)
                XCTAssertTrue(error.description.hasPrefix("typo.json5:1:"), error.description)
                XCTAssertTrue(error.description.hasSuffix(". Did you mean '\(suggestion)'?"), error.description)
            }
        }
    }

    func testTheCommandLineExitsWith2NamingFilePathAndSuggestionAndWritesNothing() throws {
        let f = try StudyFixture("{}")
        let out = f.path("out")
        for (text, path, suggestion) in Self.cases {
            try text.write(toFile: f.scenario, atomically: true, encoding: .utf8)
            for verb in [["validate", f.scenario], ["run", f.scenario, "--out", out, "--quiet"]] {
                let console = f.cli(verb, expect: 2)
                let lines = console.errors.split(separator: "\n")
                XCTAssertEqual(lines.count, 1, console.errors)
                XCTAssertTrue(console.errors.hasPrefix("Error: \(f.scenario):1:"), console.errors)
                XCTAssertTrue(console.errors.contains(": \(path): "), console.errors)
                XCTAssertTrue(console.errors.hasSuffix(". Did you mean '\(suggestion)'?\n"), console.errors)
                XCTAssertEqual(console.output, "", text)
                XCTAssertFalse(FileManager.default.fileExists(atPath: out), text)
            }
        }
    }

    /// The four messages in full, as a user sees them.
    func testTheMessagesInFull() {
        let expected = [
            ("{widgte: {budgetPerDay: 40}}", "typo.json5:1:2: widgte: expected a parameter name, found 'widgte'. Did you mean 'widget'?"),
            (#"{obsreve: {warmup: "1h"}}"#, "typo.json5:1:2: obsreve: expected a parameter name, found 'obsreve'. Did you mean 'observe'?"),
            ("{Widget: {budgetPerDay: 40}}", "typo.json5:1:2: Widget: expected a parameter name, found 'Widget'. Did you mean 'widget'?"),
            ("{user: {appOpens: {perHour: 1, profle: [1]}}}",
             "typo.json5:1:32: user.appOpens.profle: expected a parameter under 'user.appOpens' (perHour, profile), found 'profle'. Did you mean 'user.appOpens.profile'?"),
        ]
        for (text, message) in expected {
            XCTAssertThrowsError(try ScenarioLoader.decode(text, file: "typo.json5"), text) { error in
                XCTAssertEqual((error as? ScenarioError)?.description, message)
            }
        }
    }

    /// `--set` names settable paths only: a group is no value to set.
    func testSetSuggestsAPathNotAGroup() {
        XCTAssertThrowsError(try ScenarioLoader.decode("{}", file: "s.json5", overrides: ["widgte.budgetPerDay=3"])) { error in
            XCTAssertEqual((error as? ScenarioError)?.suggestion, "widget.budgetPerDay")
        }
    }
}
