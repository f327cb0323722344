import SimKernel
import Surfaces
import SurfaceCore

/// What a person recorded while probing a real app with the chapter's probes (§25.11): the
/// input of `surfacesim infer` (docs/inference.md#worksheet).
public struct Worksheet: Sendable, Equatable {
    /// One reading as recorded: its id (`help probes` lists them) and, optionally, how long
    /// it took to show (`{reading: "updatedAfterMinutes", after: "7m"}`).
    public struct Reading: Sendable, Equatable {
        public var id: String
        /// The time the reading took, in microseconds (the probe's stopwatch); printed in the report
        /// with the reading, and what `calibrate` fits the platform's figures to.
        public var after: SimTime?
        /// Whether `after` is censored: the surface had not shown the change when the person
        /// stopped watching (`">10m"`).
        public var censored: Bool

        public init(_ id: String, after: SimTime? = nil, censored: Bool = false) {
            self.id = id
            self.after = after
            self.censored = censored
        }

        /// The stopwatch's reading, if one was recorded.
        public var timing: ProbeTiming? { after.map { ProbeTiming(time: $0, censored: censored) } }
    }

    /// The file it was read from (errors and the report name it).
    public var file: String
    /// The platform the app was probed on; the simulated probes run on its profile.
    public var platform: PlatformProfile
    /// The surfaces the person saw the app have (nil: not recorded, every surface is inferred).
    public var surfaces: [TeardownSurface]?
    /// The readings, by probe id, in the order recorded (a probe run several times has several).
    public var readings: [String: [Reading]]
    /// Prior weights of joint designs, by surface (a design not listed weighs 1).
    public var prior: [TeardownSurface: [String: Double]]
    /// What `calibrate` fits, with its priors, and the design it fits on (nil: none given).
    public var calibration: CalibrationRequest?

    public init(file: String, platform: PlatformProfile = .ios, surfaces: [TeardownSurface]? = nil,
                readings: [String: [Reading]], prior: [TeardownSurface: [String: Double]] = [:]) {
        self.file = file
        self.platform = platform
        self.surfaces = surfaces
        self.readings = readings
        self.prior = prior
    }

    /// The surfaces to infer: those seen, in the teardown's order, or all.
    public var surfacesInferred: [TeardownSurface] {
        TeardownSurface.allCases.filter { surfaces?.contains($0) ?? true }
    }
}

/// A worksheet's `calibrate` block (docs/inference.md#calibration): the platform figures to fit
/// to the recorded times, each with its prior, and the design to fit them on (the parameters it
/// sets beyond the probe world; none: the design `infer` finds most likely for each surface).
public struct CalibrationRequest: Sendable, Equatable {
    /// The figures, in file order, with their prior laws.
    public var figures: [UncertainFigure]
    /// The design's settings, in file order (empty: `infer`'s most likely design).
    public var design: [Assignment]

    public init(figures: [UncertainFigure], design: [Assignment] = []) {
        self.figures = figures
        self.design = design
    }
}
