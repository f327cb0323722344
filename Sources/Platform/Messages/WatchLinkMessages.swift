// What travels over the watch link between the two apps (docs/model.md#watch).

/// What the watch app sends the phone app over the watch link (§25.6).
public enum WatchRequest: Sendable, Equatable {
    /// A change made on the watch, relayed for the phone app to send.
    case write(change: ChangeID)
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
