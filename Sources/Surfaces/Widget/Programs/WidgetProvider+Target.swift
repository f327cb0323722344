import SimKernel
import Platform
import SurfaceCore

/// The object a configured widget shows (docs/model.md#configured-targets).
extension WidgetProvider {
    /// The object a configured widget shows: by stable identifier, or by the position it had
    /// when configured. −1 when the target cannot be resolved.
    package func resolveConfiguredTarget(in objects: [Int32]) -> Int32 {
        let configuredTarget = Parameters.Widget.configuredTarget
        switch p.configuration {
        case .stableIdentifier:
            return objects.contains(configuredTarget) ? configuredTarget : -1
        case .position:
            let k = Int(configuredTarget)
            return k < objects.count ? objects[k] : -1
        }
    }
}
