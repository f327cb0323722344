// FNV-1a 64, the checksum a checkpoint keeps of the runs.csv rows it covers, so
// a resumed run notices a damaged or changed file.

/// A running 64-bit FNV-1a hash.
struct FNV1a: Sendable, Equatable {
    /// The hash of the bytes so far (the offset basis for none).
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Folds `bytes` in.
    mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }

    /// `value` as 16 lowercase hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
