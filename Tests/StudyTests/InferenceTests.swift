import XCTest
@testable import Study
import SimKernel
import Surfaces
import SurfaceCore

/// Teardown inference (docs/inference.md): the arithmetic against closed forms, the
/// likelihoods against the probes they come from, and the model behind them.
final class InferenceTests: XCTestCase {
    /// Two designs that always give opposite readings of a two-reading probe, 10 runs each.
    private func twoDesigns(prior: [String: Double] = [:], readings: [String]) -> TeardownInference.Surface {
        let probe = ChapterProbes.probe("P25.3")!   // the action surface: one probe
        let designs = Array(JointDesign.all(of: .action, base: ChapterProbes.base()).prefix(2))
        let k = probe.readings.count
        let model = DesignLikelihoods(runs: 10, surfaces: [DesignLikelihoods.Surface(
            surface: .action, designs: designs,
            tallies: [[[10] + [Int](repeating: 0, count: k - 1)], [[0, 10] + [Int](repeating: 0, count: k - 2)]],
            timeTallies: [[[]], [[]]])])
        let sheet = Worksheet(file: "t", readings: ["P25.3": readings.map { Worksheet.Reading($0) }],
                              prior: prior.isEmpty ? [:] : [.action: prior])
        return TeardownInference(sheet, model).surfaces[0]
    }

    /// Add-½ smoothing: with k readings and 10 runs a reading seen 10 times has chance
    /// 10.5/(10 + k/2) and one never seen 0.5/(10 + k/2); the posterior of the uniform
    /// prior is their ratio normalised: 21/22 against 1/22.
    func testPosteriorIsTheSmoothedLikelihoodNormalised() {
        let k = Double(ChapterProbes.probe("P25.3")!.readings.count)
        let s = twoDesigns(readings: ["completesWithoutApp"])
        XCTAssertEqual(s.likelihood[0], 10.5 / (10 + k / 2), accuracy: 1e-12)
        XCTAssertEqual(s.likelihood[1], 0.5 / (10 + k / 2), accuracy: 1e-12)
        XCTAssertEqual(s.posterior[0], 21.0 / 22, accuracy: 1e-12)
        XCTAssertEqual(s.posterior[1], 1.0 / 22, accuracy: 1e-12)
        XCTAssertEqual(s.best, 0)
        // Two readings multiply: (21/1)² against 1, and a prior weight of 3 on the second design
        // makes it 441 : 3.
        let twice = twoDesigns(prior: [s.designs[1].name: 3], readings: ["completesWithoutApp", "completesWithoutApp"])
        XCTAssertEqual(twice.posterior[0], 441.0 / 444, accuracy: 1e-12)
        XCTAssertEqual(twice.posterior.reduce(0, +), 1, accuracy: 1e-12)
        // An unexpected reading never gives a posterior of 0.
        let odd = twoDesigns(readings: ["noResult"])
        XCTAssertEqual(odd.posterior[0], 0.5, accuracy: 1e-12)
    }

    /// Thousands of readings take a likelihood far below the smallest double: it is kept as
    /// a logarithm, and infer.csv prints it from there, never as 0. log10 of 3.1e-4343 is
    /// −4343 + log10 3.1.
    func testTinyLikelihoodsNeverPrintAsZero() {
        XCTAssertEqual(InferenceReport.scientific(log10: -4343 + Math.log(3.1) / Math.log(10)), "3.1e-4343")
        XCTAssertEqual(InferenceReport.likelihood(Math.log(0.25)), "0.25")
        let s = twoDesigns(readings: Array(repeating: "completesWithoutApp", count: 3_000))
        XCTAssertTrue(s.logLikelihood[1].isFinite)
        XCTAssertEqual(s.likelihood[1], 0, "the likelihood itself underflows")
        let printed = InferenceReport.likelihood(s.logLikelihood[1])
        XCTAssertTrue(printed.contains("e-") && !printed.hasPrefix("0"), printed)
        XCTAssertEqual(s.posterior[0], 1, accuracy: 1e-12)
    }

    /// The expected information gain is the mutual information of design and reading: at a
    /// uniform prior over designs whose reading chances are (p, 1 − p) and (1 − p, p), it is
    /// 1 − H(p) bits; a probe that reads the same on both designs tells nothing.
    func testInformationGainIsTheMutualInformation() {
        let p = 20.5 / 21.0
        let h = -(p * Math.log(p) + (1 - p) * Math.log(1 - p)) / Math.log(2)
        XCTAssertEqual(TeardownInference.informationGain(posterior: [0.5, 0.5], tallies: [[20, 0], [0, 20]]), 1 - h, accuracy: 1e-12)
        XCTAssertEqual(TeardownInference.informationGain(posterior: [0.5, 0.5], tallies: [[7, 13], [7, 13]]), 0, accuracy: 1e-12)
        // Once the design is known, running the probe again tells nothing.
        XCTAssertEqual(TeardownInference.informationGain(posterior: [1, 0], tallies: [[20, 0], [0, 20]]), 0, accuracy: 1e-12)
    }

    /// A surface with one probe gets exactly the tallies of `surfacesim probes` at the same
    /// runs and seed: the same designs on the same worlds.
    func testOneProbeSurfacesHaveTheProbeMatrixTallies() {
        // P25.6 is the one whose readings vary between runs of a design (noWidgetReload).
        let model = DesignLikelihoods.simulate([.share, .live, .signOut], base: ChapterProbes.base(), runs: 150, seed: 5, jobs: 2)
        let rows = ProbeStudy.run(runs: 150, seed: 5, jobs: 2, probes: ["P25.4", "P25.5", "P25.6"].map { ChapterProbes.probe($0)! })
        for s in model.surfaces {
            let probe = s.surface.probes[0]
            for (d, design) in s.designs.enumerated() {
                for (r, reading) in probe.readings.enumerated() {
                    let row = rows.first { $0.probe == probe.id && $0.design == design.name && $0.reading == reading.id }!
                    XCTAssertEqual(Double(s.tallies[d][0][r]) / 150, row.share, "\(probe.id) \(design.name) \(reading.id)")
                }
            }
        }
    }

    /// The likelihoods come from the model: a platform that refuses nine wakes in ten makes a
    /// push-reloaded widget follow a remote change within a minute far less often.
    func testChangingTheModelMovesTheLikelihoods() throws {
        let base = ChapterProbes.base()
        func shareWithinAMinute(_ adjust: (inout Parameters) -> Void) throws -> Double {
            let m = DesignLikelihoods.simulate([.widget], base: base, runs: 60, seed: 3, jobs: 2, adjust: adjust).surfaces[0]
            let d = try XCTUnwrap(m.designs.firstIndex { $0.name == "reloadOnChange+pushReload" })
            return Double(m.tallies[d][1][0]) / 60   // P25.2's first reading: withinAMinute
        }
        let usual = try shareWithinAMinute { _ in }
        let refused = try shareWithinAMinute { $0.push.wakeRefusal = 0.9 }
        XCTAssertGreaterThan(usual, 0.8)
        XCTAssertLessThan(refused, 0.4)
    }

    /// Joint designs: every coherent combination, none twice. The widget has all 3 × 3; the
    /// watch loses the combinations whose P25.8 part overwrites P25.7's level, and a
    /// standalone watch's queued relay, which is the default (the same app as standalone+standalone).
    func testJointDesignsAreTheCoherentCombinations() {
        let base = ChapterProbes.base()
        XCTAssertEqual(JointDesign.all(of: .widget, base: base).count, 9)
        XCTAssertEqual(JointDesign.all(of: .watch, base: base).map(\.name),
                       ["standalone+standalone", "standalone+immediateRelay", "companion+queuedRelay",
                        "companion+immediateRelay", "remoteControl+queuedRelay", "remoteControl+immediateRelay"])
        XCTAssertEqual(JointDesign.all(of: .share, base: base).map(\.name), ChapterProbes.probe("P25.4")!.designs.map(\.name))
        // Parts that contradict each other are left out: a schedule of 30 minutes set after
        // one of 5 minutes is not the 5-minute design any more.
        let first = [ProbeDesign("fiveMinutes", predicted: "") { $0.widget.reloadAfter = 5 * Time.minute },
                     ProbeDesign("twoHours", predicted: "") { $0.widget.reloadAfter = 2 * Time.hour }]
        let second = [ProbeDesign("ownFetchHalfHourly", predicted: "") { $0.widget.fetchesOwnData = true; $0.widget.reloadAfter = 30 * Time.minute },
                      ProbeDesign("ownFetch", predicted: "") { $0.widget.fetchesOwnData = true }]
        XCTAssertEqual(JointDesign.combinations([first, second], base: base).map(\.name), ["fiveMinutes+ownFetch", "twoHours+ownFetch"])
        // Every design of every probe has its worksheet fields.
        for probe in ChapterProbes.all {
            for design in probe.designs { XCTAssertNotNil(WorksheetEntry.of(probe: probe.id, design: design.name), "\(probe.id) \(design.name)") }
        }
    }

    /// The same worksheet, seed and runs give the same bytes, whatever the number of threads.
    func testInferenceIsDeterministicAcrossThreadCounts() {
        let sheet = Worksheet(file: "t", readings: ["P25.1": [.init("alreadyUpdated")], "P25.8": [.init("arrivesAfterPhoneOn")]])
        let one = InferenceReport.csv(TeardownInference(sheet, DesignLikelihoods.simulate(TeardownSurface.allCases, base: ChapterProbes.base(), runs: 8, seed: 2, jobs: 1)))
        let two = InferenceReport.csv(TeardownInference(sheet, DesignLikelihoods.simulate(TeardownSurface.allCases, base: ChapterProbes.base(), runs: 8, seed: 2, jobs: 2)))
        XCTAssertEqual(one, two)
        XCTAssertTrue(one.hasPrefix("surface,design,likelihood,posterior\n"))
        // Posteriors sum to 1 per surface.
        let rows = one.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        for s in TeardownSurface.allCases {
            let sum = rows.filter { $0[0] == s.rawValue }.reduce(0.0) { $0 + (Double($1[3]) ?? .nan) }
            XCTAssertEqual(sum, 1, accuracy: 1e-5, s.rawValue)
        }
    }
}
