import SimKernel

/// The peers a program sends to, as typed ports (docs/extending.md#ports): a struct of
/// addresses, each typed by what its peer accepts, which the assembly connects when the world
/// is built. A program names a peer by the input it accepts (`Address<BackendInput>`), never by
/// the peer's program type or a table of every address.
public protocol ProgramPorts {
    /// Its ports connected to the world's programs that accept their inputs.
    init(_ peers: Peers)
}

/// A program with no peers of its own (it sends only to itself and through its operating system).
public struct NoPorts: ProgramPorts {
    public init(_ peers: Peers) {}
}

/// What the assembly connects ports with: the world's program accepting each input type.
public struct Peers {
    private let engine: Engine
    /// Each program's input type's identity, in registration order (no two are the same).
    private let inputs: [ObjectIdentifier]
    /// The world's programs, in registration order (the process index is the position here).
    private let programs: [AnyProcess]
    /// Whether each program's surface is on in this world (`AssembledProgram.isPresent`), in
    /// registration order.
    private let present: [Bool]

    /// Ports connected to `programs`: the program at position `i` accepts the input type whose
    /// identity is `inputs[i]`, is registered as process `i`, and its surface is on in this
    /// world when `present[i]`. Made once per world, so a port is found by comparing identities
    /// in a short list, with no hashing and no question to the program's type.
    init(engine: Engine, inputs: [ObjectIdentifier], programs: [AnyProcess], present: [Bool]) {
        precondition(inputs.count == programs.count && present.count == programs.count, "one input type and one presence per program")
        self.engine = engine
        self.inputs = inputs
        self.programs = programs
        self.present = present
    }

    /// The position of the program accepting `Input`, if one does.
    private func place<Input>(of _: Input.Type) -> Int? {
        inputs.firstIndex(of: ObjectIdentifier(Input.self))
    }

    /// The address of the program at `i`, which accepts `Input`.
    private func address<Input>(at i: Int) -> Address<Input> {
        engine.address(of: unsafeDowncast(programs[i], to: SimulatedProcess<Input>.self), registeredAs: ProcessID(Int32(i)))
    }

    /// The address of the world's program that accepts `Input` if its surface is on in this
    /// world, nil if it is off: a port to a surface the app may not have, which the program
    /// checks as it sends (an absent surface leaves the port unconnected).
    public func peerIfPresent<Input>(accepting _: Input.Type = Input.self) -> Address<Input>? {
        guard let i = place(of: Input.self), present[i] else { return nil }
        return address(at: i)
    }

    /// The address of the world's program that accepts `Input` (exactly one does: the assembly
    /// checks that no two programs accept the same input type). Fails loudly if none does.
    public func peer<Input>(accepting _: Input.Type = Input.self) -> Address<Input> {
        guard let i = place(of: Input.self) else {
            preconditionFailure("no program of this world accepts \(Input.self): a port is left unconnected")
        }
        return address(at: i)
    }
}
