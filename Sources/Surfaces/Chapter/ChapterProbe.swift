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

/// What a person's stopwatch read at a probe's timed step: the time from the step's start until
/// the surface showed the change, or the step's limit, `censored`, if it never did while watched.
public struct ProbeTiming: Sendable, Equatable {
    public let time: SimTime
    public let censored: Bool
    public init(time: SimTime, censored: Bool) {
        self.time = time
        self.censored = censored
    }
}

/// One reading of a probe: a short stable id (used in probes.csv) and the chapter's words.
public struct ProbeReading: Sendable, Equatable {
    public let id: String
    public let text: String
}

/// A design a probe separates (docs/model.md#probes-and-failure-modes): its name, its parameters beyond the probe's
/// base, and the reading the chapter predicts for it.
public struct ProbeDesign: Sendable {
    public let name: String
    public let predicted: String
    let configure: @Sendable (inout Parameters) -> Void

    public init(_ name: String, predicted: String, _ configure: @escaping @Sendable (inout Parameters) -> Void) {
        self.name = name
        self.predicted = predicted
        self.configure = configure
    }
}

/// A probe of §25.11: its "Do" steps as a script, the designs it separates, and the
/// "Read" entries it classifies each run into.
public struct ChapterProbe: Sendable {
    public let id: String
    public let title: String
    public let readings: [ProbeReading]
    public let designs: [ProbeDesign]
    /// Runs the "Do" steps on a world and returns the id of the reading a person would record.
    let script: @Sendable (ProbeRun, inout RandomStream) -> String
    /// What the script needs of the world beyond the probe base, whatever the design (the
    /// probe for S1 keeps the phone offline for hours once it goes offline).
    var setUp: @Sendable (inout Parameters) -> Void = { _ in }

    /// The parameters of one design: the probe base (a quiet world the script drives), the
    /// probe's set-up, then the design.
    public func parameters(_ design: ProbeDesign, base: Parameters = ChapterProbes.base()) -> Parameters {
        var p = base
        setUp(&p)
        design.configure(&p)
        return p
    }

    /// Runs the probe once on a world of the given parameters and returns the reading's id and
    /// what the person's stopwatch read at the probe's timed step (nil for a probe without one).
    public func timedRun(on parameters: Parameters, seed: UInt64) -> (reading: String, timing: ProbeTiming?) {
        let run = ProbeRun(parameters, seed: seed, trace: nil)
        var timing = RandomStream(replicationSeed: seed, name: "probe.timing")
        let reading = script(run, &timing)
        return (reading, run.timing)
    }

    /// Runs the probe once on a design with a seed and returns the reading's id.
    public func run(_ design: ProbeDesign, seed: UInt64, base: Parameters = ChapterProbes.base(), trace: TraceLog? = nil) -> String {
        run(on: parameters(design, base: base), seed: seed, trace: trace)
    }

    /// Runs the probe once on a world of the given parameters (a probe world with one or
    /// more designs applied, as `infer` does for a surface's joint design) and returns the
    /// reading's id.
    public func run(on parameters: Parameters, seed: UInt64, trace: TraceLog? = nil) -> String {
        let run = ProbeRun(parameters, seed: seed, trace: trace)
        var timing = RandomStream(replicationSeed: seed, name: "probe.timing")
        return script(run, &timing)
    }
}

/// The probes of the chapter, P25.1 to P25.8 (§25.11), and the probe for signal S1 of §25.12
/// (the signal-to-design table's first row, which no numbered probe covers).
public enum ChapterProbes {
    /// The probe world: the defaults, with every spontaneous behaviour off (the script is
    /// the user, the second device and the watch wearer), no restarts, updates or
    /// offline periods, and the phone always in reach unless the script switches it off.
    public static func base() -> Parameters { base(for: .ios) }

    /// The probe world on a platform profile: that profile's defaults, made quiet as `base()`.
    public static func base(for profile: PlatformProfile) -> Parameters {
        var p = Parameters.defaults(for: profile)
        p.duration = 2 * Time.day
        p.observe.warmup = 0
        p.user.appOpens = Rate(perHour: 0)
        p.user.inAppChanges = Rate(perHour: 0)
        p.user.sessionLength = .constant(600)
        p.user.forceQuit = 0
        p.elsewhere.edits = Rate(perHour: 0)
        p.device.restartsPerDay = 0
        p.device.appUpdatesPerDay = 0
        p.network.offlinePerDay = 0
        p.app.backgroundRefresh = Rate(perHour: 0)
        p.share.perDay = 0
        p.share.itemSize = .constant(100_000)
        p.action.perDay = 0
        p.live.activitiesPerDay = 0
        p.live.activityLength = .constant(2400)
        p.watch.writes = Rate(perHour: 0)
        p.watch.phoneUnreachablePerDay = 0
        // Nobody glances at the watch unprompted: a companion watch's refresh would wake
        // the phone app, which is a run of the main app the probes must not hide.
        p.observe.watchGlances = Rate(perHour: 0)
        p.instant.enabled = false
        p.car.enabled = false
        p.tv.enabled = false
        return p
    }

    public static let all: [ChapterProbe] = [p251, p252, p253, p254, p255, p256, p257, p258, s1]

    /// The probe's place among the chapter's probes (its runs' seeds depend on it).
    public static func index(of id: String) -> Int? { all.firstIndex { $0.id == id } }

    /// The probe with the given id ("P25.1" …).
    public static func probe(_ id: String) -> ChapterProbe? { all.first { $0.id == id } }

    /// A random moment within the next hour, so that each run meets the widget's schedule at another phase.
    static func somewhereInTheNextHour(_ rng: inout RandomStream) -> SimTime {
        SimTime(rng.uniform() * Double(Time.hour))
    }

    /// Steps common to the probes: the user has used the app, so every surface shows data.
    static func prepare(_ r: ProbeRun, _ rng: inout RandomStream) {
        r.wait(10 * Time.minute)
        r.openApp(stay: Time.minute)
        r.goHome()
        r.wait(Time.hour + somewhereInTheNextHour(&rng))
    }
}
