import SurfaceSimKit

/// The speaker's metrics (docs/extending.md#metrics), after the built-in ones in summary.csv and runs.csv.
enum SpeakerMetrics {
    static let staleness = "speaker.staleness"
    static let age = "speaker.age"
    static let unanswered = "speaker.unanswered"

    static let specs: [MetricSpec] = [
        MetricSpec(name: staleness, unit: "s", shape: .sampled,
                   doc: "per answer of the speaker: 0 if it includes every change made so far, else now − when the earliest missing change was made"),
        MetricSpec(name: age, unit: "s", shape: .sampled,
                   doc: "per answer: now − when the data spoken was read from the backend"),
        MetricSpec(name: unanswered, unit: "fraction", shape: .perReplication,
                   doc: "questions after the warm-up the speaker could not answer (no reading yet, or no reply by the end)"),
    ]
}
