import SurfaceSimKit

/// A smart speaker that answers "what's my status" (docs/extending.md): the surface this
/// package adds to SurfaceSim. Install it with `CLI.main(_:extensions: [SmartSpeaker()])`
/// or `SurfaceExtensions.install([SmartSpeaker()])`.
public struct SmartSpeaker: SurfaceExtension {
    public init() {}

    public var name: String { "speaker" }
    public var parameters: [ParameterSpec] { SpeakerParameters.specs }
    public var metrics: [MetricSpec] { SpeakerMetrics.specs }

    public func install(in context: SurfaceContext) -> any InstalledSurface {
        SpeakerSurface(context: context)
    }
}

/// The speaker in one replication: its program, registered with the engine as `speaker`,
/// launched by the platform at time 0 when `speaker.enabled`.
final class SpeakerSurface: InstalledSurface {
    private let context: SurfaceContext
    private let design: SpeakerParameters.Values
    private let program: SpeakerProgram

    init(context: SurfaceContext) {
        self.context = context
        design = SpeakerParameters.Values(context.parameters)
        program = SpeakerProgram(context: context, design: design)
        program.address = context.register(program, name: "speaker", replies: SpeakerInput.reply)
    }

    func start() {
        guard design.enabled else { return }
        context.launch(program.address)
        program.start()
    }

    func report(into report: inout SurfaceReport) {
        guard design.enabled else { return }
        report.record(samples: program.staleness, for: SpeakerMetrics.staleness)
        report.record(samples: program.age, for: SpeakerMetrics.age)
        report.record(events: program.asked - program.answered, of: program.asked, for: SpeakerMetrics.unanswered)
    }
}
