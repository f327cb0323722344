import SimKernel
import Platform

/// What the user program accepts: its own timers, and word that the app came to the
/// foreground (a session starts).
package enum UserInput {
    case open, end, edit, signOut, signOutNow
    /// Someone else opens the app on this phone (`signout.nextAccountAfter`), and signs in
    /// once they have typed their account's details.
    case signInAsSomeoneElse, signInAsSomeoneElseNow
    /// The television shows a sign-in code; later the user enters it in the phone's app.
    case seesTelevisionCode(Int32), entersTelevisionCode(Int32)
    /// The app came to the foreground (by the user, a link, a share or an action):
    /// `surfaceSeed` is nil for the user's own opens, else the seed of a session a surface opened.
    case sessionStarted(surfaceSeed: UInt64?)
    /// The user starts a drive (`car.lifetime = whileConnected`: the car's program is not
    /// running between drives, so the drives are the user's; the connection launches it).
    case drive
    /// The user starts a playback on the television from the phone (`tv.lifetime =
    /// whilePlaying`: the television's program is not running between playbacks; it launches it).
    case playback
    /// The user makes a change on the watch (`watch.lifetime = whenLooked`: the write launches the watch app).
    case watchWrite
    /// The user places an order in the app, which starts a live activity (its own timer,
    /// `live.activitiesPerDay`).
    case placesOrder
    /// The user taps a button in the widget (its own timer, `widget.buttonTaps.perDay`).
    case tapsWidgetButton
    /// An automation the user set up, or the user's spoken request, runs one of the app's
    /// actions (its own timer, `action.perDay`).
    case runsAction
}
