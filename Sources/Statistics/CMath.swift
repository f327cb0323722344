// The few C library functions the statistics need (libm), without Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// libm's functions under names that do not clash with the module's own.
enum CMath {
    static func exp(_ x: Double) -> Double { Statistics_exp(x) }
    static func log(_ x: Double) -> Double { Statistics_log(x) }
    static func log1p(_ x: Double) -> Double { Statistics_log1p(x) }
    static func pow(_ x: Double, _ y: Double) -> Double { Statistics_pow(x, y) }
    static func erfc(_ x: Double) -> Double { Statistics_erfc(x) }
    static func atanh(_ x: Double) -> Double { Statistics_atanh(x) }
    static func tanh(_ x: Double) -> Double { Statistics_tanh(x) }
    /// log Γ(x) for x > 0.
    static func logGamma(_ x: Double) -> Double { Statistics_lgamma(x) }
}

private func Statistics_exp(_ x: Double) -> Double { exp(x) }
private func Statistics_log(_ x: Double) -> Double { log(x) }
private func Statistics_log1p(_ x: Double) -> Double { log1p(x) }
private func Statistics_pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func Statistics_erfc(_ x: Double) -> Double { erfc(x) }
private func Statistics_atanh(_ x: Double) -> Double { atanh(x) }
private func Statistics_tanh(_ x: Double) -> Double { tanh(x) }
private func Statistics_lgamma(_ x: Double) -> Double {
    #if canImport(Darwin)
    return lgamma(x)
    #else
    var sign: Int32 = 0
    return lgamma_r(x, &sign)
    #endif
}
