/// The system's background transfer service (docs/model.md#sign-out): a request the app hands
/// it is held until the backend confirms it. The system sends it when the network returns
/// (from the phone's own process, which hears the network come back and the backend's reply),
/// and the app, which sees its own outstanding transfer, sends it again at each sync. Only the revocation of a
/// sign-out is handed over. The app and the system reach it through the operating system
/// (`os.transfers`), never through each other.
public struct BackgroundTransfers {
    /// The app's sign-out revocation is held and not yet confirmed.
    public private(set) var holdsRevocation = false

    /// The app hands its revocation to the service (and sends it itself as well).
    public mutating func holdRevocation() { holdsRevocation = true }

    /// The backend confirmed a revocation, whoever sent it: the transfer is done.
    public mutating func revocationConfirmed() { holdsRevocation = false }
}
