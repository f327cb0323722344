// Whether a folder is a mount point: its own file system, or a bind mount of a folder
// of the same one (which shares its parent's device number, so only the mount table
// tells).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's table of mounted file systems.
enum MountTable {
    /// Whether `path` (absolute, links resolved) is where a file system is mounted.
    static func isMountPoint(_ path: String) -> Bool {
        var own = stat(), parent = stat()
        guard lstat(path, &own) == 0, (own.st_mode & S_IFMT) == S_IFDIR else { return false }
        if lstat(POSIXFiles.parent(of: path), &parent) == 0, parent.st_dev != own.st_dev { return true }
        return mountPoints().contains(path)
    }

    /// The mount points `/proc/self/mountinfo` lists (its fifth field, octal escapes
    /// decoded); empty where there is no such file.
    static func mountPoints() -> Set<String> {
        guard case .success(let text) = TextFile.contents(of: "/proc/self/mountinfo", limit: 64 * 1_048_576) else { return [] }
        var points: Set<String> = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            if fields.count > 4 { points.insert(decode(fields[4])) }
        }
        return points
    }

    /// A mountinfo field with its `\ooo` escapes (space, tab, newline, backslash) decoded.
    private static func decode(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(field.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "\\"), i + 3 < utf8.count {
                let digits = utf8[(i + 1)...(i + 3)]
                if digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }) {
                    bytes.append(digits.reduce(0) { $0 &* 8 &+ ($1 - UInt8(ascii: "0")) })
                    i += 4
                    continue
                }
            }
            bytes.append(utf8[i])
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
