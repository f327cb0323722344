import Platform

/// What the car's templates draw (docs/model.md#car): projected by the phone app or filled by
/// the car's own client, they show the account's data and print no data age.
extension View {
    /// The templates' view of `data`.
    package static func carTemplates(_ data: DataCopy) -> View {
        View(kind: .data, account: data.account, changes: data.changes, readAt: data.readAt, showsAge: false)
    }
}
