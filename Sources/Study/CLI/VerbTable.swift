// The verbs of `surfacesim`. To add one: write a `Verb` in its own file and
// list it in `Verbs.all` (or pass extra verbs to `CLI.main`).

/// Every verb, in the order `surfacesim --help` lists them.
public enum Verbs {
    /// The verbs this module provides.
    public static let all: [any Verb] = [
        RunVerb(),
        MergeVerb(),
        TraceVerb(),
        ValidateVerb(),
        PlotVerb(),
        CompareVerb(),
        ProbesVerb(),
        FailuresVerb(),
        SignalsVerb(),
        InferVerb(),
        CalibrateVerb(),
        HelpVerb(),
    ]

    /// The program's help screen (`surfacesim --help`).
    public static func overview(_ verbs: [any Verb]) -> String {
        var text = HelpLayout.paragraph("""
        OVERVIEW: Simulate one app shipped as several programs (app, widget, live status, watch, \
        share extension, actions, ...) and measure how stale, lost, duplicated or leaked each \
        surface gets, over many seeded replications.
        """, indent: 0)
        text += "\nUSAGE: surfacesim <verb> [<options>]\n\nVERBS:\n"
        for verb in verbs { text += HelpLayout.entry(verb.spec.name, verb.spec.abstract) }
        text += "\nOPTIONS:\n"
        text += HelpLayout.entry("--version", "Show the version.")
        text += HelpLayout.entry("-h, --help", "Show help information.")
        text += "\nSee 'surfacesim help <verb>' for detailed help.\n"
        return text
    }
}
