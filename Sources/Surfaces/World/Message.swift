import SimKernel
import Platform

/// What a request to the backend asks for (§25.13).
public enum RequestKind: UInt8, Sendable {
    /// The app's full sync.
    case sync
    /// The compact, screen-shaped endpoint a widget or watch calls.
    case compactFetch
    /// A write of one change (an item, an edit, an action).
    case write
    /// Revocation of the session and every credential derived from it (sign-out step 6).
    case revoke
}

/// A request on its way to the backend: who sent it (the run that will get the reply),
/// with which credential, and for writes which change and whether it carries an idempotency key.
public struct Request: Sendable {
    public var kind: RequestKind
    public var from: ProcessID
    public var incarnation: UInt32
    public var credential: Int32
    public var change: Int32
    public var idempotencyKey: Bool
    public var tag: Int32
    /// Half the round trip: the reply takes the other half.
    public var returnDelay: SimTime
}

/// The backend's answer.
public enum ReplyStatus: UInt8, Sendable { case ok, unauthorized, failed }

/// A reply from the backend, or a local network failure. Data travels as an index into
/// the world's snapshot table, so a message is plain data (no reference counting per event).
public struct Reply: Sendable {
    public var kind: RequestKind
    public var status: ReplyStatus
    /// Index of the data in the world's snapshot table (−1: none).
    public var data: Int32
    public var change: Int32
    public var tag: Int32
}

/// Every message one program of a world can send another. Programs reach each other
/// only through these (docs/model.md#the-kernel).
public enum Message: Sendable {
    // The backend and the network.
    case request(Request)
    case reply(Reply)
    // Timers a process sets for itself; the tag is the process's own.
    case timer(Int32)
    case timerWithValue(Int32, Int64)
    // The user.
    case userOpensApp
    case userEndsSession(forceQuit: Bool)
    case userEdits
    // Push.
    case silentPush
    case pushArrives(PushKind, Int64)
    // The widget host and provider.
    case reloadRequest(free: Bool, reason: ReloadReason)
    case buildTimeline(ReloadReason)
    case timeline(view: Int32, nextReload: SimTime, protectedData: Bool)
    case runProvider(ReloadReason)
    // The app's background wakes.
    case backgroundWake(Launcher)
    case watchRequest(Int32)
    case shareHandedOver(Int32)
    case outboxItemAdded
    // Platform notices.
    case deviceNotice(DeviceNotice)
    // Other surfaces.
    case surface(SurfaceEvent)
}

/// Kinds of push the push service carries (§25.4); live-status and watch pushes travel
/// on their own paths (LiveStatus, WatchApp).
public enum PushKind: UInt8, Sendable {
    /// A background push that may wake the main app.
    case silentToApp
    /// A live status's update on its own push token (value: activity index << 16 | stage).
    case liveUpdate
}

/// Why a widget timeline is being rebuilt (§25.4's four triggers, plus boot and update).
public enum ReloadReason: UInt8, Sendable, CaseIterable { case appRequest, hint, pushWake, button, boot, appUpdate, firstUnlock, signOut }

/// Platform events a process may be told of.
public enum DeviceNotice: UInt8, Sendable { case online, offline, firstUnlock, restarted, appUpdated }

/// Events of the surfaces beyond the widget path, each handled by its own process.
public enum SurfaceEvent: Sendable {
    case tag(Int32)
    case tagValue(Int32, Int64)
}
