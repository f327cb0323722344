import Foundation
import XCTest

/// Every committed study's summary.csv: each mean lies in its own interval, and no interval
/// of a non-negative metric reaches below 0 or a fraction's above 1 (docs/statistics.md: the
/// point estimate and its interval come from the same estimator).
final class CommittedIntervalsTests: XCTestCase {
    static let results = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Results")

    func testEveryCommittedMeanLiesInItsInterval() throws {
        let files = FileManager.default.enumerator(at: Self.results, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "summary.csv" }
        XCTAssertFalse(files.isEmpty)
        var checked = 0
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
            let header = lines[0].split(separator: ",").map(String.init)
            guard let mean = header.firstIndex(of: "mean"), let low = header.firstIndex(of: "ci95_low"),
                  let high = header.firstIndex(of: "ci95_high"), let unit = header.firstIndex(of: "unit"),
                  let metric = header.firstIndex(of: "metric") else { XCTFail("\(file.path): no interval columns"); continue }
            for (number, line) in lines.dropFirst().enumerated() {
                // Fields are plain numbers and names here, except quoted point names, which
                // come first: count from the end.
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                let shift = fields.count - header.count
                func value(_ column: Int) -> Double? { Double(fields[column + shift]) }
                guard let m = value(mean), let l = value(low), let h = value(high), !l.isNaN else { continue }
                let place = "\(file.path):\(number + 2) \(fields[metric + shift])"
                XCTAssertLessThanOrEqual(l, m, place)
                XCTAssertLessThanOrEqual(m, h, place)
                XCTAssertGreaterThanOrEqual(l, 0, place)
                if fields[unit + shift] == "fraction" { XCTAssertLessThanOrEqual(h, 1, place) }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
    }
}
