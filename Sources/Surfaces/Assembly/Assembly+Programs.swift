import SimKernel
import Platform
import SurfaceCore
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

// The programs of this world by type, for the reports that read a program and the chapter's
// probes: each surface's accessor, kept here, above the surfaces' modules, which cannot name
// the assembly.

extension Assembly {
    /// The backend of this world (for its metrics and the chapter's probes).
    var backend: Backend { program(Backend.self) }
}

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
    /// The main app of this world (for its metrics and the chapter's probes).
    var app: MainApp { program(MainApp.self) }
}

extension Assembly {
    /// The live status of this world (for its metrics and the chapter's probes).
    var live: LiveStatus { program(LiveStatus.self) }
}

extension Assembly {
    /// The watch app of this world (for its metrics and the chapter's probes).
    var watch: WatchApp { program(WatchApp.self) }
}

extension Assembly {
    /// The television app of this world (for its metrics and the chapter's probes).
    var tv: TelevisionApp { program(TelevisionApp.self) }
}
