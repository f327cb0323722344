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
    /// P25.6 Sign out, then check every surface.
    static let p256 = ChapterProbe(
        id: "P25.6", title: "Sign out, then check every surface",
        readings: [
            ProbeReading(id: "allSignedOutAtOnce", text: "Every surface shows a signed-out state at once"),
            ProbeReading(id: "widgetStillShowsData", text: "A widget still shows the account's data"),
            ProbeReading(id: "surfaceStillSignedIn", text: "The share extension or the watch still works as signed in"),
        ],
        designs: [
            ProbeDesign("fullSignOut", predicted: "allSignedOutAtOnce") { $0.signout.steps = Set(SignoutStep.allCases) },
            ProbeDesign("noWidgetReload", predicted: "widgetStillShowsData") {
                $0.signout.steps = Set(SignoutStep.allCases).subtracting([.reloadWidgets])
            },
            ProbeDesign("surfaceKeepsSession", predicted: "surfaceStillSignedIn") {
                $0.watch.level = .standalone
                $0.signout.steps = Set(SignoutStep.allCases).subtracting([.revokeCredentials, .notifyWatch])
            },
        ],
        script: { r, rng in
            prepare(r, &rng)
            // 1. Confirm each surface shows the account's data.
            _ = r.lookAtWatch()
            // 2. Sign out in the main app. 3. Home screen at once, and again after five minutes.
            r.signOut()
            r.goHome()
            r.wait(30 * Time.second)
            let widgetAtOnce = r.widgetShowsAccount
            r.wait(5 * Time.minute)
            let widgetLater = r.widgetShowsAccount
            // 4. The share sheet, then the watch.
            // The person opens the share sheet in another app and shares one item.
            let share = r.share().map { r.shareActedSignedIn($0) } ?? false
            let watch = r.lookAtWatch()
            let watchSignedIn = watch.kind == .data && watch.account == .first
            if widgetAtOnce || widgetLater { return "widgetStillShowsData" }
            if share || watchSignedIn { return "surfaceStillSignedIn" }
            return "allSignedOutAtOnce"
        })

    /// P25.7 Watch with the phone off.
    static let p257 = ChapterProbe(
        id: "P25.7", title: "Watch with the phone off",
        readings: [
            ProbeReading(id: "showsNewChange", text: "It works and shows the new change"),
            ProbeReading(id: "earlierDataCannotRefresh", text: "It shows earlier data and cannot refresh"),
            ProbeReading(id: "needsThePhone", text: "It shows a message that it needs the phone"),
        ],
        designs: [
            ProbeDesign("standalone", predicted: "showsNewChange") { $0.watch.level = .standalone; $0.watch.ownNetwork = true },
            ProbeDesign("companion", predicted: "earlierDataCannotRefresh") { $0.watch.level = .companion },
            ProbeDesign("remoteControl", predicted: "needsThePhone") { $0.watch.level = .remoteControl },
        ],
        script: { r, rng in
            prepare(r, &rng)
            // 1. Open the watch app with the phone nearby.
            _ = r.lookAtWatch()
            // 2. Change something elsewhere. 3. Switch the phone off (at once).
            let change = r.editElsewhere()
            r.phone(on: false)
            r.wait(Time.minute)
            // 4. Open the watch app again and try to refresh it.
            let v = r.lookAtWatch()
            switch v.kind {
            case .data: return v.changes.contains(change) ? "showsNewChange" : "earlierDataCannotRefresh"
            case .needsPhone: return "needsThePhone"
            default: return "earlierDataCannotRefresh"
            }
        })

    /// P25.8 Watch write with the phone off.
    static let p258 = ChapterProbe(
        id: "P25.8", title: "Watch write with the phone off",
        readings: [
            ProbeReading(id: "arrivesWhilePhoneOff", text: "It arrives while the phone is still off"),
            ProbeReading(id: "arrivesAfterPhoneOn", text: "It arrives after the phone is back on"),
            ProbeReading(id: "neverArrives", text: "It never arrives or the watch refuses the action"),
        ],
        designs: [
            ProbeDesign("standalone", predicted: "arrivesWhilePhoneOff") { $0.watch.level = .standalone; $0.watch.ownNetwork = true },
            // The relay designs set only how writes travel; the watch's level is P25.7's
            // (the probe world's default is a companion).
            ProbeDesign("queuedRelay", predicted: "arrivesAfterPhoneOn") { $0.watch.relay = .queued },
            ProbeDesign("immediateRelay", predicted: "neverArrives") { $0.watch.relay = .immediate },
        ],
        script: { r, rng in
            prepare(r, &rng)
            r.phone(on: false)
            r.wait(Time.minute)
            // 1. Make a change in the watch app. 2. Watch the second device for two minutes.
            guard let change = r.watchWrite() else { return "neverArrives" }
            if r.watchElsewhere(for: 2 * Time.minute, until: { r.elsewhereShows(change) }) != nil { return "arrivesWhilePhoneOff" }
            // 3. Switch the phone back on, near the watch, without opening the app. 4. Five more minutes.
            r.phone(on: true)
            return r.watchElsewhere(for: 5 * Time.minute, until: { r.elsewhereShows(change) }) != nil ? "arrivesAfterPhoneOn" : "neverArrives"
        })
}
