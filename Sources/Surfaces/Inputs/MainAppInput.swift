import SimKernel
import Platform

/// What the main app accepts: the user's actions, the system's wakes, replies, and what
/// the other surfaces send it (docs/model.md#main-app).
package enum MainAppInput {
    /// The user brought it to the foreground.
    case userOpensApp
    /// The user makes a change in it.
    case userEdits
    /// The user leaves it (to the home screen, or force-quitting it).
    case userEndsSession(forceQuit: Bool)
    /// A background push reached it (it was woken, or it is in front).
    case silentPush
    /// The system woke it in the background (background refresh, a finished transfer).
    case backgroundWake(Launcher)
    /// A projected car's connection launched or woke it for its car scene, which keeps it
    /// running for the drive; `keptAlive`: the keep-alives that hold as the scene connects.
    case carSceneConnected(keptAlive: KeepAliveReason)
    /// The system granted or withdrew a keep-alive (an app-driven live status, a projected car):
    /// told as it happens, and to each run as it begins (`keepAlive.request`).
    case keepAlive(KeepAliveNotice)
    /// The watch app's message over the watch link.
    case watchRequest(WatchRequest)
    /// Its own sync timer (an alarm it sets through the system's alarms service).
    case syncTimer
    case reply(Reply)
    /// The outbox's Darwin notification (`DarwinNotification.outboxChanged`): an item was added
    /// to the shared outbox while the app ran.
    case outboxItemAdded
    /// A share extension handed over a change by deep link.
    case shareHandedOver(change: ChangeID)
    /// The shared outbox's lock was granted to it.
    case outboxLockGranted
    /// Its outbox drain's read of the shared file is done (the read takes storage time).
    case outboxRead
    /// Its outbox drain's rewrite of the shared file is done.
    case outboxWrite
    /// Its connection heard that a live activity moved to a stage (an app-driven status).
    case liveActivityMoved(LiveUpdate)
    /// The user asks it to sign out.
    case signOut
    /// Someone signs in to it with `account` (docs/model.md#a-second-account).
    case signIn(account: Account)
    /// The user enters the code the television shows (sign-in by code).
    case approveTelevisionCode(Int32)
}

extension MainAppInput: ReplyInput {}
