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
    /// A program a port can be connected to: the identity of the input type it accepts, the
    /// program, the process it is registered as, and whether its surface is on in this world
    /// (`AssembledProgram.isPresent`).
    @_spi(Assembly) public struct Entry {
        let input: ObjectIdentifier
        let program: AnyProcess
        let process: ProcessID
        let present: Bool

        package init(input: ObjectIdentifier, program: AnyProcess, process: ProcessID, present: Bool) {
            (self.input, self.program, self.process, self.present) = (input, program, process, present)
        }
    }

    @usableFromInline let engine: Engine
    /// The programs ports can be connected to (no two accept the same input type).
    private let entries: [Entry]

    /// Ports connected to the programs of `entries`: a table made once per world, so a port is
    /// found by comparing identities in a short list, with no hashing and no question to a
    /// program's type.
    package init(engine: Engine, entries: [Entry]) {
        self.engine = engine
        self.entries = entries
    }

    /// The place in `entries` of the program accepting the input type `input`, if one does
    /// (found by its place: an entry copied out of the list retained and released its program).
    @usableFromInline func place(accepting input: ObjectIdentifier) -> Int? {
        for i in entries.indices where entries[i].input == input { return i }
        return nil
    }

    /// Whether the surface of the program at `found` in `entries` is on in this world.
    @usableFromInline func isPresent(at found: Int) -> Bool { entries[found].present }

    /// The address of the program at `found` in `entries`, which accepts `Input`.
    @inlinable func address<Input>(of found: Int) -> Address<Input> {
        engine.address(of: unsafeDowncast(program(at: found), to: SimulatedProcess<Input>.self), registeredAs: process(at: found))
    }
    /// The program at `found` in `entries`.
    @usableFromInline func program(at found: Int) -> AnyProcess { entries[found].program }
    /// The process the program at `found` in `entries` is registered as.
    @usableFromInline func process(at found: Int) -> ProcessID { entries[found].process }

    // The two lookups a program's ports make are `@inlinable`: compiled in the program's own
    // module, where `Input` is known, they compare one constant type identity and make the
    // address without looking the type's metadata up at run time, as the generic code
    // compiled here did for each port of each program of each world. What they reach of the
    // table stays internal (`@usableFromInline`), unnameable by a program.

    /// The address of the world's program that accepts `Input` if its surface is on in this
    /// world, nil if it is off: a port to a surface the app may not have, which the program
    /// checks as it sends (an absent surface leaves the port unconnected).
    @inlinable
    public func peerIfPresent<Input>(accepting _: Input.Type = Input.self) -> Address<Input>? {
        guard let found = place(accepting: ObjectIdentifier(Input.self)), isPresent(at: found) else { return nil }
        return address(of: found)
    }

    /// The address of the world's program that accepts `Input` (exactly one does: the assembly
    /// checks that no two programs accept the same input type). Fails loudly if none does.
    @inlinable
    public func peer<Input>(accepting _: Input.Type = Input.self) -> Address<Input> {
        guard let found = place(accepting: ObjectIdentifier(Input.self)) else {
            preconditionFailure("no program of this world accepts \(Input.self): a port is left unconnected")
        }
        return address(of: found)
    }
}
