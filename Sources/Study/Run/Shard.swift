// `--shard K/N` (docs/cli.md): shard K runs the replications r with r % N == K − 1,
// so each replication's seed is independent of the split.

/// One part of a study split N ways.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// K, from 1.
    public var index: Int
    /// N.
    public var count: Int

    /// Shard `index` of `count`.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count) out of range")
        (self.index, self.count) = (index, count)
    }

    /// Parses `K/N` with 1 ≤ K ≤ N; nil otherwise.
    /// The most shards a study may be split into.
    public static let maxCount = 1_000_000

    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= Self.maxCount, k >= 1, k <= n else { return nil }
        self.init(index: k, count: n)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// Replications this shard runs out of `replications`, in order.
    public func replicationCount(of replications: Int) -> Int {
        index - 1 < replications ? (replications - index + count) / count : 0
    }

    /// The `i`-th replication index this shard runs.
    public func replication(_ i: Int) -> Int { index - 1 + i * count }
}
