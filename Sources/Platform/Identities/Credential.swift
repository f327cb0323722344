import Synchronization

/// A credential a request to the backend carries (§25.3, §25.13; docs/model.md#credentials):
/// the phone's session, a narrower credential the backend issued to one surface, a sign-in
/// code, another device's own session, or none. It is the backend's number for it, so a
/// request stays plain data; the event log prints its name (`credential: watch`).
@frozen public struct Credential: Hashable, Sendable {
    /// The backend's number for the credential (0: none, never valid).
    public let number: Int32

    @inlinable public init(_ number: Int32) { self.number = number }

    /// No credential: what a signed-out app holds. The backend refuses it.
    @inlinable public static var none: Credential { Credential(0) }
    /// The phone's session, of the account the replication follows (shared with the surfaces
    /// when the design puts it in shared secure storage).
    @inlinable public static var phoneSession: Credential { Credential(1) }
    /// The phone's session for the second account, issued when someone else signs in after the
    /// first signs out (docs/model.md#a-second-account).
    @inlinable public static var secondAccountSession: Credential { Credential(6) }
    /// Another device's independent session (the account used elsewhere).
    @inlinable public static var otherDevice: Credential { Credential(9) }
    /// The session of a surface added from outside, signed in on its own device: the phone's
    /// sign-out does not revoke it (docs/extending.md#what-differs).
    @inlinable public static var addedSurface: Credential { Credential(10) }

    /// The platform's own credentials with their names. A surface's own credentials (the
    /// watch's, the television's, the car's, a sign-in code) are declared in the surface's folder
    /// and named by its descriptor (`Credential.register`).
    public static let platformNamed: [(credential: Credential, name: String)] = [
        (.none, "none"), (.phoneSession, "phoneSession"), (.secondAccountSession, "secondAccountSession"),
        (.otherDevice, "otherDevice"), (.addedSurface, "addedSurface"),
    ]

    private static let registered = Mutex<[(credential: Credential, name: String)]>([])

    /// Names `credential` `name` in the event log: what a surface's descriptor does for the
    /// credentials it declares. Naming the same credential the same again does nothing; another
    /// name for a named number, or a name given to another number, stops the program.
    public static func register(_ credential: Credential, named name: String) {
        registered.withLock { r in
            let all = platformNamed + r
            if all.contains(where: { $0.credential == credential && $0.name == name }) { return }
            precondition(!all.contains { $0.credential == credential || $0.name == name },
                         "Credential.register: \(name) (\(credential.number)) clashes with a named credential")
            r.append((credential, name))
        }
    }

    /// Every named credential with its name, in the order of their numbers: the platform's and
    /// those registered (`register`), the one table the event log's names come from.
    public static var named: [(credential: Credential, name: String)] {
        (platformNamed + registered.withLock { $0 }).sorted { $0.credential.number < $1.credential.number }
    }
}

extension Credential: CustomStringConvertible {
    /// Its name, as the event log prints it (`watch`); a number no name is given prints as
    /// `credential 7`.
    public var description: String {
        Credential.named.first { $0.credential == self }?.name ?? "credential \(number)"
    }
}
