import SimKernel
import Platform

/// The widget path's platform services and observations (§25.4, docs/model.md#widget).
extension World {
    /// The user leaves the app for the home screen and looks at the widget half a minute
    /// later, remembering what the app showed (F4).
    /// The person looks whatever the app showed: what they remember is the measurement
    /// layer's, which no program reads.
    func userReturnsHome() {
        guard p.widget.enabled else { return }
        measure.userLeavesApp()
        send(.homeScreen, to: ids.glances, after: 30 * Time.second)
    }
}
