import SimKernel

/// A seeded mutational fuzzer of text inputs (scenario files, command lines): byte flips,
/// token insertions and deletions, numeric extremes, key typos and deep nesting. The same
/// seed gives the same cases, so a failure names a case that can be replayed.
public struct InputMutator {
    private var rng: RandomStream

    public init(seed: UInt64) { rng = RandomStream(seed: seed) }

    /// Tokens a JSON5 scenario is made of, and values at or past every edge.
    public static let tokens = [
        "{", "}", "[", "]", ":", ",", "\"", "'", "//", "/*", "*/", "\n", "null", "true", "false",
        "0", "-0", "1", "-1", "0.5", "1e308", "-1e308", "1e-320", "NaN", "Infinity", "-Infinity", "0x7fffffffffffffff",
        "9223372036854775807", "18446744073709551616", "\"0s\"", "\"1000d\"", "\"1001d\"", "\"106751991d\"", "\"-1h\"",
        "\"1TB\"", "\"2TB\"", "\"15\"", "\"1.5.5s\"", "\"\"", "{exponential: {mean: \"1000d\"}}",
        "{lognormal: {median: \"1h\", sigma: 5}}", "{uniform: {low: \"1h\", high: \"0s\"}}", "{empirical: []}",
        "{perHour: 3600, profile: [1]}", "sweep", "points", "observe", "widget", "duration", "replications",
    ]

    /// A whole number in 0..<n from the fuzzer's stream.
    public mutating func int(_ n: Int) -> Int { rng.index(n) }

    /// One mutation of `text` (one to three edits).
    public mutating func mutate(_ text: String) -> String {
        var bytes = Array(text.utf8)
        let rounds = 1 + rng.index(3)
        for _ in 0..<rounds {
            let at = bytes.isEmpty ? 0 : rng.index(bytes.count)
            switch rng.index(7) {
            case 0:   // flip a bit
                if !bytes.isEmpty { bytes[at] ^= UInt8(truncatingIfNeeded: 1 << rng.index(8)) }
            case 1:   // insert a token
                bytes.insert(contentsOf: Array(Self.tokens[rng.index(Self.tokens.count)].utf8), at: at)
            case 2:   // delete a run of bytes
                if !bytes.isEmpty { bytes.removeSubrange(at..<min(bytes.count, at + 1 + rng.index(8))) }
            case 3:   // replace a number by an extreme
                if let r = run(bytes, from: at, where: { (48...57).contains($0) || $0 == 46 || $0 == 101 }) {
                    let extremes = ["1e308", "-1", "1e15", "0", "NaN", "9007199254740993", "4294967296", "1e-9"]
                    bytes.replaceSubrange(r, with: Array(extremes[rng.index(extremes.count)].utf8))
                }
            case 4:   // a typo in a word: two letters swapped
                if let r = run(bytes, from: at, where: { (97...122).contains($0) || (65...90).contains($0) }), r.count >= 2 {
                    let i = r.lowerBound + rng.index(r.count - 1)
                    bytes.swapAt(i, i + 1)
                }
            case 5:   // nest deeply
                bytes.insert(contentsOf: Array(String(repeating: "[", count: 1 + rng.index(2_000)).utf8), at: at)
            default:  // duplicate a slice
                if !bytes.isEmpty {
                    let end = min(bytes.count, at + 1 + rng.index(40))
                    bytes.insert(contentsOf: Array(bytes[at..<end]), at: end)
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first run of bytes satisfying `inRun` at or after `from`.
    private func run(_ b: [UInt8], from: Int, where inRun: (UInt8) -> Bool) -> Range<Int>? {
        guard let start = (from..<b.count).first(where: { inRun(b[$0]) }) else { return nil }
        var end = start
        while end < b.count, inRun(b[end]) { end += 1 }
        return start..<end
    }
}
