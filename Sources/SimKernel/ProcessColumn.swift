/// One column of the engine's process table (docs/model.md#the-kernel): a value per registered
/// program, in registration order, read and written at every event.
///
/// An array in a class property pays, at each write, a check that its buffer is not shared
/// (and copies it if it is) and a bounds check; the engine's columns are never shared and
/// only the engine indexes them, with indices it handed out itself. So the column keeps its
/// values in a buffer it owns, and `subscript` is a plain load or store (debug builds, and so
/// the tests, still check the index).
@usableFromInline
struct ProcessColumn<Value> {
    @usableFromInline var values: UnsafeMutablePointer<Value>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    @usableFromInline init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
        values = .allocate(capacity: self.capacity)
    }

    /// Frees the buffer: the engine's `deinit` calls it once (a copy of the column shares the
    /// buffer, so the column frees nothing by itself).
    @usableFromInline func free() {
        values.deinitialize(count: count)
        values.deallocate()
    }

    @inlinable @inline(__always)
    subscript(_ i: Int) -> Value {
        get {
            assert(i >= 0 && i < count, "process index \(i) out of range 0..<\(count)")
            return values[i]
        }
        nonmutating _modify {
            assert(i >= 0 && i < count, "process index \(i) out of range 0..<\(count)")
            yield &values[i]
        }
    }

    @usableFromInline mutating func append(_ value: Value) {
        if count == capacity {
            let bigger = capacity * 2
            let moved = UnsafeMutablePointer<Value>.allocate(capacity: bigger)
            moved.moveInitialize(from: values, count: count)
            values.deallocate()
            values = moved
            capacity = bigger
        }
        (values + count).initialize(to: value)
        count += 1
    }

    @usableFromInline mutating func removeAll() {
        values.deinitialize(count: count)
        count = 0
    }
}
