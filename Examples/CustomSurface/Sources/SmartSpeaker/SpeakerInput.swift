import SurfaceSimKit

/// What the smart speaker accepts: someone asking it (its own timer for the next question),
/// its refresh timer, and the backend's replies, delivered by the network as its own input.
public enum SpeakerInput {
    /// Someone asks "what's my status".
    case question
    /// Time to read the account again (design `latestReading`).
    case refresh
    /// The backend's reply to its fetch, delivered by the network as its own input.
    case reply(Reply)
}

extension SpeakerInput: ReplyInput {}

/// Where the speaker's answer comes from (`speaker.answerFrom`).
public enum SpeakerAnswer: String, CaseIterable, Sendable {
    /// It asks the backend at each question and speaks the reply: fresh, one round trip late.
    case askBackend
    /// It speaks its latest reading at once; the reading is refreshed every `speaker.refreshInterval`.
    case latestReading
}
