// The sort of a replication's samples, for the per-replication quantiles of runs.csv
// (docs/output.md): in place and with no scratch buffer, since every sampled metric of every
// replication is sorted once.

/// An in-place sort of doubles in ascending order: quicksort with a three-way partition
/// around a median of three (so lists of many equal samples, such as a staleness that is
/// often exactly one reload period, split apart at once), a sorting network for short ranges,
/// and heapsort once the partitions go too deep (past 2·(⌊log₂ n⌋ + 1) levels), so it is
/// O(n log n) on any input and allocates nothing.
///
/// The partition and the networks do not branch on the values (a replication's samples come in
/// no order, so such a branch goes either way at random): the partition swaps every element and
/// moves its boundary by the comparison's 0 or 1, and a network's compare-exchanges are each a
/// minimum and a maximum.
///
/// It is not stable, so it is for values whose equal elements cannot be told apart: no NaN,
/// and not both zeros (`-0.0 == 0.0` yet they are written differently). Positive finite
/// samples qualify; `ReplicationFigures.sortSamples` hands it only those.
enum SampleSort {
    /// Ranges this short or shorter are finished by a sorting network.
    static let networkLimit = 16

    static func sort(_ b: UnsafeMutableBufferPointer<Double>) {
        sort(b, depthLimit: 2 * (Int.bitWidth - b.count.leadingZeroBitCount))
    }

    /// `sort(_:)` with the partition depth past which ranges are heapsorted given (the tests
    /// give small ones, so that the fallback runs on the sub-ranges it is handed).
    static func sort(_ b: UnsafeMutableBufferPointer<Double>, depthLimit: Int) {
        guard b.count > 1, let base = b.baseAddress else { return }
        introsort(base, 0, b.count, depth: depthLimit)
    }

    private static func introsort(_ a: UnsafeMutablePointer<Double>, _ low: Int, _ high: Int, depth: Int) {
        var lo = low, hi = high, depth = depth
        while hi - lo > networkLimit {
            if depth == 0 { return heapsort(a + lo, hi - lo) }
            depth -= 1
            let p = median(a[lo], a[lo + (hi - lo) / 2], a[hi - 1])
            // [lo, lt) < p: each element is swapped to `lt`, which moves on past it if it is less.
            var lt = lo
            for i in lo..<hi {
                let x = a[i]
                a[i] = a[lt]
                a[lt] = x
                lt &+= isNegative(x - p)
            }
            // Then [lt, gt) == p and [gt, hi) > p, the same way (all of [lt, hi) is at least p).
            var gt = lt
            for i in lt..<hi {
                let x = a[i]
                a[i] = a[gt]
                a[gt] = x
                gt &+= 1 &- isNegative(p - x)
            }
            // The smaller side by recursion, the larger by the loop: the stack stays O(log n).
            if lt - lo < hi - gt {
                introsort(a, lo, lt, depth: depth)
                lo = gt
            } else {
                introsort(a, gt, hi, depth: depth)
                hi = lt
            }
        }
        networkSort(a + lo, hi - lo)
    }

    /// 1 if `d` is negative, else 0, read from its sign bit: `x < p` is `isNegative(x − p)` for
    /// finite samples (the difference of two different doubles is never rounded to zero, and
    /// `x − x` is +0). The compiler turns `x < p ? 1 : 0` back into a branch.
    @inline(__always) private static func isNegative(_ d: Double) -> Int {
        Int(truncatingIfNeeded: d.bitPattern >> 63)
    }

    @inline(__always) private static func median(_ x: Double, _ y: Double, _ z: Double) -> Double {
        x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y))
    }

    /// Sorts the `n` ≤ 16 values at `a` with the network for 8 or 16 values, the places past `n`
    /// filled with +∞ (never a sample), which the network leaves at the end.
    private static func networkSort(_ a: UnsafeMutablePointer<Double>, _ n: Int) {
        guard n > 1 else { return }
        var room: (Double, Double, Double, Double, Double, Double, Double, Double,
                   Double, Double, Double, Double, Double, Double, Double, Double) =
            (.infinity, .infinity, .infinity, .infinity, .infinity, .infinity, .infinity, .infinity,
             .infinity, .infinity, .infinity, .infinity, .infinity, .infinity, .infinity, .infinity)
        withUnsafeMutableBytes(of: &room) { raw in
            let p = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: Double.self)
            p.update(from: a, count: n)
            if n <= 8 { network8(p) } else { network16(p) }
            a.update(from: p, count: n)
        }
    }

    /// Puts the smaller of `x` and `y` in `x` and the larger in `y`.
    @inline(__always) private static func exchange(_ x: inout Double, _ y: inout Double) {
        let (low, high) = x < y ? (x, y) : (y, x)
        (x, y) = (low, high)
    }

    /// Batcher's odd–even merge network for 8 values at `p`.
    private static func network8(_ p: UnsafeMutablePointer<Double>) {
        var v0 = p[0], v1 = p[1], v2 = p[2], v3 = p[3], v4 = p[4], v5 = p[5], v6 = p[6], v7 = p[7]
        exchange(&v0, &v1)
        exchange(&v2, &v3)
        exchange(&v0, &v2)
        exchange(&v1, &v3)
        exchange(&v1, &v2)
        exchange(&v4, &v5)
        exchange(&v6, &v7)
        exchange(&v4, &v6)
        exchange(&v5, &v7)
        exchange(&v5, &v6)
        exchange(&v0, &v4)
        exchange(&v2, &v6)
        exchange(&v2, &v4)
        exchange(&v1, &v5)
        exchange(&v3, &v7)
        exchange(&v3, &v5)
        exchange(&v1, &v2)
        exchange(&v3, &v4)
        exchange(&v5, &v6)
        p[0] = v0; p[1] = v1; p[2] = v2; p[3] = v3; p[4] = v4; p[5] = v5; p[6] = v6; p[7] = v7
    }

    /// Batcher's odd–even merge network for 16 values at `p`: the network for 8 on each half,
    /// then the merge of the two sorted halves.
    private static func network16(_ p: UnsafeMutablePointer<Double>) {
        network8(p)
        network8(p + 8)
        var v0 = p[0], v1 = p[1], v2 = p[2], v3 = p[3], v4 = p[4], v5 = p[5], v6 = p[6], v7 = p[7], v8 = p[8], v9 = p[9], v10 = p[10], v11 = p[11], v12 = p[12], v13 = p[13], v14 = p[14], v15 = p[15]
        exchange(&v0, &v8)
        exchange(&v4, &v12)
        exchange(&v4, &v8)
        exchange(&v2, &v10)
        exchange(&v6, &v14)
        exchange(&v6, &v10)
        exchange(&v2, &v4)
        exchange(&v6, &v8)
        exchange(&v10, &v12)
        exchange(&v1, &v9)
        exchange(&v5, &v13)
        exchange(&v5, &v9)
        exchange(&v3, &v11)
        exchange(&v7, &v15)
        exchange(&v7, &v11)
        exchange(&v3, &v5)
        exchange(&v7, &v9)
        exchange(&v11, &v13)
        exchange(&v1, &v2)
        exchange(&v3, &v4)
        exchange(&v5, &v6)
        exchange(&v7, &v8)
        exchange(&v9, &v10)
        exchange(&v11, &v12)
        exchange(&v13, &v14)
        p[0] = v0; p[1] = v1; p[2] = v2; p[3] = v3; p[4] = v4; p[5] = v5; p[6] = v6; p[7] = v7; p[8] = v8; p[9] = v9; p[10] = v10; p[11] = v11; p[12] = v12; p[13] = v13; p[14] = v14; p[15] = v15
    }

    private static func heapsort(_ a: UnsafeMutablePointer<Double>, _ n: Int) {
        var start = n / 2
        while start > 0 {
            start -= 1
            siftDown(a, start, n)
        }
        var end = n
        while end > 1 {
            end -= 1
            let top = a[0]; a[0] = a[end]; a[end] = top
            siftDown(a, 0, end)
        }
    }

    /// Restores the max-heap below `root` within the first `n` elements.
    private static func siftDown(_ a: UnsafeMutablePointer<Double>, _ root: Int, _ n: Int) {
        var parent = root
        while true {
            var child = 2 * parent + 1
            if child >= n { return }
            if child + 1 < n && a[child + 1] > a[child] { child += 1 }
            if a[child] <= a[parent] { return }
            let t = a[parent]; a[parent] = a[child]; a[child] = t
            parent = child
        }
    }
}
