import SimKernel
import Platform
import SurfaceCore

/// One action run by the assistant or an automation (§25.8), as the automations keep it.
package struct ActionRun {
    /// The change its first background attempt made (nil: none yet; every retry sends it again).
    package var change: ChangeID?
    /// Run by a button in the widget (the widget's fourth reload trigger, §25.4).
    package var fromWidgetButton = false
    package var attempts = 0
    package var done = false
    /// The automation still holds the action's change (it may retry it).
    package var holdsChange = false
}

/// Assistant and shortcut actions (§25.8; docs/model.md#actions): an automation runs an action at
/// `action.perDay`. With `action.background` and a session available to a background
/// process, the system runs the app's code for seconds (the action runner) and it sends
/// a mutation; an automation that hears nothing within `action.timeout` retries, up to
/// `action.retries` times, with the same action — the backend applies it once only if
/// writes carry idempotency keys. Otherwise the action opens the app at a screen.
///
/// A program of the one door (docs/extending.md#the-one-door): it reaches the simulation through
/// its `context`, its peers through its `ports`, and keeps everything in `state`.
package final class Automations: SurfaceProgram<AutomationsInput, AutomationsState, AutomationsPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let sharedStorage: SharedStorageService
    package let appLaunch: AppLaunchService
    /// The actions' parameters (`action.*`).
    package let p: Parameters.Action
    /// The main app's parameters: whether its code asks for the widget's reload after a change
    /// (`app.requestsWidgetReload`), as the action's code, the app's own, does.
    package let app: Parameters.App
    /// The changes' journeys it records (made, handed on, let go).
    package let changes: ChangeJourneys

    /// The measurement layer's record of the automations' signals, which it only emits into
    /// (`ActionMetrics.swift`).
    package let signals: ActionSignals

    package init(_ setup: ProgramSetup) {
        sharedStorage = setup.platform.sharedStorage
        appLaunch = setup.platform.appLaunch
        signals = setup.measure.signals(ActionSignals.self)
        p = setup.parameters.action
        app = setup.parameters.app
        changes = setup.changes
        super.init(setup, state: AutomationsState())
    }
    /// It runs all day: nothing it keeps is a run's memory.
    package override func discardMemory() {}

    /// Nothing to start: the runs are the user's (`UserInput.runsAction`, `.tapsWidgetButton`).
    package func start() {}

    package override func receive(_ input: AutomationsInput) {
        switch input {
        case .run(let attended):
            let session = sharedStorage.readSession()
            // An action on someone else's account, signed in after the first signed out, is not
            // followed (docs/model.md#a-second-account).
            if session?.account != .second && (attended || session != nil) { begin(ActionRun()) }
        case .buttonTap:
            begin(ActionRun(fromWidgetButton: true))
        case .timeout(let index):
            let i = Int(index)
            if !state.runs[i].done && state.runs[i].attempts <= p.retries {
                attempt(i)
            } else if !state.runs[i].done {
                release(i)          // every attempt timed out: the automation gives up
            }
        case .done(let index):
            let i = Int(index)
            state.runs[i].done = true
            release(i)
            // The action's code rebuilt the projection; it asks the widget host for a reload as the
            // app would (a widget button always does), if the app has a widget. Reloads from an
            // app intent are budget-exempt.
            if let widgetHost = ports.widgetHost, state.runs[i].fromWidgetButton || app.requestsWidgetReload {
                context.send(.reloadRequest(free: true, reason: state.runs[i].fromWidgetButton ? .button : .appRequest),
                             to: widgetHost)
            }
        }
    }

    /// Action run `run` starts now: the measurement layer hears of it, and its first attempt goes.
    private func begin(_ run: ActionRun) {
        state.runs.append(run)
        signals.emit(.started(run: Int32(state.runs.count - 1)))
        attempt(state.runs.count - 1)
    }

    /// The automation no longer holds action `i`'s change (done, given up, or handed to the app).
    private func release(_ i: Int) {
        guard state.runs[i].holdsChange, let change = state.runs[i].change else { return }
        state.runs[i].holdsChange = false
        changes.letGo(change)
    }

    private func attempt(_ i: Int) {
        state.runs[i].attempts += 1
        let session = sharedStorage.readSession()
        guard p.background, session != nil else {
            // A deep link with a spoken name, or no session for a background process:
            // "continue in the app".
            signals.emit(.openedApp(run: Int32(i)))
            state.runs[i].done = true
            release(i)              // a change made by an earlier attempt is not the app's to send
            appLaunch.openAppInForeground(.link, bySurface: context.me.process)
            // The user finishes the action on the screen it opened.
            context.send(.userEdits, to: ports.app, after: 5 * Time.second)
            return
        }
        let change: ChangeID
        if let made = state.runs[i].change {
            change = made
        } else {
            change = changes.make(state.runs[i].fromWidgetButton ? .widgetButton : .action)
            state.runs[i].change = change
            state.runs[i].holdsChange = true     // the maker's hold: the automation's, until it is done
            signals.emit(.change(run: Int32(i), change))
        }
        appLaunch.launchIntentsExtension()
        context.send(.run(action: Int32(i), change: change), to: ports.actionRunner)
        context.after(p.timeout, .timeout(action: Int32(i)))
    }
}

/// Everything the automations keep (`SurfaceProgram.state`): every action run so far, by
/// number (the measurement layer hears of each).
package struct AutomationsState {
    package var runs: [ActionRun] = []
}

/// The automations' peers: the action runner (the app's intents extension) that runs each
/// attempt, the main app an action continues in, and the widget host a finished action asks
/// to reload the widget.
package struct AutomationsPorts: ProgramPorts {
    package let actionRunner: Address<ActionRunnerInput>
    package let app: Address<MainAppInput>
    /// The system's widget host, if the app has a widget (`WidgetHost.isPresent`).
    package let widgetHost: Address<WidgetHostInput>?
    package init(_ peers: Peers) {
        actionRunner = peers.peer()
        app = peers.peer()
        widgetHost = peers.peerIfPresent()
    }
}

/// How the assembly wires the automations program (`AssembledProgram`).
extension Automations: AssembledProgram {
    package typealias Input = AutomationsInput
    package static var programName: String { "automations" }
    /// At time 0: the automations run all day when the app has actions or its widget has buttons.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart {
        p.action.enabled || (p.widget.enabled && p.widget.buttonTapsPerDay > 0) ? .launched : .notStarted
    }
}
