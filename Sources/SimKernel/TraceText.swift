/// Renders an input for the event log as a person reads it: `hintDue(generation: 3)`,
/// `reply(Reply(kind: sync, status: ok, data: #12, readAt: 3.5 s))` — the case and
/// its named fields, with module and type prefixes and `Optional(…)` wrappers taken out
/// (docs/cli.md#trace). Only called while a trace is attached.
public enum TraceText {
    public static func describe<Input>(_ input: Input) -> String {
        readable(String(describing: input))
    }

    /// Drops qualified-name prefixes (`Surfaces.RequestKind.sync` → `sync`,
    /// `Surfaces.Reply(` → `Reply(`) and `Optional(x)` wrappers (→ `x`).
    static func readable(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        var word = ""          // the identifier being read
        var optionalDepth: [Bool] = []   // for each open parenthesis: was it `Optional(`?
        func flush() { out += word; word = "" }
        for c in text {
            if c.isLetter || c.isNumber || c == "_" {
                word.append(c)
                continue
            }
            if c == ".", let first = word.first, first.isUppercase {
                word = ""          // `Module.` or `Type.`: a qualifier, dropped
                continue
            }
            if c == "(" {
                if word == "Optional" {
                    word = ""
                    optionalDepth.append(true)
                    continue
                }
                optionalDepth.append(false)
            } else if c == ")" {
                if optionalDepth.popLast() == true {
                    flush()
                    continue
                }
            }
            flush()
            out.append(c)
        }
        flush()
        return out
    }
}
