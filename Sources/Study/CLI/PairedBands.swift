// Where the question is a difference: the bands `plot` draws on a sweep's line chart from
// summary.csv are the paired intervals of contrasts.csv beside it (the same folder), not each
// point's own interval. Two points' own intervals can overlap fully while their paired
// difference (common random numbers) is clearly non-zero; contrasts.csv has that difference
// with its 95 % interval for the mean and the quantiles. Drawn around each point's value
// (baseline + difference), the band says where the point could lie given the baseline: a
// band clear of the baseline's level is a difference. The baseline point has no band.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The paired intervals of one metric's statistic, per point, from a study's contrasts.csv.
struct PairedBands {
    /// The baseline point's name (the point contrasts.csv has no rows for).
    let baseline: String
    /// Per point name: the band's ends, baseline + the difference's 95 % interval.
    let bands: [String: (low: Double, high: Double)]

    /// The file beside `summaryPath`.
    static func contrastsPath(beside summaryPath: String) -> String {
        guard let slash = summaryPath.lastIndex(of: "/") else { return "contrasts.csv" }
        return String(summaryPath[...slash]) + "contrasts.csv"
    }

    /// The paired bands of `metric`'s `statistic` for the points `points` (summary.csv's, in
    /// order), or nil when there is no contrasts.csv beside `summaryPath` or it has no row
    /// for them. - Throws: exit status 2 for a contrasts.csv that is not one `run` writes.
    static func read(beside summaryPath: String, metric: String, statistic: String, points: [String]) throws(CLIFailure) -> PairedBands? {
        let path = contrastsPath(beside: summaryPath)
        guard access(path, F_OK) == 0 else { return nil }
        let reader: CSVRecordReader
        do { reader = try CSVRecordReader(path: path) } catch { throw .input("\(path): cannot read the file: \(error.reason)") }
        func next() throws(CLIFailure) -> [String]? {
            do { return try reader.next()?.fields } catch { throw .input("\(path):\(error.line): \(error.message)") }
        }
        guard let header = try next() else { throw .input("\(path): the file is empty") }
        let names = ["point", "metric", "statistic", "baseline", "diff_ci95_low", "diff_ci95_high"]
        let at = names.map { header.firstIndex(of: $0) }
        guard !at.contains(nil) else {
            throw .input("\(path):1: expected contrasts.csv's columns \(names.joined(separator: ", ")), found \(header.prefix(6).joined(separator: ","))")
        }
        let (p, m, s, b, lo, hi) = (at[0]!, at[1]!, at[2]!, at[3]!, at[4]!, at[5]!)
        var bands: [String: (low: Double, high: Double)] = [:]
        while let record = try next() {
            guard record.count == header.count else { throw .input("\(path):\(reader.line): expected \(header.count) fields, found \(record.count)") }
            guard record[m] == metric, record[s] == statistic,
                  let base = ResultTable.number(record[b]), let low = ResultTable.number(record[lo]),
                  let high = ResultTable.number(record[hi]) else { continue }
            bands[record[p]] = (base + low, base + high)
        }
        let missing = points.filter { bands[$0] == nil }
        // Exactly one point (the baseline) has no contrast; anything else is not this study's file.
        guard missing.count == 1, bands.keys.allSatisfy(points.contains) else { return nil }
        return PairedBands(baseline: missing[0], bands: bands)
    }
}
