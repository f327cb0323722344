// The part of one replication a trace shows (`trace --from/--to`, `--around T --span D`)
// and how its times read as a clock time of day (docs/cli.md#trace).
import SimKernel

/// A window of simulated time, both ends included.
public struct TraceWindow: Sendable, Equatable {
    public var from: SimTime
    public var to: SimTime

    public init(from: SimTime, to: SimTime) { (self.from, self.to) = (from, to) }

    /// Whether `t` lies in the window.
    public func contains(_ t: SimTime) -> Bool { t >= from && t <= to }

    /// The span `--around` shows when no `--span` is given.
    public static let defaultSpan = 20 * Time.minute

    /// A time as `--from`, `--to` and `--around` take it: a duration from the start
    /// (`"3h"`, `"90m"`, `"12.5s"`, or plain seconds `"12.5"`), or a clock time of day on the
    /// first day (`"08:30"`, `"08:30:15.5"`) or on day N (`"d2 08:30"`); nil for anything else.
    public static func parseTime(_ text: String) -> SimTime? {
        if let t = Units.parseDuration(text) { return t }
        if let s = Double(text), s.isFinite, s >= 0, s < 1e12, text.allSatisfy({ $0.isNumber || $0 == "." }) {
            return SimTime((s * 1e6).rounded())
        }
        var day: Int64 = 1
        var clock = Substring(text)
        if clock.hasPrefix("d"), let space = clock.firstIndex(of: " ") {
            guard let d = Int64(clock[clock.index(after: clock.startIndex)..<space]), d >= 1, d < 100_000 else { return nil }
            day = d
            clock = clock[clock.index(after: space)...]
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              let h = Int64(parts[0]), (0..<24).contains(h), parts[0].count <= 2,
              let m = Int64(parts[1]), (0..<60).contains(m), parts[1].count == 2 else { return nil }
        var micros: SimTime = 0
        if parts.count == 3 {
            let s = parts[2]
            guard s.count >= 2, s.allSatisfy({ $0.isNumber || $0 == "." }), let seconds = Double(s), seconds < 60 else { return nil }
            micros = SimTime((seconds * 1e6).rounded())
        }
        return (day - 1) * Time.day + h * Time.hour + m * Time.minute + micros
    }

    /// The window the options name (the whole replication, `0…duration`, when none does).
    static func from(_ arguments: ParsedArguments, duration: SimTime) throws(CLIFailure) -> TraceWindow {
        func time(_ option: String) throws(CLIFailure) -> SimTime? {
            guard let text = arguments.value(option) else { return nil }
            guard let t = parseTime(text) else {
                throw .usage("\(option): expected a time such as 3h, 90m, 12.5s, 12.5 (seconds), 08:30 or d2 08:30:15, found '\(ScenarioError.shorten(text))'")
            }
            guard t <= duration else {
                throw .usage("\(option): expected a time within the replication (0s to \(Units.formatDuration(duration))), found '\(ScenarioError.shorten(text))'")
            }
            return t
        }
        let from = try time("--from"), to = try time("--to"), around = try time("--around")
        let spanText = arguments.value("--span")
        if let around {
            if from != nil || to != nil { throw .usage("--around goes without --from and --to") }
            var span = defaultSpan
            if let spanText {
                guard let s = Units.parseDuration(spanText), s > 0 else {
                    throw .usage("--span: expected a duration above 0 such as 20m or 1h, found '\(ScenarioError.shorten(spanText))'")
                }
                span = s
            }
            return TraceWindow(from: max(0, around - span / 2), to: min(duration, around + span / 2))
        }
        if spanText != nil { throw .usage("--span goes with --around") }
        let window = TraceWindow(from: from ?? 0, to: to ?? duration)
        guard window.from <= window.to else {
            throw .usage("--from: expected a time not after --to (\(CSVNumber.format(Time.seconds(window.to))) s), found \(CSVNumber.format(Time.seconds(window.from))) s")
        }
        return window
    }
}

/// Simulated time as a clock time of day: the replication starts at midnight of day 1, the
/// hours of an hourly profile (docs/scenarios.md).
public struct TraceClock: Sendable {
    /// Whether the replication lasts more than a day (times then name their day: `d2 08:30:00`).
    public var manyDays: Bool

    public init(duration: SimTime) { manyDays = duration > Time.day }

    /// `08:30:12.25`, or `d2 08:30:12.25` in a replication of several days: to the millisecond,
    /// trailing zeros dropped.
    public func format(_ t: SimTime) -> String {
        let ms = (t + 500) / 1000          // to the millisecond
        let day = ms / 86_400_000, inDay = ms % 86_400_000
        let h = inDay / 3_600_000, m = inDay % 3_600_000 / 60_000, s = inDay % 60_000 / 1000, fraction = inDay % 1000
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var text = "\(two(h)):\(two(m)):\(two(s))"
        if fraction > 0 {
            var digits = String(fraction)
            while digits.count < 3 { digits = "0" + digits }
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return manyDays ? "d\(day + 1) " + text : text
    }
}
