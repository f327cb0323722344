import SurfaceSimKit

/// The speaker's metrics (docs/extending.md#metrics), after the built-in ones in summary.csv
/// and runs.csv, and how its signals become their values.
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

    /// The speaker's part of the metric catalogue (`SurfaceDescriptor.smartSpeaker`): written,
    /// where the speaker is on, from its record of signals at the end of each replication.
    @Sendable static func catalogue() -> SurfaceMetrics {
        SurfaceMetrics(surface: "speaker", metrics: specs) { measure, parameters, report in
            guard SpeakerParameters.Values(parameters).enabled else { return }
            let signals = measure.signals(SpeakerSignals.self)
            report.record(samples: signals.stalenessSamples, for: staleness)
            report.record(samples: signals.ageSamples, for: age)
            report.record(events: signals.asked - signals.answered, of: signals.asked, for: unanswered)
        }
    }
}

/// What the speaker's program emits for measurement (`SpeakerSignals.emit`): what a person
/// in the room would count.
enum SpeakerSignal {
    /// Someone asked it now.
    case asked
    /// It spoke `data` now, in answer to a question asked at `askedAt`.
    case answered(DataCopy, askedAt: SimTime)
}

/// What the measurement layer keeps of the speaker's signals: its questions and answers after
/// the warm-up, each answer's staleness (`speaker.staleness`) and age (`speaker.age`).
final class SpeakerSignals: SurfaceSignals {
    /// Per answer to a question asked after the warm-up: its staleness, in seconds.
    fileprivate var stalenessSamples: [Double] = []
    /// Per such answer: the age of the data spoken, in seconds.
    fileprivate var ageSamples: [Double] = []
    /// Questions asked after the warm-up.
    fileprivate var asked = 0
    /// Of those, the ones answered.
    fileprivate var answered = 0

    /// The speaker's program reports what happened now.
    func emit(_ signal: SpeakerSignal) {
        switch signal {
        case .asked:
            if measuring { asked += 1 }
        case .answered(let data, let askedAt):
            guard askedAt >= warmup else { return }
            answered += 1
            stalenessSamples.append(Time.seconds(staleness(of: data)))
            ageSamples.append(Time.seconds(now - data.readAt))
        }
    }
}
