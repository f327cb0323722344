// The partial state of a study: what a shard leaves in state.json
// and a checkpoint in .partial/, encoded losslessly so that merging gives
// exactly the unsplit result.
import Surfaces
import SurfaceCore

/// The layout and accumulated numbers of a study, whole or partial.
public struct StudyState: Sendable, Equatable {
    /// The format tag of encoded state.
    public static let format = "surfacesim-state/3"

    /// The study's shape.
    public var layout: StudyLayout
    /// Which shard this is (nil: all replications).
    public var shard: Shard?
    /// One accumulator per point.
    public var points: [PointAccumulator]
    /// Wall-clock seconds spent running so far.
    public var elapsedSeconds: Double = 0
    /// Whether `elapsedSeconds` is written out (false for `--reproducible`: no wall-clock time in any file).
    public var timeRecorded = true
    /// The identity of the model code that ran the replications (`StudyProgram.model`).
    public var model = StudyProgram.model

    /// Empty state for `layout`.
    public init(layout: StudyLayout, shard: Shard?) {
        self.layout = layout
        self.shard = shard
        points = layout.points.map { _ in PointAccumulator() }
    }

    /// What two states must share to be parts of one study: the program's release and the
    /// scenario after overrides (seed and replications included). Their `model`s are checked
    /// apart, so that a merge can name them (and accept them with --allow-different-models).
    public var fingerprint: String { StudyProgram.release + "\n" + layout.scenarioJSON }

    /// The state as a JSON value (exact: histograms and moments as text).
    public func json() -> JSONValue {
        json(points: zip(layout.points, points).map { Self.pointJSON($0, $1) })
    }

    /// `json()`'s text, handed to `write` in pieces: everything but the points, then each
    /// point's object in turn, so that the state of a sweep of many points is never one text.
    /// The pieces together are JSON that `init(json:)` reads as it reads `json()`.
    func writeJSON(_ write: (String) -> Void) {
        let frame = Array(PrettyJSON.render(json(points: [])).utf8)
        let marker = Array("\"points\": []".utf8)
        // The last `"points": []` of the frame is its points member (the object's last).
        var at = frame.count - marker.count
        while at >= 0 && !frame[at..<(at + marker.count)].elementsEqual(marker) { at -= 1 }
        guard at >= 0 else { return write(PrettyJSON.render(json())) }
        write(String(decoding: frame[..<at], as: UTF8.self) + "\"points\": [\n")
        for (i, (layout, point)) in zip(layout.points, points).enumerated() {
            write((i == 0 ? "" : ",\n") + PrettyJSON.render(Self.pointJSON(layout, point)))
        }
        write("\n]" + String(decoding: frame[(at + marker.count)...], as: UTF8.self))
    }

    /// The state as a JSON value around the given points' objects.
    private func json(points: [JSONValue]) -> JSONValue {
        let study = JSONBuild.object([
            ("name", .string(layout.name)),
            ("columns", JSONBuild.array(layout.columns.map { .string($0) })),
            ("replications", .number(Double(layout.replications))),
            ("seed", .string(String(layout.seed))),
            ("commonRandomNumbers", .bool(layout.commonRandomNumbers)),
            ("baseline", .number(Double(layout.baseline))),
            ("report", JSONBuild.object([("table", Self.names(layout.report.table)), ("charts", Self.names(layout.report.charts))])),
            ("scenario", (try? JSON5.parse(layout.scenarioJSON))?.value ?? .null),
        ] + (layout.contrasts.map { [("contrasts", JSONValue.string($0.encoded))] } ?? []))
        return JSONBuild.object([
            ("format", .string(Self.format)),
            ("version", .string(StudyProgram.version)),
            ("model", .string(model)),
            ("shard", shard.map { .string($0.description) } ?? .null),
            ("elapsedSeconds", timeRecorded ? .number(elapsedSeconds) : .null),
            ("study", study),
            ("points", JSONBuild.array(points)),
        ])
    }

    /// Metric names as a JSON array.
    private static func names(_ metrics: [ReportedMetric]) -> JSONValue {
        JSONBuild.array(metrics.map { .string($0.spec.name) })
    }

    /// The metrics named by the array `key` of `node`; nil if it is missing or names an unknown metric.
    private static func metrics(_ node: JSONNode?, _ key: String) -> [ReportedMetric]? {
        guard let items = JSONBuild.array(node, key) else { return nil }
        let metrics = items.map { item -> ReportedMetric? in
            if case .string(let name) = item.value { ReportedMetric.named(name) } else { nil }
        }
        return metrics.contains(nil) ? nil : metrics.map { $0! }
    }

    /// One point's layout and accumulators.
    private static func pointJSON(_ layout: PointLayout, _ point: PointAccumulator) -> JSONValue {
        let metrics: [JSONValue] = MetricCatalog.specs.indices.map { slot in
            let m = point.metrics[slot]
            var fields: [(String, JSONValue)] = [
                ("metric", .string(MetricCatalog.specs[slot].name)),
                ("histogram", .string(m.histogram.encode())),
                ("moments", .string(m.moments.encode())),
                ("replicationStatistics", JSONBuild.array(m.replicationStatistics.map { .string($0.encode()) })),
                ("clusters", .string(m.clusters.encode())),
            ]
            if let bootstrap = m.bootstrap { fields.append(("bootstrap", .string(bootstrap.encode()))) }
            return JSONBuild.object(fields)
        }
        var fields: [(String, JSONValue)] = [
            ("name", .string(layout.name)),
            ("fields", JSONBuild.array(layout.fields.map { .string($0) })),
            ("warmupMinutes", .number(Double(layout.warmupMinutes))),
            ("replications", .number(Double(point.replications))),
            ("failedReplications", .number(Double(point.failedReplications))),
            ("events", .string(String(point.events))),
            ("requestsPerMinute", .string(point.requestsPerMinute.map(String.init).joined(separator: ","))),
            ("metrics", JSONBuild.array(metrics)),
        ]
        // Only a study with `observe.series` has one: other studies' state is as it was.
        if let series = point.series { fields.append(("series", series.json())) }
        return JSONBuild.object(fields)
    }

    /// Reads state written by `json()`.
    /// - Throws: `StateDecodingError` naming the first missing or malformed part.
    public init(json node: JSONNode) throws(StateDecodingError) {
        guard JSONBuild.string(node, "format") == Self.format else { throw StateDecodingError("not a \(Self.format) file") }
        guard let version = JSONBuild.string(node, "version"), version.split(separator: "+").first.map(String.init) == StudyProgram.release,
              let model = JSONBuild.string(node, "model") else {
            throw StateDecodingError("written by another version of surfacesim (this is \(StudyProgram.version))")
        }
        let study = node[key: "study"]
        guard let name = JSONBuild.string(study, "name"), let columnNodes = JSONBuild.array(study, "columns"),
              let replications = JSONBuild.integer(study, "replications"),
              let seedText = JSONBuild.string(study, "seed"), let seed = UInt64(seedText),
              case .bool(let crn)? = study?[key: "commonRandomNumbers"]?.value,
              let scenario = study?[key: "scenario"] else { throw StateDecodingError("malformed 'study'") }
        let columns = columnNodes.compactMap { if case .string(let s) = $0.value { s } else { nil } }
        var shard: Shard?
        if let text = JSONBuild.string(node, "shard") {
            guard let parsed = Shard(parsing: text) else { throw StateDecodingError("malformed 'shard'") }
            shard = parsed
        }
        guard let pointNodes = JSONBuild.array(node, "points") else { throw StateDecodingError("missing 'points'") }
        var layouts: [PointLayout] = []
        var points: [PointAccumulator] = []
        for (i, p) in pointNodes.enumerated() {
            let (layout, point) = try Self.point(p, index: i, columns: columns.count)
            layouts.append(layout)
            points.append(point)
        }
        let baseline = JSONBuild.integer(study, "baseline") ?? 0
        guard layouts.indices.contains(baseline) else { throw StateDecodingError("malformed 'baseline'") }
        guard let table = Self.metrics(study?[key: "report"], "table"), let charts = Self.metrics(study?[key: "report"], "charts") else {
            throw StateDecodingError("malformed 'report'")
        }
        var contrasts: ContrastDesign?
        if let text = JSONBuild.string(study, "contrasts") {
            guard let design = ContrastDesign.decode(text) else { throw StateDecodingError("malformed 'contrasts'") }
            contrasts = design
        }
        self.layout = StudyLayout(name: name, columns: columns, points: layouts, replications: replications,
                                  seed: seed, commonRandomNumbers: crn, scenarioJSON: scenario.render(), baseline: baseline,
                                  report: MetricReport(table: table, charts: charts), contrasts: contrasts)
        self.shard = shard
        self.points = points
        self.model = model
        elapsedSeconds = JSONBuild.number(node, "elapsedSeconds") ?? 0
        timeRecorded = JSONBuild.number(node, "elapsedSeconds") != nil
    }

    /// One point's layout and accumulators.
    private static func point(_ node: JSONNode, index i: Int, columns: Int) throws(StateDecodingError) -> (PointLayout, PointAccumulator) {
        let fields = (JSONBuild.array(node, "fields") ?? []).compactMap { if case .string(let s) = $0.value { s } else { nil } }
        guard let name = JSONBuild.string(node, "name"), fields.count == columns,
              let warmup = JSONBuild.integer(node, "warmupMinutes"),
              let replications = JSONBuild.integer(node, "replications"),
              let failed = JSONBuild.integer(node, "failedReplications"),
              let eventsText = JSONBuild.string(node, "events"), let events = Int64(eventsText),
              let requestsText = JSONBuild.string(node, "requestsPerMinute"),
              let metricNodes = JSONBuild.array(node, "metrics"), metricNodes.count == MetricCatalog.specs.count
        else { throw StateDecodingError("malformed point \(i)") }
        var point = PointAccumulator()
        (point.replications, point.failedReplications, point.events) = (replications, failed, events)
        let requests = requestsText.isEmpty ? [] : requestsText.split(separator: ",").map { Int64($0) }
        guard !requests.contains(nil) else { throw StateDecodingError("malformed requestsPerMinute of point \(i)") }
        point.requestsPerMinute = requests.map { $0! }
        if let node = node[key: "series"] {
            guard let series = SeriesAccumulator.decode(node) else { throw StateDecodingError("malformed series of point \(i)") }
            point.series = series
        }
        for (slot, spec) in MetricCatalog.specs.enumerated() {
            let m = metricNodes[slot]
            guard JSONBuild.string(m, "metric") == spec.name,
                  let histogram = JSONBuild.string(m, "histogram").flatMap(LogHistogram.decode),
                  let moments = JSONBuild.string(m, "moments").flatMap(ExactMoments.decode),
                  let stats = JSONBuild.array(m, "replicationStatistics"),
                  let clusters = JSONBuild.string(m, "clusters").flatMap(ClusterSums.decode)
            else { throw StateDecodingError("malformed metric \(spec.name) of point \(i)") }
            var accumulator = MetricAccumulator(slot: slot)
            if accumulator.bootstrap != nil {
                guard let bootstrap = JSONBuild.string(m, "bootstrap").flatMap(QuantileBootstrap.decode) else {
                    throw StateDecodingError("malformed bootstrap of \(spec.name) at point \(i)")
                }
                accumulator.bootstrap = bootstrap
            }
            accumulator.histogram = histogram
            accumulator.moments = moments
            accumulator.clusters = clusters
            let decoded = stats.map { (s: JSONNode) -> ExactMoments? in
                if case .string(let t) = s.value { ExactMoments.decode(t) } else { nil }
            }
            guard decoded.count == accumulator.replicationStatistics.count, !decoded.contains(nil) else {
                throw StateDecodingError("malformed replicationStatistics of \(spec.name) at point \(i)")
            }
            accumulator.replicationStatistics = decoded.map { $0! }
            point.metrics[slot] = accumulator
        }
        return (PointLayout(name: name, fields: fields, warmupMinutes: warmup), point)
    }
}

/// Why encoded state could not be read.
public struct StateDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the state.
    public var message: String
    init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// The program's identity, written into manifests and state (docs/output.md "Provenance").
public enum StudyProgram {
    /// The release: raised by hand when the command line or a file's format changes.
    public static let release = "0.3.0"
    /// The program version (written into manifest.json and state): the release and, after a
    /// `+`, the first 12 digits of `model`. It changes whenever the model code does, and so
    /// whenever the same scenario and seed could give other bytes.
    public static let version = release + "+" + model.prefix(12)
    /// The identity of the model code: SHA-256 of the Swift sources of SimKernel, Platform,
    /// Surfaces, Statistics and Study (paths and bytes), made at build time by the package's
    /// ModelIdentityPlugin. Equal for equal code in any clone; manifest.json's `model`.
    public static let model = ModelIdentity.sources
    /// The git commit the program was built from (`-dirty` when a model source differed from
    /// it), nil when the build had no git; manifest.json's `commit` unless `--reproducible`.
    public static let commit = ModelIdentity.commit
}
