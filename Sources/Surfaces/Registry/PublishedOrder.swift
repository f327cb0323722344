/// Arranges what the surfaces register under a published, append-only list of names: the
/// listed items in the list's order, then the unlisted ones in registration order (the
/// parameter groups: `ParameterCatalog.publishedGroupOrder`).
enum PublishedOrder {
    /// `items` in `published` order by `name`, the unlisted after them in their own order.
    static func arranged<Item>(_ items: [Item], by name: (Item) -> String, published: [String]) -> [Item] {
        let place = Dictionary(uniqueKeysWithValues: published.enumerated().map { ($1, $0) })
        let rank = items.map { place[name($0)] ?? published.count }
        return items.indices.sorted { (rank[$0], $0) < (rank[$1], $1) }.map { items[$0] }
    }
}
