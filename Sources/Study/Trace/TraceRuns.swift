// What the perfetto trace and the sequence chart read of a replication's event log: each
// program's runs and how each ended, which rows say what did not happen, and the tracks'
// order (docs/cli.md#trace).
import SimKernel

/// One run of a program: from its launch (or resumption) to its end.
struct TraceRun: Equatable {
    var process: String
    var start: SimTime
    /// When it ended (the replication's end for a run still going then).
    var end: SimTime
    /// Who launched it (`user`, `widgetHost`, …), or `resumed` for a run resumed from suspension.
    var launcher: String
    /// How it ended, as `ProcessEnd` names it (`normal`, `killedForTime`, …); nil: still running.
    var ended: String?
}

enum TraceReading {
    /// The events of rows that say what did not happen: a change or a push lost, a write or a
    /// reload refused, a push held or dropped (docs/cli.md#trace), and the names the rows had before
    /// (`wakeRefused`, `reloadRefused`, `discarded`, `alarmDeferred`).
    static let missedEvents: Set<String> = [
        "lost", "refused", "held", "dropped", "wakeRefused", "reloadRefused", "discarded", "alarmDeferred",
    ]

    /// Whether a row says what did not happen.
    static func isMissed(_ r: TraceRecord) -> Bool { missedEvents.contains(r.event) }

    /// How a run ended, in words: normal, killed for time or memory, crashed, force-quit…
    static func endedHow(_ reason: String?) -> String {
        switch reason {
        case nil: return "still running"
        case "normal": return "normal"
        case "killedForTime": return "killed for time"
        case "killedForMemory": return "killed for memory"
        case "crashed": return "crashed"
        case "forceQuit": return "force-quit"
        case "suspended": return "suspended"
        case "terminatedBySystem": return "ended by the system"
        case let other?: return other
        }
    }

    /// Every program's runs, from the records in time order (`launched`/`resumed` to `ended`).
    static func runs(_ records: [TraceRecord], end: SimTime) -> [TraceRun] {
        var open: [String: Int] = [:]
        var runs: [TraceRun] = []
        for r in records {
            switch r.event {
            case "launched", "resumed":
                if let i = open[r.process] { runs[i].end = r.time }      // never happens: a launch of a running program is none
                open[r.process] = runs.count
                runs.append(TraceRun(process: r.process, start: r.time, end: end,
                                     launcher: r.event == "resumed" ? "resumed by \(r.details)" : r.details, ended: nil))
            case "ended":
                guard let i = open.removeValue(forKey: r.process) else { continue }
                runs[i].end = r.time
                runs[i].ended = r.details
            default:
                continue
            }
        }
        return runs
    }

    /// The tracks in order: the programs as the world registers them, then every other
    /// process name (the surfaces' screens, the person glancing) as they first appear.
    static func tracks(_ records: [TraceRecord], programs: [String]) -> [String] {
        var seen = Set<String>()
        for r in records {
            seen.insert(r.process)
            if let s = r.sender { seen.insert(s) }
        }
        var order = programs.filter { seen.contains($0) }
        var placed = Set(order)
        for r in records where !placed.contains(r.process) {
            order.append(r.process)
            placed.insert(r.process)
        }
        return order
    }

    /// The name of a delivered input: its case (`reloadRequest` of `reloadRequest(free: true, …)`).
    static func inputName(_ details: String) -> String {
        details.firstIndex(of: "(").map { String(details[..<$0]) } ?? details
    }
}
