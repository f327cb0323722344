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

/// A signal of the chapter's signal-to-design table (§25.12; docs/model.md#signals): something
/// a person sees on a real app, the design it points to, and a contrasting design. Each run
/// steps a probe world through a short script and says whether the person saw the signal,
/// from what the surfaces show, the second device and the account's device list only.
public struct ChapterSignal: Sendable {
    /// How sure the chapter is that the signal means the design: seen directly, or inferred.
    public enum Confidence: String, Sendable { case observed = "Observed", inferred = "Inferred" }

    public let id: String
    /// What a person sees.
    public let text: String
    /// The design it points to, and the contrasting design (never the surface switched off).
    public let design: ProbeDesign
    public let contrast: ProbeDesign
    public let confidence: Confidence
    /// The world both designs run on: the probe world with what the script needs.
    let setUp: @Sendable (inout Parameters) -> Void
    /// The script: steps, then whether the person saw the signal.
    let script: @Sendable (ProbeRun, inout RandomStream) -> Bool

    /// The parameters of one of its designs on its world (a platform profile's probe world).
    public func parameters(_ d: ProbeDesign, base: Parameters = ChapterProbes.base()) -> Parameters {
        var p = base
        setUp(&p)
        d.configure(&p)
        return p
    }

    /// Runs the signal's script once on a design; true if the person saw the signal.
    public func seen(on d: ProbeDesign, seed: UInt64, base: Parameters = ChapterProbes.base()) -> Bool {
        let run = ProbeRun(parameters(d, base: base), seed: seed)
        var timing = RandomStream(replicationSeed: seed, name: "probe.timing")
        return script(run, &timing)
    }
}
