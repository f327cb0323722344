/// Where a parameter's default comes from (docs/platform-facts.md#where-each-default-comes-from): a
/// figure a platform documents, measures or sets in its source code; one SurfaceSim assumes, with
/// the range it could plausibly take; or a choice of the app's design or of the study, which needs
/// no source but says what it stands for. `help parameters` prints it beside each default.
public enum ParameterSource: Sendable, Equatable {
    /// Documented by the platform, measured in the field (with its sample), or a constant of a
    /// platform's source code: `reference` names where.
    case sourced(reference: String)
    /// Published nowhere: the default is a plausible value within `range`, for `reason`.
    case assumed(range: PlausibleRange, reason: String)
    /// A choice of the app's design (the chapter's designs, §25.2–§25.13): what it stands for.
    case design(String)
    /// A choice of the study: the person's behaviour, the world studied or how the study runs.
    case scenario(String)

    /// `sourced`, `assumed`, `design` or `scenario`: the word docs/platform-facts.md's table uses.
    public var status: String {
        switch self {
        case .sourced: return "sourced"
        case .assumed: return "assumed"
        case .design: return "design"
        case .scenario: return "scenario"
        }
    }

    /// The source, the range and reason, or what the choice stands for, in one line.
    public var note: String {
        switch self {
        case .sourced(let reference): return reference
        case .assumed(let range, let reason): return "plausible \(range.low) to \(range.high): \(reason)"
        case .design(let what), .scenario(let what): return what
        }
    }
}

/// The values an assumed figure could plausibly take, written as a scenario file writes a value of
/// the parameter (`40`, `2s`, `0.05`); for a distribution, the range of its typical value (the
/// median of a lognormal, the mean of an exponential).
public struct PlausibleRange: Sendable, Equatable {
    public let low: String
    public let high: String
    public init(_ low: String, _ high: String) {
        self.low = low
        self.high = high
    }
}

extension ParameterSpec {
    /// Where its default on `profile` comes from (nil only for a parameter that declares none,
    /// which a test forbids for the built-in ones).
    public func source(on profile: PlatformProfile) -> ParameterSource? {
        profileSources[profile] ?? defaultSource
    }

    /// The same parameter, its default documented, measured or set in a platform's source code
    /// (on `profile` only, if given).
    public func sourced(_ reference: String, on profile: PlatformProfile? = nil) -> ParameterSpec {
        with(.sourced(reference: reference), on: profile)
    }

    /// The same parameter, its default assumed within `low`…`high` for `reason`.
    public func assumed(_ low: String, _ high: String, _ reason: String, on profile: PlatformProfile? = nil) -> ParameterSpec {
        with(.assumed(range: PlausibleRange(low, high), reason: reason), on: profile)
    }

    /// The same parameter, a choice of the app's design standing for `what`.
    public func design(_ what: String, on profile: PlatformProfile? = nil) -> ParameterSpec {
        with(.design(what), on: profile)
    }

    /// The same parameter, a choice of the study standing for `what`.
    public func scenario(_ what: String, on profile: PlatformProfile? = nil) -> ParameterSpec {
        with(.scenario(what), on: profile)
    }

    private func with(_ source: ParameterSource, on profile: PlatformProfile?) -> ParameterSpec {
        var s = self
        if let profile { s.profileSources[profile] = source } else { s.defaultSource = source }
        return s
    }
}
