import SimKernel
import Platform

/// What the watch app accepts (§25.6): its own timer for the user's writes, glances, what
/// the phone sends over the watch link, its own pushes and replies.
package enum WatchAppInput {
    /// The user makes a change on the watch (its own timer).
    case write
    /// Someone looks at the watch.
    case glance
    /// The phone's latest application context (its entry in the snapshot table).
    case context(snapshot: SnapshotID)
    /// The phone app's answer to a remote-control request (nil: it holds no reading).
    case remoteReply(snapshot: SnapshotID?)
    /// A notice the phone app left on the link.
    case notice(WatchNotice)
    /// A standalone watch's own push, through the push service: its data changed
    /// (docs/model.md#watch-reachability).
    case push
    /// The background allowance after its last glance, write or push (number `generation`)
    /// is over (`watch.lifetime = whenLooked`): the app ends.
    case allowanceOver(generation: Int64)
    case reply(Reply)
}

extension WatchAppInput: ReplyInput {}
