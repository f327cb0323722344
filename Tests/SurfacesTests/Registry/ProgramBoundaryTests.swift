import XCTest
import Foundation

/// A program knows only what it could know on a device (docs/model.md#what-a-program-knows),
/// and the compiler holds it to that (issue 42): a surface's programs are a module of their own
/// (`<Surface>Programs`, Package.swift's `surfaceFolders`) that sees the kernel, the platform and
/// the surface API (`SurfaceCore`) only. This type-checks small program files as such a module
/// would (importing those three, in this package) and checks that what a program must not reach
/// does not compile: the world, the assembly, another surface's programs and the app's
/// container, the truth and what the measurement layer recorded, the assembly's own calls, the
/// app's session design, the engine, and the platform's setters. A file that reaches only what
/// a program may (a glance reported to its screen's observer) compiles, so a failure is the
/// boundary's and not the check's. (A target importing a module it does not declare fails the
/// build itself: `scripts/test.sh` builds with `--explicit-target-dependency-import-check error`.)
final class ProgramBoundaryTests: XCTestCase {
    /// What the compiler says of a program file whose body is `code`: nil if it compiles.
    private func compile(_ code: String) throws -> String? {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let build = root.appendingPathComponent(".build")
        let modules = build.appendingPathComponent("debug/Modules")
        guard FileManager.default.fileExists(atPath: modules.path) else {
            // In CI (`make test` builds in debug first) a missing build is a failure, not a skip.
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("no debug build at \(modules.path)") }
            throw XCTSkip("no debug build at \(modules.path)")
        }
        // The package's name as the build gives it to the compiler (`package` declarations are
        // visible within it only).
        let plan = try String(contentsOf: build.appendingPathComponent("debug.yaml"), encoding: .utf8)
        let marker = "-package-name\",\""
        let start = try XCTUnwrap(plan.range(of: marker)?.upperBound, "the build plan names the package")
        let name = String(plan[start...].prefix { $0 != "\"" })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("program-\(UUID().uuidString).swift")
        try ("import SimKernel\nimport Platform\nimport SurfaceCore\n\n" + code + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let swiftc = Process()
        swiftc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swiftc.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, "-package-name", name, file.path]
        let said = Pipe()
        swiftc.standardOutput = said
        swiftc.standardError = said
        try swiftc.run()
        let text = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        swiftc.waitUntilExit()
        return swiftc.terminationStatus == 0 ? nil : text
    }

    private func assertRefused(_ code: String, saying reason: String, line: UInt = #line) throws {
        let said = try compile(code)
        XCTAssertNotNil(said, "a program compiles with: \(code)", line: line)
        if let said { XCTAssertTrue(said.contains(reason), "\(code): expected \"\(reason)\", the compiler said:\n\(said)", line: line) }
    }

    func testWhatAProgramMayReachCompiles() throws {
        XCTAssertNil(try compile("func glance(_ measure: Measurement, _ screen: SurfaceObserver) { measure.glance(screen) }"))
    }

    /// No program names the world, the assembly, another surface's programs or the app's
    /// container (the App module's own; the car's, watch's, television's and widget
    /// extension's are private to their programs).
    func testAProgramNamesNoWorldAssemblyOrOtherProgram() throws {
        try assertRefused("func f(_ w: World) {}", saying: "cannot find type 'World'")
        try assertRefused("func f(_ a: Assembly) {}", saying: "cannot find type 'Assembly'")
        try assertRefused("func f(_ app: MainApp) {}", saying: "cannot find type 'MainApp'")
        try assertRefused("func f(_ c: AppContainer) {}", saying: "cannot find type 'AppContainer'")
    }

    /// The truth and what the measurement layer recorded are the measurement's: a program
    /// reports, and never reads or writes them (docs/metrics.md, docs/model.md#the-truth).
    func testAProgramReadsNeitherTheTruthNorTheMeasurement() throws {
        try assertRefused("func f(_ m: Measurement) { _ = m.truth }", saying: "'truth' is inaccessible")
        try assertRefused("func f(_ c: ChangeJourneys) { _ = c.truth }", saying: "'truth' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.counters }", saying: "'counters' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.holders }", saying: "'holders' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.backendCost }", saying: "'backendCost' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.signedOutAt }", saying: "'signedOutAt' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.result }", saying: "'result' is inaccessible")
        try assertRefused("func f(_ s: TelevisionSignals) { _ = s.playbacks }", saying: "'playbacks' is inaccessible")
    }

    /// What only the assembly and the platform's reports do (taking the result, deciding a
    /// leak ended, reading a screen, the time series, a surface's records, the program list,
    /// telling what the shared storage holds) is not a program's to call.
    func testAProgramMakesNoCallOfTheAssembly() throws {
        try assertRefused("func f(_ m: Measurement) { _ = m.takeResult() }", saying: "'takeResult' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { m.leakEnded(.signoutTVLeak) }", saying: "'leakEnded' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.current(.widget) }", saying: "'current' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.series }", saying: "'series' is inaccessible")
        try assertRefused("func f(_ s: ShareSignals) { _ = s.items }", saying: "'items' is inaccessible")
        try assertRefused("func f() { _ = SurfaceRegistry.programTypes }", saying: "'programTypes' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { m.sharedStorageHolds(firstAccountSession: false, firstAccountData: false) }",
                          saying: "'sharedStorageHolds' is inaccessible")
        // The glances are the measurement layer's: a program says when someone looks, never takes one by date.
        try assertRefused("func f(_ m: Measurement) { m.finishScheduledGlances(through: 0) }", saying: "'finishScheduledGlances' is inaccessible")
        try assertRefused("func f(_ s: LiveStatusSignals) { s.takeGlances(through: 0) }", saying: "'takeGlances' is inaccessible")
        try assertRefused("func f(_ m: Measurement, _ o: SurfaceObserver) { m.catchUpGlances(at: o, through: 0) }", saying: "'catchUpGlances' is inaccessible")
    }

    /// A program file opts into nothing more: no `@testable` import (which would open every
    /// internal declaration) and no SPI but the app's own session design in the app's programs.
    func testProgramFilesImportNoMoreThanTheirModule() throws {
        let surfaces = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Surfaces")
        var files = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: surfaces.path).sorted() {
            let programs = surfaces.appendingPathComponent(folder).appendingPathComponent("Programs")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: programs.path) else { continue }
            for name in names.sorted() where name.hasSuffix(".swift") {
                files += 1
                let text = try String(contentsOf: programs.appendingPathComponent(name), encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("import ") {
                    XCTAssertFalse(line.contains("@testable"), "\(folder)/Programs/\(name): \(line)")
                    if line.contains("@_spi(") {
                        XCTAssertTrue(folder == "App" && line.trimmingCharacters(in: .whitespaces) == "@_spi(AppDesign) import SurfaceCore",
                                      "\(folder)/Programs/\(name): \(line)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(files, 30, "the surfaces' program files were found")
    }

    /// Where the app keeps its session is the app's design: no other program reads it.
    func testOnlyTheAppReadsWhereItKeepsItsSession() throws {
        try assertRefused("func f(_ p: Parameters) -> Bool { p.session.inSharedSecureStorage }", saying: "'session' is inaccessible")
    }

    /// A program never holds the engine (its context ends only its own run, and a launch is
    /// the platform's), and the platform's records change only by the system's own calls.
    func testAProgramHoldsNoEngineAndSetsNoPlatformRecord() throws {
        try assertRefused("final class P: SurfaceProgram<Int, Int, NoPorts> { override func launched(by l: Launcher, resumed: Bool, engine: Engine) {} }",
                          saying: "overriding non-open instance method")
        try assertRefused("func f(_ os: OperatingSystem) { os.appInForeground = true }", saying: "setter is inaccessible")
    }
}
