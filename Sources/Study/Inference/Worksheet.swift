import SimKernel
import Surfaces

/// What a person recorded while probing a real app with the chapter's probes (§25.11): the
/// input of `surfacesim infer` (docs/inference.md#worksheet).
public struct Worksheet: Sendable, Equatable {
    /// One reading as recorded: its id (`help probes` lists them) and, optionally, how long
    /// it took to show (`{reading: "updatedAfterMinutes", after: "7m"}`).
    public struct Reading: Sendable, Equatable {
        public var id: String
        /// The time the reading took, in microseconds; printed in the report with the reading.
        public var after: SimTime?

        public init(_ id: String, after: SimTime? = nil) {
            self.id = id
            self.after = after
        }
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
