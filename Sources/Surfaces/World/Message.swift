import SimKernel
import Platform

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
}

/// A request on its way to the backend: who sent it (the run that will get the reply),
/// with which credential, and for writes which change and whether it carries an idempotency key.
public struct Request: Sendable {
    public var kind: RequestKind
    /// The sending process (its network address: the reply goes back to it).
    public var from: ProcessID
    public var incarnation: UInt32
    public var credential: Int32
    public var change: Int32
    public var idempotencyKey: Bool
    /// The shared item a background upload carries (−1: none); echoed in the reply.
    public var item: Int32
    /// Half the round trip: the reply takes the other half.
    public var returnDelay: SimTime
}

extension Request: CustomStringConvertible {
    /// As the event log prints it: the kind, the sender, and the fields that apply.
    public var description: String {
        var s = "Request(kind: \(kind), from: \(from), credential: \(credential)"
        if change >= 0 { s += ", change: \(change), idempotencyKey: \(idempotencyKey)" }
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
    /// Index of the data in the system's snapshot table (−1: none).
    public var data: Int32
    public var change: Int32
    /// The shared item of the request (−1: none).
    public var item: Int32
    /// When the backend read the data the reply carries (replies between two changes of the
    /// data share one entry of the snapshot table, each read at its own time).
    public var readAt: SimTime
}

extension Reply: CustomStringConvertible {
    /// As the event log prints it: the kind, the status, and the fields that apply.
    public var description: String {
        var s = "Reply(kind: \(kind), status: \(status)"
        if data >= 0 { s += ", data: \(data), readAt: \(Time.seconds(readAt)) s" }
        if change >= 0 { s += ", change: \(change)" }
        if item >= 0 { s += ", item: \(item)" }
        return s + ")"
    }
}

/// One update of a live status: which activity, and the stage it reached (§25.5).
public struct LiveUpdate: Sendable, Equatable {
    public var activity: Int32
    public var stage: Int32
}

/// What the watch app sends the phone app over the watch link (§25.6).
public enum WatchRequest: Sendable, Equatable {
    /// A change made on the watch, relayed for the phone app to send.
    case write(change: Int32)
    /// A remote control asks for the data (the phone app's next sync answers it).
    case remoteRequest
    /// A companion asks the phone app to sync (its context then follows).
    case refreshRequest
}

/// A notice the phone app leaves for the watch app on the watch link.
public enum WatchNotice: Sendable, Equatable {
    /// The account signed out on the phone (sign-out step 5).
    case signedOut
}

/// Why a widget timeline is being rebuilt (§25.4's four triggers, plus boot and update).
public enum ReloadReason: UInt8, Sendable, CaseIterable { case appRequest, hint, pushWake, button, boot, appUpdate, firstUnlock, signOut }

/// Platform events a process may be told of.
public enum DeviceNotice: UInt8, Sendable {
    case online, offline, firstUnlock, restarted, appUpdated
    /// A power-saving period ended; a Doze idle window ended (maintenance, or the phone woke).
    case powerRestored, dozeWindow
}
