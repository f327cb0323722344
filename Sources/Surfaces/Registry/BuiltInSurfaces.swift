/// The surfaces this package has, in the order a world registers their programs (the process
/// index is the place in the concatenation of their `programs`): the system's own first, then
/// the app's surfaces. Adding a built-in surface is its folder, with its descriptor, and one
/// line here.
enum BuiltInSurfaces {
    static let all: [SurfaceDescriptor] = [
        .system,
        .widget,
        .app,
        .liveStatus,
        .watch,
        .share,
        .actions,
        .instantVersion,
        .car,
        .television,
    ]
}
