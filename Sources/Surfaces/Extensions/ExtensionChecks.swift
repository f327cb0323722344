/// What an added surface must respect so that it changes nothing built in
/// (docs/extending.md#names): its own name, its parameters and metrics under that name.
enum ExtensionChecks {
    /// Why `extensions` cannot join `installed`, or nil.
    static func problem(adding extensions: [any SurfaceExtension], to installed: [any SurfaceExtension]) -> String? {
        var names = Set(installed.map(\.name))
        var paths = Set(ParameterCatalog.builtIn().map(\.path) + installed.flatMap { $0.parameters.map(\.path) })
        var metrics = Set((MetricCatalog.builtIn + MetricCatalog.pointMetrics).map(\.name)
                          + installed.flatMap { $0.metrics.map(\.name) })
        let builtInGroups = Set(paths.compactMap { $0.split(separator: ".").first.map(String.init) })
        for e in extensions {
            let name = e.name
            guard isName(name) else { return "'\(name)' is not a surface name (a letter, then letters and digits)" }
            guard !Assembly.programNames.contains(name), !Assembly.streamNames.contains(name), !builtInGroups.contains(name) else {
                return "'\(name)' is already a built-in program or parameter group"
            }
            guard names.insert(name).inserted else { return "two surfaces are named '\(name)'" }
            for spec in e.parameters {
                guard spec.path.hasPrefix(name + "."), spec.isAdded else {
                    return "parameter '\(spec.path)' of '\(name)' must be made with ParameterSpec.added and start with '\(name).'"
                }
                guard paths.insert(spec.path).inserted else { return "parameter '\(spec.path)' exists already" }
            }
            for spec in e.metrics {
                guard spec.name.hasPrefix(name + ".") else { return "metric '\(spec.name)' of '\(name)' must start with '\(name).'" }
                guard metrics.insert(spec.name).inserted else { return "metric '\(spec.name)' exists already" }
            }
        }
        return nil
    }

    /// A letter, then letters and digits.
    static func isName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// Whether `program` may be registered by the surface `surface`: its name or `surface.part`.
    static func isProgramName(_ program: String, of surface: String) -> Bool {
        program == surface || (program.hasPrefix(surface + ".") && isName(String(program.dropFirst(surface.count + 1))))
    }
}
