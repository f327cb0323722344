import XCTest
@testable import Study
import Surfaces
import SurfaceCore
import SimKernel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `trace --format perfetto|svg`, windows, clock times and the rows of what did not happen
/// (docs/cli.md#trace), on a replication of failure F10 (a watch write sent as an immediate
/// message while the phone is out of reach is lost).
final class TraceFormatsTests: XCTestCase {
    /// One traced replication of F10 (causes), run 0 of the failures study with seed 1.
    private static let traced: (log: TracedLog, duration: SimTime) = {
        let failure = ChapterFailures.failure("F10")!
        let scenario = FailureScenario.scenario(failure, .causes, runs: 1, studySeed: 1)
        let parameters = scenario.parameters(ofPoint: 0)
        let log = TraceLog()
        _ = Replication.run(parameters, seed: StudyLayout(scenario).seed(point: 0, replication: 0), trace: log)
        return (TracedLog(records: log.records, counters: log.counters), parameters.duration)
    }()

    /// What a `TraceLog` held.
    struct TracedLog: Sendable {
        var records: [TraceRecord]
        var counters: [TraceCounter]
    }

    private func perfetto(_ window: TraceWindow? = nil, keep: Set<String>? = nil) -> String {
        let (log, duration) = Self.traced
        return PerfettoTrace(records: TraceVerb.ordered(log.records), counters: log.counters,
                             window: window ?? TraceWindow(from: 0, to: duration), duration: duration, keep: keep,
                             programs: Replication.programNames, title: "F10 causes").json()
    }

    private func events(_ json: String) throws -> [[String: Any]] {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try XCTUnwrap(object["traceEvents"] as? [[String: Any]], "the JSON object form holds traceEvents")
    }

    /// Every event has the fields the Trace Event Format documents for its type, with only
    /// the types X, i, C, M, s and f; times are whole microseconds within the replication;
    /// each track used is named; and every flow binds: its start and its end each lie in a run
    /// (an X slice) of their own track.
    func testPerfettoEventsHaveTheDocumentedFieldsAndFlowsBind() throws {
        let (_, duration) = Self.traced
        let events = try events(perfetto())
        var named = Set<Int>(), slices: [Int: [(Int64, Int64)]] = [:]
        var flows: [Int: [String: (tid: Int, ts: Int64)]] = [:]
        var kinds: [String: Int] = [:]
        for e in events {
            let ph = try XCTUnwrap(e["ph"] as? String)
            kinds[ph, default: 0] += 1
            XCTAssertTrue(["X", "i", "C", "M", "s", "f"].contains(ph), "event type \(ph)")
            XCTAssertFalse((try XCTUnwrap(e["name"] as? String)).isEmpty)
            XCTAssertEqual(e["pid"] as? Int, PerfettoTrace.pid)
            if let args = e["args"] { XCTAssertNotNil(args as? [String: Any], "args is an object") }
            if ph == "M" {
                let args = try XCTUnwrap(e["args"] as? [String: Any])
                if e["name"] as? String == "thread_name" {
                    XCTAssertNotNil(args["name"] as? String)
                    named.insert(try XCTUnwrap(e["tid"] as? Int))
                }
                continue
            }
            let ts = try XCTUnwrap(e["ts"] as? Int64, "ts in whole microseconds")
            XCTAssertTrue((0...duration).contains(ts), "ts \(ts)")
            switch ph {
            case "X":
                let dur = try XCTUnwrap(e["dur"] as? Int64)
                XCTAssertGreaterThanOrEqual(dur, 0)
                XCTAssertLessThanOrEqual(ts + dur, duration)
                let args = try XCTUnwrap(e["args"] as? [String: Any])
                XCTAssertNotNil(args["ended"] as? String, "a run says how it ended")
                slices[try XCTUnwrap(e["tid"] as? Int), default: []].append((ts, ts + dur))
            case "i":
                XCTAssertTrue(["g", "p", "t"].contains(try XCTUnwrap(e["s"] as? String)), "instant scope")
                XCTAssertNotNil(e["tid"] as? Int)
            case "C":
                let args = try XCTUnwrap(e["args"] as? [String: Any])
                XCTAssertFalse(args.isEmpty)
                for value in args.values { XCTAssertNotNil(value as? Double, "a counter's values are numbers") }
            case "s", "f":
                let id = try XCTUnwrap(e["id"] as? Int)
                if ph == "f" { XCTAssertEqual(e["bp"] as? String, "e", "a flow ends in the enclosing slice") }
                XCTAssertNil(flows[id]?[ph], "one \(ph) per flow id")
                flows[id, default: [:]][ph] = (try XCTUnwrap(e["tid"] as? Int), ts)
            default: break
            }
            if let tid = e["tid"] as? Int { XCTAssertTrue(named.contains(tid), "track \(tid) is named before it is used") }
        }
        XCTAssertGreaterThan(kinds["X"] ?? 0, 0)
        XCTAssertGreaterThan(kinds["i"] ?? 0, 0)
        XCTAssertGreaterThan(kinds["C"] ?? 0, 0)
        XCTAssertGreaterThan(flows.count, 0)
        func bound(_ end: (tid: Int, ts: Int64)) -> Bool {
            slices[end.tid]?.contains { $0.0 <= end.ts && end.ts <= $0.1 } ?? false
        }
        for (id, ends) in flows {
            let s = try XCTUnwrap(ends["s"], "flow \(id) starts"), f = try XCTUnwrap(ends["f"], "flow \(id) ends")
            XCTAssertLessThanOrEqual(s.ts, f.ts, "flow \(id) goes forward in time")
            XCTAssertNotEqual(s.tid, f.tid, "flow \(id) goes from one program to another")
            XCTAssertTrue(bound(s), "flow \(id) starts in a run of its sender")
            XCTAssertTrue(bound(f), "flow \(id) ends in a run of its receiver")
        }
    }

    /// The counters the trace promises: each shown surface's staleness, the widget's budget
    /// left (never above the daily budget, never below 0), the phone's power state.
    func testPerfettoCountersCoverStalenessBudgetAndPower() throws {
        var series: [String: [Double]] = [:]
        for e in try events(perfetto()) where e["ph"] as? String == "C" {
            for (key, value) in try XCTUnwrap(e["args"] as? [String: Double]) {
                series["\(e["name"] as? String ?? "") \(key)", default: []].append(value)
            }
        }
        for name in ["staleness widget", "staleness app", "staleness watch", "widget budget left", "phone power", "phone doze"] {
            XCTAssertNotNil(series[name], "counter \(name) among \(series.keys.sorted())")
        }
        let budget = try XCTUnwrap(series["widget budget left"])
        XCTAssertTrue(budget.allSatisfy { $0 >= 0 && $0 <= 55 }, "\(budget)")
        XCTAssertLessThan(budget.min()!, 55, "reloads spend the budget")
        XCTAssertTrue(series["staleness watch"]!.contains { $0 > 0 })
    }

    /// What did not happen is a row of its own: F10's lost watch write is a `lost` row with
    /// `change: N` (in the CSV trace and as a perfetto instant), after the watch link refused
    /// the message that carried it.
    func testALostWatchWriteIsARow() throws {
        let records = TraceVerb.ordered(Self.traced.log.records)
        let lost = records.filter { $0.event == "lost" }
        XCTAssertFalse(lost.isEmpty)
        for r in lost {
            XCTAssertNotNil(r.details.range(of: #"^change: [0-9]+$"#, options: .regularExpression), r.details)
        }
        let first = try XCTUnwrap(lost.first)
        XCTAssertEqual(first.process, "watchApp")
        XCTAssertTrue(records.contains { $0.time == first.time && $0.process == "watchLink" && $0.event == "refused" })
        let csv = TraceVerb.csv(records)
        XCTAssertTrue(csv.contains(",watchApp,lost,\(first.details)\n"))
        XCTAssertTrue(csv.hasPrefix("time,process,event,details\n"), "the CSV keeps its four columns")
        let instants = try events(perfetto()).filter { $0["ph"] as? String == "i" && $0["name"] as? String == "lost" }
        XCTAssertEqual(instants.count, lost.count)
        for reused in ["receive", "wake", "downgraded", "ended"] {
            XCTAssertFalse(records.contains { $0.event == reused && TraceReading.isMissed($0) }, reused)
        }
    }

    /// A window keeps only what happens in it, runs clipped to it, and counters start at its
    /// beginning with the value they had then.
    func testAWindowKeepsItsEventsAndClipsRuns() throws {
        let window = TraceWindow(from: 12 * Time.hour, to: 14 * Time.hour)
        let events = try events(perfetto(window))
        for e in events where e["ph"] as? String != "M" {
            let ts = try XCTUnwrap(e["ts"] as? Int64)
            XCTAssertTrue(window.contains(ts), "\(e)")
            if let dur = e["dur"] as? Int64 { XCTAssertLessThanOrEqual(ts + dur, window.to) }
        }
        let budgetStart = events.first { $0["ph"] as? String == "C" && $0["name"] as? String == "widget budget" }
        XCTAssertEqual(budgetStart?["ts"] as? Int64, window.from)
    }

    /// Times read as durations, seconds or clock times; clock times print to the millisecond.
    func testTimesReadAndPrintAsClockTimes() {
        XCTAssertEqual(TraceWindow.parseTime("3h"), 3 * Time.hour)
        XCTAssertEqual(TraceWindow.parseTime("12.5"), 12_500_000)
        XCTAssertEqual(TraceWindow.parseTime("08:30"), 8 * Time.hour + 30 * Time.minute)
        XCTAssertEqual(TraceWindow.parseTime("08:30:15.25"), 8 * Time.hour + 30 * Time.minute + 15_250_000)
        XCTAssertEqual(TraceWindow.parseTime("d2 00:01"), Time.day + Time.minute)
        for bad in ["8h30", "25:00", "08:3", "08:61", "d0 08:00", "-3", "nan", ""] {
            XCTAssertNil(TraceWindow.parseTime(bad), bad)
        }
        let oneDay = TraceClock(duration: Time.day), twoDays = TraceClock(duration: 2 * Time.day)
        XCTAssertEqual(oneDay.format(8 * Time.hour + 30 * Time.minute + 15_250_000), "08:30:15.25")
        XCTAssertEqual(oneDay.format(59_999_600), "00:01:00")
        XCTAssertEqual(twoDays.format(Time.day + 5 * Time.second), "d2 00:00:05")
    }

    /// `--only` takes the surfaces' names for their programs.
    func testOnlyTakesSurfaceNames() throws {
        XCTAssertEqual(try TraceVerb.processes("live"), ["liveStatus"])
        XCTAssertEqual(try TraceVerb.processes("share,widget"), ["shareSheet", "shareExtension", "widget"])
        XCTAssertThrowsError(try TraceVerb.processes("lives"))
    }

    /// The sequence chart is well-formed SVG, draws an arrow per message and marks the lost
    /// write, and is wide enough for every text it writes (measured as it measures them).
    func testSequenceChartMarksTheLossAndClipsNothing() throws {
        let (log, duration) = Self.traced
        let records = TraceVerb.ordered(log.records)
        let lost = try XCTUnwrap(records.first { $0.event == "lost" })
        let window = TraceWindow(from: lost.time - 5 * Time.minute, to: lost.time + 5 * Time.minute)
        var chart = SequenceChart(records: records, window: window, duration: duration, keep: nil,
                                  programs: Replication.programNames, title: "F10 causes")
        let svg = chart.svg()
        let document = XMLCollector.parse(svg)
        XCTAssertTrue(document.texts.contains("watchApp · lost \(lost.details)"), document.texts.joined(separator: "\n"))
        XCTAssertTrue(document.texts.contains("watchLink"))
        let width = try XCTUnwrap(svg.firstMatch(of: /width="([0-9]+)"/).map { Double($0.1)! })
        for match in svg.matches(of: /<text x="([0-9.]+)" y="[0-9.]+" text-anchor="(start|middle|end)"([^>]*)>([^<]*)<\/text>/) {
            let x = Double(match.1)!, size = match.3.contains("font-size=\"15\"") ? 15 : match.3.contains("font-size=\"12\"") ? 12 : 11
            let text = match.4.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">")
            let w = TextWidth.of(String(text), size: size, bold: match.3.contains("bold"))
            let (left, right) = match.2 == "start" ? (x, x + w) : match.2 == "end" ? (x - w, x) : (x - w / 2, x + w / 2)
            XCTAssertGreaterThanOrEqual(left, 0, String(text))
            XCTAssertLessThanOrEqual(right, width, String(text))
        }
        XCTAssertEqual(chart.rowsLeftOut, 0)
    }
}
