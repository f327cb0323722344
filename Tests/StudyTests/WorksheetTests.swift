import Foundation
import XCTest
@testable import Study
import Surfaces
import SurfaceCore

/// Teardown worksheets (docs/inference.md#worksheet): what a worksheet may say, and one
/// clear error, exit status 2 and nothing written for anything else.
final class WorksheetTests: XCTestCase {
    func testAWorksheetDecodes() throws {
        let sheet = try WorksheetDecoder.decode("""
        {platform: "android", surfaces: ["widget", "watch"],
         readings: {"P25.1": "alreadyUpdated", "P25.2": ["withinAMinute", {reading: "withinTheHour", after: "40m"}]},
         prior: {widget: {"reloadOnChange+pushReload": 3, "rareSchedule+fedByApp": 0}}}
        """, file: "w.json5")
        XCTAssertEqual(sheet.platform, .android)
        XCTAssertEqual(sheet.surfacesInferred, [.widget, .watch])
        XCTAssertEqual(sheet.readings["P25.1"], [.init("alreadyUpdated")])
        XCTAssertEqual(sheet.readings["P25.2"], [.init("withinAMinute"), .init("withinTheHour", after: 40 * 60_000_000)])
        XCTAssertEqual(sheet.prior[.widget], ["reloadOnChange+pushReload": 3, "rareSchedule+fedByApp": 0])
        // Nothing recorded is a worksheet too: the report then names the probe to start with.
        XCTAssertEqual(try WorksheetDecoder.decode("{}", file: "w.json5").readings, [:])
    }

    /// (worksheet text, the exact message after `Error: `).
    static let cases: [(text: String, message: String)] = [
        (#"{readings: {"P25.9": "alreadyUpdated"}}"#,
         "w.json5:1:13: readings.P25.9: expected a probe id (P25.1, P25.2, P25.3, P25.4, P25.5, P25.6, P25.7, P25.8), found 'P25.9'. Did you mean 'P25.1'?"),
        (#"{readings: {"P25.1": "alreadyUpdate"}}"#,
         "w.json5:1:22: readings.P25.1: expected a reading of P25.1 (alreadyUpdated, updatedAfterMinutes, notUpdatedAfterTenMinutes), found 'alreadyUpdate'. Did you mean 'alreadyUpdated'?"),
        (#"{readings: {"P25.2": ["withinAMinute", "withinAnHour"]}}"#,
         "w.json5:1:40: readings.P25.2[1]: expected a reading of P25.2 (withinAMinute, withinTheHour, onlyAfterAppOpened, notUpdated), found 'withinAnHour'. Did you mean 'withinTheHour'?"),
        (#"{readings: {"P25.2": {reading: "withinTheHour", after: "forty"}}}"#,
         #"w.json5:1:56: readings.P25.2.after: expected a duration such as "7m" or "40s" (">10m": not yet shown after ten minutes), at most 1000d, found "forty""#),
        (#"{readings: {"P25.2": {readng: "withinTheHour"}}}"#,
         "w.json5:1:23: readings.P25.2: expected one of 'reading', 'after', found 'readng'. Did you mean 'reading'?"),
        (#"{readings: {"S1": "showsAccountData"}}"#,
         "w.json5:1:13: readings.S1: the probe S1 speaks about no surface infer reads yet (docs/inference.md); record it in probes, not here"),
        (#"{surfaces: ["widget"], readings: {"P25.7": "needsThePhone"}}"#,
         "w.json5:1:35: readings.P25.7: P25.7 speaks about the watch surface, which 'surfaces' does not list"),
        (#"{surfaces: ["widget", "wach"]}"#,
         "w.json5:1:23: surfaces[1]: expected a surface (widget, action, share, live, watch, signOut), found 'wach'. Did you mean 'watch'?"),
        (#"{platfrom: "ios"}"#,
         "w.json5:1:2: expected one of 'description', 'platform', 'surfaces', 'readings', 'prior', 'calibrate', found 'platfrom'. Did you mean 'platform'?"),
        (#"{platform: "andriod"}"#,
         "w.json5:1:12: platform: expected a platform (ios, android), found 'andriod'. Did you mean 'android'?"),
        (#"{prior: {widget: {"reloadOnChange+pushReloads": 2}}}"#,
         "w.json5:1:19: prior.widget.reloadOnChange+pushReloads: expected a widget design (reloadOnChange+pushReload, reloadOnChange+budgetedFetch, reloadOnChange+fedByApp, ownSchedule+pushReload, ownSchedule+budgetedFetch, ownSchedule+fedByApp, rareSchedule+pushReload, rareSchedule+budgetedFetch, rareSchedule+fedByApp), found 'reloadOnChange+pushReloads'. Did you mean 'reloadOnChange+pushReload'?"),
        (#"{prior: {share: {inExtension: 0, outbox: 0, openApp: 0, noShareTarget: 0}}}"#,
         "w.json5:1:17: prior.share: expected a weight above 0 for some design, found every weight 0"),
        (#"{prior: {share: {outbox: -1}}}"#,
         "w.json5:1:26: prior.share.outbox: expected a weight from 0 to 1e12, found -1"),
        ("[1]", "w.json5:1:1: expected a worksheet object (platform, surfaces, readings, prior), found [1]"),
        (#"{surfaces: ["widget"], prior: {share: {outbox: 2}}}"#,
         "w.json5:1:32: prior.share: 'surfaces' does not list share, so nothing is inferred for it"),
        (#"{readings: {"P25.2": {reading: "withinTheHour", after: "100000d"}}}"#,
         #"w.json5:1:56: readings.P25.2.after: expected a duration such as "7m" or "40s" (">10m": not yet shown after ten minutes), at most 1000d, found "100000d""#),
    ]

    func testEachBadWorksheetHasItsExactMessage() {
        for (text, message) in Self.cases {
            XCTAssertThrowsError(try WorksheetDecoder.decode(text, file: "w.json5"), text) { error in
                XCTAssertEqual((error as? ScenarioError)?.description, message, text)
            }
        }
    }

    func testTheCommandLineExitsWith2AndWritesNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("surfacesim-worksheet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("w.json5").path
        let out = directory.appendingPathComponent("out").path
        let bad: [(String, [String])] = Self.cases.map { ($0.text, []) } + [
            ("{}", ["--set", "push.wakeRefusl=0.9"]), ("{}", ["--set", "push.wakeRefusal=2"]), ("{}", ["--runs", "0"]),
            // Only what the platform does: not the study's keys, a surface switched off, or the
            // person's own behaviour (a probe's world holds only its steps; 86,400 shares a day
            // would make every run of it hours long).
            ("{}", ["--set", "share.perDay=86400"]), ("{}", ["--set", "widget.enabled=false"]), ("{}", ["--set", "duration=1s"]),
            ("{}", ["--set", "seed=9"]), ("{}", ["--runs", "10001"]),
        ]
        for (text, options) in bad {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let console = Console.capturing()
            let status = CLI.main(["surfacesim", "infer", file, "--out", out, "--quiet"] + options, console: console)
            XCTAssertEqual(status, 2, text + " " + options.joined(separator: " "))
            XCTAssertTrue(console.errors.hasPrefix("Error: "), console.errors)
            XCTAssertEqual(console.output, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), text)
        }
        // A good one writes infer.csv and the report.
        try #"{readings: {"P25.3": "opensApp"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let console = Console.capturing()
        XCTAssertEqual(CLI.main(["surfacesim", "infer", file, "--out", out, "--runs", "5"], console: console), 0, console.errors)
        let csv = try String(contentsOfFile: out + "/infer.csv", encoding: .utf8)
        XCTAssertTrue(csv.contains("\naction,deepLinkAction,"), csv)
        XCTAssertTrue(console.output.contains("action: deepLinkAction, posterior"), console.output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/report.txt"))
    }
}
