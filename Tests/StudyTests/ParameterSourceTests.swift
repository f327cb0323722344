import Foundation
import SimKernel
@testable import Surfaces
@_spi(Assembly) @_spi(AppDesign) @testable import SurfaceCore
@testable import SystemPrograms
@testable import WidgetPrograms
@testable import AppPrograms
@testable import LiveStatusPrograms
@testable import WatchPrograms
@testable import SharePrograms
@testable import ActionsPrograms
@testable import InstantVersionPrograms
@testable import CarPrograms
@testable import TelevisionPrograms
import XCTest
@testable import Study

/// Every default says where it comes from (docs/platform-facts.md#where-each-default-comes-from):
/// no built-in parameter of any profile without a source, every assumed figure's range holding its
/// default, and the documentation's table listing each parameter with the status the code gives.
final class ParameterSourceTests: XCTestCase {
    func testEveryParameterOfEveryProfileSaysWhereItsDefaultComesFrom() {
        for profile in PlatformProfile.allCases {
            for spec in ParameterCatalog.all() {
                XCTAssertNotNil(spec.source(on: profile), "\(spec.path) on \(profile.rawValue) has no source")
                if let source = spec.source(on: profile) {
                    XCTAssertFalse(source.note.isEmpty, "\(spec.path): an empty note")
                }
            }
        }
    }

    /// An assumed figure's plausible range is written as a scenario writes the parameter's
    /// values, low ≤ high, and holds the profile's default (a distribution's typical value).
    func testAssumedRangesParseAndHoldTheDefault() throws {
        var checked = 0
        for profile in PlatformProfile.allCases {
            let defaults = Parameters.defaults(for: profile)
            for spec in ParameterCatalog.all() {
                guard case .assumed(let range, _)? = spec.source(on: profile) else { continue }
                let low = try XCTUnwrap(Self.magnitude(range.low), "\(spec.path): low \(range.low)")
                let high = try XCTUnwrap(Self.magnitude(range.high), "\(spec.path): high \(range.high)")
                let value = try XCTUnwrap(Self.typical(spec.get(defaults)), "\(spec.path)")
                XCTAssertLessThan(low, high, spec.path)
                XCTAssertTrue(low <= value && value <= high,
                              "\(spec.path) on \(profile.rawValue): default \(value) outside \(range.low)…\(range.high)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 15)
    }

    /// docs/platform-facts.md has one table of every parameter with its status, as `help parameters` gives it.
    func testTheDocumentationsTableListsEveryParameterWithItsStatus() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/platform-facts.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "## Where each default comes from").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        var rows: [String: String] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            rows[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[2]
        }
        for spec in ParameterCatalog.builtIn() {
            let ios = spec.source(on: .ios)?.status ?? "none", android = spec.source(on: .android)?.status ?? "none"
            let expected = ios == android ? ios : "ios: \(ios); android: \(android)"
            XCTAssertEqual(rows[spec.path], expected, "docs/platform-facts.md's row of \(spec.path)")
        }
        XCTAssertEqual(rows.count, ParameterCatalog.builtIn().count, "a row for a parameter that does not exist")
    }

    /// `help parameters` prints the status and its note under each parameter.
    func testHelpShowsTheSource() {
        let console = Console.capturing()
        XCTAssertEqual(CLI.main(["surfacesim", "help", "parameters"], console: console), 0)
        XCTAssertTrue(console.output.contains("sourced: Apple, Keeping a widget up to date"), console.output)
        XCTAssertTrue(console.output.contains("assumed: plausible 5s to 30s"), console.output)
    }

    /// A value as a scenario writes it, in seconds, bytes or plain.
    static func magnitude(_ text: String) -> Double? {
        if let us = Units.parseDuration(text) { return Double(us) / 1e6 }
        if let bytes = Units.parseSize(text) { return Double(bytes) }
        return Double(text)
    }

    /// A default as one number: a duration in seconds, a size in bytes, a rate per hour, a
    /// distribution's median (lognormal), mean (exponential, normal, uniform) or value.
    static func typical(_ value: ParameterValue) -> Double? {
        switch value {
        case .number(let x): return x
        case .integer(let n): return Double(n)
        case .time(let t): return Time.seconds(t)
        case .size(let s): return Double(s)
        case .rate(let r): return r.perHour
        case .distribution(let d):
            switch d {
            case .constant(let c): return c
            case .exponential(let m): return m
            case .uniform(let lo, let hi): return (lo + hi) / 2
            case .lognormal(let mu, _): return exp(mu)
            case .normal(let m, _): return m
            case .empirical(let xs): return xs.isEmpty ? nil : xs.reduce(0, +) / Double(xs.count)
            }
        default: return nil
        }
    }
}
