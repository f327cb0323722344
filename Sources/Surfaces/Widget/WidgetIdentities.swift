import Platform

extension CostSurface {
    /// Requests from the widget's provider (`backend.requests.widget`).
    package static let widget = CostSurface("widget", senders: "the widget's provider (no value when the widget is off)",
                               isOn: { $0.widget.enabled })
}
