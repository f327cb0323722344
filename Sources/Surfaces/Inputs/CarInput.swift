import SimKernel
import Platform

/// What the car surface accepts (§25.8): its own timers for drives and its client's fetches
/// (each carrying its drive, so a timer of an earlier drive does nothing), and replies to its
/// own client's fetches. (The glances at its screen are the measurement layer's: `ObservedSurface.car`.)
package enum CarInput {
    /// A drive begins (its own timer).
    case drive
    /// The drive ends (its own timer).
    case arrive
    /// Time for the car's own client (`onCar`) to fetch again during drive `drive`.
    case refresh(drive: Int64)
    case reply(Reply)
}

extension CarInput: ReplyInput {}
