import XCTest
import SurfaceSimKit

/// What the speaker says is as old as the model says (docs/extending.md#testing): closed forms
/// for the age of an answer under each design.
final class SpeakerAgeTests: XCTestCase {
    /// Answering from a reading refreshed every T, at questions that arrive as a Poisson
    /// process (which sees the refresh cycle at a uniform phase), the answer's age is uniform
    /// on [0, T) plus half a round trip: its mean is T/2 (+ well under 1 s), its standard
    /// deviation T/√12. With n answers the sample mean lies within 4 standard errors,
    /// 4·T/√(12n), unless something other than the refresh cycle sets the age.
    func testALatestReadingIsHalfTheRefreshIntervalOldOnAverage() {
        let interval = 10.0 * 60
        let p = SpeakerWorld.parameters([
            "speaker.answerFrom": .choice("latestReading"),
            "speaker.refreshInterval": .time(Time.fromSeconds(interval)),
            "speaker.questions.perHour": .rate(Rate(perHour: 12)),
        ])
        let ages = SpeakerWorld.samples("speaker.age", p, replications: 10)
        XCTAssertGreaterThan(ages.count, 2_000, "about 12 an hour for 23 hours in 10 replications")
        let mean = ages.reduce(0, +) / Double(ages.count)
        let tolerance = 4 * interval / (12 * Double(ages.count)).squareRoot()
        XCTAssertEqual(mean, interval / 2, accuracy: tolerance)
        XCTAssertLessThan(ages.max() ?? .infinity, interval + 10, "never older than one interval and a round trip")
    }

    /// Asking the backend at each question, the answer is the backend's reading, made as the
    /// request arrived: it is exactly the return half of the round trip old. With a constant
    /// 0.4 s round trip, every answer is 0.2 s old.
    func testAskingTheBackendAnswersWithAReadingHalfARoundTripOld() {
        var p = SpeakerWorld.parameters([
            "speaker.answerFrom": .choice("askBackend"),
            "speaker.questions.perHour": .rate(Rate(perHour: 6)),
        ])
        p.network.latency = .constant(0.4)
        let ages = SpeakerWorld.samples("speaker.age", p, replications: 3)
        XCTAssertGreaterThan(ages.count, 300)
        for age in ages { XCTAssertEqual(age, 0.2, accuracy: 1e-6) }
    }
}
