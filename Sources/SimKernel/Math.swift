#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few C math functions the kernel needs, without importing Foundation.
public enum Math {
    @inlinable @inline(__always) public static func log(_ x: Double) -> Double { Glibc_or_Darwin_log(x) }
    @inlinable @inline(__always) public static func exp(_ x: Double) -> Double { Glibc_or_Darwin_exp(x) }
    @inlinable @inline(__always) public static func sqrt(_ x: Double) -> Double { x.squareRoot() }

    /// `Int64(y.rounded())` (the nearest integer, halves away from zero) without a call into
    /// the C library: truncate, then round by the remainder, which is exact (below 2⁵² by
    /// Sterbenz's lemma; from 2⁵² on every double is an integer and the remainder is 0).
    /// The remainder's two tests are added as 0 or 1 rather than branched on: a random duration's
    /// fraction is as likely above a half as below, so a branch would be mispredicted half the
    /// time.
    /// - Precondition: |y| < 2⁶³, as for `Int64(y.rounded())`.
    @inlinable @inline(__always) public static func roundedToInt64(_ y: Double) -> Int64 {
        let t = Int64(y)
        let remainder = y - Double(t)
        return t &+ (remainder >= 0.5 ? 1 : 0) &- (remainder <= -0.5 ? 1 : 0)
    }
}

@inlinable @inline(__always) func Glibc_or_Darwin_log(_ x: Double) -> Double { log(x) }
@inlinable @inline(__always) func Glibc_or_Darwin_exp(_ x: Double) -> Double { exp(x) }
