import SimKernel
import Platform

/// What the backend accepts: requests over the network, and the deletion or renaming of an
/// object by another device's user. Public so that a surface added from outside has a port to
/// it (`Address<BackendInput>`, `peers.peer()`) to send its requests to.
public enum BackendInput {
    case request(Request)
    /// An object is deleted elsewhere (which one, by position).
    case deleteObject(index: Int32)
    /// An object is renamed elsewhere (which one, by position): same identifier, a new name.
    case renameObject(index: Int32)
    /// Live activity `activity` (numbered as begun) reached `stage` (0 when it begins): the
    /// backend's record, which a second device's sync shows.
    case activityStage(activity: Int32, stage: Int32)
}

extension BackendInput: ServerInput {}
