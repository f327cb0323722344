import SimKernel
import Surfaces
import SurfaceCore
import XCTest
@testable import Study

/// `platform` swept like any parameter (docs/scenarios.md#platform-profiles): each point
/// starts from its profile's defaults, and values from the file or --set beat them.
final class PlatformSweepTests: XCTestCase {
    func testAGridOverPlatformsAppliesEachProfilesDefaults() throws {
        let s = try ScenarioLoader.decode(#"{push: {wakeRefusal: 0.3}, sweep: {platform: ["ios", "android"]}}"#, file: "p.json5",
                                          overrides: ["widget.reloadAfter=45m"])
        XCTAssertEqual(s.sweep.columns, ["platform"])
        let (ios, android) = (s.parameters(ofPoint: 0), s.parameters(ofPoint: 1))
        XCTAssertEqual([ios.platform, android.platform], ["ios", "android"])
        XCTAssertEqual(ios.widget.budgetPerDay, Parameters.defaults(for: .ios).widget.budgetPerDay)
        XCTAssertEqual(android.widget.budgetPerDay, Parameters.defaults(for: .android).widget.budgetPerDay)
        XCTAssertEqual(android.push.wakesPerHour, Parameters.defaults(for: .android).push.wakesPerHour)
        // The file's and --set's values beat both profiles' defaults.
        XCTAssertEqual([ios.push.wakeRefusal, android.push.wakeRefusal], [0.3, 0.3])
        XCTAssertEqual([ios.widget.reloadAfter, android.widget.reloadAfter], [45 * Time.minute, 45 * Time.minute])
        XCTAssertEqual(StudyLayout(s).points.map(\.fields), [["ios"], ["android"]])
    }

    func testNamedPointsMaySetThePlatformWithOtherValues() throws {
        let s = try ScenarioLoader.decode(#"""
            {platform: "android", sweep: {points: [{name: "iphone", set: {platform: "ios"}},
                                                   {name: "pixel", set: {"widget.budgetPerDay": 30}}]}}
            """#, file: "n.json5")
        XCTAssertEqual(s.parameters(ofPoint: 0).platform, "ios")
        XCTAssertEqual(s.parameters(ofPoint: 0).widget.reloadAfter, Parameters.defaults(for: .ios).widget.reloadAfter)
        XCTAssertEqual(s.parameters(ofPoint: 1).platform, "android")
        XCTAssertEqual(s.parameters(ofPoint: 1).widget.reloadAfter, Parameters.defaults(for: .android).widget.reloadAfter)
        XCTAssertEqual(s.parameters(ofPoint: 1).widget.budgetPerDay, 30)
    }

    /// The rendered scenario (manifest.json, shard state) keeps only the given values, so
    /// decoding it gives every point its own profile's defaults again.
    func testTheRenderedScenarioKeepsEachPointsProfile() throws {
        let first = try ScenarioLoader.decode(#"{push: {wakeRefusal: 0.3}, sweep: {platform: ["ios", "android"]}}"#, file: "p.json5")
        let rendered = ParameterRendering.node(first.renderedJSON()).render()
        let second = try ScenarioLoader.decode(rendered, file: "manifest")
        for i in 0..<2 {
            XCTAssertEqual(second.parameters(ofPoint: i).widget.budgetPerDay, first.parameters(ofPoint: i).widget.budgetPerDay)
            XCTAssertEqual(second.parameters(ofPoint: i).push.wakeRefusal, 0.3)
        }
        XCTAssertEqual(ParameterRendering.node(second.renderedJSON()).render(), rendered)
    }

    func testSweepingThePlatformAndSettingItIsRefused() {
        XCTAssertThrowsError(try ScenarioLoader.decode(#"{sweep: {platform: ["ios", "android"]}}"#, file: "p.json5",
                                                       overrides: ["platform=ios"])) { error in
            XCTAssertTrue(String(describing: error).contains("is swept by the scenario"), String(describing: error))
        }
        XCTAssertThrowsError(try ScenarioLoader.decode(#"{sweep: {platform: ["ios", "andriod"]}}"#, file: "p.json5")) { error in
            XCTAssertTrue(String(describing: error).contains("Did you mean 'android'?"), String(describing: error))
        }
    }
}

/// `surfaces: [...]` turns on only the surfaces named (docs/scenarios.md#only-some-surfaces).
final class SurfaceSelectionTests: XCTestCase {
    func testOnlyTheNamedSurfacesAreOn() throws {
        let p = try ScenarioLoader.decode(#"{surfaces: ["widget", "watch"]}"#, file: "s.json5").base
        XCTAssertEqual([p.widget.enabled, p.watch.enabled], [true, true])
        XCTAssertEqual([p.live.enabled, p.share.enabled, p.action.enabled, p.instant.enabled, p.car.enabled, p.tv.enabled],
                       [false, false, false, false, false, false])
        let none = try ScenarioLoader.decode(#"{surfaces: ["app"]}"#, file: "s.json5").base
        XCTAssertFalse(none.widget.enabled || none.watch.enabled || none.live.enabled)
        // Agreeing values are fine; every surface stays on without the shorthand.
        XCTAssertTrue(try ScenarioLoader.decode(#"{surfaces: ["widget"], widget: {enabled: true}, "tv.enabled": false}"#, file: "s.json5").base.widget.enabled)
        XCTAssertTrue(try ScenarioLoader.decode("{}", file: "s.json5").base.tv.enabled)
    }

    func testTheNamedSurfacesHoldAtEverySweptPlatform() throws {
        let s = try ScenarioLoader.decode(#"{surfaces: ["widget"], sweep: {platform: ["ios", "android"]}}"#, file: "s.json5")
        for i in 0..<2 {
            let p = s.parameters(ofPoint: i)
            XCTAssertTrue(p.widget.enabled)
            XCTAssertFalse(p.watch.enabled || p.live.enabled || p.share.enabled)
        }
    }

    func testContradictionsAndUnknownNamesAreRefused() {
        let cases: [(String, [String], [String])] = [
            (#"{surfaces: ["widget"], watch: {enabled: true}}"#, [], ["watch.enabled", "'surfaces'", "does not name 'watch'", "found true"]),
            (#"{surfaces: ["widget"], widget: {enabled: false}}"#, [], ["widget.enabled", "names 'widget'", "found false"]),
            (#"{surfaces: ["widget"]}"#, ["live.enabled=true"], ["--set live.enabled=true", "live.enabled"]),
            (#"{surfaces: ["widget"], sweep: {"watch.enabled": [false, true]}}"#, [], ["watch.enabled", "at sweep point 1"]),
            (#"{surfaces: ["widgte"]}"#, [], ["surfaces", "Did you mean 'widget'?"]),
            (#"{surfaces: ["widget", "widget"]}"#, [], ["surfaces", "at most once"]),
            (#"{surfaces: "widget"}"#, [], ["surfaces", "a list of surfaces"]),
            (#"{surfacse: ["widget"]}"#, [], ["Did you mean 'surfaces'?"]),
        ]
        for (text, overrides, words) in cases {
            XCTAssertThrowsError(try ScenarioLoader.decode(text, file: "s.json5", overrides: overrides), text) { error in
                let message = String(describing: error)
                for w in words { XCTAssertTrue(message.contains(w), "'\(w)' in: \(message)") }
            }
        }
    }
}
