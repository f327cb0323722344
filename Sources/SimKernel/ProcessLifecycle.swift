/// Identifies one simulated program within a world (an index into the engine's process table).
public struct ProcessID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let index: Int32
    /// Its index in the process table (as the event log prints it).
    public var description: String { "\(index)" }
    @inlinable public init(_ index: Int32) { self.index = index }
    @inlinable public static func < (a: ProcessID, b: ProcessID) -> Bool { a.index < b.index }
}

/// Who or what started a process (docs/model.md#the-kernel), by name (what the event log prints).
/// The kernel knows only the person and the system; the platform names the rest of its
/// launchers (`Platform/Launchers.swift`: the widget host, a push, the share sheet…), so the
/// kernel names no part of any platform and no surface.
///
/// Its name is a literal (`StaticString`): plain data, so handing a launcher along each launch
/// (to the process table and to the launched program) retains and releases nothing, as a
/// `String` did.
public struct Launcher: Hashable, Sendable, CustomStringConvertible {
    /// Its name, as written in the source (`widgetHost`).
    public let name: StaticString
    /// Its name (`widgetHost`).
    public var rawValue: String { name.description }
    /// A launcher named `name`.
    @inlinable public init(_ name: StaticString) { self.name = name }
    public var description: String { rawValue }
    /// Two launchers are one when their names are.
    public static func == (a: Launcher, b: Launcher) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    /// The person using the device.
    @inlinable public static var user: Launcher { Launcher("user") }
    /// The system itself (a process it runs from the start, a relaunch of its own).
    @inlinable public static var system: Launcher { Launcher("system") }
}

/// How a process run ended (docs/model.md#the-kernel). After every reason but `suspended`
/// the process's memory is gone and the next launch starts from storage only.
public enum ProcessEnd: String, Sendable, CaseIterable {
    case normal, suspended, killedForMemory, killedForTime, forceQuit, terminatedBySystem
    /// The program's own code failed (an uncaught error, e.g. data it cannot decode).
    case crashed

    /// The reason's position in `allCases` (without building that array).
    @inlinable @inline(__always) public var index: Int {
        switch self {
        case .normal: 0
        case .suspended: 1
        case .killedForMemory: 2
        case .killedForTime: 3
        case .forceQuit: 4
        case .terminatedBySystem: 5
        case .crashed: 6
        }
    }
}

/// Runs ended, counted per reason: a fixed-size counter, so the process table allocates nothing per process.
public struct EndCounts: Sendable, Equatable {
    @usableFromInline var counts: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
    public init() {}
    /// Runs that ended for `reason`.
    @inlinable public subscript(_ reason: ProcessEnd) -> Int {
        get {
            switch reason.index {
            case 0: counts.0
            case 1: counts.1
            case 2: counts.2
            case 3: counts.3
            case 4: counts.4
            case 5: counts.5
            default: counts.6
            }
        }
        set {
            switch reason.index {
            case 0: counts.0 = newValue
            case 1: counts.1 = newValue
            case 2: counts.2 = newValue
            case 3: counts.3 = newValue
            case 4: counts.4 = newValue
            case 5: counts.5 = newValue
            default: counts.6 = newValue
            }
        }
    }
    public static func == (a: EndCounts, b: EndCounts) -> Bool {
        ProcessEnd.allCases.allSatisfy { a[$0] == b[$0] }
    }
}

/// Where a process is in its life.
public enum ProcessState: Sendable, Equatable {
    /// No process exists; nothing is in memory.
    case notRunning
    /// Running: handles messages, its timers fire.
    case running
    /// Suspended: memory kept, no code runs, timers do not fire.
    case suspended
}

/// The limits the platform imposes on one run of a process.
public struct ProcessLimits: Sendable, Equatable {
    /// Time a run may last before the system kills it (nil: unbounded).
    public var timeBudget: SimTime?
    /// Bytes of memory it may hold (nil: unbounded).
    public var memoryLimit: Int64?
    public init(timeBudget: SimTime? = nil, memoryLimit: Int64? = nil) {
        self.timeBudget = timeBudget
        self.memoryLimit = memoryLimit
    }
    /// No limits: system services, the user, the backend.
    public static let none = ProcessLimits()
}

/// The kernel's record of one process: state, incarnation, memory, counters.
///
/// The incarnation increases at every launch, suspension and end. Every event
/// addressed to a process carries the incarnation current when it was sent; an
/// event whose incarnation is no longer current is discarded, so the timers of
/// a dead process die with it and replies to a process that has since ended are lost.
public struct ProcessRecord: Sendable {
    public internal(set) var name: String
    public internal(set) var state: ProcessState = .notRunning
    public internal(set) var incarnation: UInt32 = 0
    public internal(set) var limits: ProcessLimits
    public internal(set) var memoryInUse: Int64 = 0
    public internal(set) var launchedAt: SimTime = 0
    public internal(set) var launchedBy: Launcher = .system
    /// Number of launches so far.
    public internal(set) var launches: Int = 0
    /// Number of runs ended for each reason.
    public internal(set) var ends = EndCounts()

    /// Runs that ended for `reason`.
    public func endCount(_ reason: ProcessEnd) -> Int { ends[reason] }
}

// The engine's changes to a record, for its `@inlinable` lifecycle calls (which cannot use
// the internal setters above directly).
extension ProcessRecord {
    /// A run begins at `now`; a fresh one (not a resumption) starts with no memory.
    @usableFromInline
    mutating func beginRun(at now: SimTime, by launcher: Launcher, limits: ProcessLimits?, fresh: Bool) {
        if let limits { self.limits = limits }
        launchedAt = now
        launchedBy = launcher
        if fresh { memoryInUse = 0 }
        launches += 1
    }

    /// Counts a run ended for `reason`.
    @usableFromInline
    mutating func countEnd(_ reason: ProcessEnd) { ends[reason] += 1 }

    /// Sets the bytes the current run holds.
    @usableFromInline
    mutating func setMemoryInUse(_ bytes: Int64) { memoryInUse = bytes }

    /// Lifts the current run's time budget.
    @usableFromInline
    mutating func liftTimeBudget() { limits.timeBudget = nil }
}
