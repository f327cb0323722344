import SimKernel

/// The peers a program sends to, as typed ports (docs/extending.md#ports): a struct of
/// addresses, each typed by what its peer accepts, which the assembly connects when the world
/// is built. A program names a peer by the input it accepts (`Address<BackendInput>`), never by
/// the peer's program type or a table of every address.
public protocol ProgramPorts {
    /// Its ports connected to the world's programs that accept their inputs.
    init(_ peers: Peers)
}

/// A program with no peers of its own (it sends only to itself and through its platform capabilities).
public struct NoPorts: ProgramPorts {
    public init(_ peers: Peers) {}
}

/// What the assembly connects ports with: the world's program accepting each input type.
public struct Peers {
    private let resolve: (ObjectIdentifier) -> (program: AnyProcess, process: ProcessID, present: Bool)?
    private let engine: Engine

    /// Ports connected by `resolve`: the program accepting an input type, its process, and
    /// whether its surface is on in this world (`AssembledProgram.isPresent`).
    init(engine: Engine, resolve: @escaping (ObjectIdentifier) -> (program: AnyProcess, process: ProcessID, present: Bool)?) {
        self.engine = engine
        self.resolve = resolve
    }

    /// The address of the world's program that accepts `Input` if its surface is on in this
    /// world, nil if it is off: a port to a surface the app may not have, which the program
    /// checks as it sends (an absent surface leaves the port unconnected).
    public func peerIfPresent<Input>(accepting _: Input.Type = Input.self) -> Address<Input>? {
        guard let found = resolve(ObjectIdentifier(Input.self)), found.present else { return nil }
        return engine.address(of: unsafeDowncast(found.program, to: SimulatedProcess<Input>.self), registeredAs: found.process)
    }

    /// The address of the world's program that accepts `Input` (exactly one does: the assembly
    /// checks that no two programs accept the same input type). Fails loudly if none does.
    public func peer<Input>(accepting _: Input.Type = Input.self) -> Address<Input> {
        guard let found = resolve(ObjectIdentifier(Input.self)) else {
            preconditionFailure("no program of this world accepts \(Input.self): a port is left unconnected")
        }
        return engine.address(of: unsafeDowncast(found.program, to: SimulatedProcess<Input>.self), registeredAs: found.process)
    }
}
