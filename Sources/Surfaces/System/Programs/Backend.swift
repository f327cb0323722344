import SimKernel
import Platform
import SurfaceCore

/// The app's backend (§25.13; docs/model.md#backend-and-push): stores the account's changes, applies writes
/// (idempotently when they carry keys), serves the full sync and the compact widget
/// endpoint, issues and revokes credentials, sends a silent push on each change made
/// away from the phone app, and counts requests per minute and by surface and endpoint (`BackendCost`).
package final class Backend: SurfaceProgram<BackendInput, BackendState, BackendPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let lists: ListNamesService
    /// The backend's parameters (`backend.*`).
    package let p: Parameters.Backend
    /// The push service's parameters (`push.*`): the delay of the revocation its connection to
    /// the television carries.
    package let push: Parameters.Push
    /// The changes' journeys it records (applied, let go).
    package let changes: ChangeJourneys
    /// The app has a standalone watch app (`watch.enabled`, `watch.level = standalone`), which
    /// gets its own push when a change it did not make is applied.
    package let standaloneWatch: Bool

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        lists = setup.platform.lists
        p = setup.parameters.backend
        push = setup.parameters.push
        changes = setup.changes
        standaloneWatch = setup.parameters.watch.enabled && setup.parameters.watch.level == .standalone
        super.init(setup, state: BackendState(objects: Self.objectsAtStart, in: setup.platform.lists, seed: setup.seed))
    }

    /// Enters the objects and their names' versions, as they now are, in the system's table.
    private func listsChanged() {
        state.objectsList = lists.intern(state.objects)
        state.namesList = lists.intern(state.names)
    }

    /// The number of objects the account holds at time 0.
    package static let objectsAtStart = 8
    /// Where the second account's object identifiers begin (far above the first account's).
    package static let secondAccountObjectBase: Int32 = 1_000_000

    package override func discardMemory() {}  // never ends

    package func isValid(_ credential: Credential) -> Bool { credential.number > 0 && !state.revoked.contains(credential) }

    /// What a credential may do (docs/model.md#credentials). The phone's session, of either
    /// account, and another device's own session may do everything; a credential the backend
    /// issued to one surface is narrower than the app's, limited to what that surface does: the
    /// watch's reads the compact endpoint and writes, the television's and the car client's only
    /// read it, and a sign-in code only asks for the television's session. (A surface added from
    /// outside signs in on a device of its own, with a session of that device.)
    package static func allows(_ credential: Credential, _ kind: RequestKind) -> Bool {
        switch credential {
        case .watch: return kind == .compactFetch || kind == .write
        case .television, .car: return kind == .compactFetch
        case .signInCode: return kind == .deviceCode
        default: return true
        }
    }

    package var snapshot: DataCopy {
        DataCopy(account: .first, changes: state.applied, readAt: context.now, objects: state.objectsList, names: state.namesList)
    }

    /// What a request with `credential` reads: the second account's session reads that account's
    /// data, someone else's, whose changes the truth does not follow (no change set).
    package func snapshot(for credential: Credential) -> DataCopy {
        credential == .secondAccountSession
            ? DataCopy(account: .second, readAt: context.now, objects: state.secondAccountObjects) : snapshot
    }

    /// The data a reply to `credential` carries, as its entry in the system's snapshot table:
    /// the one enclosed last when the data has not changed since, else a new one. (Its read
    /// time travels in the reply: `Reply.readAt`.)
    private func enclosedData(for credential: Credential) -> SnapshotID {
        let slot = credential == .secondAccountSession ? 1 : 0
        let version = slot == 1 ? 0 : state.dataVersion      // the second account's data never changes
        if state.enclosed[slot].version != version {      // −1 at first: nothing enclosed yet
            state.enclosed[slot] = (network.enclose(snapshot(for: credential)), version)
        }
        return state.enclosed[slot].data
    }

    package override func receive(_ input: BackendInput) {
        let r: Request
        switch input {
        case .deleteObject(let index):
            deleteObject(at: Int(index))
            return
        case .renameObject(let index):
            renameObject(at: Int(index))
            return
        case .activityStage(let activity, let stage):
            let i = Int(activity)
            if state.activityStages.count <= i {
                state.activityStages.append(contentsOf: repeatElement(0, count: i + 1 - state.activityStages.count))
            }
            state.activityStages[i] = stage
            return
        case .request(let request):
            r = request
        }
        var reply = Reply(kind: r.kind, status: .ok, data: .noData, change: r.change, item: r.item, readAt: 0)
        var delay = r.returnDelay
        if r.kind == .revoke {
            state.revoked.formUnion([.phoneSession, .watch, .television, .car])
            // The television keeps a connection to the backend: it is told at once
            // (docs/model.md#sign-out: a revocation that reaches it); a watch finds out at its next request.
            if let television = ports.television {
                context.send(.revoked, to: television, after: push.delay.sampleTime(&state.rng.pushTV))
            }
        } else if !isValid(r.credential) {
            reply.status = .unauthorized
        } else if !Self.allows(r.credential, r.kind) {
            reply.status = .forbidden
        } else {
            // The device list is the first account's: the second account's session is not on it.
            if r.credential != .signInCode && r.credential != .secondAccountSession && !state.devices.contains(r.credential) {
                state.devices.append(r.credential)
            }
            switch r.kind {
            case .sync, .compactFetch:
                reply.data = enclosedData(for: r.credential)
                reply.readAt = context.now
                // The other device's app also shows the latest live activity's stage (−1: none).
                if r.credential == .otherDevice { reply.item = state.activityStages.last ?? -1 }
            case .write:
                // A write sent with the second account's session lands in that account's data:
                // it never reaches the first account's, so once its last holder lets go it is lost.
                if r.credential != .secondAccountSession, let change = r.change { apply(r, change) }
                delay += p.processingTime.sampleTime(&state.rng.backendFrom[Int(r.from.index)])
            case .revoke: break
            case .deviceCode: deviceCode(r, &reply)
            }
        }
        measure.countRequest(r, withData: reply.data.holdsData)
        // The write has arrived, applied or refused: the request no longer carries it.
        if r.kind == .write, let change = r.change { changes.letGo(change) }
        network.sendReply(reply, to: r.from, incarnation: r.incarnation, after: delay)
    }

    /// The write `r` of `change` is applied (unless its idempotency key shows it was before).
    private func apply(_ r: Request, _ change: ChangeID) {
        let id = Int(change.number)
        if state.applyCount.count <= id {
            state.applyCount.append(contentsOf: repeatElement(0, count: id + 1 - state.applyCount.count))
        }
        if state.applyCount[id] > 0 && r.idempotencyKey && p.idempotencyKeys { return }
        state.applyCount[id] &+= 1
        changes.applied(change)
        if state.applyCount[id] == 1 {
            state.applied.insert(change, lost: changes.lost)
            state.dataVersion += 1
        }
        pushesAfterApplying(change: change, from: r.from)
    }

    /// Sign-in by code: a new code for a television that asks with none; for one that polls,
    /// the session once the phone approved the code (refused until then); the phone's
    /// approval marks the code.
    private func deviceCode(_ r: Request, _ reply: inout Reply) {
        let code = Int(r.item)
        if r.credential != .signInCode {
            // Signing the television in to the second account is not modelled: its approval does
            // not grant the first account's session (docs/model.md#a-second-account).
            if code >= 0 && code < state.codes.count && r.credential != .secondAccountSession { state.codes[code] = true }
        } else if code < 0 {
            reply.item = Int32(state.codes.count)
            state.codes.append(false)
        } else if code < state.codes.count && state.codes[code] {
            state.revoked.remove(.television)     // a session granted to the television
        } else {
            reply.status = .unauthorized       // not approved yet
        }
    }

    /// Deletes one object elsewhere (a configured widget target may be the one).
    package func deleteObject(at index: Int) {
        guard !state.objects.isEmpty else { return }
        let k = index % state.objects.count
        state.objects.remove(at: k)
        state.names.remove(at: k)
        state.objects.append(state.nextObject)
        state.names.append(0)
        state.nextObject += 1
        state.dataVersion += 1
        listsChanged()
    }

    /// Renames one object elsewhere (docs/model.md#configured-targets): the same identifier, the
    /// next version of its name, recorded to measure `widget.staleName`, which no program reads.
    package func renameObject(at index: Int) {
        guard !state.objects.isEmpty else { return }
        let k = index % state.objects.count
        state.names[k] += 1
        state.dataVersion += 1
        listsChanged()
        measure.report(.renamed(object: state.objects[k], version: state.names[k]))
    }

    /// The account's device list (§25.12, S18): each credential that made a valid request, in
    /// the order first seen.
    package var devices: [Credential] { state.devices }
}

/// Everything the backend keeps (`SurfaceProgram.state`): the account's data and its changes'
/// record, the credentials it revoked and issued, and its random streams.
package struct BackendState {
    package var applied = ChangeSet()
    /// How many times each change was applied (0: lost so far, 2+: duplicated).
    package var applyCount: [UInt8] = []
    /// The account's objects in display order (configured widgets resolve against this).
    package var objects: [Int32]
    /// The version of each object's name, in the order of `objects` (one more at each rename).
    package var names: [Int32]
    /// `objects` and `names` as lists of the system's table, which copies of the data carry.
    package var objectsList: ListID, namesList: ListID
    package var revoked: Set<Credential> = []
    package var nextObject: Int32
    /// The account's device list (§25.12, S18): each credential that made a valid request, in
    /// the order first seen, as the account's settings list the devices signed in to it. A
    /// surface that acts with the phone's shared session, or never calls the backend, is not
    /// on it.
    package var devices: [Credential] = []
    /// The sign-in codes issued, by number: approved on the phone or not yet.
    package var codes: [Bool] = []
    /// The stage of each live activity as the backend records it (docs/model.md#probes-and-failure-modes).
    package var activityStages: [Int32] = []
    /// The second account's objects (docs/model.md#a-second-account): as many as the first
    /// account began with, under identifiers of their own, so a widget configured with the first
    /// account's object finds it gone and one configured by position shows the second's row.
    package var secondAccountObjects: ListID
    /// One more at each change of the first account's data (a change applied, an object deleted
    /// or renamed): replies between two changes carry the same data, read at their own times.
    package var dataVersion = 0
    /// The last data enclosed for a reply, per account read (first, second), and its version.
    package var enclosed: [(data: SnapshotID, version: Int)] = [(.noData, -1), (.noData, -1)]
    /// The backend's own random streams.
    package var rng: BackendStreams

    /// The account at time 0: `objects` objects under their first names, entered in the lists
    /// of `lists` (the system's table).
    package init(objects count: Int, in lists: ListNamesService, seed: UInt64) {
        objects = (0..<Int32(count)).map { $0 }
        names = [Int32](filledWith: 0, count: count)
        nextObject = Int32(count)
        objectsList = lists.intern(objects)
        namesList = lists.intern(names)
        secondAccountObjects = lists.intern((0..<Int32(count)).map { Backend.secondAccountObjectBase + $0 })
        rng = BackendStreams(replicationSeed: seed)
    }
}

/// The backend's peers: the television, whose connection a revocation reaches at once (absent
/// when the app has no television app).
package struct BackendPorts: ProgramPorts {
    package let television: Address<TelevisionInput>?
    /// The push service, which sends the silent pushes and the standalone watch's.
    package let pushService: Address<PushServiceInput>
    /// The phone's app and the watch app: whose writes trigger no push of their own.
    package let app: Address<MainAppInput>
    package let watchApp: Address<WatchAppInput>
    package init(_ peers: Peers) {
        television = peers.peerIfPresent()
        pushService = peers.peer()
        app = peers.peer()
        watchApp = peers.peer()
    }
}

/// What the other device's user does (its own timers), and its replies.
package enum OtherDeviceInput {
    /// Its user makes a change.
    case edit
    /// Its user deletes an object (and makes a change).
    case delete
    /// Its user renames an object (and makes a change).
    case rename
    /// A person looks at it (a probe step): it refreshes by a sync with the backend over its
    /// own network, and shows what the reply brings.
    case look
    case reply(Reply)
}

/// Another device or the web, signed in to the same account (§25.11 P25.2): it makes
/// changes, deletes and renames objects, each reaching the backend over its own network.
/// It is also the probes' "second device" (docs/model.md#probes-and-failure-modes): it keeps
/// its own copy of the account, refreshed only when a person looks at it (`look`: a sync
/// over its network, latency and all), and shows that copy and the latest live activity's
/// stage as of that sync. Nobody looks in a study run, so it sends no syncs there.
package final class OtherDevice: SurfaceProgram<OtherDeviceInput, OtherDeviceState, OtherDevicePorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let arrivals: WorldArrivals
    /// Its user's habits (`elsewhere.*`).
    package let p: Parameters.Elsewhere
    /// The changes' journeys it records (made, let go).
    package let changes: ChangeJourneys

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        arrivals = setup.platform.arrivals
        p = setup.parameters.elsewhere
        changes = setup.changes
        super.init(setup, state: OtherDeviceState(rng: OtherDeviceStreams(replicationSeed: setup.seed)))
    }
    package override func discardMemory() {}

    /// What it shows: the account as of its last sync's reply (empty before the first).
    package var copy: DataCopy { state.copy }
    /// The latest live activity's stage as of its last sync (−1: none shown).
    package var shownStage: Int32 { state.shownStage }
    /// How many of its syncs have been answered (a look is over when its reply arrived).
    package var refreshes: Int { state.refreshes }

    package func start() {
        scheduleEdit()
        scheduleDelete()
        scheduleRename()
    }

    private func scheduleEdit() {
        arrivals.schedule(rate: p.edits, rng: &state.rng.edits, .edit, to: context.me)
    }

    private func scheduleDelete() {
        arrivals.schedule(perDay: p.deletesPerDay, rng: &state.rng.deletes, .delete, to: context.me)
    }

    private func scheduleRename() {
        arrivals.schedule(perDay: p.renamesPerDay, rng: &state.rng.renames, .rename, to: context.me)
    }

    package override func receive(_ input: OtherDeviceInput) {
        switch input {
        case .edit:
            makeEdit()
            scheduleEdit()
        case .delete:
            context.send(.deleteObject(index: Int32(state.rng.deletes.index(8))), to: ports.backend)   // an object deleted on another device
            makeEdit()
            scheduleDelete()
        case .rename:
            context.send(.renameObject(index: Int32(state.rng.renames.index(8))), to: ports.backend)   // an object renamed on another device
            makeEdit()
            scheduleRename()
        case .look:
            network.request(.sync, from: context.me, to: ports.backend, credential: .otherDevice, online: true)
        case .reply(let reply):
            // Its writes' outcomes are its own device's concern, not measured here; a sync's
            // reply replaces what it shows.
            guard reply.kind == .sync else { return }
            state.refreshes += 1
            if reply.status == .ok, let data = network.data(of: reply) {
                state.copy = data
                state.shownStage = reply.item
            }
        }
    }

    /// It shows `change` (its copy, as of its last sync, has it).
    package func shows(_ change: ChangeID) -> Bool { state.copy.changes.contains(change) }

    /// One change made elsewhere now; it reaches the backend after half a round trip.
    package func makeEdit() {
        let id = changes.make(.elsewhere)
        network.request(.write, from: context.me, to: ports.backend, credential: .otherDevice, change: id, key: true, online: true)
        changes.letGo(id)
    }
}

/// Everything the other device keeps: its copy of the account and its user's streams.
package struct OtherDeviceState {
    /// What it shows: the account as of its last sync's reply (empty before the first).
    package var copy = DataCopy(account: .first)
    /// The latest live activity's stage as of its last sync (−1: none shown).
    package var shownStage: Int32 = -1
    /// How many of its syncs have been answered.
    package var refreshes = 0
    package var rng: OtherDeviceStreams
}

/// The other device's peer: the backend, which its requests reach over its own network and
/// which hears directly of the objects its user deletes and renames.
package struct OtherDevicePorts: ProgramPorts {
    package let backend: Address<BackendInput>
    package init(_ peers: Peers) { backend = peers.peer() }
}

/// How the assembly wires the backend program (`AssembledProgram`).
extension Backend: AssembledProgram {
    package typealias Input = BackendInput
    package static var programName: String { "backend" }
    /// At time 0: the backend runs from time 0.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}

/// How the assembly wires the elsewhere program (`AssembledProgram`).
extension OtherDevice: AssembledProgram {
    package typealias Input = OtherDeviceInput
    package static var programName: String { "elsewhere" }
    package static var requestsCountUnder: CostSurface? { .elsewhere }
    /// At time 0: the other device runs from time 0.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}

/// The backend is the server the network's requests reach (its `request` case).

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension OtherDeviceInput: ReplyInput {}
