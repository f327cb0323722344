/// A simulated program: an actor in the actor-model sense (SPEC §2.1).
///
/// It has private state and reacts to messages delivered by the engine. It holds
/// no reference to any other process: it reaches others only through the engine
/// (`send`) and the platform services a world gives it. Whatever it keeps in
/// memory must be dropped in `discardMemory`, which the engine calls when a run
/// ends; the next launch then starts from storage only.
public protocol SimulatedProcess<Message>: AnyObject {
    associatedtype Message
    /// Called when the process is launched (or resumed from suspension).
    func launched(by launcher: Launcher, resumed: Bool, engine: Engine<Message>)
    /// Handles one message from the mailbox.
    func receive(_ message: Message, engine: Engine<Message>)
    /// Forgets everything held in memory: the run has ended.
    func discardMemory()
    /// Called after a run ended, with the reason (for counters; the memory is already gone).
    func ended(_ reason: ProcessEnd, engine: Engine<Message>)
}

public extension SimulatedProcess {
    func launched(by launcher: Launcher, resumed: Bool, engine: Engine<Message>) {}
    func ended(_ reason: ProcessEnd, engine: Engine<Message>) {}
}
