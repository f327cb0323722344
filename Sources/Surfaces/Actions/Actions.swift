import SimKernel
import Platform

/// One action run by the assistant or an automation (§25.8), as the automations keep it.
struct ActionRun {
    var change: Int32 = -1
    /// Run by a button in the widget (the widget's fourth reload trigger, §25.4).
    var fromWidgetButton = false
    var attempts = 0
    var done = false
    /// The automation still holds the action's change (it may retry it).
    var holdsChange = false
}


/// What the automations program accepts (§25.9): the user's requests and widget button
/// taps, its own timer for each attempt's timeout, and the runner's result.
enum AutomationsInput {
    /// An automation or a spoken request runs an action (`UserInput.runsAction`). `attended`:
    /// the user is there to continue in the app; an automation left behind by a user who signed
    /// out runs only where a background process finds a session.
    case run(attended: Bool)
    /// The user taps a widget button (`UserInput.tapsWidgetButton`).
    case buttonTap
    /// Action `action`'s attempt timed out (its own timer).
    case timeout(action: Int32)
    /// The runner returned its result for action `action`.
    case done(action: Int32)
}
/// Assistant and shortcut actions (§25.8; docs/model.md#actions): an automation runs an action at
/// `action.perDay`. With `action.background` and a session available to a background
/// process, the system runs the app's code for seconds (the action runner) and it sends
/// a mutation; an automation that hears nothing within `action.timeout` retries, up to
/// `action.retries` times, with the same action — the backend applies it once only if
/// writes carry idempotency keys. Otherwise the action opens the app at a screen.
final class Automations: SimulatedProcess<AutomationsInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The operating system it runs on, held strongly as the world is (no reference counting per call).
    let os: OperatingSystem
    /// The measurement layer it reports to and never reads, held strongly as the system is.
    let measure: Measurement
    /// The changes' journeys it records (made, handed on, let go), held likewise.
    let changes: ChangeJourneys

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Every action run so far, by number (the measurement layer hears of each).
    private var runs: [ActionRun] = []

    init(world: World) { self.world = world; os = world.os; measure = world.measure; changes = world.changes }
    override func discardMemory() {}

    /// Nothing to start: the runs are the user's (`UserInput.runsAction`, `.tapsWidgetButton`).
    func start() {}

    override func receive(_ input: AutomationsInput, engine: Engine) {
        let w = world
        switch input {
        case .run(let attended):
            let session = os.readSharedSession()
            // An action on someone else's account, signed in after the first signed out, is not
            // followed (docs/model.md#a-second-account).
            if session?.account != .second && (attended || session != nil) { begin(ActionRun()) }
        case .buttonTap:
            begin(ActionRun(fromWidgetButton: true))
        case .timeout(let index):
            let i = Int(index)
            if !runs[i].done && runs[i].attempts <= w.p.action.retries {
                attempt(i)
            } else if !runs[i].done {
                release(i)          // every attempt timed out: the automation gives up
            }
        case .done(let index):
            runs[Int(index)].done = true
            release(Int(index))
            // The action's code rebuilt the projection; it asks for a reload as the app would (a
            // widget button always does). Reloads from an app intent are budget-exempt.
            if w.p.widget.enabled && (runs[Int(index)].fromWidgetButton || w.p.app.requestsWidgetReload) {
                w.send(.reloadRequest(free: true, reason: runs[Int(index)].fromWidgetButton ? .button : .appRequest),
                              to: w.ids.widgetHost)
            }
        }
    }

    /// Action run `run` starts now: the measurement layer hears of it, and its first attempt goes.
    private func begin(_ run: ActionRun) {
        runs.append(run)
        measure.report(.action(Int32(runs.count - 1), .started))
        attempt(runs.count - 1)
    }

    /// The automation no longer holds action `i`'s change (done, given up, or handed to the app).
    private func release(_ i: Int) {
        guard runs[i].holdsChange else { return }
        runs[i].holdsChange = false
        changes.letGo(runs[i].change)
    }

    private func attempt(_ i: Int) {
        let w = world
        runs[i].attempts += 1
        let session = os.readSharedSession()
        guard w.p.action.background, session != nil else {
            // A deep link with a spoken name, or no session for a background process:
            // "continue in the app".
            measure.report(.action(Int32(i), .openedApp))
            runs[i].done = true
            release(i)              // a change made by an earlier attempt is not the app's to send
            os.openAppInForeground(.link, bySurface: w.ids.automations.process)
            // The user finishes the action on the screen it opened.
            w.send(.userEdits, to: w.ids.app, after: 5 * Time.second)
            return
        }
        if runs[i].change < 0 {
            runs[i].change = changes.make(runs[i].fromWidgetButton ? .widgetButton : .action)
            runs[i].holdsChange = true     // the maker's hold: the automation's, until it is done
            measure.report(.action(Int32(i), .change(runs[i].change)))
        }
        os.launchIntentsExtension()
        w.send(.run(action: Int32(i), change: runs[i].change), to: w.ids.actionRunner)
        w.send(.timeout(action: Int32(i)), to: w.ids.automations, after: w.p.action.timeout)
    }
}


/// What the action runner accepts: the action to run, and the reply to its write.
enum ActionRunnerInput {
    /// Run action `action`, whose mutation is change `change` (the app's intent code, in its own process).
    case run(action: Int32, change: Int32)
    case reply(Reply)
}
/// The app's code run in the background for one action (an app intent): it reads the
/// session from shared secure storage and sends the mutation with its idempotency key.
final class ActionRunner: SimulatedProcess<ActionRunnerInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The operating system it runs on, held strongly as the world is (no reference counting per call).
    let os: OperatingSystem
    /// The changes' journeys, for the register of lost changes its change sets absorb.
    let changes: ChangeJourneys
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var running: Int?

    init(world: World) { self.world = world; os = world.os; changes = world.changes }
    override func discardMemory() { running = nil }

    override func receive(_ input: ActionRunnerInput, engine: Engine) {
        let w = world
        switch input {
        case .run(let index, let change):
            guard let session = os.readSharedSession() else { engine.end(w.ids.actionRunner, .normal); return }
            running = Int(index)
            os.request(.write, from: w.ids.actionRunner, to: w.ids.backend, credential: session.id, change: change, key: true)
        case .reply(let r):
            if let i = running, r.status == .ok {
                // The app's code rebuilds the widget projection from the mutation it made.
                if var pr = os.readSharedProjection(), pr.schemaVersion == os.schemaVersion {
                    pr.data.changes.insert(r.change, lost: changes.lost)
                    os.writeSharedProjection(pr)
                }
                engine.send(.done(action: Int32(i)), to: w.ids.automations)
            }
            engine.end(w.ids.actionRunner, .normal)
        }
    }
}

/// How the assembly wires the automations program (`AssembledProgram`).
extension Automations: AssembledProgram {
    typealias Input = AutomationsInput
    static var programName: String { "automations" }
    /// At time 0: the automations run all day when the app has actions or its widget has buttons.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart {
        p.action.enabled || (p.widget.enabled && p.widget.buttonTapsPerDay > 0) ? .launched : .notStarted
    }
}

/// How the assembly wires the actionRunner program (`AssembledProgram`).
extension ActionRunner: AssembledProgram {
    typealias Input = ActionRunnerInput
    static var programName: String { "actionRunner" }
    static var endsWithThePhone: Bool { true }
    /// The system launches it, the app's intents extension, for each action.
    static func hears(_ system: inout SystemWiring, at address: Address<ActionRunnerInput>, _ p: Parameters) {
        system.intentsExtension = address.process
    }
    /// The action runner runs every action, a widget button's included.
    static var requestsCountUnder: CostSurface? { .action }
    /// At time 0: not started; the system launches it for each action the automations run.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .notStarted }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension ActionRunnerInput: ReplyInput {}
