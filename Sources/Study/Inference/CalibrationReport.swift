// The files `calibrate` writes (docs/inference.md#calibration): posterior.csv, calibration.csv,
// predictive.csv, next.csv, uncertain.json5 and report.txt.
import Statistics
import SimKernel
import Surfaces
import SurfaceCore

/// What a calibration adds beyond its posterior: the posterior-predictive check and the timing
/// worth recording next.
struct CalibrationChecks {
    /// Per timed probe and statistic: the recorded value and the 5%, 50% and 95% of the values
    /// the fitted model predicts for as many timings (fresh runs at the accepted draws).
    var predictive: [(probe: String, statistic: String, recorded: Double, low: Double, median: Double, high: Double)] = []
    /// Per candidate probe, figure and number of further timings: the share of the figure's
    /// posterior variance those timings are expected to explain.
    var next: [(probe: String, parameter: String, timings: Int, share: Double)] = []

    /// The statistics' names in predictive.csv.
    static let statistics = ["censored_share", "mean_log_time"]

    init(_ calibration: Calibration, table: CalibrationTable, probes: [TimedProbe], candidates: [TimedProbe],
         seed: UInt64, jobs: Int) {
        let quantiles = calibration.accepted.map { table.quantiles[$0] }
        let fresh = CalibrationTable.runs(calibration.figures, probes: probes, quantiles: quantiles, seed: seed, stage: 1, jobs: jobs)
        for (j, probe) in probes.enumerated() {
            let recorded = TimedProbe.summary(probe.recorded)
            for (s, name) in Self.statistics.enumerated() {
                let values = fresh.map { $0[2 * j + s] }.sorted()
                predictive.append((probe.probe.id, name, recorded[s], SampleQuantile.type7(values, 0.05),
                                   SampleQuantile.type7(values, 0.5), SampleQuantile.type7(values, 0.95)))
            }
        }
        // One or five more timings of each candidate at each accepted draw: the share of a figure's
        // posterior variance explained by what they would show, Var(E[θ | y]) / Var(θ), with y the
        // timings' mean log time (censored ones at the limit).
        let n = calibration.posterior.count
        let bins = FirstOrderIndex.bins(draws: n)
        for (c, candidate) in candidates.enumerated() {
            for k in [1, 5] {
                let sims = CalibrationTable.runs(calibration.figures, probes: [candidate], quantiles: quantiles, seed: seed,
                                                 stage: UInt64(2 + 2 * c + (k == 1 ? 0 : 1)), jobs: jobs, times: [k])
                let y = sims.map { $0[1] }
                for (j, figure) in calibration.figures.enumerated() {
                    let theta = calibration.posterior.map { $0[j] }
                    let share = n >= 2 * bins ? FirstOrderIndex.estimate(inputs: y, outputs: theta, bins: bins) : .nan
                    next.append((candidate.probe.id, figure.path, k, share))
                }
            }
        }
        next.sort { ($0.share, -$0.timings) > ($1.share, -$1.timings) }
    }
}

/// Renders a calibration's files.
enum CalibrationReport {
    static func posteriorCSV(_ c: Calibration) -> String {
        var table = CSVTable(header: c.figures.map(\.path))
        for draw in c.posterior { table.append(draw.map(CSVNumber.format)) }
        return table.render()
    }

    static func calibrationCSV(_ c: Calibration) -> String {
        var table = CSVTable(header: ["parameter", "low", "median", "high"])
        for (j, figure) in c.figures.enumerated() {
            let i = c.interval(j)
            table.append([figure.path] + [i.low, i.median, i.high].map(CSVNumber.format))
        }
        return table.render()
    }

    static func predictiveCSV(_ checks: CalibrationChecks) -> String {
        var table = CSVTable(header: ["probe", "statistic", "recorded", "predicted_low", "predicted_median", "predicted_high"])
        for row in checks.predictive {
            table.append([row.probe, row.statistic] + [row.recorded, row.low, row.median, row.high].map(CSVNumber.format))
        }
        return table.render()
    }

    static func nextCSV(_ checks: CalibrationChecks) -> String {
        var table = CSVTable(header: ["probe", "parameter", "timings", "share"])
        for row in checks.next { table.append([row.probe, row.parameter, String(row.timings), CSVNumber.format(row.share)]) }
        return table.render()
    }

    /// The posterior as an `uncertain` block a scenario can use (docs/scenarios.md#platform-uncertainty):
    /// each figure normal with the posterior's mean and standard deviation.
    static func uncertainFragment(_ c: Calibration) -> String {
        let figures = c.figures.enumerated().map { j, figure -> UncertainFigure in
            let values = c.posterior.map { $0[j] }
            let mean = values.reduce(0, +) / Double(values.count)
            let sd = SampleDeviation.standardDeviation(values, about: mean)
            // Whole milliseconds for a duration, three decimals otherwise: what a person would write.
            let round = { (x: Double) in (x * 1000).rounded() / 1000 }
            return UncertainFigure(path: figure.path, kind: figure.kind, law: .normal(mean: round(mean), sd: round(sd)))
        }
        let block = PlatformUncertainty(draws: PlatformUncertainty.defaultDraws, seed: 1, figures: figures).renderedJSON()
        return "// The posterior of `surfacesim calibrate`, as a scenario's uncertain block (normal laws with the\n"
            + "// posterior's mean and sd); paste it into a scenario (docs/scenarios.md#platform-uncertainty).\n"
            + PrettyJSON.render(ParameterRendering.object([(UncertainDecoder.key, block)])) + "\n"
    }

    static func text(_ c: Calibration, checks: CalibrationChecks, probes: [TimedProbe], designs: [String], draws: Int) -> String {
        var out = "Calibration by rejection ABC: \(draws) draws from the priors, the \(c.posterior.count) closest kept "
            + "(tolerance \(CSVNumber.format(c.tolerance)) in MAD-scaled distance).\n"
        out += "Timed probes: " + zip(probes, designs).map { "\($0.probe.id) (\($0.recorded.count) timing\($0.recorded.count == 1 ? "" : "s"), design \($1))" }.joined(separator: ", ") + "\n\n"
        out += "90% credible intervals:\n"
        for (j, figure) in c.figures.enumerated() {
            let i = c.interval(j)
            out += "  \(figure.path): median \(CSVNumber.format(i.median)), 90% \(CSVNumber.format(i.low)) to \(CSVNumber.format(i.high))\n"
        }
        out += "\nPosterior-predictive check (recorded vs 5%–95% of the fitted model's):\n"
        for row in checks.predictive {
            let inside = row.recorded >= row.low && row.recorded <= row.high
            out += "  \(row.probe) \(row.statistic): \(CSVNumber.format(row.recorded)) vs \(CSVNumber.format(row.low))–\(CSVNumber.format(row.high))"
                + (inside ? "\n" : "  (outside: the model does not reproduce it)\n")
        }
        if let best = checks.next.first(where: { $0.share.isFinite }) {
            out += "\nTime next: \(best.probe), \(best.timings) more time\(best.timings == 1 ? "" : "s"): expected to explain "
                + "\(Int((best.share * 100).rounded()))% of \(best.parameter)'s posterior variance (next.csv ranks every probe).\n"
        }
        return out
    }
}
