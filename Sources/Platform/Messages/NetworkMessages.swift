import SimKernel

// What travels over the network between the programs and the backend (docs/model.md#backend-and-push).

/// What a request to the backend asks for (§25.13).
public enum RequestKind: UInt8, Sendable, CaseIterable {
    /// The app's full sync.
    case sync
    /// The compact, screen-shaped endpoint a widget or watch calls.
    case compactFetch
    /// A write of one change (an item, an edit, an action).
    case write
    /// Revocation of the session and every credential derived from it (sign-out step 6).
    case revoke
    /// Sign-in by code (§25.13; docs/model.md#television): the television asks for a code
    /// (`item` −1) and then polls with it; the phone's app approves it (`item` the code).
    case deviceCode

    /// How many kinds there are (`allCases.count`), as a constant a client module folds: read
    /// through `allCases` from another module it was a lazily made global, looked up at each use.
    @inlinable public static var count: Int { 5 }
}

/// A request on its way to the backend: who sent it (the run that will get the reply),
/// with which credential, and for writes which change and whether it carries an idempotency key.
public struct Request: Sendable {
    public var kind: RequestKind
    /// The sending process (its network address: the reply goes back to it).
    public var from: ProcessID
    public var incarnation: UInt32
    public var credential: Credential
    /// The change a write carries (nil: not a write).
    public var change: ChangeID?
    public var idempotencyKey: Bool
    /// The shared item a background upload carries (−1: none); echoed in the reply.
    public var item: Int32
    /// Half the round trip: the reply takes the other half.
    public var returnDelay: SimTime

    @inlinable
    public init(kind: RequestKind, from: ProcessID, incarnation: UInt32, credential: Credential, change: ChangeID?,
                idempotencyKey: Bool, item: Int32, returnDelay: SimTime) {
        (self.kind, self.from, self.incarnation, self.credential) = (kind, from, incarnation, credential)
        (self.change, self.idempotencyKey, self.item, self.returnDelay) = (change, idempotencyKey, item, returnDelay)
    }
}

extension Request: CustomStringConvertible {
    /// As the event log prints it: the kind, the sender, and the fields that apply.
    public var description: String {
        var s = "Request(kind: \(kind), from: \(from), credential: \(credential)"
        if let change { s += ", change: \(change), idempotencyKey: \(idempotencyKey)" }
        if item >= 0 { s += ", item: \(item)" }
        return s + ", returnDelay: \(Time.seconds(returnDelay)) s)"
    }
}

/// The backend's answer.
/// How a request ended: done, refused for its credential (`unauthorized`: revoked or never
/// valid; `forbidden`: valid, but not for this kind of request, docs/model.md#credentials), or
/// a local network failure.
public enum ReplyStatus: UInt8, Sendable { case ok, unauthorized, failed, forbidden }

/// A reply from the backend, or a local network failure. Data travels as an index into
/// the system's snapshot table, so a message is plain data (no reference counting per event).
public struct Reply: Sendable {
    public var kind: RequestKind
    public var status: ReplyStatus
    /// The data's entry in the system's snapshot table (`noData`: none).
    public var data: SnapshotID
    /// The change the request wrote (nil: it was not a write).
    public var change: ChangeID?
    /// The shared item of the request (−1: none).
    public var item: Int32
    /// When the backend read the data the reply carries (replies between two changes of the
    /// data share one entry of the snapshot table, each read at its own time).
    public var readAt: SimTime

    @inlinable
    public init(kind: RequestKind, status: ReplyStatus, data: SnapshotID, change: ChangeID?, item: Int32, readAt: SimTime) {
        (self.kind, self.status, self.data, self.change, self.item, self.readAt) = (kind, status, data, change, item, readAt)
    }
}

extension Reply: CustomStringConvertible {
    /// As the event log prints it: the kind, the status, and the fields that apply.
    public var description: String {
        var s = "Reply(kind: \(kind), status: \(status)"
        if data.holdsData { s += ", data: \(data), readAt: \(Time.seconds(readAt)) s" }
        if let change { s += ", change: \(change)" }
        if item >= 0 { s += ", item: \(item)" }
        return s + ")"
    }
}

/// What a program that sends requests accepts: a reply, as its `reply` case (`case reply(Reply)`).
public protocol ReplyInput {
    /// The input a reply to one of its requests is.
    static func reply(_ reply: Reply) -> Self
}

/// A reply delivered as the requester's own `.reply(_:)` input (`Route(to:wrapping:)`).
public enum RepliesAs<Input: ReplyInput>: InputWrapping {
    @inlinable public static func wrap(_ reply: Reply) -> Input { Input.reply(reply) }
}
