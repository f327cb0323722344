import SimKernel

/// The widget service (WidgetKit's `WidgetCenter` on iOS, `AppWidgetManager` on Android;
/// docs/model.md#widget): a program asks the widget host to reload, and the widget extension's
/// provider ending is reported to the host. `WidgetCenter.swift`.
public struct WidgetService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// Asks the widget host to reload the widget's timeline for `reason` (free of the budget
    /// while the app is in the foreground).
    @inlinable @inline(__always)
    public func requestReload(_ reason: ReloadReason) { system._withUnsafeGuaranteedRef { $0.requestWidgetReload(reason) } }

    /// The widget extension's provider ended before it handed its timeline over.
    @inlinable @inline(__always)
    public func providerDied() { system._withUnsafeGuaranteedRef { $0.widgetHostProviderDied() } }
}
