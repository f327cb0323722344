import Platform
import SurfaceCore

extension SurfaceDescriptor {
    /// The home-screen widget (§25.4): the system's widget host and the widget extension's provider.
    package static let widget = SurfaceDescriptor(
        name: "widget",
        programs: [WidgetHost.self, WidgetProvider.self],
        parameters: [ParameterGroup("widget", ParameterCatalog.widget)],
        metrics: [MetricCatalog.widget],
        costSurfaces: [.widget],
        credentials: [],
        accountHolders: [],
        views: [.widget],
        galleryPreviews: { WidgetSignals.galleryShowsPreview($0, $1) })
}
