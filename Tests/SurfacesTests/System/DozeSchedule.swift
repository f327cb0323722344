import SimKernel

/// Deep Doze's schedule as the platforms publish it (docs/platform-facts.md#power), written out
/// here rather than read from the model, so the tests hold the model to it.
enum DozeSchedule {
    /// The starts of the maintenance windows for a still phone whose screen went off at 0: idle
    /// from 1 h, for 1 h, 2 h, 4 h, then 6 h at a time, with 5 minutes of maintenance between.
    static func maintenanceStarts(until end: SimTime) -> [SimTime] {
        let idle: [SimTime] = [Time.hour, 2 * Time.hour, 4 * Time.hour, 6 * Time.hour]
        var starts: [SimTime] = []
        var idleFrom = Time.hour
        var k = 0
        while idleFrom < end {
            let m = idleFrom + idle[min(k, idle.count - 1)]
            starts.append(m)
            idleFrom = m + 5 * Time.minute
            k += 1
        }
        return starts
    }

    /// The starts of light Doze's maintenance windows for a screen off at 0 and a phone that never
    /// dozes deeply (a moving one): idle from 1 min, for 5, 10, then 15 minutes at a time, with a
    /// minute of maintenance between.
    static func lightMaintenanceStarts(until end: SimTime) -> [SimTime] {
        var starts: [SimTime] = []
        var idleFrom = Time.minute
        var k = 0
        while idleFrom < end {
            let m = idleFrom + min(5 * Time.minute << min(k, 2), 15 * Time.minute)
            starts.append(m)
            idleFrom = m + Time.minute
            k += 1
        }
        return starts
    }
}
