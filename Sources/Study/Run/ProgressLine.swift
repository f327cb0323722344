// The progress line on stderr (docs/cli.md): done/total, rate, time left; rewritten in
// place on a terminal, and a line of its own every `--progress-every` (30 s) otherwise.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress display, rewritten in place at most five times a second on a
/// terminal; in a log (standard error not a terminal), one whole line per interval.
public final class ProgressLine {
    /// The interval between lines when standard error is not a terminal (`--progress-every`).
    public static let defaultInterval: Duration = .seconds(30)

    private let write: (String) -> Void
    /// nil: a terminal, the line rewritten in place; otherwise the time between whole lines.
    private let interval: Duration?
    private let started = ContinuousClock.now
    private var lastShown: ContinuousClock.Instant?
    private var startDone: Int?
    private var shownWidth = 0

    /// A display that writes through `write` (normally to stderr): rewritten in place when
    /// `interval` is nil, else a line of its own each time `interval` has passed since the last
    /// (or since the start), never for a run that ends sooner.
    public init(write: @escaping (String) -> Void, interval: Duration? = nil) { (self.write, self.interval) = (write, interval) }

    /// Whether standard error is a terminal.
    public static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Shows `done` of `total` replications.
    public func update(done: Int, total: Int) {
        let now = ContinuousClock.now
        if startDone == nil { startDone = done - 1 }
        if let interval {
            guard now - (lastShown ?? started) >= interval else { return }
        } else if let lastShown, now - lastShown < .milliseconds(200), done < total {
            return
        }
        lastShown = now
        let seconds = Self.seconds(now - started)
        let rate = seconds > 0 ? Double(done - (startDone ?? 0)) / seconds : 0
        let left = rate > 0 ? Double(total - done) / rate : .nan
        var line = "\(done)/\(total) replications  \(Self.format(rate))/s"
        if left.isFinite { line += "  \(Self.clock(left)) left" }
        if interval != nil { return write(line + "\n") }
        let padding = String(repeating: " ", count: max(0, shownWidth - line.count))
        shownWidth = line.count
        write("\r" + line + padding)
    }

    /// Ends the line.
    public func finish() {
        if shownWidth > 0 { write("\n") }
        shownWidth = 0
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// A rate with one decimal below 10.
    static func format(_ x: Double) -> String {
        x < 10 ? String(Double(Int((x * 10).rounded())) / 10) : String(Int(x.rounded()))
    }

    /// `m:ss` or `h:mm:ss`.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        let (h, m, r) = (s / 3600, s / 60 % 60, s % 60)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(r))" : "\(m):\(two(r))"
    }
}
