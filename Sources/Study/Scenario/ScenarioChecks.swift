// Checks that no single value can fail on its own (docs/scenarios.md: "Nothing is ever silently
// ignored"): a run that lasts, a warm-up shorter than the run, at least one replication,
// and a kept reading's lifetime within 1–365 days (docs/model.md#main-app; a lifetime the user changes
// to, `app.keepReadingsChangedTo`, need only be above 0, so a study may compress time as the
// kept-reading failure mode does). They run after the file,
// the overrides and the sweep are decoded, on every point the study would run.
import SimKernel
import Surfaces

enum ScenarioChecks {
    /// The lifetime of kept readings the platform allows (docs/model.md#main-app).
    static let keptReadingLifetime: ClosedRange<SimTime> = Time.day...(365 * Time.day)

    /// Throws for the first check `p` fails. `locate` says where the deciding value was
    /// written; `point` names the sweep point, if the study has more than one.
    static func check(_ p: Parameters, point: String?, locate: (String) -> InputLocation) throws(ScenarioError) {
        func fail(_ path: String, expected: String, found: String) -> ScenarioError {
            ScenarioError(locate(path), path: path, .expected(expected, found: found + (point.map { " at sweep point \($0)" } ?? "")))
        }
        let d = Units.formatDuration
        if p.duration <= 0 {
            throw fail("duration", expected: "a duration above 0s", found: d(p.duration))
        }
        if p.replications < 1 {
            throw fail("replications", expected: "a whole number ≥ 1", found: String(p.replications))
        }
        if p.observe.warmup >= p.duration {
            throw fail("observe.warmup", expected: "a duration shorter than duration (\(d(p.duration)))", found: d(p.observe.warmup))
        }
        if !keptReadingLifetime.contains(p.app.keepReadingsFor) {
            throw fail("app.keepReadingsFor", expected: "a duration from 1d to 365d", found: d(p.app.keepReadingsFor))
        }
        if p.app.keepReadingsChangedTo <= 0 {
            throw fail("app.keepReadingsChangedTo", expected: "a duration above 0s", found: d(p.app.keepReadingsChangedTo))
        }
    }
}
