// What `run --precision` prints (docs/cli.md): the count reached, the batches, and every
// point short of the target.

extension PrecisionReport {
    /// The lines for standard output.
    static func render(_ report: PrecisionReport) -> String {
        let name = report.target.metric.spec.name
        let percent = CSVNumber.format(report.target.fraction * 100) + "%"
        var text = report.unmet.isEmpty
            ? "Precision: the 95% CI half-width of \(name)'s mean is within \(percent) of the mean at every point with \(report.replications) replications per point"
            : "Precision: \(name)'s mean did not reach \(percent) at every point within \(report.replications) replications per point"
        text += " (batches up to " + report.batches.map(String.init).joined(separator: ", ") + ").\n"
        for (point, half, mean) in report.unmet {
            if mean.isNaN {
                // Nothing to estimate: more replications cannot help unless something switches it on.
                text += "  point \(point): no value of \(name) in \(report.replications) replications (a metric of a surface switched off at this point has none)\n"
            } else if half.isNaN {
                text += "  point \(point): mean \(CSVNumber.format(mean)) from one replication's values, so no interval yet\n"
            } else {
                let share = mean != 0 ? " (" + CSVNumber.format(half / abs(mean) * 100) + "% of the mean)" : ""
                text += "  point \(point): half-width \(CSVNumber.format(half)), mean \(CSVNumber.format(mean))\(share)\n"
            }
        }
        return text
    }
}
