import SimKernel
import Surfaces
import SurfaceCore

/// What `infer` writes (docs/inference.md#output): infer.csv and the report it prints.
public enum InferenceReport {
    /// infer.csv: `surface,design,likelihood,posterior`, each surface's joint designs in order.
    /// A figure below 0.0001 is written in exponent form (`3.2e-07`), so it never rounds to 0.
    /// A likelihood from its natural logarithm (exact in the log, never 0).
    static func likelihood(_ ln: Double) -> String {
        let x = Math.exp(ln)
        return x >= 1e-4 ? CSVNumber.format(x) : scientific(log10: ln / Math.log(10))
    }

    public static func csv(_ inference: TeardownInference) -> String {
        var t = CSVTable(header: ["surface", "design", "likelihood", "posterior"])
        for s in inference.surfaces {
            for (d, design) in s.designs.enumerated() {
                t.append([s.surface.rawValue, design.name, likelihood(s.logLikelihood[d]), number(s.posterior[d])])
            }
        }
        return t.render()
    }

    static func number(_ x: Double) -> String { x != 0 && abs(x) < 1e-4 ? scientific(log10: Math.log(x) / Math.log(10)) : CSVNumber.format(x) }

    /// A positive number given by its base-10 logarithm, as `m.mmmmme-N` with six significant
    /// digits: a likelihood far below the smallest double (thousands of readings) still prints.
    static func scientific(log10 l: Double) -> String {
        var exponent = l.rounded(.down)
        var mantissa = (Math.exp((l - exponent) * Math.log(10)) * 100_000).rounded() / 100_000
        if mantissa >= 10 { mantissa /= 10; exponent += 1 }
        return CSVNumber.format(mantissa) + "e" + (exponent < 0 ? "-" : "+") + String(Int(abs(exponent)))
    }

    /// The printed report: per surface, the most likely design with its posterior, the
    /// runner-up, the readings it rests on and the chapter's worksheet fields (§25.15); then
    /// the probe to run next.
    public static func text(_ inference: TeardownInference, worksheet: Worksheet, runs: Int) -> String {
        var out = "Teardown of \(worksheet.file) (\(worksheet.platform.rawValue)): each design's likelihood from "
            + "\(runs) simulated runs per probe and design.\n"
        for s in inference.surfaces {
            let best = s.best
            let order = s.designs.indices.sorted { s.posterior[$0] > s.posterior[$1] || (s.posterior[$0] == s.posterior[$1] && $0 < $1) }
            out += "\n" + s.surface.rawValue + ": "
            if s.readings == 0 {
                out += "no readings recorded (\(s.surface.probeIDs.joined(separator: ", "))); the prior over \(s.designs.count) designs stands.\n"
                continue
            }
            out += "\(s.designs[best].name), posterior \(percent(s.posterior[best]))"
            if order.count > 1 { out += " (next: \(s.designs[order[1]].name), \(percent(s.posterior[order[1]])))" }
            out += "\n  readings: " + s.surface.probeIDs.compactMap { id -> String? in
                guard let list = worksheet.readings[id] else { return nil }
                return id + " " + list.map { r in r.id + (r.after.map { " after " + (r.censored ? "more than " : "") + Units.formatDuration($0) } ?? "") }.joined(separator: ", ")
            }.joined(separator: "; ") + "\n"
            let entry = s.designs[best].worksheet(probeIDs: s.surface.probeIDs)
            for (field, value) in [("data source", entry.dataSource), ("session", entry.session),
                                   ("what bounds staleness", entry.staleness), ("backend components implied", entry.backend)]
            where !value.isEmpty {
                out += "  \(field): \(value)\n"
            }
            if entry == WorksheetEntry() { out += "  the app has no such surface: leave its worksheet fields empty\n" }
        }
        if let next = inference.next {
            let title = ChapterProbes.probe(next.probe)!.title
            out += "\nProbe to run next: \(next.probe) (\(title)), expected information gain \(PlotNumber.fixed(next.bits, decimals: 2)) bits"
                + " about the \(next.surface.rawValue) design.\n"
            out += "  every probe: " + inference.gains.map { "\($0.probe) \(PlotNumber.fixed($0.bits, decimals: 2))" }.joined(separator: ", ") + "\n"
        }
        return out
    }

    private static func percent(_ x: Double) -> String { x == 0 || x == 1 ? "\(Int(100 * x))%" : PlotNumber.fixed(100 * x, decimals: 1) + "%" }
}
