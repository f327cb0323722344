// The sort of a replication's samples, for the per-replication quantiles of runs.csv
// (docs/output.md): in place and with no scratch buffer, since every sampled metric of every
// replication is sorted once.

/// An in-place sort of doubles in ascending order: quicksort with a three-way partition
/// around a median of three (so lists of many equal samples, such as a staleness that is
/// often exactly one reload period, split in one pass), insertion sort for short ranges, and
/// heapsort once the partitions go too deep (past 2·(⌊log₂ n⌋ + 1) levels), so it is
/// O(n log n) on any input and allocates nothing.
///
/// It is not stable, so it is for values whose equal elements cannot be told apart: no NaN,
/// and not both zeros (`-0.0 == 0.0` yet they are written differently). Positive finite
/// samples qualify; `ReplicationFigures.sortSamples` hands it only those.
enum SampleSort {
    /// Ranges this short or shorter are finished by insertion sort.
    static let insertionLimit = 16

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
        while hi - lo > insertionLimit {
            if depth == 0 { return heapsort(a + lo, hi - lo) }
            depth -= 1
            let p = median(a[lo], a[lo + (hi - lo) / 2], a[hi - 1])
            // [lo, lt) < p, [lt, i) == p, [gt, hi) > p.
            var lt = lo, i = lo, gt = hi
            while i < gt {
                let x = a[i]
                if x < p {
                    a[i] = a[lt]; a[lt] = x
                    lt += 1; i += 1
                } else if x > p {
                    gt -= 1
                    a[i] = a[gt]; a[gt] = x
                } else {
                    i += 1
                }
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
        insertionSort(a + lo, hi - lo)
    }

    @inline(__always) private static func median(_ x: Double, _ y: Double, _ z: Double) -> Double {
        x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y))
    }

    private static func insertionSort(_ a: UnsafeMutablePointer<Double>, _ n: Int) {
        guard n > 1 else { return }
        for i in 1..<n {
            let x = a[i]
            var j = i
            while j > 0 && a[j - 1] > x {
                a[j] = a[j - 1]
                j -= 1
            }
            a[j] = x
        }
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
