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
}
