import SimKernel
import Platform
import SurfaceCore

/// What the action runner accepts: the action to run, and the reply to its write.
package enum ActionRunnerInput {
    /// Run action `action`, whose mutation is change `change` (the app's intent code, in its own process).
    case run(action: Int32, change: ChangeID)
    case reply(Reply)
}
/// The app's code run in the background for one action (an app intent): it reads the
/// session from shared secure storage and sends the mutation with its idempotency key.
///
/// A program of the one door (docs/extending.md#the-one-door): it reaches the simulation through
/// its `context`, its peers through its `ports`, and keeps everything in `state`.
package final class ActionRunner: SurfaceProgram<ActionRunnerInput, ActionRunnerState, ActionRunnerPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let sharedStorage: SharedStorageService
    /// The changes' journeys, for the register of lost changes its change sets absorb.
    package let changes: ChangeJourneys

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        sharedStorage = setup.platform.sharedStorage
        changes = setup.changes
        super.init(setup, state: ActionRunnerState())
    }
    /// All it keeps is a run's memory.
    package override func discardMemory() { state = ActionRunnerState() }

    package override func receive(_ input: ActionRunnerInput) {
        switch input {
        case .run(let index, let change):
            guard let session = sharedStorage.readSession() else { context.end(); return }
            state.running = Int(index)
            network.request(.write, from: context.me, to: ports.backend, credential: session.id, change: change, key: true)
        case .reply(let r):
            if let i = state.running, r.status == .ok {
                // The app's code rebuilds the widget projection from the mutation it made.
                if var pr = sharedStorage.readProjection(), pr.schemaVersion == sharedStorage.schemaVersion, let change = r.change {
                    pr.data.changes.insert(change, lost: changes.lost)
                    sharedStorage.writeProjection(pr)
                }
                context.send(.done(action: Int32(i)), to: ports.automations)
            }
            context.end()
        }
    }
}

/// What a run of the action runner holds in memory (`SurfaceProgram.state`; `discardMemory`
/// resets it): the action it runs.
package struct ActionRunnerState {
    /// The number of the action this run runs, once it sent its write.
    package var running: Int?
}

/// The action runner's peers: the backend it writes to and the automations it returns each
/// action's result to.
package struct ActionRunnerPorts: ProgramPorts {
    package let backend: Address<BackendInput>
    package let automations: Address<AutomationsInput>
    package init(_ peers: Peers) {
        backend = peers.peer()
        automations = peers.peer()
    }
}

/// How the assembly wires the actionRunner program (`AssembledProgram`).
extension ActionRunner: AssembledProgram {
    package typealias Input = ActionRunnerInput
    package static var programName: String { "actionRunner" }
    package static var endsWithThePhone: Bool { true }
    /// The system launches it, the app's intents extension, for each action.
    package static func hears(_ system: inout SystemWiring, at address: Address<ActionRunnerInput>, _ p: Parameters) {
        system.intentsExtension = address.process
    }
    /// The action runner runs every action, a widget button's included.
    package static var requestsCountUnder: CostSurface? { .action }
    /// At time 0: not started; the system launches it for each action the automations run.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .notStarted }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension ActionRunnerInput: ReplyInput {}
