import SimKernel

/// ActivityKit (§25.5; docs/model.md#live-status): what the system does with an app's live
/// activities. The app starts one from the foreground and updates or ends it from its own
/// process; an update on the activity's own push token is applied with no app code; the system
/// draws at most `pushBudgetPerHour` pushed updates per rolling hour (the final one is not held
/// back) and removes an activity nothing ended `maxActive` and the linger after its start. The
/// system keeps each activity's content (`ActivityKitState`); the app's widget extension draws
/// it, and hears along `SystemWiring.liveActivities` what changed without its app's code: a
/// pushed update, the time limit.
extension OperatingSystem {
    /// The app starts a live activity of `stages` stages showing `content` (the app is in the
    /// foreground: an activity is started only from there). Returns its number (0, 1, …). The
    /// system's time limit is fixed now: the drawing hears it along `liveActivities` when it comes.
    public func requestLiveActivity(stages: Int, content: LiveActivityContent) -> Int32 {
        let activity = Int32(activityKit.activities.count)
        let limit = settings.activityKit.maxActive + settings.activityKit.lingerAfterEnd
        activityKit.activities.append(LiveActivity(stages: stages, content: content, removedAt: now + limit, endedAt: nil))
        send(LiveActivityNews.timeLimit(activity: activity), via: wired(_wiring.liveActivities, "liveActivities"), after: limit)
        return activity
    }

    /// Activity `activity` as the system keeps it now.
    public func liveActivity(_ activity: Int32) -> LiveActivity { activityKit.activities[Int(activity)] }

    /// Some live activity of the app is on the lock screen now.
    public var anyLiveActivityShown: Bool {
        let now = now
        return activityKit.activities.contains { $0.isShown(at: now) }
    }

    /// The app's own process updates activity `activity` to `content` (an update it heard of, or
    /// its catch-up at its next run): what the status now draws (`ActivityKitState.apply`).
    public func updateLiveActivity(_ activity: Int32, _ content: LiveActivityContent) -> LiveActivityChange {
        activityKit.apply(content, to: Int(activity), at: now)
    }

    /// The app ends activity `activity` at once (a sign-out). True if its status was shown until now.
    public func endLiveActivity(_ activity: Int32) -> Bool {
        guard activityKit.activities[Int(activity)].isShown(at: now) else { return false }
        activityKit.activities[Int(activity)].endedAt = now
        return true
    }

    /// A pushed update that is not an activity's final one is sent: true if the system's hourly
    /// budget draws it (it is charged now), false if it is over the budget and dropped.
    public func liveActivityPushIsWithinBudget() -> Bool {
        if activityKit.pushBudget == nil {
            activityKit.pushBudget = RollingBudget(limit: settings.activityKit.pushBudgetPerHour, window: Time.hour)
        }
        return activityKit.pushBudget!.spend(at: now)
    }

    /// The push service delivers `update` on its activity's push token (`PushService`): the system
    /// applies it with no app code, and the drawing hears what changed, if anything did.
    func liveActivityPushArrives(_ update: LiveUpdate) {
        let change = activityKit.apply(LiveActivityContent(stage: Int(update.stage), readAt: update.readAt),
                                       to: Int(update.activity), at: now)
        guard !change.drawsTheSame else { return }
        send(LiveActivityNews.pushed(activity: update.activity, change), via: wired(_wiring.liveActivities, "liveActivities"))
    }
}
