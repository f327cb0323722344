import SimKernel
import Platform

/// What a program of a surface is handed of the simulation it runs in (docs/extending.md#the-one-door):
/// its own address, the clock, timers on itself and the end of its own run. It names no other
/// program and no table of them: the peers it sends to are its ports (`ProgramPorts`), connected
/// by the assembly; the platform it asks is the OS capabilities it declared.
///
/// Plain data: the engine is held unmanaged (the world holds it strongly), so a call through
/// the context costs no reference counting, as a call through the world's engine did; its calls
/// are `@inlinable`, so each surface's module specialises them for its own input type.
public struct ProgramContext<Input> {
    /// Its own address: what it names itself by to the platform (`network.request(…, from: context.me, …)`).
    public let me: Address<Input>
    @usableFromInline let engine: Unmanaged<Engine>

    @inlinable init(me: Address<Input>, engine: Engine) {
        self.me = me
        self.engine = Unmanaged.passUnretained(engine)
    }

    /// The simulated time.
    @inlinable @inline(__always) public var now: SimTime { engine._withUnsafeGuaranteedRef { $0.now } }

    /// A timer of its own: `input` reaches it after `delay` (dropped if its run ends first).
    @inlinable @inline(__always) public func after(_ delay: SimTime, _ input: Input) {
        engine._withUnsafeGuaranteedRef { $0.send(input, to: me, after: delay) }
    }

    /// A timer of its own that fires at `time` (not before now).
    @inlinable @inline(__always) public func at(_ time: SimTime, _ input: Input) {
        engine._withUnsafeGuaranteedRef { $0.send(input, to: me, at: time) }
    }

    /// Sends `input` to the peer at `port` after `delay`.
    @inlinable @inline(__always) public func send<Peer>(_ input: Peer, to port: Address<Peer>, after delay: SimTime = 0) {
        engine._withUnsafeGuaranteedRef { $0.send(input, to: port, after: delay) }
    }

    /// Adds a line about it to the event log, if one is attached (`details` is built only then).
    @inlinable @inline(__always) public func log(_ event: String, _ details: @autoclosure () -> String = "") {
        engine._withUnsafeGuaranteedRef { $0.log(me, event, details()) }
    }

    /// Accounts `bytes` of memory to its run; false when that passes its memory limit, which
    /// ends the run (docs/model.md#the-kernel).
    @discardableResult @inlinable @inline(__always) public func allocate(bytes: Int64) -> Bool {
        engine._withUnsafeGuaranteedRef { $0.allocate(me, bytes: bytes) }
    }

    /// Returns `bytes` of its run's memory.
    @inlinable @inline(__always) public func release(bytes: Int64) {
        engine._withUnsafeGuaranteedRef { $0.release(me, bytes: bytes) }
    }

    /// Ends its own run (`.normal`: it has nothing left to do).
    @inlinable @inline(__always) public func end(_ reason: ProcessEnd = .normal) {
        engine._withUnsafeGuaranteedRef { $0.end(me, reason) }
    }
}
