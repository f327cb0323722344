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
/// One design of a teardown surface: a design of each probe that speaks about it
/// (docs/inference.md#joint-designs), named by joining theirs with `+`
/// (`reloadOnChange+pushReload`). A surface with one probe has that probe's designs.
public struct JointDesign: Sendable {
    /// The probe designs, one per probe of the surface, in the surface's probe order.
    public let parts: [ProbeDesign]
    /// `parts`' names joined with `+`.
    public var name: String { parts.map(\.name).joined(separator: "+") }

    /// The parameters of the design on a probe world: every part's settings, in order.
    public func parameters(base: Parameters) -> Parameters {
        var p = base
        for part in parts { part.configure(&p) }
        return p
    }

    /// The chapter's worksheet fields of this design: its parts' fields joined.
    public func worksheet(probeIDs: [String]) -> WorksheetEntry {
        WorksheetEntry.joined(zip(probeIDs, parts).compactMap { WorksheetEntry.of(probe: $0, design: $1.name) })
    }

    /// Every joint design of a surface, in the order of its probes' designs (the first
    /// probe's varying slowest), leaving out two kinds of combination:
    /// - one whose parts contradict each other: a part whose settings a later part
    ///   overwrote (a standalone watch of P25.8 after a companion of P25.7);
    /// - one whose parameters equal an earlier combination's (the same app under two names).
    public static func all(of surface: TeardownSurface, base: Parameters) -> [JointDesign] {
        combinations(surface.probes.map(\.designs), base: base)
    }

    /// The coherent, distinct combinations of one design from each list, in order.
    public static func combinations(_ designsPerProbe: [[ProbeDesign]], base: Parameters) -> [JointDesign] {
        var combinations: [[ProbeDesign]] = [[]]
        for designs in designsPerProbe {
            combinations = combinations.flatMap { prefix in designs.map { prefix + [$0] } }
        }
        var kept: [JointDesign] = []
        var seen: [[ParameterValue]] = []
        let specs = ParameterCatalog.all()
        for parts in combinations {
            let design = JointDesign(parts: parts)
            let p = design.parameters(base: base)
            let values = specs.map { $0.get(p) }
            let coherent = parts.allSatisfy { part in
                var again = p
                part.configure(&again)
                return specs.map { $0.get(again) } == values
            }
            guard coherent, !seen.contains(values) else { continue }
            seen.append(values)
            kept.append(design)
        }
        return kept
    }
}
