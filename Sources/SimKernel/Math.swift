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
    @inlinable @inline(__always) public static func cos(_ x: Double) -> Double { Glibc_or_Darwin_cos(x) }
}

@inlinable @inline(__always) func Glibc_or_Darwin_log(_ x: Double) -> Double { log(x) }
@inlinable @inline(__always) func Glibc_or_Darwin_exp(_ x: Double) -> Double { exp(x) }
@inlinable @inline(__always) func Glibc_or_Darwin_cos(_ x: Double) -> Double { cos(x) }
