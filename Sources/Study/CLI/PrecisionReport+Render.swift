// What `run --precision` prints (docs/cli.md): the count reached, the batches, each target
// with the replications it needed, and every unit short of its target.
import Statistics

extension PrecisionReport {
    /// The lines for standard output.
    static func render(_ report: PrecisionReport) -> String {
        let batches = " (batches up to " + report.batches.map(String.init).joined(separator: ", ") + ").\n"
        // One mean target: the historical sentence.
        if report.targets.count == 1, case .mean = report.target.estimand, case .relative(let fraction) = report.target.goal {
            let name = report.target.metric.spec.name
            let percent = CSVNumber.format(fraction * 100) + "%"
            var text = report.unmet.isEmpty
                ? "Precision: the 95% CI half-width of \(name)'s mean is within \(percent) of the mean at every point with \(report.replications) replications per point"
                : "Precision: \(name)'s mean did not reach \(percent) at every point within \(report.replications) replications per point"
            text += batches
            for unit in report.unmet { text += "  " + unmetLine(unit, report: report) + "\n" }
            return text
        }
        var text = report.unmet.isEmpty
            ? "Precision: every target holds with \(report.replications) replications per point"
            : "Precision: \(report.unmet.count) of \(report.units.count) estimates did not reach their target within \(report.replications) replications per point"
        text += batches
        for (t, target) in report.targets.enumerated() {
            let units = report.units.filter { $0.target == t }
            let needed = units.compactMap(\.neededReplications)
            let held = needed.count == units.count
            text += "  \(target.text): " + (held ? "held from \(needed.max() ?? 0) replications per point" : "short at \(units.count - needed.count) of \(units.count)") + "\n"
            for unit in units {
                if unit.figure.met {
                    text += "    \(unit.label): \(figureText(unit, target)) \(target.goalText), since \(unit.neededReplications ?? 0) replications\n"
                } else {
                    text += "    " + unmetLine(unit, report: report) + "\n"
                }
            }
        }
        return text
    }

    /// `12.3 [10.1, 14.5] s (±2.2)`.
    static func figureText(_ unit: PrecisionUnitResult, _ target: PrecisionTarget) -> String {
        let f = unit.figure
        let unitName = target.unitName.isEmpty ? "" : " " + target.unitName
        var text = CSVNumber.format(f.estimate.value)
        if f.estimate.low.isFinite, f.estimate.high.isFinite {
            text += " [" + CSVNumber.format(f.estimate.low) + ", " + CSVNumber.format(f.estimate.high) + "]"
        }
        return text + unitName + (f.halfWidth.isFinite ? " (±" + CSVNumber.format(f.halfWidth) + ")" : "")
    }

    /// Why a unit is short of its target.
    static func unmetLine(_ unit: PrecisionUnitResult, report: PrecisionReport) -> String {
        let target = report.targets[unit.target]
        let name = target.metric.spec.name
        let f = unit.figure
        if f.estimate.value.isNaN {
            // Nothing to estimate: more replications cannot help unless something switches it on.
            return "\(unit.label): no value of \(name) in \(report.replications) replications (a metric of a surface switched off at this point has none)"
        }
        if case .tail = target.estimand, f.estimate.method != .clusterRatio {
            return "\(unit.label): \(figureText(unit, target)) from too few samples on one side of the threshold "
                + "for the replications' interval (at least \(Int(PooledFraction.fewEvents)) above and below are needed)"
        }
        if f.shortOfReplications {
            return "\(unit.label): \(figureText(unit, target)) holds \(target.goalText), but from \(report.replications) replications per point; "
                + "a quantile, a tail probability or a contrast holds from \(PrecisionTarget.fewestReplications)"
        }
        if f.halfWidth.isNaN {
            return "\(unit.label): \(CSVNumber.format(f.estimate.value)) from one replication's values, so no interval yet"
        }
        if f.halfWidth == 0 {
            return "\(unit.label): \(CSVNumber.format(f.estimate.value)) with an interval of no width: nothing varied yet, so nothing is known of its precision"
        }
        if case .mean = target.estimand, case .relative = target.goal {
            let share = f.estimate.value != 0 ? " (" + CSVNumber.format(f.halfWidth / abs(f.estimate.value) * 100) + "% of the mean)" : ""
            return "\(unit.label): half-width \(CSVNumber.format(f.halfWidth)), mean \(CSVNumber.format(f.estimate.value))\(share)"
        }
        return "\(unit.label): \(figureText(unit, target)), target \(target.goalText)"
    }
}
