import SurfaceSimKit

/// The smart speaker's program: its own device, signed in with its own session, reaching
/// the backend over its own network (docs/extending.md#the-example-a-smart-speaker).
/// It never reads a flag another program wrote: what it knows of the account is what the
/// backend replied.
final class SpeakerProgram: SimulatedProcess<SpeakerInput> {
    /// Its operating system, held strongly as built-in programs hold their world; the
    /// engine drops the program at the end of the replication, and with it the context.
    private let context: SurfaceContext
    private let design: SpeakerParameters.Values
    /// Its own address, set when it is registered.
    var address: Address<SpeakerInput>!
    /// When people ask it (the world's source, apart from any design).
    private var questionTimes: RandomStream
    /// The latest reading of the account (design `latestReading`).
    private var reading: DataCopy?
    /// Questions waiting for their fetch's reply (design `askBackend`), asked after the warm-up or not.
    private var waiting: [Bool] = []

    private(set) var staleness: [Double] = []
    private(set) var age: [Double] = []
    private(set) var asked = 0
    private(set) var answered = 0

    init(context: SurfaceContext, design: SpeakerParameters.Values) {
        self.context = context
        self.design = design
        questionTimes = context.randomStream("questions")
    }

    override func discardMemory() { reading = nil }

    /// At time 0, with the program running: the first question, and the first reading.
    func start() {
        scheduleQuestion()
        if design.answerFrom == .latestReading { refresh() }
    }

    /// Reads the account now, and again one refresh interval later (a timer of its own,
    /// whatever the round trip).
    private func refresh() {
        context.fetchStatus(for: address)
        context.engine.send(.refresh, to: address, after: design.refreshInterval)
    }

    private func scheduleQuestion() {
        context.scheduleArrival(rate: design.questions, rng: &questionTimes, .question, to: address)
    }

    override func receive(_ input: SpeakerInput, engine: Engine) {
        switch input {
        case .question:
            let counted = context.measuring
            if counted { asked += 1 }
            switch design.answerFrom {
            case .askBackend:
                waiting.append(counted)
                context.fetchStatus(for: address)
            case .latestReading:
                if let reading { answer(with: reading, counted: counted) }
            }
            scheduleQuestion()
        case .refresh:
            refresh()
        case .reply(let reply):
            let data = reply.status == .ok ? context.data(of: reply) : nil
            switch design.answerFrom {
            case .askBackend:
                guard !waiting.isEmpty else { return }
                let counted = waiting.removeFirst()
                if let data { answer(with: data, counted: counted) }
            case .latestReading:
                // A reply overtaken by a later reading's (a round trip longer than the interval) is dropped.
                if let data, data.readAt >= reading?.readAt ?? 0 { reading = data }
            }
        }
    }

    /// Speaks `data` now; a question asked after the warm-up gives one sample of each measure.
    private func answer(with data: DataCopy, counted: Bool) {
        guard counted else { return }
        answered += 1
        staleness.append(Time.seconds(context.staleness(of: data)))
        age.append(Time.seconds(context.now - data.readAt))
    }
}
