// Reading a teardown worksheet (docs/inference.md#worksheet). The first bad input stops
// decoding with one `ScenarioError` (file, line, key path, expected, found, nearest name);
// nothing is silently ignored.
import SimKernel
import Surfaces
import SurfaceCore

/// Decodes worksheet files into `Worksheet`s.
public enum WorksheetDecoder {
    /// The keys a worksheet may hold.
    static let keys = ["description", "platform", "surfaces", "readings", "prior", "calibrate"]

    /// Reads and decodes the worksheet at `path`.
    /// - Throws: `ScenarioError` for an unreadable file or any bad input.
    public static func load(path: String) throws(ScenarioError) -> Worksheet {
        switch TextFile.contents(of: path, limit: TextFile.inputLimit) {
        case .success(let text): return try decode(text, file: path)
        case .failure(let failure):
            if let line = failure.line, let column = failure.column {
                throw ScenarioError(.file(path, line: line, column: column), .unreadable(failure.reason))
            }
            if failure.refusedBySystem { throw ScenarioError(.wholeFile(path), .refused(failure.reason)) }
            throw ScenarioError(.wholeFile(path), .unreadable(failure.reason))
        }
    }

    /// Decodes worksheet text; `file` names it in errors.
    public static func decode(_ text: String, file: String) throws(ScenarioError) -> Worksheet {
        let root: JSONNode
        do { root = try JSON5.parse(text) } catch {
            throw ScenarioError(.file(file, line: error.line, column: error.column), .syntax(error.message))
        }
        let d = Decoding(file: file)
        let members = try d.object(root, path: nil, what: "a worksheet object (platform, surfaces, readings, prior)")
        for m in members where !keys.contains(m.key) {
            throw ScenarioError(d.at(m), .unknownKey(m.key, allowed: keys), suggestion: NameSuggestion.nearest(to: m.key, among: keys))
        }
        var sheet = Worksheet(file: file, readings: [:])
        if let node = root[key: "description"] { _ = try d.string(node, path: "description") }
        if let node = root[key: "platform"] {
            let name = try d.string(node, path: "platform")
            guard let profile = PlatformProfile(rawValue: name) else {
                throw d.unknown(name, among: PlatformProfile.allCases.map(\.rawValue), at: node, path: "platform", what: "a platform")
            }
            sheet.platform = profile
        }
        if let node = root[key: "surfaces"] { sheet.surfaces = try surfaces(node, d) }
        if let node = root[key: "readings"] { sheet.readings = try readings(node, d, seen: sheet.surfaces) }
        if let node = root[key: "prior"] { sheet.prior = try prior(node, d, platform: sheet.platform, seen: sheet.surfaces) }
        if let node = root[key: "calibrate"] { sheet.calibration = try CalibrationDecoder(file: file).decode(node) }
        return sheet
    }

    /// `surfaces: ["widget", "watch"]`: each once.
    private static func surfaces(_ node: JSONNode, _ d: Decoding) throws(ScenarioError) -> [TeardownSurface] {
        guard case .array(let items) = node.value, !items.isEmpty else {
            throw ScenarioError(d.at(node), path: "surfaces", .expected("a non-empty list of surfaces", found: ValueDecoder.describe(node)))
        }
        var out: [TeardownSurface] = []
        for (i, item) in items.enumerated() {
            let path = "surfaces[\(i)]"
            let name = try d.string(item, path: path)
            guard let s = TeardownSurface(rawValue: name) else {
                throw d.unknown(name, among: TeardownSurface.allCases.map(\.rawValue), at: item, path: path, what: "a surface")
            }
            guard !out.contains(s) else {
                throw ScenarioError(d.at(item), path: path, .other("'\(name)' is listed twice"))
            }
            out.append(s)
        }
        return out
    }

    /// `readings: {"P25.1": "alreadyUpdated", "P25.2": ["withinAMinute", {reading: "withinTheHour", after: "40m"}]}`.
    private static func readings(_ node: JSONNode, _ d: Decoding, seen: [TeardownSurface]?) throws(ScenarioError) -> [String: [Worksheet.Reading]] {
        // The probes a teardown surface uses (the probe for S1 is not one yet: docs/inference.md).
        let ids = ChapterProbes.all.map(\.id).filter { TeardownSurface.of(probe: $0) != nil }
        var out: [String: [Worksheet.Reading]] = [:]
        for m in try d.object(node, path: "readings", what: "an object of probe ids (P25.1 …) and readings") {
            let path = "readings." + m.key
            if ChapterProbes.probe(m.key) != nil && !ids.contains(m.key) {
                throw ScenarioError(d.at(m), path: path, .other("the probe \(m.key) speaks about no surface infer reads yet (docs/inference.md); record it in probes, not here"))
            }
            guard let probe = ChapterProbes.probe(m.key) else {
                throw ScenarioError(d.at(m), path: path, .expected("a probe id (\(ids.joined(separator: ", ")))", found: "'\(ScenarioError.shorten(m.key))'"),
                                    suggestion: NameSuggestion.nearest(to: m.key, among: ids))
            }
            let surface = TeardownSurface.of(probe: probe.id)!
            if let seen, !seen.contains(surface) {
                throw ScenarioError(d.at(m), path: path,
                                    .other("\(probe.id) speaks about the \(surface.rawValue) surface, which 'surfaces' does not list"))
            }
            let items: [JSONNode]
            if case .array(let list) = m.value.value {
                guard !list.isEmpty else {
                    throw ScenarioError(d.at(m.value), path: path, .expected("a reading or a non-empty list of readings", found: "[]"))
                }
                items = list
            } else {
                items = [m.value]
            }
            var recorded: [Worksheet.Reading] = []
            for (i, item) in items.enumerated() {
                recorded += try reading(item, of: probe, d, path: items.count == 1 && !isArray(m.value) ? path : path + "[\(i)]")
            }
            out[probe.id] = recorded
        }
        return out
    }

    private static func isArray(_ node: JSONNode) -> Bool { if case .array = node.value { true } else { false } }

    /// One reading: its id, or `{reading: id, after: "7m"}`, or the reading recorded several times
    /// with each run's time, `{reading: id, after: ["7m", "12m", ">10m"]}` (`>`: not yet shown
    /// when the person stopped watching).
    private static func reading(_ node: JSONNode, of probe: ChapterProbe, _ d: Decoding, path: String) throws(ScenarioError) -> [Worksheet.Reading] {
        let known = probe.readings.map(\.id)
        var idNode = node
        var times: [(SimTime, Bool)] = []
        if case .object(let members) = node.value {
            for m in members where m.key != "reading" && m.key != "after" {
                throw ScenarioError(d.at(m), path: path, .unknownKey(m.key, allowed: ["reading", "after"]),
                                    suggestion: NameSuggestion.nearest(to: m.key, among: ["reading", "after"]))
            }
            guard let given = node[key: "reading"] else {
                throw ScenarioError(d.at(node), path: path, .expected("{reading: id, after: duration}", found: "no 'reading'"))
            }
            idNode = given
            if let time = node[key: "after"] {
                if case .array(let list) = time.value {
                    guard !list.isEmpty, list.count <= 1_000 else {
                        throw ScenarioError(d.at(time), path: path + ".after", .expected("a duration or a list of 1 to 1000 of them", found: ValueDecoder.describe(time)))
                    }
                    for (i, item) in list.enumerated() { times.append(try duration(item, d, path: path + ".after[\(i)]")) }
                } else {
                    times.append(try duration(time, d, path: path + ".after"))
                }
            }
        }
        let id = try d.string(idNode, path: path, what: "a reading of \(probe.id) (\(known.joined(separator: ", ")))")
        guard known.contains(id) else {
            throw d.unknown(id, among: known, at: idNode, path: path, what: "a reading of \(probe.id)")
        }
        if times.isEmpty { return [Worksheet.Reading(id)] }
        return times.map { Worksheet.Reading(id, after: $0.0, censored: $0.1) }
    }

    /// `"7m"`, or `">10m"`: still not shown after ten minutes.
    private static func duration(_ node: JSONNode, _ d: Decoding, path: String) throws(ScenarioError) -> (SimTime, Bool) {
        var text = try d.string(node, path: path, what: "a duration such as \"7m\", or \">10m\" for not yet shown when you stopped watching")
        let censored = text.hasPrefix(">")
        if censored { text.removeFirst() }
        guard let us = Units.parseDuration(text), us >= 0, Double(us) <= ParameterRange.longestDuration * 1e6 else {
            throw ScenarioError(d.at(node), path: path, .expected("a duration such as \"7m\" or \"40s\" (\">10m\": not yet shown after ten minutes), at most 1000d", found: ValueDecoder.describe(node)))
        }
        return (SimTime(us), censored)
    }

    /// `prior: {widget: {"reloadOnChange+pushReload": 3}}`: non-negative weights, not all zero.
    private static func prior(_ node: JSONNode, _ d: Decoding, platform: PlatformProfile,
                              seen: [TeardownSurface]?) throws(ScenarioError) -> [TeardownSurface: [String: Double]] {
        let base = ChapterProbes.base(for: platform)
        var out: [TeardownSurface: [String: Double]] = [:]
        for m in try d.object(node, path: "prior", what: "an object of surfaces and design weights") {
            let path = "prior." + m.key
            guard let surface = TeardownSurface(rawValue: m.key) else {
                throw d.unknown(m.key, among: TeardownSurface.allCases.map(\.rawValue), at: m.value, path: path, what: "a surface", keyOf: m)
            }
            if let seen, !seen.contains(surface) {
                throw ScenarioError(d.at(m), path: path, .other("'surfaces' does not list \(surface.rawValue), so nothing is inferred for it"))
            }
            let names = JointDesign.all(of: surface, base: base).map(\.name)
            var weights: [String: Double] = [:]
            for w in try d.object(m.value, path: path, what: "an object of \(surface.rawValue) designs and weights") {
                let wpath = path + "." + w.key
                guard names.contains(w.key) else {
                    throw d.unknown(w.key, among: names, at: w.value, path: wpath, what: "a \(surface.rawValue) design", keyOf: w)
                }
                guard case .number(let x) = w.value.value, x.isFinite, x >= 0, x <= 1e12 else {
                    throw ScenarioError(d.at(w.value), path: wpath, .expected("a weight from 0 to 1e12", found: ValueDecoder.describe(w.value)))
                }
                weights[w.key] = x
            }
            if names.allSatisfy({ (weights[$0] ?? 1) == 0 }) {
                throw ScenarioError(d.at(m.value), path: path, .expected("a weight above 0 for some design", found: "every weight 0"))
            }
            out[surface] = weights
        }
        return out
    }
}

/// Positions and shapes shared by the worksheet's parts.
private struct Decoding {
    let file: String

    func at(_ node: JSONNode) -> InputLocation { .file(file, line: node.line, column: node.column) }
    func at(_ member: JSONMember) -> InputLocation { .file(file, line: member.keyLine, column: member.keyColumn) }

    func object(_ node: JSONNode, path: String?, what: String) throws(ScenarioError) -> [JSONMember] {
        guard case .object(let members) = node.value else {
            throw ScenarioError(at(node), path: path, .expected(what, found: ValueDecoder.describe(node)))
        }
        return members
    }

    func string(_ node: JSONNode, path: String, what: String = "a string") throws(ScenarioError) -> String {
        guard case .string(let text) = node.value else {
            throw ScenarioError(at(node), path: path, .expected(what, found: ValueDecoder.describe(node)))
        }
        return text
    }

    /// An unknown name: what was expected (the names, if few), what was found, the nearest.
    func unknown(_ name: String, among names: [String], at node: JSONNode, path: String, what: String,
                 keyOf member: JSONMember? = nil) -> ScenarioError {
        let list = names.count <= 12 ? " (" + names.joined(separator: ", ") + ")" : ""
        return ScenarioError(member.map(at) ?? at(node), path: path, .expected(what + list, found: "'\(ScenarioError.shorten(name))'"),
                             suggestion: NameSuggestion.nearest(to: name, among: names))
    }
}
