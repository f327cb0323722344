import XCTest
import SimKernel
@testable import Platform

/// What the toy widget extension is launched for.
enum ToyBuild: Equatable {
    case timeline(ReloadReason)
    case preview
}

/// A widget extension's provider that returns a "nothing yet" view at once, with no reload
/// hint within the day, and records what it was launched for and under which limits.
final class ToyProvider: SimulatedProcess<ToyBuild> {
    let os: OperatingSystem
    var host: Address<WidgetHostInput>?
    var builds: [(at: SimTime, build: ToyBuild, timeBudget: SimTime?)] = []
    init(os: OperatingSystem) { self.os = os }
    override func discardMemory() {}
    override func receive(_ input: ToyBuild, engine: Engine) {
        let address = engine.address(of: self, registeredAs: os.wiring.widgetProvider!.process)
        builds.append((engine.now, input, engine.record(address.process).limits.timeBudget))
        guard case .timeline = input, let host else { return }
        engine.send(.timeline(view: os.enclose(View.blank(.nothingYet)), nextReload: SimInstant(2 * Time.day),
                              protectedData: false, lastSlot: -1), to: host)
        engine.end(address.process, .normal)
    }
}

/// The widget host as the platform runs it (docs/model.md#widget), with the harness's figures:
/// a reload runs 5 s after it is granted, three charged reloads a rolling day, a provider run
/// of at most 10 s.
final class WidgetHostTests: XCTestCase {
    private func harness() -> (PlatformHarness, WidgetHost, ToyProvider) {
        let h = PlatformHarness()
        let (host, provider, _) = WidgetHostTests.installWidgetHost(h)
        return (h, host, provider)
    }

    /// The system's widget host on `h`, started, launching a toy provider that records its builds.
    static func installWidgetHost(_ h: PlatformHarness) -> (WidgetHost, ToyProvider, Address<WidgetHostInput>) {
        let host = WidgetHost(os: h.os, seed: 1)
        let provider = ToyProvider(os: h.os)
        let hostAddress = h.engine.register(host, name: "widgetHost")
        let providerAddress = h.engine.register(provider, name: "widgetProvider")
        h.os.wiring.widgetHost = hostAddress
        h.os.wiring.widgetProvider = LaunchRoute(to: providerAddress, as: { build in
            switch build {
            case .timeline(let reason): return ToyBuild.timeline(reason)
            case .preview: return ToyBuild.preview
            }
        })
        provider.host = hostAddress
        h.engine.launch(hostAddress.process, by: .system)
        host.start()
        return (host, provider, hostAddress)
    }

    /// The reload delays' stream names (`widget.reloadDelay.<reason>`) spell each reason as its
    /// case is named: the written-out names cannot drift from the cases (a drift would reseed
    /// that reason's delays).
    func testReloadReasonNamesAreTheCaseNames() {
        for reason in ReloadReason.allCases {
            XCTAssertEqual(reason.name, String(describing: reason))
        }
    }

    /// At boot the host shows the placeholder and launches the provider after the reload
    /// delay, under the provider's time budget; the view it returns is shown.
    func testBootRunsTheProviderAndShowsItsView() {
        let (h, _, provider) = harness()
        defer { h.dismantle() }
        h.engine.run(until: Time.minute)
        XCTAssertEqual(provider.builds.map(\.build), [.timeline(.boot)])
        XCTAssertEqual(provider.builds.map(\.at), [5 * Time.second])
        XCTAssertEqual(provider.builds.first?.timeBudget, 10 * Time.second)
        XCTAssertEqual(h.observer.widgetViews.map(\.kind), [.placeholder, .nothingYet])
    }

    /// Charged reload requests spaced apart run until the day's budget of three is spent; a free
    /// one (the app in the foreground) runs whatever the budget.
    func testChargedReloadsStopAtTheBudget() {
        let (h, _, provider) = harness()
        defer { h.dismantle() }
        h.engine.run(until: Time.minute)
        for k in 1...5 {
            h.os.requestWidgetReload(.appRequest)
            h.engine.run(until: SimTime(k + 1) * Time.minute)
        }
        XCTAssertEqual(provider.builds.map(\.build), [.timeline(.boot)] + Array(repeating: .timeline(.appRequest), count: 3))
        h.os.openAppInForeground()
        h.os.requestWidgetReload(.appRequest)
        h.engine.run(until: 10 * Time.minute)
        XCTAssertEqual(provider.builds.count, 5)
    }

    /// Requests that come before the granted run starts coalesce into it.
    func testRequestsCoalesceIntoThePendingRun() {
        let (h, _, provider) = harness()
        defer { h.dismantle() }
        h.engine.run(until: Time.minute)
        h.os.openAppInForeground()
        for _ in 0..<4 { h.os.requestWidgetReload(.appRequest) }
        h.engine.run(until: 2 * Time.minute)
        XCTAssertEqual(provider.builds.map(\.build), [.timeline(.boot), .timeline(.appRequest)])
    }
}
