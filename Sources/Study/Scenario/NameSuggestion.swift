// "Did you mean ...?" for unknown keys, enum values, verbs and options (docs/scenarios.md).

/// The closest valid name to a misspelled one, by Levenshtein distance.
public enum NameSuggestion {
    /// The Levenshtein edit distance between two strings (insertions, deletions,
    /// substitutions of Unicode scalars, each costing 1).
    /// - Complexity: O(m·n) time, O(n) memory.
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// The candidate nearest to `name`, or `nil` when none is plausibly meant.
    ///
    /// Every comparison ignores case, and a candidate equal to `name` but for
    /// case (`widget` for `Widget`) wins outright. Then a candidate whose last
    /// dotted segments equal `name` (`budgetPerDay` for `widget.budgetPerDay`),
    /// then the shortest candidate that begins with `name` (`widget.budget`).
    /// Otherwise the candidate with the smallest edit distance (ties: the
    /// earlier candidate) is returned if that distance is at most max(2, half
    /// the name's length).
    public static func nearest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        let loweredCandidates = candidates.map { $0.lowercased() }
        if let same = loweredCandidates.firstIndex(of: lowered) { return candidates[same] }
        if !name.isEmpty, let suffixMatch = loweredCandidates.firstIndex(where: { $0.hasSuffix("." + lowered) }) {
            return candidates[suffixMatch]
        }
        if name.unicodeScalars.count >= 3,
           let prefixMatch = candidates.indices.filter({ loweredCandidates[$0].hasPrefix(lowered) })
               .min(by: { candidates[$0].count < candidates[$1].count }) {
            return candidates[prefixMatch]
        }
        var best: (name: String, distance: Int)?
        let limit = max(2, name.unicodeScalars.count / 2)
        let length = lowered.unicodeScalars.count
        for (candidate, loweredCandidate) in zip(candidates, loweredCandidates) {
            // The distance is at least the difference in length: past the limit, no need to
            // compute it (a huge key costs nothing).
            guard abs(loweredCandidate.unicodeScalars.count - length) <= limit else { continue }
            guard segmentsAreNear(lowered, loweredCandidate) else { continue }
            let d = distance(lowered, loweredCandidate)
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        guard let best, best.distance <= max(2, name.unicodeScalars.count / 2) else { return nil }
        return best.name
    }

    /// Whether a dotted name and a candidate with as many segments are near segment by segment
    /// (each within max(2, half its length) edits), so that a misspelt section is never
    /// answered with another section whose last segment happens to match: `obsreve.enabled`
    /// is not `live.enabled`. Names with different numbers of segments are compared whole.
    static func segmentsAreNear(_ name: String, _ candidate: String) -> Bool {
        let a = name.split(separator: ".", omittingEmptySubsequences: false)
        let b = candidate.split(separator: ".", omittingEmptySubsequences: false)
        guard a.count > 1, a.count == b.count else { return true }
        return zip(a, b).allSatisfy { x, y in
            distance(String(x), String(y)) <= max(2, x.unicodeScalars.count / 2)
        }
    }

    /// ". Did you mean 'x'?" for the candidate nearest to `name`, or "" when none is near
    /// (the end of a CLI error message).
    public static func hint(for name: String, among candidates: [String]) -> String {
        nearest(to: name, among: candidates).map { ". Did you mean '\($0)'?" } ?? ""
    }
}
