/// A simulated program: an actor in the actor-model sense (docs/model.md#the-kernel).
///
/// It has private state and reacts to messages delivered by the engine. It holds
/// no reference to any other process: it reaches others only through the engine
/// (`send`) and the platform services a world gives it. Whatever it keeps in
/// memory must be dropped in `discardMemory`, which the engine calls when a run
/// ends; the next launch then starts from storage only.
///
/// A program is a subclass that overrides `receive` and `discardMemory` (and, if it
/// needs them, `launched` and `ended`). It is a class rather than a protocol so that
/// the engine calls it through an unmanaged reference with no reference counting
/// per event (a protocol existential costs a retain and a release around each call).
open class SimulatedProcess<Message> {
    public init() {}

    /// Called when the process is launched (or resumed from suspension).
    open func launched(by launcher: Launcher, resumed: Bool, engine: Engine<Message>) {}

    /// Handles one message from the mailbox. Every program overrides it.
    open func receive(_ message: Message, engine: Engine<Message>) {
        preconditionFailure("\(type(of: self)) does not override receive(_:engine:)")
    }

    /// Forgets everything held in memory: the run has ended. Every program overrides it
    /// (with an empty body when it keeps nothing in memory), so that the choice is explicit.
    open func discardMemory() {
        preconditionFailure("\(type(of: self)) does not override discardMemory()")
    }

    /// Called after a run ended, with the reason (for counters; the memory is already gone).
    open func ended(_ reason: ProcessEnd, engine: Engine<Message>) {}
}
