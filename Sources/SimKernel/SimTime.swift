/// Simulated time: an integer count of microseconds since the start of a
/// replication (docs/model.md#the-kernel). Integer time makes event order exact and
/// reproducible; there is no floating-point drift in the clock.
public typealias SimTime = Int64

/// Conversions between simulated microseconds and the seconds users read.
public enum Time {
    /// Microseconds in one second.
    @inlinable public static var second: SimTime { 1_000_000 }
    /// Microseconds in one minute.
    @inlinable public static var minute: SimTime { 60 * second }
    /// Microseconds in one hour.
    @inlinable public static var hour: SimTime { 60 * minute }
    /// Microseconds in one day.
    @inlinable public static var day: SimTime { 24 * hour }
    /// A time so far ahead that nothing is ever scheduled at or after it.
    @inlinable public static var never: SimTime { .max / 4 }

    /// Seconds (as drawn from a distribution) rounded to the nearest microsecond.
    @inlinable @inline(__always)
    public static func fromSeconds(_ s: Double) -> SimTime {
        if !(s < 1e12) { return never }
        return SimTime(Math.roundedToInt64(s * 1e6))
    }

    /// A drawn delay in microseconds as simulated time, rounded down; a delay at or past
    /// `never` (or not finite) is `never`, so an event that far ahead is scheduled nowhere
    /// the run reaches: a rate so small that its next event lies past any representable time
    /// simply never fires, rather than overflowing the clock.
    @inlinable @inline(__always)
    public static func fromMicroseconds(_ us: Double) -> SimTime {
        if !(us < Double(never)) { return never }
        return SimTime(Swift.max(0, us))
    }

    /// Microseconds as seconds, for metrics and output.
    @inlinable @inline(__always)
    public static func seconds(_ t: SimTime) -> Double { Double(t) / 1e6 }
}

/// A simulated instant carried in an input (a reload hint's time): the event log prints
/// it in seconds, as every time it shows.
public struct SimInstant: Sendable, Equatable, CustomStringConvertible {
    public var time: SimTime
    @inlinable public init(_ time: SimTime) { self.time = time }
    public var description: String { "\(Time.seconds(time)) s" }
}
