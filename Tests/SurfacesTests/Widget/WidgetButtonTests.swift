import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// The fourth reload trigger (§25.4): a button in the widget runs one action in the
/// background, which sends the mutation, rebuilds the projection and asks for a reload —
/// budget-exempt, like any app intent. With the app never opened and no other trigger,
/// the widget still shows the change within seconds.
final class WidgetButtonTests: XCTestCase {
    func testAButtonTapReloadsTheWidgetWithoutTheApp() {
        var p = Parameters()
        p.turnOffSurfacesBeyondTheWidget()
        p.duration = 3 * Time.day
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 0)
        p.app.backgroundRefresh = Rate(perHour: 0)
        p.app.requestsWidgetReload = false
        p.widget.reloadAfter = 12 * Time.hour
        p.widget.budgetPerDay = 0              // only budget-exempt reloads can run
        p.device.restartsPerDay = 0
        p.network.offlinePerDay = 0
        p.widget.buttonTapsPerDay = 20
        p.action.enabled = false               // the buttons are the only source of changes
        var lags: [Double] = []
        for seed in UInt64(1)...4 { lags += Replication.run(p, seed: seed)[samples: .widgetLag] }
        XCTAssertGreaterThan(lags.count, 100, "button taps made changes the widget showed")
        // Reload delay (exponential, mean 5 s) plus two network round trips: well under a minute.
        XCTAssertLessThan(lags.sorted()[lags.count * 99 / 100], 60, "the widget shows a button's change within seconds")
    }

    func testWithoutButtonTapsNothingChanges() {
        var p = Parameters()
        p.turnOffSurfacesBeyondTheWidget()
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 0)
        p.widget.buttonTapsPerDay = 0
        XCTAssertTrue(Replication.run(p, seed: 1)[samples: .widgetLag].isEmpty)
    }
}
