// The parameter catalogue indexed for decoding: by path, by group prefix, and
// the list of paths that "Did you mean ...?" searches.
import Surfaces

/// `ParameterCatalog.all()` indexed by path, with the dotted groups (`widget`,
/// `observe.glances`) that scenario files may write as nested objects.
public struct ParameterIndex {
    /// Every parameter, in catalogue order.
    public let specs: [ParameterSpec]
    /// Every parameter path, in catalogue order.
    public let paths: [String]
    /// Position of each path in `specs`.
    private let positions: [String: Int]
    /// Every proper dotted prefix of a path (`observe`, `observe.glances`, ...).
    private let groups: Set<String>

    /// Paths a sweep may not vary: they apply to the study as a whole.
    public static let studyWide: Set<String> = ["platform", "seed", "replications", "commonRandomNumbers"]

    /// The index of the whole catalogue.
    public init() {
        specs = ParameterCatalog.all()
        paths = specs.map(\.path)
        var positions: [String: Int] = [:]
        var groups = Set<String>()
        for (i, path) in paths.enumerated() {
            positions[path] = i
            var prefix = ""
            for segment in path.split(separator: ".").dropLast() {
                prefix += prefix.isEmpty ? String(segment) : "." + segment
                groups.insert(prefix)
            }
        }
        self.positions = positions
        self.groups = groups
    }

    /// The parameter at `path`.
    public subscript(path: String) -> ParameterSpec? {
        positions[path].map { specs[$0] }
    }

    /// Whether `prefix` is a group of parameters (a proper dotted prefix of a path).
    public func isGroup(_ prefix: String) -> Bool { groups.contains(prefix) }

    /// The rate parameter `path + ".perHour"`, if `path` is written without its
    /// last segment (`user.appOpens` for `user.appOpens.perHour`).
    public func rateShorthand(_ path: String) -> String? {
        let full = path + ".perHour"
        guard let spec = self[full], spec.kind == .rate else { return nil }
        return full
    }

    /// The path most like `name`, for "Did you mean ...?".
    public func nearest(to name: String) -> String? {
        NameSuggestion.nearest(to: name, among: paths)
    }
}
