import SimKernel
import Surfaces
import SurfaceCore
import XCTest
@testable import Study

/// Scenario files decode every parameter kind (docs/scenarios.md).
final class ScenarioDecodingTests: XCTestCase {
    func decode(_ text: String, overrides: [String] = []) throws -> Scenario {
        try ScenarioLoader.decode(text, file: "t.json5", overrides: overrides)
    }

    func testEmptyFileGivesIOSDefaultsAndTheFileName() throws {
        let s = try ScenarioLoader.decode("{}", file: "Scenarios/my-study.json5")
        XCTAssertEqual(s.name, "my-study")
        XCTAssertEqual(s.description, "")
        XCTAssertEqual(s.base.widget.budgetPerDay, 55)
        XCTAssertEqual(s.base.replications, 100)
        XCTAssertEqual(s.sweep.points.count, 1)
        XCTAssertEqual(s.sweep.columns, [])
    }

    func testNameAndDescription() throws {
        let s = try decode(#"{name: "n1", description: "d1"}"#)
        XCTAssertEqual(s.name, "n1")
        XCTAssertEqual(s.description, "d1")
    }

    func testNestedAndDottedKeysAreTheSame() throws {
        let nested = try decode("{widget: {budgetPerDay: 40}, observe: {glances: {widget: {perHour: 7}}}}")
        let dotted = try decode(#"{"widget.budgetPerDay": 40, "observe.glances.widget.perHour": 7}"#)
        XCTAssertEqual(nested.base.widget.budgetPerDay, 40)
        XCTAssertEqual(dotted.base.widget.budgetPerDay, 40)
        XCTAssertEqual(nested.base.observe.widgetGlances, Rate(perHour: 7))
        XCTAssertEqual(dotted.base.observe.widgetGlances, Rate(perHour: 7))
    }

    func testPlatformIsReadFirst() throws {
        let s = try decode(#"{widget: {reloadAfter: "20m"}, platform: "android"}"#)
        XCTAssertEqual(s.base.platform, "android")
        XCTAssertEqual(s.base.push.wakesPerHour, Parameters.defaults(for: .android).push.wakesPerHour)
        XCTAssertEqual(s.base.widget.reloadAfter, 20 * Time.minute)
    }

    func testBoolProbabilityNumberCountSeed() throws {
        let s = try decode(#"{push: {onChange: false, wakeRefusal: 0.35}, share: {perDay: 2.5}, action: {retries: 4}, seed: "18446744073709551615"}"#)
        XCTAssertFalse(s.base.push.onChange)
        XCTAssertEqual(s.base.push.wakeRefusal, 0.35)
        XCTAssertEqual(s.base.share.perDay, 2.5)
        XCTAssertEqual(s.base.action.retries, 4)
        XCTAssertEqual(s.base.seed, UInt64.max)
        XCTAssertEqual(try decode("{seed: 42}").base.seed, 42)
    }

    func testDurationsAndOptionalTimeAndSizes() throws {
        let s = try decode(#"{duration: "2h", widget: {maxAge: "250ms", jitter: "1.5s", memoryLimit: "40MB"}, app: {keepReadingsFor: "7d"}, signout: {at: "15m"}}"#)
        XCTAssertEqual(s.base.duration, 2 * Time.hour)
        XCTAssertEqual(s.base.widget.maxAge, 250_000)
        XCTAssertEqual(s.base.widget.jitter, 1_500_000)
        XCTAssertEqual(s.base.widget.memoryLimit, 40 << 20)
        XCTAssertEqual(s.base.app.keepReadingsFor, 7 * Time.day)
        XCTAssertEqual(s.base.signout.at, 15 * Time.minute)
        XCTAssertNil(try decode("{signout: {at: null}}").base.signout.at)
    }

    func testEveryDistributionForm() throws {
        func latency(_ json: String) throws -> Distribution { try decode("{network: {latency: \(json)}}").base.network.latency }
        XCTAssertEqual(try latency(#""3s""#), .constant(3))
        XCTAssertEqual(try latency(#"{constant: "3s"}"#), .constant(3))
        XCTAssertEqual(try latency(#"{exponential: {mean: "2m"}}"#), .exponential(mean: 120))
        XCTAssertEqual(try latency(#"{uniform: {low: "1s", high: "5s"}}"#), .uniform(low: 1, high: 5))
        XCTAssertEqual(try latency(#"{lognormal: {median: "150ms", sigma: 0.6}}"#), .lognormal(median: 0.15, sigma: 0.6))
        XCTAssertEqual(try latency(#"{lognormal: {median: "1s", p95: "3s"}}"#), .lognormal(median: 1, p95: 3))
        XCTAssertEqual(try latency(#"{normal: {mean: "10s", sd: "2s"}}"#), .normal(mean: 10, sd: 2))
        XCTAssertEqual(try latency(#"{empirical: ["1s", "2s"]}"#), .empirical([1, 2]))
    }

    func testSizeDistributions() throws {
        func itemSize(_ json: String) throws -> Distribution { try decode("{share: {itemSize: \(json)}}").base.share.itemSize }
        XCTAssertEqual(try itemSize(#""2MB""#), .constant(2 * 1_048_576))
        XCTAssertEqual(try itemSize(#"{lognormal: {median: "2MB", sigma: 1.5}}"#), .lognormal(median: 2 * 1_048_576, sigma: 1.5))
        XCTAssertEqual(try itemSize(#"{empirical: ["1KB", "10B"]}"#), .empirical([1024, 10]))
    }

    func testRatesEveryWay() throws {
        let profile = (0..<24).map { $0 < 8 ? "0" : "2" }.joined(separator: ",")
        let a = try decode("{user: {appOpens: {perHour: 0.5}}}")
        XCTAssertEqual(a.base.user.appOpens, Rate(perHour: 0.5))
        let b = try decode("{user: {appOpens: {perHour: 2, profile: [\(profile)]}}}")
        XCTAssertEqual(b.base.user.appOpens.perHour, 2)
        XCTAssertEqual(b.base.user.appOpens.profile.count, 24)
        let c = try decode("{\"user.appOpens.perHour\": {perHour: 3, profile: [\(profile)]}}")
        XCTAssertEqual(c.base.user.appOpens.perHour, 3)
        XCTAssertEqual(try decode("{\"user.appOpens\": 1.5}").base.user.appOpens, Rate(perHour: 1.5))
    }

    func testChoicesAndSteps() throws {
        let s = try decode(#"{watch: {level: "standalone", relay: "immediate"}, share: {design: "inExtension"}, signout: {steps: ["clearSession", "reloadWidgets"]}}"#)
        XCTAssertEqual(s.base.watch.level, .standalone)
        XCTAssertEqual(s.base.watch.relay, .immediate)
        XCTAssertEqual(s.base.share.design, .inExtension)
        XCTAssertEqual(s.base.signout.steps, [.clearSession, .reloadWidgets])
        XCTAssertEqual(try decode("{signout: {steps: []}}").base.signout.steps, [])
    }

    func testOverridesApplyAfterTheFile() throws {
        let s = try decode("{widget: {budgetPerDay: 40}}", overrides: [
            "widget.budgetPerDay=70", "widget.maxAge=5m", "watch.level=remoteControl", "push.onChange=false",
            "network.latency={exponential: {mean: \"1s\"}}", "signout.steps=clearSession,notifyWatch", "user.appOpens=2",
        ])
        XCTAssertEqual(s.base.widget.budgetPerDay, 70)
        XCTAssertEqual(s.base.widget.maxAge, 5 * Time.minute)
        XCTAssertEqual(s.base.watch.level, .remoteControl)
        XCTAssertFalse(s.base.push.onChange)
        XCTAssertEqual(s.base.network.latency, .exponential(mean: 1))
        XCTAssertEqual(s.base.signout.steps, [.clearSession, .notifyWatch])
        XCTAssertEqual(s.base.user.appOpens, Rate(perHour: 2))
    }

    func testPlatformOverrideChangesTheDefaults() throws {
        let s = try decode("{}", overrides: ["platform=android"])
        XCTAssertEqual(s.base.widget.budgetPerDay, Parameters.defaults(for: .android).widget.budgetPerDay)
    }

    func testRenderedScenarioDecodesToTheSameScenario() throws {
        let text = #"{name: "x", duration: "3h", network: {latency: {lognormal: {median: "1s", p95: "3s"}}}, share: {itemSize: {uniform: {low: "1KB", high: "3MB"}}}, sweep: {"push.wakeRefusal": [0, 0.5]}}"#
        let first = try decode(text)
        let rendered = ParameterRendering.node(first.renderedJSON()).render()
        let second = try ScenarioLoader.decode(rendered, file: "manifest")
        XCTAssertEqual(ParameterRendering.node(second.renderedJSON()).render(), rendered)
        XCTAssertEqual(second.sweep, first.sweep)
    }

    func testTheDefaultScenarioIsValid() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Scenarios/default.json5").standardized.path
        let s = try ScenarioLoader.load(path: path)
        XCTAssertEqual(s.name, "default")
        XCTAssertEqual(s.base.replications, 100)
        XCTAssertTrue(s.base.widget.enabled && s.base.live.enabled && s.base.watch.enabled && s.base.share.enabled)
    }
}
