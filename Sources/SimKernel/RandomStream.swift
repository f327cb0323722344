/// SplitMix64, used to derive seeds (Steele, Lea and Flood, 2014).
///
/// Seed derivation (docs/model.md#randomness), documented in the README:
///   replication seed = mix(mix(mix(scenarioSeed) ^ point) ^ replication)
///   stream seed      = mix(replication seed ^ fnv1a64(stream name))
/// where `mix` is one SplitMix64 output step. A stream's draws therefore depend
/// only on the replication seed and the stream's own name: adding, removing or
/// using another stream never changes them.
public enum SeedMixer {
    /// One SplitMix64 step applied to `x`.
    @inlinable @inline(__always)
    public static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of one replication of one sweep point.
    public static func replicationSeed(scenarioSeed: UInt64, point: UInt64, replication: UInt64) -> UInt64 {
        mix(mix(mix(scenarioSeed) ^ point) ^ replication)
    }

    /// FNV-1a 64-bit hash of a stream name (stable across runs and platforms).
    public static func nameHash(_ name: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// The seed of the stream called `name` within a replication.
    public static func streamSeed(replicationSeed: UInt64, name: String) -> UInt64 {
        mix(replicationSeed ^ nameHash(name))
    }
}

/// xoshiro256** (Blackman and Vigna, 2018): the generator behind every random stream.
/// One stream per source of randomness (the user, the other device, the network,
/// push, each surface, the OS scheduler), so designs compared over the same seeds
/// see the same world (common random numbers).
public struct RandomStream: RandomNumberGenerator, Sendable {
    @usableFromInline var s0, s1, s2, s3: UInt64

    /// A stream seeded from one 64-bit value, expanded with SplitMix64.
    public init(seed: UInt64) {
        var x = seed
        func next() -> UInt64 { x &+= 0x9E37_79B9_7F4A_7C15; return SeedMixer.mix(x &- 0x9E37_79B9_7F4A_7C15) }
        s0 = next(); s1 = next(); s2 = next(); s3 = next()
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }
    }

    /// The stream called `name` of the replication with seed `replicationSeed`.
    public init(replicationSeed: UInt64, name: String) {
        self.init(seed: SeedMixer.streamSeed(replicationSeed: replicationSeed, name: name))
    }

    /// The stream named by `nameHash` (`SeedMixer.nameHash` of its name, computed once rather
    /// than per replication) in the replication seeded `seed`: the same stream as
    /// `RandomStream(replicationSeed: seed, name: name)`. A surface's own streams, held by its
    /// programs (`CarStreams`, `TelevisionStreams`, …), are seeded this way (docs/model.md#randomness).
    @inlinable @inline(__always)
    public init(replicationSeed seed: UInt64, nameHash: UInt64) {
        self.init(seed: SeedMixer.mix(seed ^ nameHash))
    }

    @inlinable @inline(__always)
    static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// The next 64 random bits.
    @inlinable @inline(__always)
    public mutating func next() -> UInt64 {
        let result = Self.rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = Self.rotl(s3, 45)
        return result
    }

    /// A uniform double in [0, 1) with 53 random bits.
    @inlinable @inline(__always)
    public mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability `p`.
    @inlinable @inline(__always)
    public mutating func bernoulli(_ p: Double) -> Bool {
        p > 0 && uniform() < p
    }

    /// An exponential variate with the given mean (`standardExponential()` scaled; the
    /// standard normal is `standardNormal()`, both in `Ziggurat.swift`).
    @inlinable @inline(__always)
    public mutating func exponential(mean: Double) -> Double {
        mean * standardExponential()
    }

    /// A uniform integer in 0..<n.
    @inlinable @inline(__always)
    public mutating func index(_ n: Int) -> Int {
        precondition(n > 0)
        return Int(next().multipliedFullWidth(by: UInt64(n)).high)
    }
}
