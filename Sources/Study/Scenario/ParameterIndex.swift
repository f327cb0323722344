// The parameter catalogue indexed for decoding: by path, by group prefix, and
// the list of paths that "Did you mean ...?" searches.
import Surfaces
import SurfaceCore

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

    /// Paths a sweep may not vary: they apply to the study as a whole. (`platform` may be
    /// swept: each point then starts from its profile's defaults.)
    public static let studyWide: Set<String> = ["seed", "replications", "commonRandomNumbers"]

    /// The index of the whole catalogue, built once: the catalogue is fixed from its first
    /// read on (surfaces are installed before it), and building it takes about a
    /// millisecond, which a run paid several times per sweep point. Shared between threads
    /// as it is: nothing changes it once built, and its specs' accessors touch only the
    /// `Parameters` value each call is handed (they are not marked `Sendable` because they
    /// are built from key paths).
    nonisolated(unsafe) public static let shared = ParameterIndex()

    /// The index of the whole catalogue (`shared` is this, built once).
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

    /// The deepest group `path` lies in (`observe.glances` for `observe.glances.tv`), or ""
    /// when no proper prefix of it is a group.
    public func enclosingGroup(of path: String) -> String {
        var end = path.endIndex
        while let dot = path[..<end].lastIndex(of: ".") {
            let prefix = String(path[..<dot])
            if isGroup(prefix) { return prefix }
            end = dot
        }
        return ""
    }

    /// The names directly under `group` ("" for the top level), in catalogue order.
    public func children(of group: String) -> [String] {
        let start = group.isEmpty ? "" : group + "."
        var names: [String] = []
        for path in paths where path.hasPrefix(start) {
            let next = path.dropFirst(start.count).prefix { $0 != "." }
            if !names.contains(where: { $0 == next }) { names.append(String(next)) }
        }
        return names
    }

    /// Other words for top-level names, offered to a misspelt top-level key: the platform
    /// is also called the profile (`ios`, `android`), so `profle: "ios"` means `platform`.
    static let topLevelAliases = ["profile": "platform"]

    /// The keys a rate's object may hold besides `perHour` (`{perHour: 2, profile: [...]}`).
    static let rateObjectKeys = ["profile"]

    /// The names a key directly under `group` may take: its children, and for a rate
    /// written as an object (`user.appOpens`), the keys of that object.
    func keys(of group: String) -> [String] {
        let names = children(of: group)
        guard !group.isEmpty, rateShorthand(group) != nil, names == ["perHour"] else { return names }
        return names + Self.rateObjectKeys
    }

    /// The error for an unknown parameter `path`: the group it was written in, what that
    /// group holds, what was found, and the nearest valid name, at any depth.
    ///
    /// Inside a group the suggestion is the nearest of the names the group holds (a
    /// parameter, a group within it, a rate's `profile`) or of its deeper paths (a typo in a
    /// later segment too), else one of the same name in another group (`widget.wakeRefusal`
    /// for `push.wakeRefusal`). At the top level it is the nearest of `topLevelKeys`, of the
    /// top-level names (`duration`, `widget`, `observe`, ...) when `groups` is true (a
    /// scenario file may write a group as a nested object), of every path, and of
    /// `topLevelAliases` (suggesting the name each stands for). Names that
    /// differ only in case rank first. Where nothing is near, the group's names in the
    /// message say what it holds.
    public func unknownParameter(_ path: String, at location: InputLocation, topLevelKeys: [String] = [],
                                 groups: Bool = false) -> ScenarioError {
        let group = enclosingGroup(of: path)
        let names = keys(of: group)
        let rest = group.isEmpty ? path : String(path.dropFirst(group.count + 1))
        let suggestion: String?
        if group.isEmpty {
            let candidates = topLevelKeys + (groups ? children(of: "") : []) + paths + Self.topLevelAliases.keys.sorted()
            suggestion = NameSuggestion.nearest(to: path, among: candidates).map { Self.topLevelAliases[$0] ?? $0 }
        } else {
            let inGroup = paths.filter { $0.hasPrefix(group + ".") }.map { String($0.dropFirst(group.count + 1)) }
            let local = (groups ? names : []) + inGroup
            suggestion = NameSuggestion.nearest(to: rest, among: local).map { group + "." + $0 }
                ?? paths.first { $0.lowercased().hasSuffix("." + rest.lowercased()) }
        }
        return ScenarioError(location, path: path, .unknownParameter(rest, group: group, names: names), suggestion: suggestion)
    }
}
