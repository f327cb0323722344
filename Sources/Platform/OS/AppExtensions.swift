import SimKernel

/// The app's extensions the system launches for a job (docs/platform-facts.md#extensions): the
/// share extension, which it launches when the share sheet asks, for a share the user confirmed
/// (docs/model.md#share-extension), and the action runner, the app's intents extension, which
/// the system launches to run one of the app's actions (docs/model.md#actions). The system sets
/// their runs' limits; the share sheet and the shortcuts runner ask for a launch and neither
/// launches nor ends another program's run. Their processes are `SystemWiring.shareExtension`
/// and `SystemWiring.intentsExtension`, which the extensions give in their `hears`.
extension OperatingSystem {
    /// How long an app intent may run (docs/platform-facts.md#extensions: about 30 s).
    public static let intentRunTime = 30 * Time.second

    /// Whether the share extension runs now (the share sheet shows it).
    @usableFromInline var shareExtensionRuns: Bool { engine.isRunning(wired(_wiring.shareExtension, "shareExtension")) }

    /// The share sheet launches the share extension for a share the user confirmed, with the
    /// extension's time budget and memory limit (`share.timeBudget`, `share.memoryLimit`; with a
    /// debugger attached the view debugger waives the memory limit, docs/model.md#power).
    /// Nothing happens if it runs already.
    @usableFromInline func launchShareExtension() {
        engine.launch(wired(_wiring.shareExtension, "shareExtension"), by: .shareSheet,
                      limits: settings.extensionRun(settings.shareExtensionLimits))
    }

    /// The system runs one of the app's actions in its intents extension: a run still going
    /// (an earlier action's) is ended, and the extension is launched anew for `intentRunTime`.
    @usableFromInline func launchIntentsExtension() {
        let runner = wired(_wiring.intentsExtension, "intentsExtension")
        if engine.isRunning(runner) { engine.end(runner, .normal) }
        engine.launch(runner, by: .system, limits: ProcessLimits(timeBudget: Self.intentRunTime))
    }
}
