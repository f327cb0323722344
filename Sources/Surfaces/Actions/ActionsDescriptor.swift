import Platform

extension SurfaceDescriptor {
    /// The actions a person or an automation runs without opening the app, and their runner.
    static let actions = SurfaceDescriptor(
        name: "action",
        programs: [Automations.self, ActionRunner.self],
        parameters: [ParameterGroup("actions", ParameterCatalog.actions)],
        metrics: [MetricCatalog.actions],
        costSurfaces: [.action],
        credentials: [],
        accountHolders: [])
}

extension CostSurface {
    /// Requests from the action runner, a widget button's actions included (`backend.requests.action`):
    /// the action runner runs for the actions and for a widget's buttons (`start`).
    static let action = CostSurface("action", senders: "the action runner, a widget button's actions included (no value when neither actions nor widget buttons run)",
                               isOn: { $0.action.enabled || ($0.widget.enabled && $0.widget.buttonTapsPerDay > 0) })
}
