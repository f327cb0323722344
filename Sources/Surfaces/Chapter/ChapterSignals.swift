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

/// The signals of §25.12 (docs/model.md#signals), S1 … S18 in the chapter's order. Where a
/// probe already is the person's experiment (P25.1 for S2), the signal is one of its
/// readings on the probe's own designs.
public enum ChapterSignals {
    public static let all: [ChapterSignal] = widget + others

    /// The signal with the given id ("S1" …).
    public static func signal(_ id: String) -> ChapterSignal? { all.first { $0.id == id } }

    /// The signal's place in the chapter's table (its runs' seeds depend on it): S1 is 0.
    public static func index(of id: String) -> Int? { Int(id.dropFirst()).map { $0 - 1 } }

    /// A signal that is a reading of a probe, on two of the probe's designs.
    static func reading(_ id: String, _ text: String, probe probeID: String, _ reading: String,
                        design: String, contrast: String, _ confidence: ChapterSignal.Confidence) -> ChapterSignal {
        let probe = ChapterProbes.probe(probeID)!
        let named = { (name: String) in probe.designs.first { $0.name == name }! }
        return ChapterSignal(id: id, text: text, design: named(design), contrast: named(contrast), confidence: confidence,
                             setUp: probe.setUp, script: { r, rng in probe.script(r, &rng) == reading })
    }

    static let widget: [ChapterSignal] = [
        reading("S1", "The widget shows account data with the app force-quit and the device offline", probe: "S1", "showsAccountData",
                design: "sharedStorageArea", contrast: "noSharedArea", .inferred),
        reading("S2", "The widget is already updated when you leave the app", probe: "P25.1", "alreadyUpdated",
                design: "reloadOnChange", contrast: "ownSchedule", .inferred),
        reading("S3", "The widget follows a change from another device within a minute", probe: "P25.2", "withinAMinute",
                design: "pushReload", contrast: "fedByApp", .inferred),
        reading("S4", "The widget changes only after the app is opened", probe: "P25.2", "onlyAfterAppOpened",
                design: "fedByApp", contrast: "budgetedFetch", .inferred),
        ChapterSignal(
            id: "S5", text: "A widget countdown or agenda advances on time in airplane mode",
            design: ProbeDesign("scheduledEntries", predicted: "") { $0.widget.timeline = .scheduledEntries },
            contrast: ProbeDesign("oneEntryPerReload", predicted: "") { $0.widget.timeline = .oneEntry },
            confidence: .inferred,
            // A countdown whose minute changes every minute; airplane mode for six hours.
            setUp: { $0.widget.slotEvery = Time.minute; $0.network.offlineDuration = .constant(6 * 3600) },
            script: { r, rng in
                ChapterProbes.prepare(r, &rng)
                r.forceQuit()
                r.goOffline()
                // Five looks at random moments over the next 40 minutes (past the widget's next
                // reload): it advanced on time if each shows the current minute.
                var onTime = true
                for _ in 0..<5 {
                    r.wait(Time.minute + SimTime(rng.uniform() * Double(7 * Time.minute)))
                    onTime = onTime && r.widgetShowsCurrentSlot
                }
                return onTime
            }),
        ChapterSignal(
            id: "S6", text: "The widget prints the time its data was fetched",
            design: ProbeDesign("showsDataAge", predicted: "") { $0.widget.showsDataAge = true },
            contrast: ProbeDesign("noDataAge", predicted: "") { $0.widget.showsDataAge = false },
            confidence: .observed, setUp: { _ in },
            script: { r, rng in
                ChapterProbes.prepare(r, &rng)
                return r.widget.kind == .data && r.widget.showsAge
            }),
        reading("S7", "The widget still shows data after sign-out", probe: "P25.6", "widgetStillShowsData",
                design: "noWidgetReload", contrast: "fullSignOut", .inferred),
        ChapterSignal(
            id: "S8", text: "A lock-screen widget is blank after a restart until the first unlock",
            design: ProbeDesign("closedBeforeFirstUnlock", predicted: "") {
                $0.widget.dataProtection = .afterFirstUnlock; $0.session.protection = .afterFirstUnlock
            },
            contrast: ProbeDesign("readableBeforeFirstUnlock", predicted: "") {
                $0.widget.dataProtection = .always; $0.session.protection = .always
            },
            confidence: .inferred, setUp: { _ in },
            script: { r, rng in
                ChapterProbes.prepare(r, &rng)
                r.restartPhone()
                // Look at the lock screen a minute after the restart (the phone's own unlocks may
                // come first: the person then sees data at once), then unlock and look again.
                r.wait(Time.minute)
                let blankBefore = r.widget.kind != .data
                r.unlockPhone()
                r.lockPhone()
                let dataAfter = r.watch(for: 2 * Time.minute) { r.widget.kind == .data } != nil
                return blankBefore && dataAfter
            }),
    ]

    static let others: [ChapterSignal] = [
        reading("S9", "A live status keeps advancing after a force-quit", probe: "P25.5", "keepsUpdating",
                design: "pushDriven", contrast: "appDriven", .inferred),
        ChapterSignal(
            id: "S10", text: "A live status remains long after the activity ended",
            design: ProbeDesign("finalUpdateLost", predicted: "") { $0.live.finalUpdateLoss = 1 },
            contrast: ProbeDesign("finalUpdateDelivered", predicted: "") { $0.live.finalUpdateLoss = 0 },
            confidence: .inferred, setUp: { $0.push.loss = 0 },
            script: { r, rng in
                ChapterProbes.prepare(r, &rng)
                guard r.startActivity(), let a = r.lastActivity else { return false }
                // Half an hour after the second device shows the activity ended, look again.
                r.wait(max(0, a.end - r.now) + 30 * Time.minute)
                return r.lastActivityShown
            }),
        reading("S11", "The watch app asks for the phone", probe: "P25.7", "needsThePhone",
                design: "remoteControl", contrast: "companion", .observed),
        reading("S12", "The watch app shows new data with the phone switched off", probe: "P25.7", "showsNewChange",
                design: "standalone", contrast: "companion", .inferred),
        reading("S13", "A shared item reaches other devices without the main app opening", probe: "P25.4", "reachesWithoutApp",
                design: "inExtension", contrast: "outbox", .inferred),
        reading("S14", "A shared item appears only after the main app is opened", probe: "P25.4", "onlyAfterAppOpened",
                design: "outbox", contrast: "inExtension", .inferred),
        ChapterSignal(
            id: "S15", text: "The share sheet vanishes when sharing a large item",
            design: ProbeDesign("loadsIntoMemory", predicted: "") { $0.share.loadsIntoMemory = true },
            contrast: ProbeDesign("fileReferences", predicted: "") { $0.share.loadsIntoMemory = false },
            confidence: .inferred,
            setUp: { $0.share.itemSize = .constant(300 * 1_048_576) },
            script: { r, rng in
                ChapterProbes.prepare(r, &rng)
                guard let item = r.share() else { return false }
                r.wait(Time.minute)
                return r.shareVanished(item)
            }),
        ChapterSignal(
            id: "S16", text: "The share extension asks for sign-in while the app is signed in",
            design: ProbeDesign("sessionNotShared", predicted: "") { $0.session.inSharedSecureStorage = false },
            contrast: ProbeDesign("sharedSessionEntry", predicted: "") { $0.session.inSharedSecureStorage = true },
            confidence: .inferred, setUp: { _ in },
            script: { r, rng in
                ChapterProbes.prepare(r, &rng)
                guard let item = r.share() else { return false }
                r.wait(Time.minute)
                return r.shareAskedForSignIn(item)
            }),
        ChapterSignal(
            id: "S17", text: "Video on the television continues with the phone locked",
            design: ProbeDesign("televisionFetchesStream", predicted: "") { $0.tv.handoff = .location },
            contrast: ProbeDesign("phoneMirrors", predicted: "") { $0.tv.handoff = .mirror },
            confidence: .inferred,
            setUp: { $0.tv.enabled = true; $0.tv.playbacksPerDay = 0; $0.tv.playbackLength = .constant(2 * 3600) },
            script: { r, rng in
                ChapterProbes.prepare(r, &rng)
                guard r.startPlaybackOnTelevision() else { return false }
                r.wait(Time.minute)
                // Go to the home screen and lock the phone; five minutes later, look at the television.
                r.goHome()
                r.lockPhone()
                r.wait(5 * Time.minute)
                return r.televisionPlays
            }),
        ChapterSignal(
            id: "S18", text: "The account settings list the watch or television as a separate device",
            design: ProbeDesign("credentialPerSurface", predicted: "") { $0.watch.level = .standalone; $0.watch.ownNetwork = true },
            contrast: ProbeDesign("noSessionOnSurface", predicted: "") { $0.watch.level = .companion },
            confidence: .inferred, setUp: { _ in },
            script: { r, rng in
                ChapterProbes.prepare(r, &rng)
                _ = r.lookAtWatch()
                r.wait(Time.minute)
                return r.accountListsWatchOrTelevision
            }),
    ]
}
