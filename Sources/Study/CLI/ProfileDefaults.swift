// A profile's defaults as `help parameters --platform P` shows them (docs/scenarios.md#platform-profiles):
// as a scenario file would write them, except where a profile stands for "no limit" with
// a number no run reaches.
import Surfaces
import SurfaceCore

/// Readable defaults.
enum ProfileDefaults {
    /// The default of `spec` in `defaults` (the parameters of `profile`), as a scenario
    /// file writes it; Android's widget budget, which it models as more reloads than any
    /// day asks for (no daily budget is documented), as `none (unlimited)`.
    static func readable(_ spec: ParameterSpec, in defaults: Parameters, profile: PlatformProfile) -> String {
        let value = spec.get(defaults)
        if profile == .android, spec.path == "widget.budgetPerDay", case .integer(let n) = value {
            return "none (unlimited: modelled as \(n) a day)"
        }
        return json(value, spec)
    }

    private static func json(_ value: ParameterValue, _ spec: ParameterSpec) -> String {
        ParameterRendering.node(ParameterRendering.json(value, kind: spec.kind)).render()
    }
}
