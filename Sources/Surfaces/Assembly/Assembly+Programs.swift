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

// The programs the assembly sets up at time 0 (`Assembly.start`: the app's session and kept
// reading, the backend's data, the television's session), by type: kept here, above the
// surfaces' modules, which cannot name the assembly.

extension Assembly {
    /// The backend of this world (set up at time 0, and for the chapter's probes).
    var backend: Backend { program(Backend.self) }
}

extension Assembly {
    /// The main app of this world (set up at time 0, and for the chapter's probes).
    var app: MainApp { program(MainApp.self) }
}

extension Assembly {
    /// The television app of this world (set up at time 0, and for the chapter's probes).
    var tv: TelevisionApp { program(TelevisionApp.self) }
}
