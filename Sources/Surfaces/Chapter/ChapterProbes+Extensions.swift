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

extension ChapterProbes {
    /// P25.3 Action without the app.
    static let p253 = ChapterProbe(
        id: "P25.3", title: "Action without the app",
        readings: [
            ProbeReading(id: "completesWithoutApp", text: "It completes without the app opening and the result is on the second device"),
            ProbeReading(id: "opensApp", text: "It opens the app at a screen"),
            ProbeReading(id: "noActions", text: "The app offers no actions"),
            ProbeReading(id: "noResult", text: "Nothing happens (no chapter reading)"),
        ],
        designs: [
            ProbeDesign("backgroundAction", predicted: "completesWithoutApp") { $0.action.background = true; $0.session.inSharedSecureStorage = true },
            ProbeDesign("deepLinkAction", predicted: "opensApp") { $0.action.background = false },
            ProbeDesign("noActions", predicted: "noActions") { $0.action.enabled = false },
        ],
        script: { r, rng in
            prepare(r, &rng)
            // 2. Force-quit the app. 3. Run one action that changes something.
            r.forceQuit()
            r.wait(Time.minute)
            guard let action = r.runAction() else { return "noActions" }
            // 4. Check the result on a second device.
            var opened = false
            let t = r.watchElsewhere(for: 2 * Time.minute) {
                opened = opened || r.appOnScreen
                return opened || (r.actionChange(action).map(r.elsewhereShows) ?? false)
            }
            if opened { return "opensApp" }
            return t != nil ? "completesWithoutApp" : "noResult"
        })

    /// P25.4 Share while force-quit.
    static let p254 = ChapterProbe(
        id: "P25.4", title: "Share while force-quit",
        readings: [
            ProbeReading(id: "reachesWithoutApp", text: "The item reaches the second device and the main app never opened"),
            ProbeReading(id: "onlyAfterAppOpened", text: "The item reaches the second device only after the main app is opened"),
            ProbeReading(id: "confirmOpensApp", text: "Confirming opens the main app to finish"),
            ProbeReading(id: "notInShareSheet", text: "The app is not in the share sheet"),
            ProbeReading(id: "neverArrives", text: "The item never arrives (no chapter reading)"),
        ],
        designs: [
            ProbeDesign("inExtension", predicted: "reachesWithoutApp") { $0.share.design = .inExtension },
            ProbeDesign("outbox", predicted: "onlyAfterAppOpened") { $0.share.design = .outbox },
            ProbeDesign("openApp", predicted: "confirmOpensApp") { $0.share.design = .openApp },
            ProbeDesign("noShareTarget", predicted: "notInShareSheet") { $0.share.enabled = false },
        ],
        script: { r, rng in
            prepare(r, &rng)
            // 1. Force-quit the app. 2–3. Share one small item and confirm.
            r.forceQuit()
            r.wait(Time.minute)
            guard let item = r.share() else { return "notInShareSheet" }
            if r.appOnScreen { return "confirmOpensApp" }
            // 4. Watch the second device for two minutes; if nothing arrives, open the app and watch again.
            let arrived = { () -> Bool in r.shareChange(item).map(r.elsewhereShows) ?? false }
            if r.watchElsewhere(for: 2 * Time.minute, until: arrived) != nil { return "reachesWithoutApp" }
            r.openApp(stay: 2 * Time.minute)
            r.lookElsewhere()
            return arrived() ? "onlyAfterAppOpened" : "neverArrives"
        })

    /// P25.5 Live status after a force-quit.
    static let p255 = ChapterProbe(
        id: "P25.5", title: "Live status after a force-quit",
        readings: [
            ProbeReading(id: "keepsUpdating", text: "It keeps updating and matches the second device"),
            ProbeReading(id: "freezes", text: "It freezes or disappears after the force-quit"),
            ProbeReading(id: "noLiveStatus", text: "The app shows no live status for any activity"),
            ProbeReading(id: "movesButDiffers", text: "It keeps changing but does not match the second device (no chapter reading)"),
        ],
        designs: [
            ProbeDesign("pushDriven", predicted: "keepsUpdating") { $0.live.updates = .push },
            ProbeDesign("appDriven", predicted: "freezes") { $0.live.updates = .app },
            ProbeDesign("noLiveStatus", predicted: "noLiveStatus") { $0.live.enabled = false },
            // Beside P25.5, the chapter's caution: a status drawn by the clock keeps moving after
            // a force-quit too, and mostly matches the second device, since most activities keep
            // near their plan: a countdown that keeps ticking proves nothing (docs/model.md#probes-and-failure-modes).
            ProbeDesign("clockDriven", predicted: "keepsUpdating") { $0.live.updates = .clock },
        ],
        script: { r, rng in
            prepare(r, &rng)
            // 1. Start an activity that changes because of events elsewhere.
            guard r.startActivity(), r.lastActivity != nil else { return "noLiveStatus" }
            // 2. Confirm it appears, then force-quit. 3. Lock and wait for the next stage.
            r.wait(Time.minute)
            r.forceQuit()
            r.lockPhone()
            guard let a = r.lastActivity, let next = a.stageTimes.first, let before = r.liveDrawnStage else { return "freezes" }
            r.wait(max(0, next - r.now) + 2 * Time.minute)
            // 4. Compare the live status with what the second device shows (after its sync).
            r.lookElsewhere()
            guard r.lastActivity != nil, r.lastActivityShown, let drawn = r.liveDrawnStage else { return "freezes" }
            if drawn == r.elsewhereStage { return "keepsUpdating" }
            return drawn == before ? "freezes" : "movesButDiffers"
        })
}
