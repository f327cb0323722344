import Foundation
import XCTest
@testable import Study

/// manifest.json says which model code made a study (docs/output.md "Provenance"), and
/// compare, merge and resume refuse to mix studies of different models.
final class ProvenanceTests: XCTestCase {
    /// A model identity that is not this program's.
    static let otherModel = String(repeating: "0", count: 64)

    func manifest(_ f: StudyFixture, _ folder: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: f.path(folder + "/manifest.json")))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Replaces this program's model by another in a file.
    func rewriteModel(_ path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains(StudyProgram.model), path)
        try text.replacingOccurrences(of: StudyProgram.model, with: Self.otherModel).write(toFile: path, atomically: true, encoding: .utf8)
    }

    func testTheModelIsASHA256AndTheVersionCarriesIt() {
        XCTAssertEqual(StudyProgram.model.count, 64)
        XCTAssertTrue(StudyProgram.model.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        XCTAssertEqual(StudyProgram.version, StudyProgram.release + "+" + StudyProgram.model.prefix(12))
        if let commit = StudyProgram.commit { XCTAssertTrue(commit.prefix(40).allSatisfy(\.isHexDigit), commit) }
    }

    func testTheManifestNamesTheModelAndTheCommitOnlyWhenNotReproducible() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("plain"), "--quiet"])
        f.cli(["run", f.scenario, "--out", f.path("a"), "--quiet", "--reproducible"])
        let plain = try manifest(f, "plain"), reproducible = try manifest(f, "a")
        XCTAssertEqual(plain["model"] as? String, StudyProgram.model)
        XCTAssertEqual(reproducible["model"] as? String, StudyProgram.model)
        XCTAssertEqual(plain["version"] as? String, StudyProgram.version)
        XCTAssertEqual(plain["commit"] as? String, StudyProgram.commit)
        XCTAssertNil(reproducible["commit"])
        // The same command twice, reproducible: the same manifest, byte for byte.
        let first = try String(contentsOfFile: f.path("a/manifest.json"), encoding: .utf8)
        f.cli(["run", f.scenario, "--out", f.path("a"), "--quiet", "--reproducible"])
        XCTAssertEqual(try String(contentsOfFile: f.path("a/manifest.json"), encoding: .utf8), first)
    }

    func testCompareRefusesStudiesOfDifferentModelsUnlessAllowed() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("a"), "--quiet"])
        f.cli(["run", f.scenario, "--set", "widget.jitter=5m", "--out", f.path("b"), "--quiet"])
        f.cli(["compare", f.path("a"), f.path("b"), "--out", f.path("same"), "--quiet"])
        try rewriteModel(f.path("b/manifest.json"))
        let refused = f.cli(["compare", f.path("a"), f.path("b"), "--out", f.path("c")], expect: 2)
        XCTAssertEqual(refused.errors, "Error: \(f.path("a")) and \(f.path("b")) were run by different model code (model "
                       + "\(StudyProgram.model.prefix(12)) and 000000000000 in their manifest.json): their difference would mix the "
                       + "designs' effect with the code's. Run both with one build, or pass --allow-different-models\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("c")))
        f.cli(["compare", f.path("a"), f.path("b"), "--out", f.path("c"), "--quiet", "--allow-different-models"])
        XCTAssertEqual(try String(contentsOfFile: f.path("c/contrasts.csv"), encoding: .utf8),
                       try String(contentsOfFile: f.path("same/contrasts.csv"), encoding: .utf8))
        // A study whose manifest names no model cannot be shown to be of the same code.
        try FileManager.default.removeItem(atPath: f.path("b/manifest.json"))
        let unnamed = f.cli(["compare", f.path("a"), f.path("b"), "--out", f.path("d")], expect: 2)
        XCTAssertTrue(unnamed.errors.contains("names no 'model'"), unnamed.errors)
    }

    func testMergeRefusesShardsOfAnotherModelUnlessAllowed() throws {
        let f = try StudyFixture()
        for k in 1...2 { f.cli(["run", f.scenario, "--shard", "\(k)/2", "--out", f.path("s\(k)"), "--quiet"]) }
        f.cli(["merge", f.path("s1"), f.path("s2"), "--out", f.path("whole"), "--quiet", "--reproducible"])
        try rewriteModel(f.path("s2/state.json"))
        let refused = f.cli(["merge", f.path("s1"), f.path("s2"), "--out", f.path("m")], expect: 2)
        XCTAssertEqual(refused.errors, "Error: \(f.path("s2")) was run by other model code (model 000000000000) than this surfacesim "
                       + "(model \(StudyProgram.model.prefix(12))): the merged results would mix models. Run every shard with one "
                       + "build, or pass --allow-different-models to merge them anyway\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("m")))
        f.cli(["merge", f.path("s1"), f.path("s2"), "--out", f.path("m"), "--quiet", "--reproducible", "--allow-different-models"])
        try f.assertSameResults("whole", "m")
        XCTAssertEqual(try manifest(f, "m")["shardModels"] as? [String], [Self.otherModel])
        XCTAssertNil(try manifest(f, "whole")["shardModels"])
        XCTAssertNil(try manifest(f, "m")["commit"])
    }

    func testResumeRefusesACheckpointOfAnotherModel() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("r"), "--stop-after", "3", "--quiet"])
        try rewriteModel(f.path("r/.partial/checkpoint.json"))
        let refused = f.cli(["run", f.scenario, "--out", f.path("r"), "--resume"], expect: 2)
        XCTAssertTrue(refused.errors.contains("holds replications run by other model code (model 000000000000"), refused.errors)
    }

    func testProgressLinesInALogComeOnePerIntervalAndNeverForAShortRun() {
        var written: [String] = []
        let everyTime = ProgressLine(write: { written.append($0) }, interval: .zero)
        for done in 1...3 { everyTime.update(done: done, total: 3) }
        everyTime.finish()
        XCTAssertEqual(written.count, 3)
        XCTAssertTrue(written.allSatisfy { $0.hasSuffix("\n") && !$0.contains("\r") }, "\(written)")
        XCTAssertTrue(written[0].hasPrefix("1/3 replications  "), written[0])
        written = []
        let hourly = ProgressLine(write: { written.append($0) }, interval: .seconds(3600))
        for done in 1...3 { hourly.update(done: done, total: 3) }
        hourly.finish()
        XCTAssertEqual(written, [])
    }

    func testProgressEveryIsADurationOfAtLeastASecond() throws {
        XCTAssertEqual(try RunVerb.progressInterval(nil), .seconds(30))
        XCTAssertEqual(try RunVerb.progressInterval("5m"), .seconds(300))
        let f = try StudyFixture()
        for bad in ["0s", "500ms", "often"] {
            let r = f.cli(["run", f.scenario, "--progress-every", bad, "--out", f.path("p")], expect: 2)
            XCTAssertTrue(r.errors.hasPrefix("Error: --progress-every: expected a duration of at least 1s such as 30s or 5m, found '\(bad)'"), r.errors)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("p")))
    }
}
