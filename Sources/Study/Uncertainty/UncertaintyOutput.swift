// The files an uncertain study adds to its results (docs/output.md#uncertaintycsv):
// uncertainty.csv, uncertainty-drivers.csv and uncertainty.svg.
import Surfaces
import SurfaceCore

/// uncertainty.csv, uncertainty-drivers.csv and their chart.
enum UncertaintyOutput {
    /// The names of the files, whose presence depends on the study.
    static let names: Set<String> = ["uncertainty.csv", "uncertainty-drivers.csv", UncertaintyChart.fileName]
    /// uncertainty.csv's header (docs/output.md#uncertaintycsv).
    static let header = ["point", "metric", "mean", "low", "high", "platform_share", "noise_share"]
    /// uncertainty-drivers.csv's header (docs/output.md#uncertaintycsv).
    static let driversHeader = ["point", "metric", "parameter", "share"]

    /// Each sweep point's label in the chart, by its name.
    static func labels(_ state: StudyState) -> [String: String] {
        Dictionary(uniqueKeysWithValues: state.layout.basePointNames.enumerated().map { ($1, StudyPlots.label(state, sweepPoint: $0)) })
    }

    /// The files of `state` (none unless the study is uncertain).
    static func files(_ state: StudyState) -> [(name: String, text: String)] {
        guard state.layout.uncertain != nil else { return [] }
        let rows = UncertaintyAnalysis.rows(state)
        var table = CSVTable(header: header)
        var drivers = CSVTable(header: driversHeader)
        for row in rows {
            table.append([row.point, row.metric] + [row.mean, row.low, row.high, row.platformShare, 1 - row.platformShare].map(CSVNumber.format))
            for driver in row.drivers {
                drivers.append([row.point, row.metric, driver.parameter, CSVNumber.format(driver.share)])
            }
        }
        return [("uncertainty.csv", table.render()), ("uncertainty-drivers.csv", drivers.render()),
                (UncertaintyChart.fileName, UncertaintyChart.render(rows, labels: labels(state), study: state.layout.name,
                                                                    draws: state.layout.uncertain?.draws ?? 0,
                                                                    replications: state.layout.replications))]
    }
}
