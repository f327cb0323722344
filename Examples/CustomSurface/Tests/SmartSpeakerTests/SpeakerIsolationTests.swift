import XCTest
import SurfaceSimKit

/// An added surface reseeds no built-in program (docs/model.md#randomness): its programs
/// draw from streams seeded by their own names, so every built-in measure of a replication is
/// the same with the speaker asking the backend as without it. Only the backend's counts,
/// which count the speaker's requests too, may differ: by the speaker's compact fetches,
/// all of them under `backend.requests.added` (docs/metrics.md#backend-cost).
final class SpeakerIsolationTests: XCTestCase {
    func testTheSpeakerLeavesEveryBuiltInMeasureAsItWas() {
        let with = SpeakerWorld.parameters(["speaker.answerFrom": .choice("askBackend"),
                                            "speaker.questions.perHour": .rate(Rate(perHour: 30))])
        var without = with
        ParameterCatalog.spec("speaker.enabled")!.set(&without, .bool(false))
        let countedRequests = Metric.backendRequests.rawValue
        let countsTheSpeaker: Set<Metric> = [.backendRequests, .backendRequestsAdded, .backendRequestsCompactFetch,
                                             .backendBytes, .backendBytesAdded, .backendBytesCompactFetch]
        for seed: UInt64 in 1...3 {
            let a = Replication.run(with, seed: seed), b = Replication.run(without, seed: seed)
            XCTAssertFalse(a.samples[SpeakerWorld.slot("speaker.age")].isEmpty, "the speaker answered")
            XCTAssertTrue(b.samples[SpeakerWorld.slot("speaker.age")].isEmpty, "a disabled speaker is not launched")
            for metric in Metric.allCases where !countsTheSpeaker.contains(metric) {
                let i = metric.rawValue
                XCTAssertEqual(a.samples[i], b.samples[i], "\(metric.spec.name), seed \(seed)")
                XCTAssertTrue(a.values[i] == b.values[i] || (a.values[i].isNaN && b.values[i].isNaN),
                              "\(metric.spec.name), seed \(seed): \(a.values[i]) against \(b.values[i])")
            }
            XCTAssertGreaterThan(a.values[countedRequests], b.values[countedRequests], "the speaker's requests reach the backend")
            let extra = a.values[countedRequests] - b.values[countedRequests]
            XCTAssertEqual(a[value: .backendRequestsAdded], extra, "seed \(seed): the speaker's requests count as an added surface's")
            XCTAssertEqual(b[value: .backendRequestsAdded], 0, "seed \(seed): a disabled speaker costs nothing")
            XCTAssertEqual(a[value: .backendRequestsCompactFetch] - b[value: .backendRequestsCompactFetch], extra)
            XCTAssertEqual(a[value: .backendBytesAdded], extra * Double(with.backend.compactBytes))
        }
    }
}
