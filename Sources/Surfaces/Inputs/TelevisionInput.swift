import SimKernel
import Platform

/// What the television app accepts (§25.8): its own timers (playbacks, each playback's
/// end, the hourly check-in), the phone app leaving the foreground, the backend's
/// revocation notice, and replies.
package enum TelevisionInput {
    /// The user starts a playback from the phone (its own timer).
    case playback
    /// Playback number `playback` reaches its end.
    case finish(playback: Int64)
    /// The hourly check-in with the backend.
    case checkIn
    /// The phone app left the foreground (a mirrored video stops).
    case phoneAppLeftForeground
    /// The backend's connection says the credentials were revoked.
    case revoked
    /// Its timer to ask again whether its sign-in code was approved.
    case pollCode
    case reply(Reply)
}

extension TelevisionInput: ReplyInput {}
