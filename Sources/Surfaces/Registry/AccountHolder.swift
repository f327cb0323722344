/// A surface that can hold the signed-in account, as it reports it for the sign-out's leak
/// measures (docs/model.md#sign-out): `measure.report(.holdsAccount(.watch, true))`. A
/// registry: each surface's descriptor names its holders (`SurfaceDescriptor.accountHolders`,
/// declared in its folder: `AccountHolder.watch`), and `allCases` lists them in registration
/// order, each with its place (`index`, where the measurement layer keeps whether it holds).
package struct AccountHolder: Sendable, Equatable {
    /// Its name (`watch`).
    let name: String
    /// The name of the sign-out leak that lasts while it holds the account (`signout.watch.leak`).
    let leakName: String
    /// Whether its holding counts at a point with parameters `p` (its surface is on, in a
    /// design that can hold the account): a leak that does not count is zero.
    let counts: @Sendable (Parameters) -> Bool
    /// Its place in `allCases`; -1 until registered.
    let index: Int

    /// A holder named `name`, whose holding makes the leak `leakName` last where `counts`.
    init(_ name: String, leak leakName: String, counts: @escaping @Sendable (Parameters) -> Bool) {
        self.init(name: name, leakName: leakName, counts: counts, index: -1)
    }

    private init(name: String, leakName: String, counts: @escaping @Sendable (Parameters) -> Bool, index: Int) {
        (self.name, self.leakName, self.counts, self.index) = (name, leakName, counts, index)
    }

    package static func == (a: AccountHolder, b: AccountHolder) -> Bool { a.name == b.name }

    /// Its sign-out leak metric.
    var leak: Metric { .named(leakName) }

    /// Every holder the surfaces' descriptors name, registered, in registration order.
    static let allCases: [AccountHolder] = SurfaceRegistry.all.flatMap { $0.accountHolders }.enumerated().map { i, h in
        AccountHolder(name: h.name, leakName: h.leakName, counts: h.counts, index: i)
    }

    /// Each registered holder's name, in `allCases` order: what `place(of:)` compares, read once.
    private static let names = allCases.map(\.name)
    /// Each registered holder's sign-out leak metric, in `allCases` order, resolved once.
    static let leaks = allCases.map(\.leak)

    /// `holder`'s place in `allCases` (its `index` as registered), found by name without
    /// copying a registered holder out of the list (a copy retained and released its name, its
    /// leak's name and its `counts`, on every report); stops the program for one no descriptor names.
    static func place(of holder: AccountHolder) -> Int {
        for (i, name) in names.enumerated() where name == holder.name { return i }
        preconditionFailure("no surface's descriptor names the account holder \(holder.name) (SurfaceDescriptor.accountHolders)")
    }
}
