import SimKernel
import Platform

/// What the automations program accepts (§25.9): the user's requests and widget button
/// taps, its own timer for each attempt's timeout, and the runner's result.
package enum AutomationsInput {
    /// An automation or a spoken request runs an action (`UserInput.runsAction`). `attended`:
    /// the user is there to continue in the app; an automation left behind by a user who signed
    /// out runs only where a background process finds a session.
    case run(attended: Bool)
    /// The user taps a widget button (`UserInput.tapsWidgetButton`).
    case buttonTap
    /// Action `action`'s attempt timed out (its own timer).
    case timeout(action: Int32)
    /// The runner returned its result for action `action`.
    case done(action: Int32)
}
