import SimKernel
import Platform

/// An order the user placed in the app (`UserProcess.placeOrder`): its planned length, how
/// long the activity behind it really takes, and the account it was placed under.
package struct ActivityPlan: CustomStringConvertible {
    package var planned: SimTime
    package var actual: SimTime
    package var account: Account

    package init(planned: SimTime, actual: SimTime, account: Account) {
        (self.planned, self.actual, self.account) = (planned, actual, account)
    }

    /// As the event log prints it, the durations in seconds.
    package var description: String {
        "ActivityPlan(planned: \(Time.seconds(planned)) s, actual: \(Time.seconds(actual)) s, account: \(account))"
    }
}

/// What the live-status program accepts: its own timers, what ActivityKit changed with no app
/// code, the app's drawing calls, and the app's and sign-out's notices (§25.5).
package enum LiveStatusInput {
    /// The user placed an order in the app: an activity begins.
    case begin(ActivityPlan)
    /// The backend moves activity `activity` to its next stage (its own timer).
    case stage(activity: Int32)
    /// ActivityKit applied a pushed update, or the activity's time limit came (`ActivityKit.swift`).
    case activityKit(LiveActivityNews)
    /// Whether the app is still kept running for an activity (its own timer, after the final update).
    case keepAliveCheck
    /// The app's own code draws an update it heard of.
    case appDraws(LiveUpdate)
    /// The app runs: it brings its statuses up to date.
    case appRuns
    /// Sign-out: the app ends every status.
    case endAll
}
