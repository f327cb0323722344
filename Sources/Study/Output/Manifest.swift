// manifest.json (docs/output.md): the scenario after overrides, seed, program
// version, the model's identity and the commit, command line, time taken and events simulated.

/// What manifest.json records besides the state.
public struct ManifestInfo: Sendable {
    /// The command line as typed (program name first).
    public var commandLine: [String]
    /// Wall-clock seconds the study took (all sessions of a resumed run; all shards of a merge);
    /// nil when the run asked for a reproducible manifest.
    public var timeTakenSeconds: Double?
    /// Shard directories a merge combined (empty for a run).
    public var mergedFrom: [String] = []
    /// How `run --precision` sized the study (nil otherwise).
    public var precision: PrecisionReport?
    /// Whether the build's git commit is recorded (false under `--reproducible`).
    public var recordsCommit = true
    /// The models of merged shards that differ from this program's (`merge --allow-different-models`).
    public var otherModels: [String] = []
    /// What `observe.select` found (nil otherwise).
    public var selection: SelectionResult?

    /// Creates the record.
    public init(commandLine: [String], timeTakenSeconds: Double?, mergedFrom: [String] = []) {
        (self.commandLine, self.timeTakenSeconds, self.mergedFrom) = (commandLine, timeTakenSeconds, mergedFrom)
    }
}

/// Builds manifest.json.
public enum Manifest {
    /// The manifest of `state` listing `files`.
    public static func render(_ state: StudyState, info: ManifestInfo, files: [String]) -> String {
        let events = state.points.reduce(Int64(0)) { $0 + $1.events }
        let replications = state.points.reduce(0) { $0 + $1.replications }
        let failed = state.points.reduce(0) { $0 + $1.failedReplications }
        var pairs: [(String, JSONValue)] = [
            ("program", .string("surfacesim")),
            ("version", .string(StudyProgram.version)),
            ("model", .string(StudyProgram.model)),
        ]
        if info.recordsCommit, let commit = StudyProgram.commit { pairs.append(("commit", .string(commit))) }
        if !info.otherModels.isEmpty { pairs.append(("shardModels", JSONBuild.array(info.otherModels.map { .string($0) }))) }
        pairs += [
            ("commandLine", JSONBuild.array(info.commandLine.map { .string($0) })),
            ("scenario", (try? JSON5.parse(state.layout.scenarioJSON))?.value ?? .null),
            ("seed", state.layout.seed < 1 << 53 ? .number(Double(state.layout.seed)) : .string(String(state.layout.seed))),
            ("replicationsPerPoint", .number(Double(state.layout.replications))),
            ("points", .number(Double(state.layout.points.count))),
            ("shard", state.shard.map { .string($0.description) } ?? .null),
        ]
        if !info.mergedFrom.isEmpty { pairs.append(("mergedFrom", JSONBuild.array(info.mergedFrom.map { .string($0) }))) }
        if let precision = info.precision {
            pairs.append(("precision", JSONBuild.object([
                ("targets", JSONBuild.array(precision.targets.indices.map { t in precision.manifestEntry(t) })),
                ("replicationsAfterEachBatch", JSONBuild.array(precision.batches.map { .number(Double($0)) })),
                ("pointsNotReached", JSONBuild.array(precision.unmet.map { .string($0.point) })),
            ])))
        }
        if let selection = info.selection {
            let s = selection.settings
            pairs.append(("selection", JSONBuild.object([
                ("metric", .string(s.metric.name)),
                ("goal", .string(s.goal.rawValue)),
                ("within", .number(s.within)),
                ("confidence", .number(s.confidence)),
                ("constraints", JSONBuild.array(s.constraints.map { .string($0.text) })),
                ("firstStage", .number(Double(selection.firstStage))),
                ("maxReplications", .number(Double(selection.cap))),
                ("selected", selection.selected.map { .string(state.layout.points[$0].name) } ?? .null),
                ("guaranteeHolds", .bool(selection.guaranteeHolds)),
                ("replicationsUsed", .number(Double(selection.used))),
                ("fixedSampleReplications", .number(Double(selection.fixedSample))),
            ])))
        }
        pairs += [
            ("timeTakenSeconds", info.timeTakenSeconds.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
            ("eventsSimulated", .number(Double(events))),
            ("replicationsRun", .number(Double(replications))),
            ("failedReplications", .number(Double(failed))),
            ("files", JSONBuild.array(files.map { .string($0) })),
        ]
        return PrettyJSON.render(JSONBuild.object(pairs))
    }
}
