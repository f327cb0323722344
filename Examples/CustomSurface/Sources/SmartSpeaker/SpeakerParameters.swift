import SurfaceSimKit

/// The speaker's part of the parameter catalogue (docs/extending.md#parameters): set in a
/// scenario file as `speaker: {…}` or with `--set speaker.refreshInterval=5m`.
enum SpeakerParameters {
    static let enabled = "speaker.enabled"
    static let questions = "speaker.questions.perHour"
    static let answerFrom = "speaker.answerFrom"
    static let refreshInterval = "speaker.refreshInterval"

    static var specs: [ParameterSpec] { [
        .added(enabled, kind: .bool, default: .bool(true), "a smart speaker signed in to the account answers \"what's my status\"")
            .scenario("the household has a speaker signed in to the account"),
        .added(questions, kind: .rate, default: .rate(Rate(perHour: 2)), "how often someone asks the speaker")
            .scenario("someone asks twice an hour"),
        .added(answerFrom, kind: .choice(SpeakerAnswer.allCases.map(\.rawValue)), default: .choice(SpeakerAnswer.latestReading.rawValue),
               "where an answer comes from: a fetch at each question, or the latest reading")
            .design("the speaker answers from its latest reading"),
        .added(refreshInterval, kind: .time, default: .time(15 * Time.minute),
               "interval between the speaker's readings of the account (a timer that re-arms itself: at least 1s)",
               range: ParameterRange(1, ParameterRange.longestDuration))
            .design("the speaker reads the account every quarter of an hour"),
    ] }

    /// The design and the world of one replication, as the program reads them.
    struct Values {
        var enabled: Bool
        var questions: Rate
        var answerFrom: SpeakerAnswer
        var refreshInterval: SimTime

        /// The speaker's values at a point with parameters `p`.
        init(_ parameters: Parameters) {
            let p = SurfaceParameters(SpeakerParameters.specs, of: parameters)
            enabled = p.bool(SpeakerParameters.enabled)
            questions = p.rate(SpeakerParameters.questions)
            answerFrom = SpeakerAnswer(rawValue: p.choice(SpeakerParameters.answerFrom)) ?? .latestReading
            refreshInterval = p.time(SpeakerParameters.refreshInterval)
        }
    }
}
