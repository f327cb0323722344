// `surfacesim help [verb|parameters|metrics] [--platform ios|android]`.
import Surfaces
import SurfaceCore

/// Prints the help of a verb, or the parameter and metric references.
public struct HelpVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "help",
            abstract: "Show help for a verb, or list every parameter ('help parameters') or metric ('help metrics').",
            arguments: [ArgumentSpec("topic", help: "A verb, 'parameters' or 'metrics'.", optional: true)],
            options: [OptionSpec("--platform", value: "profile",
                                 help: "With 'parameters': show that platform profile's defaults (" + PlatformProfile.allCases.map(\.rawValue).joined(separator: ", ") + ").",
                                 default: "ios")])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        var profile = PlatformProfile.ios
        if let name = arguments.value("--platform") {
            let names = PlatformProfile.allCases.map(\.rawValue)
            guard let chosen = PlatformProfile(rawValue: name) else {
                throw .usage("--platform: expected one of " + names.joined(separator: ", ") + ", found '\(name)'"
                             + NameSuggestion.hint(for: name, among: names))
            }
            guard arguments.positionals.first == "parameters" else {
                throw .usage("--platform applies to 'help parameters' only")
            }
            profile = chosen
        }
        guard let topic = arguments.positionals.first else {
            context.console.print(Verbs.overview(context.verbs))
            return 0
        }
        if let verb = context.verbs.first(where: { $0.spec.name == topic }) {
            context.console.print(verb.spec.help)
        } else if topic == "parameters" {
            context.console.print(HelpTopics.parameters(profile: profile))
        } else if topic == "metrics" {
            context.console.print(HelpTopics.metrics())
        } else {
            let topics = context.verbs.map(\.spec.name) + ["parameters", "metrics"]
            throw .usage("unknown help topic '\(topic)'" + NameSuggestion.hint(for: topic, among: topics))
        }
        return 0
    }
}
