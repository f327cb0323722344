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
/// A surface of the teardown (docs/inference.md): what the probes of the chapter (§25.11)
/// tell a person about one part of a real app. A surface's design is informed by one probe
/// or by several (both P25.1 and P25.2 speak about the widget, P25.7 and P25.8 about the
/// watch); its joint design is one design of each of its probes.
public enum TeardownSurface: String, Sendable, CaseIterable {
    case widget, action, share, live, watch, signOut

    /// The probes that speak about this surface, in the chapter's order.
    public var probeIDs: [String] {
        switch self {
        case .widget: return ["P25.1", "P25.2"]
        case .action: return ["P25.3"]
        case .share: return ["P25.4"]
        case .live: return ["P25.5"]
        case .signOut: return ["P25.6"]
        case .watch: return ["P25.7", "P25.8"]
        }
    }

    /// The probes themselves.
    public var probes: [ChapterProbe] { probeIDs.map { ChapterProbes.probe($0)! } }

    /// The surface a probe speaks about.
    public static func of(probe id: String) -> TeardownSurface? { allCases.first { $0.probeIDs.contains(id) } }
}
