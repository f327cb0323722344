/// The discrete-event engine of one replication: a clock, the pending-event set,
/// the process table and the programs' typed inboxes (docs/model.md#the-kernel).
///
/// One engine runs on one thread. Dispatching an event is a direct method call on
/// the target process: no Swift actor hop, no task, no `await`. Events at equal
/// times run in the order they were scheduled.
///
/// Message ordering guarantee: if process A sends M1 and then M2 to process B with
/// the same delay, B receives M1 before M2.
public final class Engine {
    /// One pending event: the run of a process it is for, and the slot of its input in
    /// that process's inbox (`budgetExpired`: the time budget set at a launch, which
    /// counts only if the budget was not lifted since).
    @usableFromInline
    struct Pending {
        @usableFromInline var target: Int32
        @usableFromInline var incarnation: UInt32
        @usableFromInline var slot: Int32
        @inlinable @inline(__always)
        init(target: Int32, incarnation: UInt32, slot: Int32) {
            self.target = target
            self.incarnation = incarnation
            self.slot = slot
        }
        @inlinable static var budgetExpired: Int32 { -1 }
    }

    // The engine's state is internal and `@usableFromInline`, so that the event loop and
    // the scheduling calls below are `@inlinable`: a module that sends a program its input
    // compiles the send specialised for that input type (no generic dispatch per event).
    //
    // In release builds its stored properties are `@exclusivity(unchecked)` (debug builds,
    // and so the tests, keep the checks): code inlined into another module cannot prove
    // statically that no access to them overlaps, and a dynamic check on every read and
    // write of the clock and the incarnations costs more than the event itself. Only the
    // engine's own methods touch them, each access a plain read or write that ends before
    // any process is called, so no two accesses can overlap.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var clock: SimTime = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var dispatched: Int = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var discarded: Int = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var violationLog: [String] = []

    /// The current simulated time.
    @inlinable public var now: SimTime { clock }
    /// Events dispatched so far (discarded ones not counted).
    @inlinable public var eventsDispatched: Int { dispatched }
    /// Events discarded because their target's incarnation had ended.
    @inlinable public var eventsDiscarded: Int { discarded }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The event log, when one is attached.
    public var trace: TraceLog?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// When true, every dispatch checks that time never goes backwards and records violations
    /// (a message never reaches a run that is not current: dispatch compares incarnations).
    public var checksInvariants = false
    /// Invariant violations seen (time order only when `checksInvariants`; a loop at one
    /// instant always).
    public var violations: [String] { violationLog }

    /// A process reference that dispatch uses without reference counting
    /// (`_withUnsafeGuaranteedRef`); the process is kept alive by `owners`.
    @usableFromInline
    struct Slot {
        @usableFromInline let process: Unmanaged<AnyProcess>
        @usableFromInline init(process: Unmanaged<AnyProcess>) { self.process = process }
    }

    @usableFromInline let queue = EventQueue<Pending>()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var processes: ProcessColumn<Slot>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Strong references: the engine owns its processes for its whole life. (Unchecked in
    /// release builds as the other columns are: `register` appends to it once per program of
    /// every world, and each append paid a run-time access check, some 115 instructions.)
    var owners: [AnyProcess] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The process table. The two fields read at every event (incarnation and state) live
    /// in compact parallel arrays; `record(_:)` assembles the full record.
    @usableFromInline var table: ProcessColumn<ProcessRecord>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var incarnations: ProcessColumn<UInt32>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var states: ProcessColumn<ProcessState>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var stopTime: SimTime = Time.never
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// True inside `run(until:)`.
    @usableFromInline var running = false

    /// An engine with room for `expectedPrograms` programs before its tables grow (a world of
    /// the built-in surfaces registers 19).
    public init(expectedPrograms: Int = 24) {
        processes = ProcessColumn(capacity: expectedPrograms)
        table = ProcessColumn(capacity: expectedPrograms)
        incarnations = ProcessColumn(capacity: expectedPrograms)
        states = ProcessColumn(capacity: expectedPrograms)
        owners.reserveCapacity(expectedPrograms)
    }

    deinit {
        processes.free()
        table.free()
        incarnations.free()
        states.free()
    }

    // MARK: Process table

    /// Adds a program to the world and returns its address. It starts not running.
    @discardableResult
    public func register<Input>(_ process: SimulatedProcess<Input>, name: String, limits: ProcessLimits = .none) -> Address<Input> {
        owners.append(process)
        processes.append(Slot(process: Unmanaged.passUnretained(process)))
        table.append(ProcessRecord(name: name, limits: limits))
        incarnations.append(0)
        states.append(.notRunning)
        return Address(process: ProcessID(Int32(processes.count - 1)), program: process)
    }

    /// The address of `program`, registered as `process` (the address `register` returned for
    /// it, made again from what its caller kept). (`@inlinable`: the ports of each program
    /// are connected through it once per world, and a call compiled here, for any input type,
    /// was generic code that looked the type up at run time.)
    @inlinable
    public func address<Input>(of program: SimulatedProcess<Input>, registeredAs process: ProcessID) -> Address<Input> {
        precondition(Int(process.index) < processes.count
                     && processes[Int(process.index)].process.toOpaque() == Unmanaged.passUnretained(program as AnyProcess).toOpaque(),
                     "process \(process.index) is not this program")
        return Address(process: process, program: program)
    }

    /// Drops every process (and every pending event): the end of a world whose programs
    /// hold strong references back to it. Call it only between runs, never from a process
    /// (the engine calls processes without holding them). The clock and the event counts
    /// stay as they were.
    public func unregisterAll() {
        precondition(!running, "unregisterAll() called while the engine runs")
        queue.removeAll()
        for program in owners { program.emptyInbox() }
        processes.removeAll()
        owners.removeAll()
        table.removeAll()
        incarnations.removeAll()
        states.removeAll()
    }

    /// Number of registered processes.
    @inlinable public var processCount: Int { table.count }

    /// The kernel's record of a process.
    public func record(_ id: ProcessID) -> ProcessRecord {
        var r = table[Int(id.index)]
        r.incarnation = incarnations[Int(id.index)]
        r.state = states[Int(id.index)]
        return r
    }

    /// True when the process is running.
    @inlinable @inline(__always)
    public func isRunning(_ id: ProcessID) -> Bool { states[Int(id.index)] == .running }

    /// The process's state.
    @inlinable @inline(__always)
    public func state(_ id: ProcessID) -> ProcessState { states[Int(id.index)] }

    // MARK: Scheduling

    /// Sends `input` to the program at `address`, delivered after `delay` if its current
    /// run is still alive then (an input to a process that is not running is lost).
    @inlinable @inline(__always)
    public func send<Input>(_ input: Input, to address: Address<Input>, after delay: SimTime = 0) {
        send(input, to: address, incarnation: incarnations[Int(address.process.index)], after: delay)
    }

    /// The incarnation of the target's current run: a reply sent later with
    /// `send(_:to:incarnation:after:)` reaches that run only.
    @inlinable @inline(__always)
    public func incarnation(_ id: ProcessID) -> UInt32 { incarnations[Int(id.index)] }

    /// Sends `input` to the run of the program at `address` identified by `incarnation`
    /// (a reply to a request that run made): it is lost if that run has ended by then.
    @inlinable @inline(__always)
    public func send<Input>(_ input: Input, to address: Address<Input>, incarnation: UInt32, after delay: SimTime) {
        let slot = address.inbox._withUnsafeGuaranteedRef { $0.store(input) }
        if let trace { trace.noteSend(to: address.process.index, slot: slot, at: now) }
        queue.push(Pending(target: address.process.index, incarnation: incarnation, slot: slot),
                   at: now + max(0, delay))
    }

    /// Sends `input` to the program at `address` at absolute time `time` (not before now).
    @inlinable @inline(__always)
    public func send<Input>(_ input: Input, to address: Address<Input>, at time: SimTime) {
        send(input, to: address, after: time - now)
    }

    /// Sends a payload along a route (to the process's current run).
    @inlinable @inline(__always)
    public func send<Payload>(_ payload: Payload, via route: Route<Payload>, after delay: SimTime = 0) {
        route.forward(self, payload, nil, delay)
    }

    /// Sends a payload along a route to one run of its process (a reply to a request).
    @inlinable @inline(__always)
    public func send<Payload>(_ payload: Payload, via route: Route<Payload>, incarnation: UInt32, after delay: SimTime) {
        route.forward(self, payload, incarnation, delay)
    }

    /// Launches the program a launch route leads to for `payload` (its run's first input), or
    /// delivers the payload to its running run now.
    @inlinable @inline(__always)
    public func launchOrDeliver<Payload>(_ payload: Payload, via route: LaunchRoute<Payload>, by launcher: Launcher) {
        _ = route.launch(self, payload, launcher, nil, true)
    }

    /// Launches the program a launch route leads to, under `limits`, for `payload` (its run's
    /// first input); false, and nothing delivered, if it was running.
    @inlinable @inline(__always) @discardableResult
    public func launch<Payload>(via route: LaunchRoute<Payload>, for payload: Payload, by launcher: Launcher,
                                limits: ProcessLimits?) -> Bool {
        route.launch(self, payload, launcher, limits, false)
    }

    /// Launches the program at `address` for `input` (its run's first input), or delivers the
    /// input to its running run now (the car connection launching the car's program for a drive).
    @inlinable @inline(__always)
    public func launchOrDeliver<Input>(_ input: Input, to address: Address<Input>, by launcher: Launcher) {
        if !launch(address, by: launcher, first: input) { send(input, to: address) }
    }

    // MARK: Lifecycle

    /// Launches a process that is not running, or resumes a suspended one.
    /// Returns false if it was already running (the launch is a no-op).
    ///
    /// `first` is the input the process is launched for (an extension started for one
    /// job): it is handled as the run's first input, right after `launched`, with no
    /// event of its own. The run's time budget starts at the launch; a run that ended
    /// before returning leaves no budget event behind. If the process is already running
    /// nothing is launched and `first` is not delivered (the result is false); if `launched`
    /// ends the run, `first` is not delivered either.
    @discardableResult
    @inlinable
    public func launch<Input>(_ address: Address<Input>, by launcher: Launcher, limits: ProcessLimits? = nil, first: Input? = nil) -> Bool {
        let i = Int(address.process.index)
        guard let incarnation = beginRun(i, by: launcher, limits: limits) else { return false }
        if let first, incarnations[i] == incarnation, states[i] == .running {
            dispatched += 1
            // Called through the engine's unmanaged reference to the program, as every event is
            // (a call through an unowned reference retains and releases the program around it).
            if let trace {
                // The launcher's run (if any) sent it; the launched program handles it, then
                // the launcher goes on.
                let launcher = trace.actor
                traceDelivery(trace, first, to: i, sender: launcher, sentAt: now)
                processes[i].process._withUnsafeGuaranteedRef {
                    unsafeDowncast($0, to: SimulatedProcess<Input>.self).receive(first, engine: self)
                }
                trace.actor = launcher
            } else {
                processes[i].process._withUnsafeGuaranteedRef {
                    unsafeDowncast($0, to: SimulatedProcess<Input>.self).receive(first, engine: self)
                }
            }
        }
        setTimeBudget(i, incarnation: incarnation)
        return true
    }

    /// Launches a process that is not running, or resumes a suspended one, with no input
    /// of its own. Returns false if it was already running.
    @discardableResult
    @inlinable
    public func launch(_ id: ProcessID, by launcher: Launcher, limits: ProcessLimits? = nil) -> Bool {
        let i = Int(id.index)
        guard let incarnation = beginRun(i, by: launcher, limits: limits) else { return false }
        setTimeBudget(i, incarnation: incarnation)
        return true
    }

    /// Starts (or resumes) a run and calls `launched`; nil if the process was running.
    @inlinable
    func beginRun(_ i: Int, by launcher: Launcher, limits: ProcessLimits?) -> UInt32? {
        let previous = states[i]
        if previous == .running { return nil }
        states[i] = .running
        incarnations[i] &+= 1
        table[i].beginRun(at: now, by: launcher, limits: limits, fresh: previous == .notRunning)
        let incarnation = incarnations[i]
        if let trace {
            trace.record(now, table[i].name, previous == .suspended ? "resumed" : "launched", launcher.rawValue)
            let running = trace.actor          // what `launched` sends, the launched program sends
            trace.actor = Int32(i)
            callLaunched(i, by: launcher, resumed: previous == .suspended)
            trace.actor = running
        } else {
            callLaunched(i, by: launcher, resumed: previous == .suspended)
        }
        return incarnation
    }

    /// Calls `launched` on process `i`: without the engine if it receives alone.
    @inlinable @inline(__always)
    func callLaunched(_ i: Int, by launcher: Launcher, resumed: Bool) {
        processes[i].process._withUnsafeGuaranteedRef {
            if $0.receivesAlone { $0.launched(by: launcher, resumed: resumed) } else { $0.launched(by: launcher, resumed: resumed, engine: self) }
        }
    }

    /// Calls `ended` on process `i`: without the engine if it receives alone.
    @inlinable @inline(__always)
    func callEnded(_ i: Int, _ reason: ProcessEnd) {
        processes[i].process._withUnsafeGuaranteedRef {
            if $0.receivesAlone { $0.ended(reason) } else { $0.ended(reason, engine: self) }
        }
    }

    /// Schedules the end of the run's time budget, if it has one still (a run whose
    /// first input lifted its budget with `liftTimeBudget` gets no budget event).
    @inlinable
    func setTimeBudget(_ i: Int, incarnation: UInt32) {
        if let budget = table[i].limits.timeBudget, incarnations[i] == incarnation {
            queue.push(Pending(target: Int32(i), incarnation: incarnation, slot: Pending.budgetExpired), at: now + budget)
        }
    }

    /// Ends the current run of a process. Suspension keeps its memory; every
    /// other reason discards it. Pending timers and replies die either way.
    @inlinable
    public func end(_ id: ProcessID, _ reason: ProcessEnd) {
        let i = Int(id.index)
        let state = states[i]
        if state == .notRunning { return }
        if state == .suspended && reason == .suspended { return }
        incarnations[i] &+= 1
        table[i].countEnd(reason)
        if let trace { trace.record(now, table[i].name, "ended", reason.rawValue) }
        if reason == .suspended {
            states[i] = .suspended
        } else {
            states[i] = .notRunning
            table[i].setMemoryInUse(0)
            processes[i].process._withUnsafeGuaranteedRef { $0.discardMemory() }
        }
        if let trace {
            let running = trace.actor          // what `ended` sends, the ended program sends
            trace.actor = Int32(i)
            callEnded(i, reason)
            trace.actor = running
        } else {
            callEnded(i, reason)
        }
    }

    /// Lifts the time budget of a running process's current run (an app brought from a
    /// background task to the foreground): the run, its memory and its pending replies go on.
    @inlinable
    public func liftTimeBudget(_ id: ProcessID) {
        let i = Int(id.index)
        guard states[i] == .running else { return }
        table[i].liftTimeBudget()        // the run's budget event finds none and does nothing
    }

    /// Accounts `bytes` more memory to a running process. Past its limit the
    /// process is killed for memory and this returns false.
    @discardableResult
    @inlinable
    public func allocate(_ id: ProcessID, bytes: Int64) -> Bool {
        let i = Int(id.index)
        guard states[i] == .running else { return false }
        let total = table[i].memoryInUse + bytes
        if let limit = table[i].limits.memoryLimit, total > limit {
            if let trace { trace.record(now, table[i].name, "memoryLimit", "\(total) > \(limit) bytes") }
            end(id, .killedForMemory)
            return false
        }
        table[i].setMemoryInUse(total)
        return true
    }

    /// Returns `bytes` of a running process's memory.
    @inlinable
    public func release(_ id: ProcessID, bytes: Int64) {
        let i = Int(id.index)
        table[i].setMemoryInUse(max(0, table[i].memoryInUse - bytes))
    }

    /// Adds a line to the event log, if one is attached. `details` is built only then.
    @inlinable @inline(__always)
    public func log(_ id: ProcessID, _ event: String, _ details: @autoclosure () -> String = "") {
        if let trace { trace.record(now, table[Int(id.index)].name, event, details()) }
    }

    // MARK: The same, by address

    /// True when the program at `address` is running.
    @inlinable @inline(__always)
    public func isRunning<Input>(_ address: Address<Input>) -> Bool { isRunning(address.process) }
    /// The state of the program at `address`.
    @inlinable @inline(__always)
    public func state<Input>(_ address: Address<Input>) -> ProcessState { state(address.process) }
    /// The incarnation of the current run of the program at `address`.
    @inlinable @inline(__always)
    public func incarnation<Input>(_ address: Address<Input>) -> UInt32 { incarnation(address.process) }
    /// Ends the current run of the program at `address`.
    @inlinable
    public func end<Input>(_ address: Address<Input>, _ reason: ProcessEnd) { end(address.process, reason) }
    /// Lifts the time budget of the current run of the program at `address`.
    @inlinable
    public func liftTimeBudget<Input>(_ address: Address<Input>) { liftTimeBudget(address.process) }
    /// Accounts memory to the program at `address` (see `allocate(_:bytes:)`).
    @discardableResult
    @inlinable
    public func allocate<Input>(_ address: Address<Input>, bytes: Int64) -> Bool { allocate(address.process, bytes: bytes) }
    /// Returns memory of the program at `address`.
    @inlinable
    public func release<Input>(_ address: Address<Input>, bytes: Int64) { release(address.process, bytes: bytes) }
    /// The kernel's record of the program at `address`.
    public func record<Input>(_ address: Address<Input>) -> ProcessRecord { record(address.process) }
    /// Adds a line to the event log for the program at `address`, if a log is attached.
    @inlinable @inline(__always)
    public func log<Input>(_ address: Address<Input>, _ event: String, _ details: @autoclosure () -> String = "") {
        if let trace { trace.record(now, table[Int(address.process.index)].name, event, details()) }
    }

    // MARK: Running

    /// Events one instant may hold before the run is stopped as a model that loops
    /// (a backstop for model bugs: an accepted parameter never comes near it).
    @inlinable public static var eventsPerInstantLimit: Int { 1_000_000 }

    /// Runs events in order until none is left or the next is after `end`;
    /// the clock then stands at `end`. A model that schedules more than
    /// `eventsPerInstantLimit` events at one instant is stopped there, with a violation.
    @inlinable
    public func run(until end: SimTime) {
        stopTime = end
        running = true
        defer { running = false }
        var instant = SimTime.min, atInstant = 0
        while let t = queue.nextTime(), t <= end {
            if t == instant {
                atInstant &+= 1
                if atInstant > Self.eventsPerInstantLimit {
                    violationLog.append("a model looped: more than \(Self.eventsPerInstantLimit) events at one instant (t = \(Double(t) / 1e6) s)")
                    return
                }
            } else {
                instant = t
                atInstant = 0
            }
            let entry = queue.popReservingRoot()!
            step(entry)
        }
        if clock < end { clock = end }
    }

    @inlinable @inline(__always)
    func step(_ entry: EventQueue<Pending>.Entry) {
        if checksInvariants && entry.time < now {
            violationLog.append("time went backwards: \(entry.time) < \(now)")
        }
        clock = entry.time
        let i = Int(entry.payload.target)
        let slot = entry.payload.slot
        guard incarnations[i] == entry.payload.incarnation, states[i] == .running else {
            discarded += 1
            if slot != Pending.budgetExpired {
                processes[i].process._withUnsafeGuaranteedRef { $0.dispatch($0, slot, false, self) }
            }
            return
        }
        dispatched += 1
        if slot != Pending.budgetExpired {
            current = i
            processes[i].process._withUnsafeGuaranteedRef { $0.dispatch($0, slot, true, self) }
        } else {
            guard table[i].limits.timeBudget != nil else { return }     // lifted during this run
            if let trace { trace.record(now, table[i].name, "timeBudget", "expired") }
            end(ProcessID(Int32(i)), .killedForTime)
        }
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The process whose input is being delivered (for the trace line).
    @usableFromInline var current = 0

    /// Records the delivery of the input that waited in `slot` of the current process's inbox
    /// (`program ← input(field: value, …)`), with who sent it; the receiver's run is now the one
    /// that sends.
    @usableFromInline
    func traceDelivery<Input>(_ trace: TraceLog, _ input: Input, slot: Int32) {
        let sent = trace.takeSend(to: Int32(current), slot: slot)
        traceDelivery(trace, input, to: current, sender: sent.sender, sentAt: sent.time)
    }

    /// Records the delivery of an input to process `index`, sent by process `sender` (-1: by no
    /// program's run; a program's own timer is recorded without a sender) at `sentAt`.
    @usableFromInline
    func traceDelivery<Input>(_ trace: TraceLog, _ input: Input, to index: Int, sender: Int32, sentAt: SimTime) {
        let from = sender >= 0 && Int(sender) != index && Int(sender) < table.count ? table[Int(sender)].name : nil
        trace.recordDelivery(now, table[index].name, TraceText.describe(input), sender: from, sentAt: from == nil ? 0 : sentAt)
        trace.actor = Int32(index)
    }

    /// The event log, if one is attached: for other modules, which reading `trace` itself would
    /// check for exclusive access at run time (inlined, this is one load and a branch).
    @inlinable public var attachedTrace: TraceLog? { trace }

    /// Adds a line to the event log for the program whose code runs now (`system` when none
    /// does: the world's set-up), if a log is attached. `details` is built only then.
    @inlinable @inline(__always)
    public func logByRunning(_ event: String, _ details: @autoclosure () -> String = "") {
        if let trace {
            let a = Int(trace.actor)
            trace.record(now, a >= 0 && a < table.count ? table[a].name : "system", event, details())
        }
    }

    /// Number of events pending.
    @inlinable public var pendingEvents: Int { queue.count }
}
