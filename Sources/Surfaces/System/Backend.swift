import SimKernel
import Platform

/// What the backend accepts: requests over the network, and the deletion or renaming of an
/// object by another device's user.
enum BackendInput {
    case request(Request)
    /// An object is deleted elsewhere (which one, by position).
    case deleteObject(index: Int32)
    /// An object is renamed elsewhere (which one, by position): same identifier, a new name.
    case renameObject(index: Int32)
    /// Live activity `activity` (numbered as begun) reached `stage` (0 when it begins): the
    /// backend's record, which a second device's sync shows.
    case activityStage(activity: Int32, stage: Int32)
}

/// The app's backend (§25.13; docs/model.md#backend-and-push): stores the account's changes, applies writes
/// (idempotently when they carry keys), serves the full sync and the compact widget
/// endpoint, issues and revokes credentials, sends a silent push on each change made
/// away from the phone app, and counts requests per minute and by surface and endpoint (`BackendCost`).
final class Backend: SimulatedProcess<BackendInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The operating system it runs on, held strongly as the world is (no reference counting per call).
    let os: OperatingSystem
    /// The measurement layer it reports to and never reads, held strongly as the system is.
    let measure: Measurement
    /// The changes' journeys it records (made, handed on, let go), held likewise.
    let changes: ChangeJourneys
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var applied = ChangeSet()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// How many times each change was applied (0: lost so far, 2+: duplicated).
    private(set) var applyCount: [UInt8] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var appliedAt: [SimTime] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The account's objects in display order (configured widgets resolve against this).
    private(set) var objects: [Int32]
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The version of each object's name, in the order of `objects` (one more at each rename).
    private(set) var names: [Int32]
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// `objects` and `names` as lists of the system's table, which copies of the data carry.
    private var objectsList = ListID.empty, namesList = ListID.empty
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var revoked: Set<Credential> = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var nextObject: Int32
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The account's device list (§25.12, S18): each credential that made a valid request, in
    /// the order first seen, as the account's settings list the devices signed in to it. A
    /// surface that acts with the phone's shared session, or never calls the backend, is not
    /// on it.
    private(set) var devices: [Credential] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The sign-in codes issued, by number: approved on the phone or not yet.
    private var codes: [Bool] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The stage of each live activity as the backend records it (docs/model.md#probes-and-failure-modes).
    private var activityStages: [Int32] = []
    /// The second account's objects (docs/model.md#a-second-account): as many as the first
    /// account began with, under identifiers of their own, so a widget configured with the first
    /// account's object finds it gone and one configured by position shows the second's row.
    private var secondAccountObjects = ListID.empty

    /// The number of objects the account holds at time 0.
    static let objectsAtStart = 8

    init(world: World) {
        let objects = Self.objectsAtStart
        self.world = world
        os = world.os
        measure = world.measure
        changes = world.changes
        let firstObjects = (0..<Int32(objects)).map { $0 }, firstNames = [Int32](filledWith: 0, count: objects)
        self.objects = firstObjects
        names = firstNames
        nextObject = Int32(objects)
        objectsList = world.os.lists.intern(firstObjects)
        namesList = world.os.lists.intern(firstNames)
        secondAccountObjects = world.os.lists.intern((0..<Int32(objects)).map { Self.secondAccountObjectBase + $0 })
    }

    /// Enters the objects and their names' versions, as they now are, in the system's table.
    private func listsChanged() {
        objectsList = os.lists.intern(objects)
        namesList = os.lists.intern(names)
    }

    /// Where the second account's object identifiers begin (far above the first account's).
    static let secondAccountObjectBase: Int32 = 1_000_000

    override func discardMemory() {}  // never ends

    func isValid(_ credential: Credential) -> Bool { credential.number > 0 && !revoked.contains(credential) }

    /// What a credential may do (docs/model.md#credentials). The phone's session, of either
    /// account, and another device's own session may do everything; a credential the backend
    /// issued to one surface is narrower than the app's, limited to what that surface does: the
    /// watch's reads the compact endpoint and writes, the television's and the car client's only
    /// read it, and a sign-in code only asks for the television's session. (A surface added from
    /// outside signs in on a device of its own, with a session of that device.)
    static func allows(_ credential: Credential, _ kind: RequestKind) -> Bool {
        switch credential {
        case .watch: return kind == .compactFetch || kind == .write
        case .television, .car: return kind == .compactFetch
        case .signInCode: return kind == .deviceCode
        default: return true
        }
    }

    var snapshot: DataCopy { DataCopy(account: .first, changes: applied, readAt: world.now, objects: objectsList, names: namesList) }

    /// What a request with `credential` reads: the second account's session reads that account's
    /// data, someone else's, whose changes the truth does not follow (no change set).
    func snapshot(for credential: Credential) -> DataCopy {
        credential == .secondAccountSession
            ? DataCopy(account: .second, readAt: world.now, objects: secondAccountObjects) : snapshot
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// One more at each change of the first account's data (a change applied, an object deleted
    /// or renamed): replies between two changes carry the same data, read at their own times.
    private var dataVersion = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The last data enclosed for a reply, per account read (first, second), and its version.
    private var enclosed: [(data: SnapshotID, version: Int)] = [(.noData, -1), (.noData, -1)]

    /// The data a reply to `credential` carries, as its entry in the system's snapshot table:
    /// the one enclosed last when the data has not changed since, else a new one. (Its read
    /// time travels in the reply: `Reply.readAt`.)
    private func enclosedData(for credential: Credential) -> SnapshotID {
        let slot = credential == .secondAccountSession ? 1 : 0
        let version = slot == 1 ? 0 : dataVersion      // the second account's data never changes
        if enclosed[slot].version != version {      // −1 at first: nothing enclosed yet
            enclosed[slot] = (os.enclose(snapshot(for: credential)), version)
        }
        return enclosed[slot].data
    }

    override func receive(_ input: BackendInput, engine: Engine) {
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
            if activityStages.count <= i { activityStages.append(contentsOf: repeatElement(0, count: i + 1 - activityStages.count)) }
            activityStages[i] = stage
            return
        case .request(let request):
            r = request
        }
        var reply = Reply(kind: r.kind, status: .ok, data: .noData, change: r.change, item: r.item, readAt: 0)
        var delay = r.returnDelay
        if r.kind == .revoke {
            revoked.formUnion([.phoneSession, .watch, .television, .car])
            // The television keeps a connection to the backend: it is told at once
            // (docs/model.md#sign-out: a revocation that reaches it); a watch finds out at its next request.
            if world.p.tv.enabled { world.send(.revoked, to: world.ids.television, after: world.p.push.delay.sampleTime(&world.rng.pushTV)) }
        } else if !isValid(r.credential) {
            reply.status = .unauthorized
        } else if !Self.allows(r.credential, r.kind) {
            reply.status = .forbidden
        } else {
            // The device list is the first account's: the second account's session is not on it.
            if r.credential != .signInCode && r.credential != .secondAccountSession && !devices.contains(r.credential) {
                devices.append(r.credential)
            }
            switch r.kind {
            case .sync, .compactFetch:
                reply.data = enclosedData(for: r.credential)
                reply.readAt = world.now
                // The other device's app also shows the latest live activity's stage (−1: none).
                if r.credential == .otherDevice { reply.item = activityStages.last ?? -1 }
            case .write:
                // A write sent with the second account's session lands in that account's data:
                // it never reaches the first account's, so once its last holder lets go it is lost.
                if r.credential != .secondAccountSession { apply(r) }
                delay += world.p.backend.processingTime.sampleTime(&world.rng.backendFrom[Int(r.from.index)])
            case .revoke: break
            case .deviceCode: deviceCode(r, &reply)
            }
        }
        if world.measuring { measure.countRequest(r, withData: reply.data.holdsData) }
        // The write has arrived, applied or refused: the request no longer carries it.
        if r.kind == .write { changes.letGo(r.change) }
        os.sendReply(reply, to: r.from, incarnation: r.incarnation, after: delay)
    }

    private func apply(_ r: Request) {
        let id = Int(r.change)
        if applyCount.count <= id {
            applyCount.append(contentsOf: repeatElement(0, count: id + 1 - applyCount.count))
            appliedAt.append(contentsOf: repeatElement(Time.never, count: id + 1 - appliedAt.count))
        }
        if applyCount[id] > 0 && r.idempotencyKey && world.p.backend.idempotencyKeys { return }
        applyCount[id] &+= 1
        if applyCount[id] == 1 {
            appliedAt[id] = world.now
            applied.insert(r.change, lost: changes.lost)
            dataVersion += 1
            changes.applied(r.change)
        }
        pushesAfterApplying(change: r.change, from: r.from)
    }

    /// Sign-in by code: a new code for a television that asks with none; for one that polls,
    /// the session once the phone approved the code (refused until then); the phone's
    /// approval marks the code.
    private func deviceCode(_ r: Request, _ reply: inout Reply) {
        let code = Int(r.item)
        if r.credential != .signInCode {
            // Signing the television in to the second account is not modelled: its approval does
            // not grant the first account's session (docs/model.md#a-second-account).
            if code >= 0 && code < codes.count && r.credential != .secondAccountSession { codes[code] = true }
        } else if code < 0 {
            reply.item = Int32(codes.count)
            codes.append(false)
        } else if code < codes.count && codes[code] {
            revoked.remove(.television)     // a session granted to the television
        } else {
            reply.status = .unauthorized       // not approved yet
        }
    }

    /// Deletes one object elsewhere (a configured widget target may be the one).
    func deleteObject(at index: Int) {
        guard !objects.isEmpty else { return }
        let k = index % objects.count
        objects.remove(at: k)
        names.remove(at: k)
        objects.append(nextObject)
        names.append(0)
        nextObject += 1
        dataVersion += 1
        listsChanged()
    }

    /// Renames one object elsewhere (docs/model.md#configured-targets): the same identifier, the
    /// next version of its name, recorded to measure `widget.staleName`, which no program reads.
    func renameObject(at index: Int) {
        guard !objects.isEmpty else { return }
        let k = index % objects.count
        names[k] += 1
        dataVersion += 1
        listsChanged()
        measure.report(.renamed(object: objects[k], version: names[k]))
    }

    /// How many times change `id` was applied.
    func timesApplied(_ id: Int32) -> Int { Int(id) < applyCount.count ? Int(applyCount[Int(id)]) : 0 }
    /// When change `id` was first applied, if it was.
    func firstApplied(_ id: Int32) -> SimTime? {
        Int(id) < appliedAt.count && appliedAt[Int(id)] < Time.never ? appliedAt[Int(id)] : nil
    }
}

/// What the other device's user does (its own timers), and its replies.
enum OtherDeviceInput {
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
final class OtherDevice: SimulatedProcess<OtherDeviceInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The operating system it runs on, held strongly as the world is (no reference counting per call).
    let os: OperatingSystem
    /// The changes' journeys it records (made, handed on, let go), held strongly as the system is.
    let changes: ChangeJourneys
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// What it shows: the account as of its last sync's reply (empty before the first).
    private(set) var copy = DataCopy(account: .first)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The latest live activity's stage as of its last sync (−1: none shown).
    private(set) var shownStage: Int32 = -1
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// How many of its syncs have been answered (a look is over when its reply arrived).
    private(set) var refreshes = 0

    init(world: World) { self.world = world; os = world.os; changes = world.changes }
    override func discardMemory() {}

    func start() {
        scheduleEdit()
        scheduleDelete()
        scheduleRename()
    }

    private func scheduleEdit() {
        world.scheduleArrival(rate: world.p.elsewhere.edits, rng: &world.rng.elsewhere, .edit, to: world.ids.elsewhere)
    }

    private func scheduleDelete() {
        world.scheduleArrival(perDay: world.p.elsewhere.deletesPerDay, rng: &world.rng.elsewhereDeletes, .delete, to: world.ids.elsewhere)
    }

    private func scheduleRename() {
        world.scheduleArrival(perDay: world.p.elsewhere.renamesPerDay, rng: &world.rng.elsewhereRenames, .rename, to: world.ids.elsewhere)
    }

    override func receive(_ input: OtherDeviceInput, engine: Engine) {
        switch input {
        case .edit:
            makeEdit()
            scheduleEdit()
        case .delete:
            world.send(.deleteObject(index: Int32(world.rng.elsewhereDeletes.index(8))), to: world.ids.backend)   // an object deleted on another device
            makeEdit()
            scheduleDelete()
        case .rename:
            world.send(.renameObject(index: Int32(world.rng.elsewhereRenames.index(8))), to: world.ids.backend)   // an object renamed on another device
            makeEdit()
            scheduleRename()
        case .look:
            os.request(.sync, from: world.ids.elsewhere, to: world.ids.backend, credential: .otherDevice, online: true)
        case .reply(let reply):
            // Its writes' outcomes are its own device's concern, not measured here; a sync's
            // reply replaces what it shows.
            guard reply.kind == .sync else { return }
            refreshes += 1
            if reply.status == .ok, let data = os.data(of: reply) {
                copy = data
                shownStage = reply.item
            }
        }
    }

    /// It shows change `id` (its copy, as of its last sync, has it).
    func shows(_ id: Int32) -> Bool { copy.changes.contains(id) }

    /// One change made elsewhere now; it reaches the backend after half a round trip.
    func makeEdit() {
        let id = changes.make(.elsewhere)
        os.request(.write, from: world.ids.elsewhere, to: world.ids.backend, credential: .otherDevice, change: id, key: true, online: true)
        changes.letGo(id)
    }
}

/// How the assembly wires the backend program (`AssembledProgram`).
extension Backend: AssembledProgram {
    typealias Input = BackendInput
    static var programName: String { "backend" }
    /// At time 0: the backend runs from time 0.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}

extension Assembly {
    /// The backend of this world (for its metrics and the chapter's probes).
    var backend: Backend { program(Backend.self) }
}

/// How the assembly wires the elsewhere program (`AssembledProgram`).
extension OtherDevice: AssembledProgram {
    typealias Input = OtherDeviceInput
    static var programName: String { "elsewhere" }
    static var requestsCountUnder: CostSurface? { .elsewhere }
    /// At time 0: the other device runs from time 0.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}

extension Assembly {
    /// The account's other device of this world (for its metrics and the chapter's probes).
    var elsewhere: OtherDevice { program(OtherDevice.self) }
}

/// The backend is the server the network's requests reach (its `request` case).
extension BackendInput: ServerInput {}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension OtherDeviceInput: ReplyInput {}
