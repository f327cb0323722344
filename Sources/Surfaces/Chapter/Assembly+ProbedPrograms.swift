import SimKernel
import Platform
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

// The other programs of this world by type, for the chapter's probes and the tests.

extension Assembly {
    /// The account's other device of this world (for its metrics and the chapter's probes).
    var elsewhere: OtherDevice { program(OtherDevice.self) }
}

extension Assembly {
    /// The user of this world (for its metrics and the chapter's probes).
    var user: UserProcess { program(UserProcess.self) }
}

extension Assembly {
    /// The widget host of this world (for its metrics and the chapter's probes).
    var widgetHost: WidgetHost { program(WidgetHost.self) }
}

extension Assembly {
    /// The live status of this world (for its metrics and the chapter's probes).
    var live: LiveStatus { program(LiveStatus.self) }
}

extension Assembly {
    /// The watch app of this world (for its metrics and the chapter's probes).
    var watch: WatchApp { program(WatchApp.self) }
}
