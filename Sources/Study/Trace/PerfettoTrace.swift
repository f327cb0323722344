// `trace --format perfetto`: one replication as Chrome/Perfetto trace-event JSON
// (docs/cli.md#trace; the format: "Trace Event Format", the JSON object form with
// `traceEvents`), for ui.perfetto.dev or chrome://tracing.
import SimKernel

/// Writes a replication's event log as trace-event JSON, with only the widely supported
/// event types: metadata `M` (the replication's and each track's name), complete `X` (each
/// run of a program, named by how it ended), instant `i` with thread scope (each delivery,
/// named by its input, and every other row, those of what did not happen included), counter
/// `C` (each surface's staleness, the widget's budget left, the phone's power state) and flow
/// `s`/`f` (a message from the sender's run to the receiver's). Times are microseconds of
/// simulated time (`ts`, `dur`); one process (`pid` 1) holds a track (`tid`) per program.
struct PerfettoTrace {
    /// The log, in time order (`TraceVerb.ordered`), every process's rows.
    var records: [TraceRecord]
    var counters: [TraceCounter]
    var window: TraceWindow
    /// The replication's end.
    var duration: SimTime
    /// The processes whose rows are kept (nil: all).
    var keep: Set<String>?
    /// The programs in registration order (the tracks' order).
    var programs: [String]
    /// What the trace is of (`F2 causes, run 0 (seed …)`), the process's name.
    var title: String

    /// The process every track belongs to.
    static let pid = 1

    func json() -> String {
        let clock = TraceClock(duration: duration)
        let shown = records.filter { keep?.contains($0.process) ?? true }
        let tracks = TraceReading.tracks(shown, programs: programs).filter { keep?.contains($0) ?? true }
        var tid: [String: Int] = [:]
        for (i, name) in tracks.enumerated() { tid[name] = i + 1 }
        var events: [String] = []
        events.append(Self.object([("ph", .text("M")), ("name", .text("process_name")), ("pid", .int(Self.pid)),
                                   ("args", .raw(Self.object([("name", .text("surfacesim: " + title))])))]))
        for (i, name) in tracks.enumerated() {
            events.append(Self.object([("ph", .text("M")), ("name", .text("thread_name")), ("pid", .int(Self.pid)),
                                       ("tid", .int(i + 1)), ("args", .raw(Self.object([("name", .text(name))])))]))
            events.append(Self.object([("ph", .text("M")), ("name", .text("thread_sort_index")), ("pid", .int(Self.pid)),
                                       ("tid", .int(i + 1)), ("args", .raw(Self.object([("sort_index", .int(i + 1))])))]))
        }
        // Runs, clipped to the window.
        let runs = TraceReading.runs(records, end: duration)
        var runsOf: [String: [TraceRun]] = [:]
        for run in runs where run.end >= window.from && run.start <= window.to {
            guard let t = tid[run.process] else { continue }
            runsOf[run.process, default: []].append(run)
            let start = max(run.start, window.from), end = min(run.end, window.to)
            events.append(Self.object([
                ("ph", .text("X")), ("name", .text("run (\(TraceReading.endedHow(run.ended)))")), ("cat", .text("run")),
                ("ts", .int64(start)), ("dur", .int64(end - start)), ("pid", .int(Self.pid)), ("tid", .int(t)),
                ("args", .raw(Self.object([
                    ("launched by", .text(run.launcher)), ("ended", .text(TraceReading.endedHow(run.ended))),
                    ("end reason", .text(run.ended ?? "none")),
                    ("start clock", .text(clock.format(run.start))),
                    ("end clock", .text(run.ended == nil ? "(running at the end)" : clock.format(run.end))),
                ]))),
            ]))
        }
        func inRun(_ process: String, _ t: SimTime) -> Bool {
            runsOf[process]?.contains { $0.start <= t && t <= $0.end } ?? false
        }
        // Instants, and a flow for each message whose sending and delivery lie in runs in the window.
        var flow = 0
        for r in shown where window.contains(r.time) && r.event != "launched" && r.event != "resumed" && r.event != "ended" {
            guard let t = tid[r.process] else { continue }
            var args: [(String, JSONValue)] = [("clock", .text(clock.format(r.time))), ("t_s", .raw(Self.seconds(r.time)))]
            let name: String
            if r.event == "receive" {
                name = TraceReading.inputName(r.details)
                args.append(("input", .text(r.details)))
                if let s = r.sender {
                    args.append(("from", .text(s)))
                    args.append(("sent_s", .raw(Self.seconds(r.sentAt))))
                }
            } else {
                name = r.event
                args.append(("details", .text(r.details)))
            }
            let category = TraceReading.isMissed(r) ? "did not happen" : r.event == "receive" ? "delivery" : "event"
            events.append(Self.object([
                ("ph", .text("i")), ("name", .text(name)), ("cat", .text(category)), ("s", .text("t")),
                ("ts", .int64(r.time)), ("pid", .int(Self.pid)), ("tid", .int(t)), ("args", .raw(Self.object(args))),
            ]))
            if r.event == "receive", let s = r.sender, let from = tid[s], window.contains(r.sentAt),
               inRun(s, r.sentAt), inRun(r.process, r.time) {
                flow += 1
                let name = TraceReading.inputName(r.details)
                events.append(Self.object([("ph", .text("s")), ("name", .text(name)), ("cat", .text("message")), ("id", .int(flow)),
                                           ("ts", .int64(r.sentAt)), ("pid", .int(Self.pid)), ("tid", .int(from))]))
                events.append(Self.object([("ph", .text("f")), ("bp", .text("e")), ("name", .text(name)), ("cat", .text("message")),
                                           ("id", .int(flow)), ("ts", .int64(r.time)), ("pid", .int(Self.pid)), ("tid", .int(t))]))
            }
        }
        for sample in CounterSeries.points(counters, window: window, duration: duration) {
            let (group, key) = CounterSeries.split(sample.name)
            events.append(Self.object([("ph", .text("C")), ("name", .text(group)), ("ts", .int64(sample.time)), ("pid", .int(Self.pid)),
                                       ("args", .raw(Self.object([(key, .raw(Self.number(sample.value)))])))]))
        }
        var text = "{\"displayTimeUnit\":\"ms\",\"otherData\":"
        text += Self.object([("title", .text(title)), ("time", .text("simulated; ts in microseconds from the replication's start at 00:00")),
                             ("window", .text("\(clock.format(window.from)) to \(clock.format(window.to))"))])
        text += ",\"traceEvents\":[\n"
        text += events.joined(separator: ",\n")
        text += "\n]}\n"
        return text
    }

    // MARK: JSON

    enum JSONValue {
        case text(String), int(Int), int64(Int64), raw(String)
    }

    /// `{"key":value,…}` in the order given.
    static func object(_ fields: [(String, JSONValue)]) -> String {
        var s = "{"
        for (i, (key, value)) in fields.enumerated() {
            if i > 0 { s += "," }
            s += quoted(key) + ":"
            switch value {
            case .text(let t): s += quoted(t)
            case .int(let n): s += String(n)
            case .int64(let n): s += String(n)
            case .raw(let r): s += r
            }
        }
        return s + "}"
    }

    /// A JSON string with the mandatory escapes (the scenario renderer's, `JSONRenderer.appendString`).
    static func quoted(_ text: String) -> String {
        var s = ""
        JSONRenderer.appendString(text, to: &s)
        return s
    }

    /// Seconds of simulated time, exactly (microseconds as a decimal fraction).
    static func seconds(_ t: SimTime) -> String {
        let sign = t < 0 ? "-" : ""
        let m = t.magnitude
        var fraction = String(m % 1_000_000)
        if fraction == "0" { return sign + String(m / 1_000_000) }
        while fraction.count < 6 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(m / 1_000_000) + "." + fraction
    }

    /// A finite number as JSON (`12`, `12.5`, `1e-06`).
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return String(x)
    }
}

/// The counters' samples as the points a viewer draws (steps): `set` samples where the value
/// changes, `add` samples summed, and a `ramp` (a staleness growing one second per second)
/// drawn as steps of at most a 400th of the window, its last just before the next sample.
enum CounterSeries {
    struct Point: Equatable {
        var time: SimTime
        var name: String
        var value: Double
    }

    /// `staleness widget` → (`staleness`, `widget`): the counter's group and its series (a
    /// trace-event counter's name and its argument).
    static func split(_ name: String) -> (String, String) {
        guard let space = name.lastIndex(of: " ") else { return (name, "value") }
        return (String(name[..<space]), String(name[name.index(after: space)...]))
    }

    static func points(_ samples: [TraceCounter], window: TraceWindow, duration: SimTime) -> [Point] {
        var names: [String] = []
        var byName: [String: [TraceCounter]] = [:]
        for s in samples {
            if byName[s.name] == nil { names.append(s.name) }
            byName[s.name, default: []].append(s)
        }
        let step = max(Time.second, (window.to - window.from) / 400)
        var points: [Point] = []
        for name in names {
            // In time order, same-time samples in the order taken (a budget's give-back is
            // recorded a day before its time).
            let series = byName[name]!.enumerated()
                .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            // The counter's pieces: from each sample time on, a value, growing or not.
            var pieces: [(start: SimTime, value: Double, ramp: Bool)] = []
            var value = 0.0, ramp = false, i = 0
            while i < series.count {
                let t = series[i].time
                while i < series.count && series[i].time == t {
                    switch series[i].change {
                    case .set: (value, ramp) = (series[i].value, false)
                    case .add: (value, ramp) = (value + series[i].value, false)
                    case .ramp: (value, ramp) = (series[i].value, true)
                    }
                    i += 1
                }
                pieces.append((t, value, ramp))
            }
            var last: Double? = nil
            for (k, piece) in pieces.enumerated() {
                let end = k + 1 < pieces.count ? pieces[k + 1].start : duration + 1
                let start = max(piece.start, window.from)
                guard start < end, start <= window.to else { continue }
                func at(_ t: SimTime) -> Double { piece.ramp ? piece.value + Time.seconds(t - piece.start) : piece.value }
                if piece.ramp || last != piece.value {
                    points.append(Point(time: start, name: name, value: at(start)))
                    last = piece.value
                }
                guard piece.ramp else { continue }
                var t = start + step
                while t < end - 1 && t <= window.to {
                    points.append(Point(time: t, name: name, value: at(t)))
                    t += step
                }
                if end - 1 > start && end - 1 <= window.to { points.append(Point(time: end - 1, name: name, value: at(end - 1))) }
                last = nil
            }
        }
        return points
    }
}
