import SimKernel
import Platform

/// What the person looking does that takes an event of its own.
package enum GlanceInput {
    /// A glance at the watch (its own timer).
    case watchGlance
    /// The user looks at the home screen after leaving the app.
    case homeScreen
}
