import Platform

extension CostSurface {
    /// Requests from the action runner, a widget button's actions included (`backend.requests.action`):
    /// the action runner runs for the actions and for a widget's buttons (`start`).
    package static let action = CostSurface("action", senders: "the action runner, a widget button's actions included (no value when neither actions nor widget buttons run)",
                               isOn: { $0.action.enabled || ($0.widget.enabled && $0.widget.buttonTapsPerDay > 0) })
}
