import SurfaceSimKit

extension SurfaceDescriptor {
    /// A smart speaker that answers "what's my status" (docs/extending.md): the surface this
    /// package adds to SurfaceSim, described as a built-in surface is (its program, its
    /// parameters, its metrics) and added with the one call the built-in list stands for:
    /// `SurfaceRegistry.add(.smartSpeaker)`, or `CLI.main(_:surfaces: [.smartSpeaker])`.
    public static let smartSpeaker = SurfaceDescriptor(
        name: "speaker",
        programs: [SpeakerProgram.self],
        parameters: [ParameterGroup("speaker") { SpeakerParameters.specs }],
        metrics: [SpeakerMetrics.catalogue])
}
