@_spi(Assembly) @_spi(AppDesign) import SurfaceCore
import SystemPrograms
import WidgetPrograms
import AppPrograms
import LiveStatusPrograms
import WatchPrograms
import SharePrograms
import ActionsPrograms
import InstantVersionPrograms
import CarPrograms
import TelevisionPrograms
/// The surfaces this package has, in the order a world registers their programs (the process
/// index is the place in the concatenation of their `programs`): the system's own first, then
/// the app's surfaces. Adding a built-in surface is its folder, with its descriptor, one line
/// here, and its folder's name in Package.swift's `surfaceFolders` (its programs' module).
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

/// The built-in list, as the registry reads it (`SurfaceRegistry.builtIn`, in the module below,
/// which declares this symbol and cannot name the list).
@_silgen_name("SurfaceSim_builtInSurfaces")
public func builtInSurfacesOfThePackage() -> [SurfaceDescriptor] { BuiltInSurfaces.all }
