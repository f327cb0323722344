/// What a surface added from outside must respect so that it changes nothing built in
/// (docs/extending.md#names): a name of its own, its programs, parameters and metrics under
/// that name. Checked as it is added (`SurfaceRegistry.add`), against the built-in list's
/// declarations alone (reading a catalogue there would fix the list it is added to); a metric
/// name two surfaces register stops the program when the catalogue is made (`MetricCatalog.specs`).
enum AddedSurfaceChecks {
    /// Why `surface` cannot join the built-in surfaces, or nil.
    static func problem(adding surface: SurfaceDescriptor) -> String? {
        let name = surface.name
        guard isName(name) else { return "'\(name)' is not a surface name (a letter, then letters and digits)" }
        let builtInPrograms = SurfaceRegistry.builtIn.flatMap(\.programs)
        let taken = Set(SurfaceRegistry.builtIn.map(\.name) + SurfaceRegistry.builtIn.flatMap { $0.parameters.map(\.name) }
                        + builtInPrograms.map { $0.programName } + builtInPrograms.map { $0.streamName }
                        + ParameterCatalog.builtIn().compactMap { $0.path.split(separator: ".").first.map(String.init) }
                        + ["signout"])
        guard !taken.contains(name) else { return "'\(name)' is already a built-in surface, program or parameter group" }
        for program in surface.programs where !isProgramName(program.programName, of: name) {
            return "a program of '\(name)' is named '\(name)' or '\(name).<part>', not '\(program.programName)'"
        }
        for group in surface.parameters {
            for spec in group.specs() where !(spec.path.hasPrefix(name + ".") && spec.isAdded) {
                return "parameter '\(spec.path)' of '\(name)' must be made with ParameterSpec.added and start with '\(name).'"
            }
        }
        for part in surface.metrics {
            for spec in part().metrics where !spec.name.hasPrefix(name + ".") {
                return "metric '\(spec.name)' of '\(name)' must start with '\(name).'"
            }
        }
        return nil
    }

    /// A letter, then letters and digits.
    static func isName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// Whether `program` may be a program of the surface `surface`: its name or `surface.part`.
    static func isProgramName(_ program: String, of surface: String) -> Bool {
        program == surface || (program.hasPrefix(surface + ".") && isName(String(program.dropFirst(surface.count + 1))))
    }
}
