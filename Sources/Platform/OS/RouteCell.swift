import SimKernel

/// A route the system sends along often, kept in a box of its own so that sending along it
/// costs no reference counting: the box is read through an unmanaged reference, and the route
/// in it, a constant, is used in place rather than copied out of the wiring (a copy retains and
/// releases the route's forwarding function). The system keeps every box it makes
/// (`OperatingSystem.cells`) until its wiring changes or the world ends.
@usableFromInline
final class RouteCell<Route> {
    /// The cell as the system holds it for sending: unmanaged.
    @usableFromInline typealias Ref = Unmanaged<RouteCell>
    @usableFromInline let route: Route
    @usableFromInline init(_ route: Route) { self.route = route }
}

// The cells the system keeps (each generic level named, so that no line closes two at once).
@usableFromInline typealias ReplyRoute = Route<Reply>
@usableFromInline typealias ReplyCell = RouteCell<ReplyRoute>
@usableFromInline typealias ProviderLaunch = LaunchRoute<WidgetBuild>
@usableFromInline typealias ProviderCell = RouteCell<ProviderLaunch>
@usableFromInline typealias SilentPushRoute = Route<SilentPush>
@usableFromInline typealias SilentPushCell = RouteCell<SilentPushRoute>
