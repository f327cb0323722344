// The keys of `observe` that shape a study's outputs rather than the simulated world
// (`observe.baseline`, `observe.report`; docs/scenarios.md): taken out of a scenario's
// members before the parameter walk, written nested in `observe` or dotted.

/// Finds an output setting among a scenario's members.
enum ObserveSettings {
    /// `members` without `observe.<key>` (written nested in `observe` or dotted), and its
    /// member if it was there, so that the parameter walk never sees it.
    static func extract(_ key: String, from members: [JSONMember]) -> (members: [JSONMember], found: JSONMember?) {
        let path = "observe." + key
        var found: JSONMember?
        var kept: [JSONMember] = []
        for member in members {
            if member.key == path {
                found = member
                continue
            }
            if member.key == "observe", case .object(let inner) = member.value.value,
               let setting = inner.first(where: { $0.key == key }) {
                found = setting
                var trimmed = member
                trimmed.value.value = .object(inner.filter { $0.key != key })
                kept.append(trimmed)
                continue
            }
            kept.append(member)
        }
        return (kept, found)
    }
}
