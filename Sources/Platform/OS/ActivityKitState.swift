import SimKernel

/// ActivityKit's figures (docs/model.md#live-status, docs/platform-facts.md#live-status): how
/// long the system lets an activity run and linger, and its budget of pushed updates.
public struct ActivityKitSettings: Sendable {
    /// How long after its start the system ends an activity (`live.maxActive`).
    public var maxActive: SimTime
    /// How long an ended activity may stay on the lock screen after that (`live.lingerAfterEnd`).
    public var lingerAfterEnd: SimTime
    /// Pushed updates the system draws per rolling hour (`live.pushBudgetPerHour`; the final one is not held back).
    public var pushBudgetPerHour: Int

    public init(maxActive: SimTime = 8 * Time.hour, lingerAfterEnd: SimTime = 4 * Time.hour, pushBudgetPerHour: Int = 10) {
        (self.maxActive, self.lingerAfterEnd, self.pushBudgetPerHour) = (maxActive, lingerAfterEnd, pushBudgetPerHour)
    }
}

/// What a live activity's status shows (its content state): the stage it reached, and when the
/// data behind it was read (the stage's beginning for an update the backend sent, the app's run
/// for its own catch-up). The widget extension draws it; the system keeps it.
public struct LiveActivityContent: Sendable, Equatable, CustomStringConvertible {
    public var stage: Int
    public var readAt: SimTime

    public init(stage: Int, readAt: SimTime) {
        self.stage = stage
        self.readAt = readAt
    }

    /// As the event log prints it, the time in seconds.
    public var description: String { "LiveActivityContent(stage: \(stage), readAt: \(Time.seconds(readAt)) s)" }
}

/// One live activity as ActivityKit keeps it: its content, how many stages it moves through
/// (an update reaching the last ends it, as an update with the `end` event does), and when the
/// system removes it.
public struct LiveActivity: Sendable {
    /// The stages it moves through: an update of the last ends it.
    public let stages: Int
    /// What its status shows now.
    public internal(set) var content: LiveActivityContent
    /// When the system removes it, if nothing ended it before: `maxActive` and the linger after its start.
    public let removedAt: SimTime
    /// When its final update or the app ended it (nil: neither did).
    public internal(set) var endedAt: SimTime?

    /// Its status is on the lock screen at `now`: not ended, and not yet removed by the system.
    public func isShown(at now: SimTime) -> Bool { endedAt == nil && now < removedAt }
}

/// What an update did to an activity's status (`OperatingSystem.updateLiveActivity`, and the
/// pushed updates the renderer hears of).
public struct LiveActivityChange: Sendable, Equatable, CustomStringConvertible {
    /// The later stage the status now draws (nil: the stage it drew stays).
    public var drew: Int?
    /// The update ended the activity: its status left the lock screen.
    public var ended: Bool

    public init(drew: Int?, ended: Bool) {
        self.drew = drew
        self.ended = ended
    }

    /// Nothing the status draws changed but, perhaps, the time its data was read.
    public var drawsTheSame: Bool { drew == nil && !ended }

    /// As the event log prints it (`drew 2`, `drew 4, ended`, `same stage`).
    public var description: String {
        var parts: [String] = []
        if let drew { parts.append("drew \(drew)") }
        if ended { parts.append("ended") }
        return parts.isEmpty ? "same stage" : parts.joined(separator: ", ")
    }
}

/// What ActivityKit tells the app's live-status drawing (`SystemWiring.liveActivities`), as a real
/// app's widget extension is run to draw new content and its activities hear their state change.
public enum LiveActivityNews: Sendable, CustomStringConvertible {
    /// An update on the activity's push token changed its status, with no app code running.
    case pushed(activity: Int32, LiveActivityChange)
    /// The system's time limit for the activity came (`maxActive` and the linger after its
    /// start): its status is gone, if nothing ended it before.
    case timeLimit(activity: Int32)

    /// As the event log prints it (`pushed(activity: 0, drew 2)`, `timeLimit(activity: 3)`).
    public var description: String {
        switch self {
        case .pushed(let activity, let change): "pushed(activity: \(activity), \(change))"
        case .timeLimit(let activity): "timeLimit(activity: \(activity))"
        }
    }
}

/// ActivityKit's own record (`OperatingSystem.activityKit`): every activity requested, by number,
/// and the pushed updates drawn in the last hour. No program reads or sets it but through
/// ActivityKit's calls (`ActivityKit.swift`).
struct ActivityKitState: Sendable {
    /// Every activity requested, by number.
    var activities: [LiveActivity] = []
    /// Pushed updates drawn in the last hour, made at the first one (`pushBudgetPerHour`).
    var pushBudget: RollingBudget?

    /// Applies `content` to activity `i`: a later stage is drawn, a later read of the stage shown
    /// only moves the data's time, an earlier stage (a reordered push) changes nothing; an
    /// update of the last stage ends the activity. Nothing happens to an activity not shown.
    mutating func apply(_ content: LiveActivityContent, to i: Int, at now: SimTime) -> LiveActivityChange {
        guard i < activities.count, activities[i].isShown(at: now) else { return LiveActivityChange(drew: nil, ended: false) }
        var change = LiveActivityChange(drew: nil, ended: false)
        if content.stage >= activities[i].content.stage {
            activities[i].content.readAt = max(activities[i].content.readAt, content.readAt)
        }
        if content.stage > activities[i].content.stage {
            activities[i].content.stage = content.stage
            change.drew = content.stage
        }
        if content.stage >= activities[i].stages {
            activities[i].endedAt = now
            change.ended = true
        }
        return change
    }
}
