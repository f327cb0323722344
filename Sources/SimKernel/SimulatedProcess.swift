/// What the engine knows of every program, whatever input it accepts: its lifecycle
/// (docs/model.md#the-kernel). A program is a `SimulatedProcess<Input>`; this base is
/// what the process table holds.
open class AnyProcess {
    /// Delivers (`deliver` true) or drops the input waiting in a slot of this program's
    /// inbox. Fixed per program when it is created, specialised for its input type: the
    /// engine's one call per event.
    @usableFromInline let dispatch: (AnyProcess, Int32, Bool, Engine) -> Void
    /// Whether the engine calls it without handing it the engine (`SimulatedProcess.init(receivesAlone:)`):
    /// its `launched(by:resumed:)` and `ended(_:)` then, rather than the forms with the engine.
    @usableFromInline let receivesAlone: Bool

    @usableFromInline init(dispatch: @escaping (AnyProcess, Int32, Bool, Engine) -> Void, receivesAlone: Bool) {
        self.dispatch = dispatch
        self.receivesAlone = receivesAlone
    }

    /// Called when the process is launched (or resumed from suspension).
    open func launched(by launcher: Launcher, resumed: Bool, engine: Engine) {}
    /// Called when a process that receives alone is launched (or resumed), without the engine:
    /// the engine calls it directly, rather than through a `launched(by:resumed:engine:)` that
    /// forwards to it (one virtual call per launch, not two).
    open func launched(by launcher: Launcher, resumed: Bool) {}

    /// Forgets everything held in memory: the run has ended. Every program overrides it
    /// (with an empty body when it keeps nothing in memory), so that the choice is explicit.
    open func discardMemory() {
        preconditionFailure("\(type(of: self)) does not override discardMemory()")
    }

    /// Called after a run ended, with the reason (for counters; the memory is already gone).
    open func ended(_ reason: ProcessEnd, engine: Engine) {}
    /// Called after a run of a process that receives alone ended, without the engine (called
    /// directly, as `launched(by:resumed:)` is).
    open func ended(_ reason: ProcessEnd) {}

    /// Drops every input waiting in the inbox (the world is being taken apart).
    func emptyInbox() {}
}

/// A simulated program: an actor in the actor-model sense (docs/model.md#the-kernel).
///
/// `Input` is everything the program accepts, timers included: usually an enum with a
/// case per kind of message and named payloads. Others reach it only through an
/// `Address<Input>`, so sending it anything else does not compile. It has private state
/// and reacts to inputs delivered by the engine; it holds no reference to any other
/// program. Whatever it keeps in memory must be dropped in `discardMemory`, which the
/// engine calls when a run ends; the next launch then starts from storage only.
///
/// A program is a subclass that overrides `receive` and `discardMemory` (and, if it
/// needs them, `launched` and `ended`). It is a class so that the engine calls it
/// through an unmanaged reference, with no reference counting per event.
open class SimulatedProcess<Input>: AnyProcess {
    /// Inputs sent and not yet delivered.
    @usableFromInline let inbox = Inbox<Input>()

    /// A process the engine hands each input to together with itself (`receive(_:engine:)`),
    /// or, `receivesAlone`, alone (`receive(_:)`): a process that reaches the simulation by its
    /// own means (a program of the app holds its context) is called by the engine directly,
    /// rather than through a `receive(_:engine:)` that forwards to it. Such a process's
    /// `receive(_:engine:)` is called only with the first input of a launch
    /// (`Engine.launch(_:by:limits:first:)`), and hands it to `receive(_:)`.
    @inlinable
    public init(receivesAlone: Bool = false) {
        // Created where `Input` is known, so these closures are specialised for it.
        if receivesAlone {
            super.init(dispatch: { process, slot, deliver, engine in
                unsafeDowncast(process, to: SimulatedProcess<Input>.self).takeInput(slot, deliver: deliver, engine: engine, alone: true)
            }, receivesAlone: true)
        } else {
            super.init(dispatch: { process, slot, deliver, engine in
                unsafeDowncast(process, to: SimulatedProcess<Input>.self).takeInput(slot, deliver: deliver, engine: engine, alone: false)
            }, receivesAlone: false)
        }
    }

    /// Handles one input. Every program that does not receive alone overrides it.
    open func receive(_ input: Input, engine: Engine) {
        preconditionFailure("\(type(of: self)) does not override receive(_:engine:)")
    }

    /// Handles one input, without the engine. Every program that receives alone overrides it.
    open func receive(_ input: Input) {
        preconditionFailure("\(type(of: self)) does not override receive(_:)")
    }

    /// Takes the input waiting in `slot` out of the inbox and, if `deliver`, hands it to
    /// `receive(_:)` (`alone`) or `receive(_:engine:)` (traced when a trace is attached).
    @inlinable @inline(__always)
    final func takeInput(_ slot: Int32, deliver: Bool, engine: Engine, alone: Bool) {
        let input = inbox.take(slot)
        guard deliver else { return }
        if let trace = engine.trace { engine.traceDelivery(trace, input, slot: slot) }
        if alone { receive(input) } else { receive(input, engine: engine) }
    }

    override func emptyInbox() { inbox.removeAll() }
}

/// Where to send a program its input: its process identity, typed by what it accepts.
/// `Engine.register` hands it out; only inputs of type `Input` can be sent to it.
public struct Address<Input>: Equatable {
    /// The process in the engine's table.
    public let process: ProcessID
    /// The program's inbox, held unmanaged (the program owns it, and the engine the program),
    /// so that storing an input costs no reference counting. The address holds no reference
    /// to the program itself: the engine reaches it by `process`.
    @usableFromInline let inbox: Unmanaged<Inbox<Input>>

    @inlinable init(process: ProcessID, program: SimulatedProcess<Input>) {
        self.process = process
        self.inbox = Unmanaged.passUnretained(program.inbox)
    }

    public static func == (a: Address, b: Address) -> Bool { a.process == b.process }
}

/// A way to send one kind of payload to a program whose input wraps it (a reply from
/// the network, a notice from the device): fixed once when the world is assembled, so
/// the sender needs neither the receiver's type nor a number that says what it means.
public struct Route<Payload> {
    /// The receiving process.
    public let process: ProcessID
    @usableFromInline let forward: (Engine, Payload, UInt32?, SimTime) -> Void

    /// A route to `address` that delivers a payload `p` as `wrap(p)`, for example
    /// `Route(to: app, as: AppInput.reply)`.
    @inlinable
    public init<Input>(to address: Address<Input>, as wrap: @escaping (Payload) -> Input) {
        process = address.process
        forward = { engine, payload, incarnation, delay in
            if let incarnation {
                engine.send(wrap(payload), to: address, incarnation: incarnation, after: delay)
            } else {
                engine.send(wrap(payload), to: address, after: delay)
            }
        }
    }
}

/// How a payload becomes a program's input, named by a type rather than held as a closure: a
/// route made from it (`Route(to:wrapping:)`) calls `wrap` directly, with no closure of the
/// sender's to call through (`Reply` as the requester's `.reply(_:)`).
public protocol InputWrapping {
    associatedtype Payload
    associatedtype Input
    static func wrap(_ payload: Payload) -> Input
}

extension Route {
    /// A route to `address` that delivers a payload `p` as `W.wrap(p)`.
    @inlinable
    public init<W: InputWrapping>(to address: Address<W.Input>, wrapping _: W.Type) where W.Payload == Payload {
        process = address.process
        forward = { engine, payload, incarnation, delay in
            if let incarnation {
                engine.send(W.wrap(payload), to: address, incarnation: incarnation, after: delay)
            } else {
                engine.send(W.wrap(payload), to: address, after: delay)
            }
        }
    }
}

/// A way to launch a program for one kind of payload whose input wraps it (the watch's system
/// launching the watch app for a push, the widget host its provider for a build): the program
/// is launched under the given limits and handles the input as its run's first
/// (`Engine.launch(_:by:limits:first:)`); if it runs already, nothing is launched and, when
/// asked, it gets the input as an event now. Fixed once when the world is assembled, like a `Route`.
public struct LaunchRoute<Payload> {
    /// The receiving process.
    public let process: ProcessID
    @usableFromInline let launch: (Engine, Payload, Launcher, ProcessLimits?, Bool) -> Bool

    /// A launch route to `address` that delivers a payload `p` as `W.wrap(p)`.
    @inlinable
    public init<W: InputWrapping>(to address: Address<W.Input>, wrapping _: W.Type) where W.Payload == Payload {
        process = address.process
        launch = { engine, payload, launcher, limits, deliverIfRunning in
            let input = W.wrap(payload)
            if engine.launch(address, by: launcher, limits: limits, first: input) { return true }
            if deliverIfRunning { engine.send(input, to: address) }
            return false
        }
    }

    /// A launch route to `address` that delivers a payload `p` as `wrap(p)`.
    @inlinable
    public init<Input>(to address: Address<Input>, as wrap: @escaping (Payload) -> Input) {
        process = address.process
        launch = { engine, payload, launcher, limits, deliverIfRunning in
            let input = wrap(payload)
            if engine.launch(address, by: launcher, limits: limits, first: input) { return true }
            if deliverIfRunning { engine.send(input, to: address) }
            return false
        }
    }
}
