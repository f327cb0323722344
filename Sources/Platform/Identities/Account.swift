/// The accounts a replication knows (docs/model.md#a-second-account). The truth follows the
/// first account's data change by change; the second is someone else's, signed in on the
/// phone after the first signs out (`signout.nextAccountAfter`), whose own changes are not
/// followed: a view of it has an age but no staleness. The event log prints its name
/// (`account: first`).
@frozen public struct Account: Hashable, Sendable {
    /// The account's number (0: no one).
    public let number: Int32

    @inlinable public init(_ number: Int32) { self.number = number }

    /// No one is signed in (a copy of no account's data).
    @inlinable public static var nobody: Account { Account(0) }
    /// The account the replication follows.
    @inlinable public static var first: Account { Account(1) }
    /// Someone else's account, signed in after the first signs out.
    @inlinable public static var second: Account { Account(2) }
}

extension Account: CustomStringConvertible {
    /// Its name, as the event log prints it: `nobody`, `first` or `second`.
    public var description: String {
        switch self {
        case .nobody: "nobody"
        case .first: "first"
        case .second: "second"
        default: "account \(number)"
        }
    }
}
