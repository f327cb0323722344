// Checks on the values a study ends with that no single value's range can make
// (docs/scenarios.md#ranges-and-checks): at least one replication (a file may say 0 and
// `--runs` set it) and a warm-up shorter than the run. Each value's own range (a duration
// above 0, a kept reading's lifetime of 1–365 days, …) is checked as it is read. These run
// after the file, the overrides and the sweep are decoded, on every point the study would run.
import SimKernel
import Surfaces
import SurfaceCore

enum ScenarioChecks {
    /// Throws for the first check `p` fails. `locate` says where the deciding value was
    /// written; `point` names the sweep point, if the study has more than one.
    static func check(_ p: Parameters, point: String?, locate: (String) -> InputLocation) throws(ScenarioError) {
        func fail(_ path: String, expected: String, found: String) -> ScenarioError {
            ScenarioError(locate(path), path: path, .expected(expected, found: found + (point.map { " at sweep point \($0)" } ?? "")))
        }
        let d = Units.formatDuration
        if p.replications < 1 {
            throw fail("replications", expected: "a whole number ≥ 1", found: String(p.replications))
        }
        if p.widget.slotEvery > 0 && p.widget.slotEvery < Time.second {
            // A slot number per second of the longest replication still fits the view's field.
            throw fail("widget.slotEvery", expected: "0s (no schedule of its own) or at least 1s", found: d(p.widget.slotEvery))
        }
        if p.observe.warmup >= p.duration {
            throw fail("observe.warmup", expected: "a duration shorter than duration (\(d(p.duration)))", found: d(p.observe.warmup))
        }
    }
}
