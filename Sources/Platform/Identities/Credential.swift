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
    /// The watch's own credential (a standalone watch; docs/model.md#credentials).
    @inlinable public static var watch: Credential { Credential(2) }
    /// The television's session, granted by sign-in by code.
    @inlinable public static var television: Credential { Credential(3) }
    /// The car client's own sign-in.
    @inlinable public static var car: Credential { Credential(4) }
    /// What a television without a session asks for and polls a sign-in code with.
    @inlinable public static var signInCode: Credential { Credential(5) }
    /// The phone's session for the second account, issued when someone else signs in after the
    /// first signs out (docs/model.md#a-second-account).
    @inlinable public static var secondAccountSession: Credential { Credential(6) }
    /// Another device's independent session (the account used elsewhere).
    @inlinable public static var otherDevice: Credential { Credential(9) }
    /// The session of a surface added from outside, signed in on its own device: the phone's
    /// sign-out does not revoke it (docs/extending.md#the-platform-services).
    @inlinable public static var addedSurface: Credential { Credential(10) }

    /// Every named credential with its name, in the order of their numbers: the one table the
    /// event log's names come from.
    public static let named: [(credential: Credential, name: String)] = [
        (.none, "none"), (.phoneSession, "phoneSession"), (.watch, "watch"), (.television, "television"), (.car, "car"),
        (.signInCode, "signInCode"), (.secondAccountSession, "secondAccountSession"), (.otherDevice, "otherDevice"),
        (.addedSurface, "addedSurface"),
    ]
}

extension Credential: CustomStringConvertible {
    /// Its name, as the event log prints it (`watch`); a number no name is given prints as
    /// `credential 7`.
    public var description: String {
        Credential.named.first { $0.credential == self }?.name ?? "credential \(number)"
    }
}
