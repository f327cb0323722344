import SimKernel

/// What a surface shows when someone looks (docs/metrics.md).
public enum ViewKind: UInt8, Sendable {
    /// Account data.
    case data
    /// The platform's placeholder or a redacted view (no data).
    case placeholder
    /// An empty state: "Nothing yet", or a view that could not be built.
    case nothingYet
    /// "Needs the phone" (a remote-control watch without its phone).
    case needsPhone
    /// A signed-out state.
    case signedOut
    /// The configured target is gone (shown as such, docs/model.md#the-widgets-projection).
    case targetGone
    /// Nothing at all (no process, no stored view).
    case none
    /// The app says its kept readings could not be read and were cleared (docs/model.md#kept-readings).
    case readingsReset
    /// The system's redacted view of a lock-screen widget while the phone is locked
    /// (`widget.redactsWhenLocked`, docs/model.md#lock-screen-redaction): no data.
    case redacted
    /// Fixture data: a representative entry that shows no account's data (the widget
    /// gallery's preview, docs/model.md#the-gallery-preview).
    case fixture

    /// True when the view shows no account data.
    @inlinable @inline(__always) public var isBlank: Bool { self != .data }
}

/// One view: the account it shows, the changes its data includes, when that data
/// was read from the backend, and whether it prints its age.
public struct View: Sendable, Equatable {
    public var kind: ViewKind
    public var account: Account
    public var changes: ChangeSet
    public var readAt: SimTime
    public var showsAge: Bool
    /// The object the view shows, for configured widgets (−1: not applicable).
    public var object: Int32
    /// The slot of the data's own schedule the view draws (a countdown's minute; −1: none).
    public var slot: Int32
    /// The version of the shown object's name the view draws (docs/model.md#configured-targets; −1: not applicable).
    public var name: Int32

    @inlinable public init(kind: ViewKind, account: Account = .nobody, changes: ChangeSet = ChangeSet(), readAt: SimTime = 0, showsAge: Bool = false,
                           object: Int32 = -1, slot: Int32 = -1, name: Int32 = -1) {
        self.kind = kind
        self.account = account
        self.changes = changes
        self.readAt = readAt
        self.showsAge = showsAge
        self.object = object
        self.slot = slot
        self.name = name
    }

    /// A view with no data of the given kind.
    @inlinable public static func blank(_ kind: ViewKind) -> View { View(kind: kind) }
}

/// A replica of the account's data as some program holds it: the changes it has,
/// when it last read from the backend, and which account it belongs to.
public struct DataCopy: Sendable, Equatable {
    public var account: Account
    public var changes: ChangeSet
    public var readAt: SimTime
    /// The ordered object identifiers of the account, as of this copy (for configured widgets),
    /// as a list of the replication's `ListTable`.
    public var objects: ListID
    /// The version of each object's name, in the order of `objects` (renamed elsewhere: one more;
    /// empty: every name is the first), as a list of the replication's `ListTable`.
    public var names: ListID

    @inlinable public init(account: Account, changes: ChangeSet = ChangeSet(), readAt: SimTime = 0, objects: ListID = .empty,
                           names: ListID = .empty) {
        self.account = account
        self.changes = changes
        self.readAt = readAt
        self.objects = objects
        self.names = names
    }

    /// True if `other` is the same data as this copy, read at any time: the same account,
    /// changes, objects and names.
    @inlinable public func sameData(as other: DataCopy) -> Bool {
        account == other.account && changes == other.changes && objects == other.objects && names == other.names
    }
}
