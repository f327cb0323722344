import SurfaceSimKit

/// The smart speaker's program: its own device, signed in with its own session, reaching
/// the backend over its own network (docs/extending.md#the-example-a-smart-speaker).
/// A program of the one door, as every built-in program is: it reaches the simulation through
/// its `context`, the backend through its port, the platform through the capabilities it
/// declares (`network`, `arrivals`), and keeps
/// everything in `state`. It never reads a flag another program wrote: what it knows of the
/// account is what the backend replied; what a person would count it emits as its signals.
final class SpeakerProgram: SurfaceProgram<SpeakerInput, SpeakerState, SpeakerPorts>, AssembledProgram {
    typealias Input = SpeakerInput
    /// The speaker's parameters (`speaker.*`).
    private let design: SpeakerParameters.Values
    /// Its record of signals in the measurement layer (`SpeakerMetrics.swift`).
    private let signals: SpeakerSignals
    /// The operating-system capabilities it declares: all it reaches of the platform.
    private let network: NetworkService
    private let arrivals: WorldArrivals

    init(_ setup: ProgramSetup) {
        design = SpeakerParameters.Values(setup.parameters)
        signals = setup.measure.signals(SpeakerSignals.self)
        network = setup.platform.network
        arrivals = setup.platform.arrivals
        super.init(setup, state: SpeakerState(seed: setup.seed))
    }

    /// A run's memory is the latest reading.
    override func discardMemory() { state.reading = nil }

    /// At time 0, with the program running: the first question, and the first reading.
    func start() {
        scheduleQuestion()
        if design.answerFrom == .latestReading { refresh() }
    }

    /// Reads the account now, and again one refresh interval later (a timer of its own,
    /// whatever the round trip).
    private func refresh() {
        fetchStatus()
        context.after(design.refreshInterval, .refresh)
    }

    /// Asks the backend for the account's status (its compact, screen-shaped endpoint) with the
    /// speaker's own session, over its own network (always online); the reply arrives as `.reply`.
    private func fetchStatus() {
        network.request(.compactFetch, from: context.me, to: ports.backend, credential: .addedSurface, online: true)
    }

    /// The next question, at the next arrival of `speaker.questions.perHour`.
    private func scheduleQuestion() {
        arrivals.schedule(rate: design.questions, rng: &state.questionTimes, .question, to: context.me)
    }

    override func receive(_ input: SpeakerInput) {
        switch input {
        case .question:
            signals.emit(.asked)
            switch design.answerFrom {
            case .askBackend:
                state.waiting.append(context.now)
                fetchStatus()
            case .latestReading:
                if let reading = state.reading { signals.emit(.answered(reading, askedAt: context.now)) }
            }
            scheduleQuestion()
        case .refresh:
            refresh()
        case .reply(let reply):
            let data = reply.status == .ok ? network.data(of: reply) : nil
            switch design.answerFrom {
            case .askBackend:
                guard !state.waiting.isEmpty else { return }
                let askedAt = state.waiting.removeFirst()
                if let data { signals.emit(.answered(data, askedAt: askedAt)) }
            case .latestReading:
                // A reply overtaken by a later reading's (a round trip longer than the interval) is dropped.
                if let data, data.readAt >= state.reading?.readAt ?? 0 { state.reading = data }
            }
        }
    }
}

/// How the assembly wires the speaker (`AssembledProgram`), as it wires a built-in program.
extension SpeakerProgram {
    static var programName: String { "speaker" }
    /// Its requests count with every added surface's (`backend.requests.added`).
    static var requestsCountUnder: CostSurface? { .added }
    /// At time 0: the system runs the speaker all day when the household has one (`speaker.enabled`).
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart {
        SpeakerParameters.Values(p).enabled ? .launched : .notStarted
    }
    /// A port to the speaker is connected only where it is on.
    static func isPresent(_ p: Parameters) -> Bool { SpeakerParameters.Values(p).enabled }
}

/// Everything the speaker keeps (its `SurfaceProgram` state).
struct SpeakerState {
    /// When people ask it (the world's source, apart from any design): `speaker.questions`.
    var questionTimes: RandomStream
    /// The latest reading of the account (design `latestReading`): its run's memory.
    var reading: DataCopy?
    /// When each question waiting for its fetch's reply was asked (design `askBackend`).
    var waiting: [SimTime] = []

    init(seed: UInt64) {
        questionTimes = RandomStream(replicationSeed: seed, name: "speaker.questions")
    }
}

/// The speaker's peers: the backend it asks.
struct SpeakerPorts: ProgramPorts {
    let backend: Address<BackendInput>
    init(_ peers: Peers) { backend = peers.peer() }
}
